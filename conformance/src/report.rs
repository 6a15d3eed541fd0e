//! Running a set of fixtures and writing the text report; coverage of rule
//! IDs by fixtures.

use crate::engine::Engine;
use crate::load::LoadError;
use crate::model::Fixture;
use crate::runner::{run_fixture_in, Failure, FixtureResult, Verdict};
use crate::snapshot::{read_snap, snap_path, SnapError};
use hexodic_rules::diagram::diagram;
use hexodic_rules::{registry, Setup};
use std::fmt::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// Totals of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Fixtures run.
    pub fixtures: usize,
    /// Passed.
    pub passed: usize,
    /// Failed, on fixtures of documented rules.
    pub failed_documented: usize,
    /// Failed, on fixtures depending on rulings.
    pub failed_ruling: usize,
    /// Passed every check but their trace differs from the snapshot.
    pub snapshot_diffs: usize,
    /// Skipped for a missing capability.
    pub skipped: usize,
    /// Files that could not be loaded.
    pub errors: usize,
    /// Variant runs.
    pub variant_runs: usize,
    /// Passing fixtures without a snapshot to compare with.
    pub no_snapshot: usize,
    /// Failures listed in the expectations file.
    pub expected_failures: usize,
    /// Fixtures listed as expected failures that passed.
    pub unexpected_passes: usize,
    /// Time taken.
    pub elapsed: Duration,
}

impl Summary {
    /// Failures of every kind.
    pub fn failed(&self) -> usize {
        self.failed_documented + self.failed_ruling + self.snapshot_diffs + self.unexpected_passes
    }

    /// The process exit code: 2 for load errors, 1 for failures, else 0.
    pub fn exit_code(&self) -> u8 {
        if self.errors > 0 {
            2
        } else if self.failed() > 0 {
            1
        } else {
            0
        }
    }
}

fn indent_diagram(one_line: &str, out: &mut String) {
    match Setup::from_notation(one_line.trim()) {
        Ok(s) => {
            for l in diagram(&s).lines() {
                let _ = writeln!(out, "      {l}");
            }
        }
        Err(_) => {
            let _ = writeln!(out, "      {one_line}");
        }
    }
}

/// The text describing a failure.
pub fn describe_failure(fx: &Fixture, f: &Failure) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "FAIL {} [{}] ({}: {})",
        fx.id,
        f.variant,
        fx.basis_name(),
        fx.rules.join(", ")
    );
    let step = if f.step == 0 {
        "setup/expect".to_owned()
    } else {
        format!("step {}", f.step)
    };
    let turn = f.turn.as_ref().map_or(String::new(), |t| format!(" `{t}`"));
    let _ = writeln!(s, "  {}:{}: {step}{turn}", fx.file.display(), f.line);
    let _ = writeln!(s, "  {}: expected {}, got {}", f.what, f.expected, f.actual);
    if let Some(b) = &f.before {
        let _ = writeln!(s, "    before: {b}");
        indent_diagram(b, &mut s);
    }
    if let Some(a) = &f.after {
        let _ = writeln!(s, "    after: {a}");
        indent_diagram(a, &mut s);
    }
    s
}

/// Options of a run.
#[derive(Clone, Debug, Default)]
pub struct RunOptions<'a> {
    /// Compare traces with the snapshots in this folder.
    pub snapshots: Option<&'a Path>,
    /// Print passing fixtures too.
    pub verbose: bool,
    /// Run only this variant (in the fixtures that run under variants).
    pub variant: Option<hexodic_rules::symmetry::Symmetry>,
    /// Fixtures expected to fail on this engine, with the reasons.
    pub expected: Option<&'a std::collections::BTreeMap<String, String>>,
}

fn expected_reason(opts: &RunOptions, id: &str) -> Option<String> {
    opts.expected.and_then(|m| m.get(id).cloned())
}

