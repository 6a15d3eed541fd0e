//! What a run reports beyond its text: per-engine expectation files
//! (known failures, each with a reason), JUnit XML, a JSON report and GitHub
//! Actions annotations.

use crate::load::LoadError;
use crate::model::Fixture;
use crate::report::{describe_failure, Summary};
use crate::runner::{FixtureResult, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Fixtures an engine is known to fail, each with the reason (an expectations file).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectations {
    /// The engine these are for (informational).
    #[serde(default)]
    pub engine: String,
    /// Fixture id to the reason it is expected to fail.
    #[serde(default)]
    pub expected_failures: BTreeMap<String, String>,
}

impl Expectations {
    /// Read an expectations file.
    pub fn load(path: &Path) -> Result<Expectations, LoadError> {
        let text = crate::load::read_text(path)?;
        crate::load::parse_yaml(path, &text)
    }

    /// The file's text: a comment header and one entry per fixture.
    pub fn to_yaml(&self) -> String {
        let mut s = String::new();
        s.push_str("# Fixtures this engine is expected to fail, each with the reason.\n");
        s.push_str("# A listed fixture that passes is an unexpected pass and fails the run;\n");
        s.push_str("# `hexodic-conformance run --update-expectations` rewrites this file.\n");
        let _ = writeln!(s, "engine: {}", yaml_str(&self.engine));
        if self.expected_failures.is_empty() {
            s.push_str("expected_failures: {}\n");
        } else {
            s.push_str("expected_failures:\n");
            for (id, reason) in &self.expected_failures {
                let _ = writeln!(s, "  {id}: {}", yaml_str(reason));
            }
        }
        s
    }
}

/// A YAML double-quoted string.
fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

/// The final status of one fixture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Passed.
    Pass,
    /// Failed and not expected to.
    Fail,
    /// Failed, as the expectations file says (with its reason).
    ExpectedFail(String),
    /// Listed as an expected failure but passed.
    UnexpectedPass(String),
    /// Skipped for a missing capability.
    Skipped(String),
}

/// One fixture's result, ready for every report format.
#[derive(Clone, Debug)]
pub struct Record {
    /// Fixture id.
    pub id: String,
    /// Fixture file.
    pub file: PathBuf,
    /// Line of the failing step (1 otherwise).
    pub line: u32,
    /// Rule IDs.
    pub rules: Vec<String>,
    /// `documented` or `ruling`.
    pub basis: &'static str,
    /// The status.
    pub status: Status,
    /// The failure text (with diagrams), empty on a pass.
    pub detail: String,
    /// Failing variant, step, check, expected and actual.
    pub failure: Option<FailureFields>,
}

/// The structured parts of a failure.
#[derive(Clone, Debug, Serialize)]
pub struct FailureFields {
    /// The variant, for example `r2ms`.
    pub variant: String,
    /// 1-based step (0: setup or `expect`).
    pub step: usize,
    /// The turn.
    pub turn: Option<String>,
    /// What was checked.
    pub what: String,
    /// Expected.
    pub expected: String,
    /// Actual.
    pub actual: String,
}

/// Combine fixtures, their results and the expectations into records.
pub fn records(
    fixtures: &[Fixture],
    results: &[FixtureResult],
    expected: &Expectations,
) -> Vec<Record> {
    fixtures
        .iter()
        .zip(results)
        .map(|(fx, r)| {
            let reason = expected.expected_failures.get(&fx.id);
            let (status, detail, failure, line) = match (&r.verdict, reason) {
                (Verdict::Pass, None) => (Status::Pass, String::new(), None, 1),
                (Verdict::Pass, Some(why)) => {
                    (Status::UnexpectedPass(why.clone()), String::new(), None, 1)
                }
                (Verdict::Skipped(why), _) => {
                    (Status::Skipped(why.clone()), String::new(), None, 1)
                }
                (Verdict::Fail(f), why) => (
                    match why {
                        Some(w) => Status::ExpectedFail(w.clone()),
                        None => Status::Fail,
                    },
                    describe_failure(fx, f),
                    Some(FailureFields {
                        variant: f.variant.to_string(),
                        step: f.step,
                        turn: f.turn.clone(),
                        what: f.what.clone(),
                        expected: f.expected.clone(),
                        actual: f.actual.clone(),
                    }),
                    f.line,
                ),
            };
            Record {
                id: fx.id.clone(),
                file: fx.file.clone(),
                line,
                rules: fx.rules.clone(),
                basis: fx.basis_name(),
                status,
                detail,
                failure,
            }
        })
        .collect()
}

/// The fixtures' area: the first component of the id.
fn area(id: &str) -> &str {
    id.split('/').next().unwrap_or(id)
}

