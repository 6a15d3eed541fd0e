//! The totals of a run and its tallies by rule, each counted by one
//! function from the results: every writer prints these numbers, none
//! counts for itself.

use super::fixture::FixtureReport;
use super::status::{Basis, Status};
use hexodic_engine::Capability;
use std::collections::BTreeMap;

/// The totals of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Totals {
    /// Fixtures selected.
    pub fixtures: usize,
    /// Fixtures run (the others: `not_run`).
    pub run: usize,
    /// Fixtures whose every check agreed, listed as failing or not
    /// (`unexpected_passes` are among them).
    pub passed: usize,
    /// Of those, fixtures the expectations file lists as failing.
    pub unexpected_passes: usize,
    /// Fixtures whose checks differed where the expectations file does not
    /// expect it: `failed_documented` plus `failed_ruling`.
    pub failed: usize,
    /// Of those, fixtures resting on documented rules.
    pub failed_documented: usize,
    /// Of those, fixtures resting on a ruling.
    pub failed_ruling: usize,
    /// Fixtures failing as the expectations file says.
    pub expected_failures: usize,
    /// Fixtures the expectations file lists that fail another way.
    pub changed_failures: usize,
    /// Fixtures that failed, then passed when run again one request at a
    /// time.
    pub flaky: usize,
    /// Fixtures skipped (a missing capability, nothing differed).
    pub skipped: usize,
    /// Fixtures whose checks of a capability were skipped, by capability.
    #[cfg_attr(feature = "schema", schemars(with = "BTreeMap<String, usize>"))]
    pub skipped_checks: BTreeMap<Capability, usize>,
    /// Fixtures with an engine incident.
    pub incidents: usize,
    /// Fixtures the run ended before.
    pub not_run: usize,
    /// Files that could not be loaded.
    pub errors: usize,
    /// Variant runs.
    pub variant_runs: usize,
    /// Fixtures run without a golden trace.
    pub without_trace: usize,
}

impl Totals {
    /// The totals of `results` (every selected fixture, those not run
    /// included) with `errors` files that could not be loaded: the one count
    /// every writer prints.
    pub fn of(results: &[FixtureReport], errors: usize, traces: bool) -> Totals {
        let mut t = Totals {
            fixtures: results.len(),
            errors,
            ..Totals::default()
        };
        for r in results {
            if r.status == Status::NotRun {
                t.not_run += 1;
                continue;
            }
            t.run += 1;
            t.variant_runs += r.variants_run;
            if traces && !r.traced {
                t.without_trace += 1;
            }
            for c in &r.skipped_checks {
                *t.skipped_checks.entry(*c).or_insert(0) += 1;
            }
            match r.status {
                Status::Pass => t.passed += 1,
                Status::UnexpectedPass => {
                    t.passed += 1;
                    t.unexpected_passes += 1;
                }
                Status::Skipped => t.skipped += 1,
                Status::Fail => {
                    t.failed += 1;
                    match r.basis {
                        Basis::Documented => t.failed_documented += 1,
                        Basis::Ruling => t.failed_ruling += 1,
                    }
                }
                Status::ExpectedFail => t.expected_failures += 1,
                Status::ChangedFail => t.changed_failures += 1,
                Status::Flaky => t.flaky += 1,
                Status::Incident => t.incidents += 1,
                Status::NotRun => {}
            }
        }
        t
    }

    /// Fixtures that fail the run on their own, incidents apart: unexpected
    /// failures, changed failures, unexpected passes and flaky fixtures.
    pub fn rule_failures(&self) -> usize {
        self.failed + self.changed_failures + self.unexpected_passes + self.flaky
    }

    /// The totals in one line, the same in every writer: `257 fixtures: 227
    /// passed, 30 failed (12 on rulings), 2 expected failures, ...`, the
    /// counts that are 0 left out but for passed and failed.
    pub fn sentence(&self) -> String {
        let mut parts = vec![format!(
            "{} passed{}",
            self.passed,
            if self.unexpected_passes > 0 {
                format!(
                    " ({} listed as failing: {})",
                    self.unexpected_passes,
                    if self.unexpected_passes == 1 {
                        "remove it from the expectations file"
                    } else {
                        "remove them from the expectations file"
                    }
                )
            } else {
                String::new()
            }
        )];
        parts.push(format!(
            "{} failed{}",
            self.failed,
            if self.failed_ruling > 0 {
                format!(" ({} on rulings)", self.failed_ruling)
            } else {
                String::new()
            }
        ));
        let more = [
            (
                self.expected_failures,
                "expected failure",
                "expected failures",
            ),
            (self.changed_failures, "changed failure", "changed failures"),
            (self.flaky, "flaky", "flaky"),
            (self.skipped, "skipped", "skipped"),
            (self.incidents, "incident", "incidents"),
            (self.not_run, "not run", "not run"),
            (
                self.errors,
                "file that does not load",
                "files that do not load",
            ),
        ];
        for (n, one, many) in more {
            if n > 0 {
                parts.push(count(n, one, many));
            }
        }
        format!(
            "{}: {}",
            count(self.fixtures, "fixture", "fixtures"),
            parts.join(", ")
        )
    }
}

/// `1 fixture`, `3 fixtures`: a count with its noun.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// How the fixtures citing one rule fared.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RuleTally {
    /// The rule ID.
    pub rule: String,
    /// Fixtures citing it that ran.
    pub fixtures: usize,
    /// Of those, fixtures whose every check agreed.
    pub passed: usize,
    /// Fixtures whose checks differed (expected or not).
    pub failed: usize,
    /// Of those, failures the expectations file lists.
    pub expected: usize,
    /// Fixtures with an incident (not rule failures).
    pub incidents: usize,
    /// Fixtures skipped for a missing capability.
    pub skipped: usize,
    /// Flaky fixtures.
    pub flaky: usize,
}

impl RuleTally {
    /// The tallies by cited rule of `results`, in rule order: the one count
    /// of the HTML report's and the dashboard's tables. A fixture counts
    /// under each rule it cites, once.
    pub fn of(results: &[FixtureReport]) -> Vec<RuleTally> {
        let mut by: BTreeMap<&str, RuleTally> = BTreeMap::new();
        for r in results.iter().filter(|r| r.status != Status::NotRun) {
            let mut seen: Vec<&str> = Vec::new();
            for rule in &r.rules {
                if seen.contains(&rule.as_str()) {
                    continue;
                }
                seen.push(rule);
                let t = by.entry(rule).or_insert_with(|| RuleTally {
                    rule: rule.clone(),
                    ..RuleTally::default()
                });
                t.fixtures += 1;
                match r.status {
                    Status::Pass | Status::UnexpectedPass => t.passed += 1,
                    Status::Fail | Status::ChangedFail => t.failed += 1,
                    Status::ExpectedFail => {
                        t.failed += 1;
                        t.expected += 1;
                    }
                    Status::Incident => t.incidents += 1,
                    Status::Skipped => t.skipped += 1,
                    Status::Flaky => t.flaky += 1,
                    Status::NotRun => {}
                }
            }
        }
        let mut out: Vec<RuleTally> = by.into_values().collect();
        out.sort_by_key(|a| rule_order(&a.rule));
        out
    }
}

/// Rule IDs in the rules reference's order (the registry's); IDs it does
/// not know after them, by name.
pub fn rule_order(id: &str) -> (usize, String) {
    let at = hexodic_rules::registry::RULES
        .iter()
        .position(|r| r.id == id)
        .unwrap_or(usize::MAX);
    (at, id.to_owned())
}