/// Run fixtures against an engine, writing the report to `out`.
pub fn run_all<E: Engine + ?Sized>(
    engine: &mut E,
    fixtures: &[Fixture],
    errors: &[LoadError],
    opts: &RunOptions,
    out: &mut String,
) -> (Summary, Vec<FixtureResult>) {
    let start = Instant::now();
    let mut sum = Summary {
        fixtures: fixtures.len(),
        errors: errors.len(),
        ..Summary::default()
    };
    for e in errors {
        let _ = writeln!(out, "ERROR {e}");
    }
    let mut results = Vec::with_capacity(fixtures.len());
    for fx in fixtures {
        let variants: Vec<_> = match opts.variant {
            Some(v) if fx.variants => vec![v],
            _ => fx.symmetries(),
        };
        let mut r = run_fixture_in(engine, fx, &variants);
        sum.variant_runs += r.variants_run;
        let mut snapshot_diff = false;
        let traced = variants.contains(&hexodic_rules::symmetry::Symmetry::IDENTITY);
        if let (Verdict::Pass, Some(dir), true) = (&r.verdict, opts.snapshots, traced) {
            match read_snap(&snap_path(dir, &fx.id)) {
                Ok(expected) => {
                    if let Some((what, e, a)) = expected.diff(&r.trace) {
                        snapshot_diff = true;
                        r.verdict = Verdict::Fail(Box::new(Failure {
                            variant: hexodic_rules::symmetry::Symmetry::IDENTITY,
                            step: 0,
                            line: 1,
                            turn: None,
                            what: format!(
                                "trace against {}: {what}",
                                snap_path(dir, &fx.id).display()
                            ),
                            expected: e,
                            actual: a,
                            before: None,
                            after: None,
                        }));
                    }
                }
                Err(SnapError::Missing(_)) => sum.no_snapshot += 1,
                Err(e) => {
                    let _ = writeln!(out, "ERROR {e}");
                    sum.errors += 1;
                }
            }
        }
        match &r.verdict {
            Verdict::Pass if expected_reason(opts, &fx.id).is_some() => {
                let why = expected_reason(opts, &fx.id).unwrap_or_default();
                sum.unexpected_passes += 1;
                let _ = writeln!(
                    out,
                    "XPASS {}: passes, but the expectations list it as failing ({why})",
                    fx.id
                );
            }
            Verdict::Fail(f) if expected_reason(opts, &fx.id).is_some() => {
                let why = expected_reason(opts, &fx.id).unwrap_or_default();
                sum.expected_failures += 1;
                let _ = writeln!(out, "XFAIL {}: expected ({why})", fx.id);
                if opts.verbose {
                    out.push_str(&describe_failure(fx, f));
                }
            }
            Verdict::Pass => {
                sum.passed += 1;
                if opts.verbose {
                    let _ = writeln!(out, "ok   {} ({} variants)", fx.id, r.variants_run);
                }
            }
            Verdict::Fail(f) => {
                if snapshot_diff {
                    sum.snapshot_diffs += 1;
                } else if fx.is_documented() {
                    sum.failed_documented += 1;
                } else {
                    sum.failed_ruling += 1;
                }
                out.push_str(&describe_failure(fx, f));
            }
            Verdict::Skipped(why) => {
                sum.skipped += 1;
                let _ = writeln!(out, "SKIP {}: {why}", fx.id);
            }
        }
        results.push(r);
    }
    sum.elapsed = start.elapsed();
    (sum, results)
}

/// The summary lines.
pub fn summary_text(engine: &str, s: &Summary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "engine {engine}: {} fixtures, {} passed, {} failed, {} skipped, {} errors; {} variant runs in {:.3} s",
        s.fixtures,
        s.passed,
        s.failed(),
        s.skipped,
        s.errors,
        s.variant_runs,
        s.elapsed.as_secs_f64()
    );
    let _ = writeln!(
        out,
        "  failures of documented rules: {}; differences on rulings: {}; traces differing from snapshots: {}",
        s.failed_documented, s.failed_ruling, s.snapshot_diffs
    );
    if s.no_snapshot > 0 {
        let _ = writeln!(
            out,
            "  passing fixtures without a snapshot: {}",
            s.no_snapshot
        );
    }
    if s.expected_failures + s.unexpected_passes > 0 {
        let _ = writeln!(
            out,
            "  expected failures: {}; unexpected passes: {}",
            s.expected_failures, s.unexpected_passes
        );
    }
    out
}

/// The rule groups that coverage requires fixtures for.
pub const COVERED_GROUPS: &[char] = &['B', 'P', 'T', 'S', 'E', 'C', 'G', 'V', 'N'];

/// One rule's fixtures on each side.
#[derive(Clone, Debug)]
pub struct RuleCoverage {
    /// The rule.
    pub rule: &'static registry::RuleInfo,
    /// Fixtures where it fires or permits.
    pub passing: Vec<String>,
    /// Fixtures where it rejects or does not fire.
    pub failing: Vec<String>,
}

/// Coverage of every rule ID of the covered groups.
pub fn coverage(fixtures: &[Fixture]) -> Vec<RuleCoverage> {
    registry::RULES
        .iter()
        .filter(|r| {
            let mut ch = r.id.chars();
            let (Some(g), Some(d)) = (ch.next(), ch.next()) else {
                return false;
            };
            COVERED_GROUPS.contains(&g) && d.is_ascii_digit()
        })
        .map(|rule| {
            let citing = fixtures
                .iter()
                .filter(|f| f.rules.iter().any(|r| r == rule.id));
            let (mut passing, mut failing) = (Vec::new(), Vec::new());
            for f in citing {
                if f.sides.0 {
                    passing.push(f.id.clone());
                }
                if f.sides.1 {
                    failing.push(f.id.clone());
                }
            }
            RuleCoverage {
                rule,
                passing,
                failing,
            }
        })
        .collect()
}