/// JUnit XML: one test suite per rule area, one test case per fixture;
/// load errors are errors of a `load` suite.
pub fn junit(records: &[Record], errors: &[LoadError], engine: &str) -> String {
    use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
    let mut suites: BTreeMap<String, TestSuite> = BTreeMap::new();
    for r in records {
        let status = match &r.status {
            Status::Pass | Status::ExpectedFail(_) => TestCaseStatus::success(),
            Status::Skipped(why) => {
                let mut s = TestCaseStatus::skipped();
                s.set_message(why.as_str());
                s
            }
            Status::Fail => {
                let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
                let f = r.failure.as_ref();
                s.set_message(f.map_or(String::new(), |f| {
                    format!("{}: expected {}, got {}", f.what, f.expected, f.actual)
                }));
                s.set_type(format!("{} ({})", r.basis, r.rules.join(", ")));
                s.set_description(r.detail.as_str());
                s
            }
            Status::UnexpectedPass(why) => {
                let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
                s.set_message(format!(
                    "unexpected pass: listed as an expected failure ({why})"
                ));
                s.set_type("unexpected-pass");
                s
            }
        };
        let mut case = TestCase::new(r.id.as_str(), status);
        case.set_classname(format!("{}.{}", engine, area(&r.id)));
        if let Status::ExpectedFail(why) = &r.status {
            case.set_system_out(format!("expected failure: {why}\n{}", r.detail));
        }
        suites
            .entry(area(&r.id).to_owned())
            .or_insert_with(|| TestSuite::new(area(&r.id)))
            .add_test_case(case);
    }
    let mut report = Report::new(format!("hexodic-conformance: {engine}"));
    if !errors.is_empty() {
        let mut load = TestSuite::new("load");
        for e in errors {
            let mut s = TestCaseStatus::non_success(NonSuccessKind::Error);
            s.set_message(e.to_string());
            load.add_test_case(TestCase::new(e.file.display().to_string(), s));
        }
        report.add_test_suite(load);
    }
    report.add_test_suites(suites.into_values());
    report.to_string().unwrap_or_default()
}

/// A stable version of the corpus: a hash of every fixture's id and file contents.
pub fn corpus_version(fixtures: &[Fixture]) -> String {
    let mut items: Vec<(String, Vec<u8>)> = fixtures
        .iter()
        .map(|f| (f.id.clone(), std::fs::read(&f.file).unwrap_or_default()))
        .collect();
    items.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (id, bytes) in &items {
        for b in id.as_bytes().iter().chain(bytes.iter()).chain([0u8].iter()) {
            h = (h ^ *b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{}-fixtures-{h:016x}", fixtures.len())
}

/// What the JSON report says about the engine.
#[derive(Clone, Debug, Serialize)]
pub struct EngineReport {
    /// Name.
    pub name: String,
    /// Version.
    pub version: String,
    /// Capabilities.
    pub capabilities: Vec<String>,
    /// Crashes, hangs and protocol errors (external engines).
    pub incidents: Vec<String>,
    /// The tail of the engine's standard error (external engines).
    pub stderr_tail: String,
}

/// The JSON report: harness, engine, corpus version, totals, every result and error.
pub fn json(
    records: &[Record],
    errors: &[LoadError],
    engine: &EngineReport,
    corpus: &str,
    sum: &Summary,
) -> String {
    // The same totals as the text summary.
    let summary = serde_json::json!({
        "fixtures": sum.fixtures,
        "passed": sum.passed,
        "failed_documented": sum.failed_documented,
        "failed_ruling": sum.failed_ruling,
        "snapshot_diffs": sum.snapshot_diffs,
        "expected_failures": sum.expected_failures,
        "unexpected_passes": sum.unexpected_passes,
        "skipped": sum.skipped,
        "errors": sum.errors,
        "variant_runs": sum.variant_runs,
    });
    let results: Vec<serde_json::Value> = records
        .iter()
        .map(|r| {
            let (status, reason) = match &r.status {
                Status::Pass => ("pass", None),
                Status::Fail => ("fail", None),
                Status::ExpectedFail(w) => ("expected-fail", Some(w.clone())),
                Status::UnexpectedPass(w) => ("unexpected-pass", Some(w.clone())),
                Status::Skipped(w) => ("skipped", Some(w.clone())),
            };
            serde_json::json!({
                "id": r.id,
                "file": r.file.display().to_string(),
                "line": r.line,
                "rules": r.rules,
                "basis": r.basis,
                "status": status,
                "reason": reason,
                "failure": r.failure,
            })
        })
        .collect();
    let errs: Vec<serde_json::Value> = errors
        .iter()
        .map(|e| {
            serde_json::json!({
                "file": e.file.display().to_string(),
                "line": e.line,
                "column": e.column,
                "message": e.message,
            })
        })
        .collect();
    let v = serde_json::json!({
        "harness": {"name": "hexodic-conformance", "version": env!("CARGO_PKG_VERSION")},
        "engine": engine,
        "corpus": {"version": corpus, "fixtures": records.len()},
        "elapsed_seconds": sum.elapsed.as_secs_f64(),
        "summary": summary,
        "results": results,
        "errors": errs,
    });
    serde_json::to_string_pretty(&v).unwrap_or_default()
}

/// A path relative to the current folder when it is below it (annotations
/// need repository-relative paths).
fn relative(p: &Path) -> String {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| p.strip_prefix(cwd).ok().map(|r| r.display().to_string()))
        .unwrap_or_else(|| p.display().to_string())
}

fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_prop(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// GitHub Actions workflow commands: an `::error` per unexpected failure or
/// pass and per load error, a `::warning` per failure on a ruling.
pub fn github_annotations(records: &[Record], errors: &[LoadError]) -> String {
    let mut out = String::new();
    for e in errors {
        let _ = writeln!(
            out,
            "::error file={},line={},col={},title={}::{}",
            escape_prop(&relative(&e.file)),
            e.line,
            e.column,
            escape_prop("fixture error"),
            escape_data(&e.message)
        );
    }
    for r in records {
        let (level, title) = match &r.status {
            Status::Fail if r.basis == "documented" => {
                ("error", format!("{} breaks {}", r.id, r.rules.join(", ")))
            }
            Status::Fail => (
                "warning",
                format!("{} differs on a ruling ({})", r.id, r.rules.join(", ")),
            ),
            Status::UnexpectedPass(_) => (
                "error",
                format!("{} passes but is listed as an expected failure", r.id),
            ),
            _ => continue,
        };
        let msg = r.failure.as_ref().map_or(title.clone(), |f| {
            format!(
                "[{}] step {}: {}: expected {}, got {}",
                f.variant, f.step, f.what, f.expected, f.actual
            )
        });
        let _ = writeln!(
            out,
            "::{level} file={},line={},title={}::{}",
            escape_prop(&relative(&r.file)),
            r.line,
            escape_prop(&title),
            escape_data(&msg)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expectations_round_trip_through_yaml() {
        let mut e = Expectations {
            engine: "my engine 1.0".into(),
            ..Expectations::default()
        };
        e.expected_failures
            .insert("capture/a".into(), "counts \"edge\": tier".into());
        e.expected_failures
            .insert("end/b".into(), "cap at 59".into());
        let text = e.to_yaml();
        let back: Expectations = crate::load::parse_yaml(Path::new("x.yaml"), &text).unwrap();
        assert_eq!(back, e);
        let empty = Expectations::default().to_yaml();
        let back: Expectations = crate::load::parse_yaml(Path::new("x.yaml"), &empty).unwrap();
        assert!(back.expected_failures.is_empty());
    }

    #[test]
    fn annotations_name_the_file_line_and_level() {
        let cwd = std::env::current_dir().unwrap();
        let rec = |id: &str, basis: &'static str, status: Status| Record {
            id: id.into(),
            file: cwd.join(format!("fixtures/{id}.yaml")),
            line: 7,
            rules: vec!["C1".into(), "C2".into()],
            basis,
            status,
            detail: String::new(),
            failure: Some(FailureFields {
                variant: "r2ms".into(),
                step: 1,
                turn: Some("c3 +d4".into()),
                what: "captured".into(),
                expected: "[]".into(),
                actual: "[d4]".into(),
            }),
        };
        let records = [
            rec("capture/a", "documented", Status::Fail),
            rec("capture/b", "ruling", Status::Fail),
            rec("capture/c", "documented", Status::Pass),
            rec(
                "capture/d",
                "documented",
                Status::ExpectedFail("known".into()),
            ),
            rec(
                "capture/e",
                "ruling",
                Status::UnexpectedPass("known".into()),
            ),
        ];
        let text = github_annotations(&records, &[]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(lines[0].starts_with("::error file=fixtures/capture/a.yaml,line=7,title=capture/a breaks C1%2C C2::[r2ms] step 1"));
        assert!(lines[1].starts_with("::warning file=fixtures/capture/b.yaml,line=7,"));
        assert!(lines[2].starts_with("::error file=fixtures/capture/e.yaml,"));
        let err = LoadError::at(&cwd.join("fixtures/x.yaml"), 3, 5, "bad\nthing");
        assert_eq!(
            github_annotations(&[], &[err]),
            "::error file=fixtures/x.yaml,line=3,col=5,title=fixture error::bad%0Athing\n"
        );
    }

    #[test]
    fn annotations_escape_their_fields() {
        assert_eq!(escape_data("a\nb%"), "a%0Ab%25");
        assert_eq!(escape_prop("a:b,c"), "a%3Ab%2Cc");
    }
}
