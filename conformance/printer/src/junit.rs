//! JUnit XML, for test-history tools: one test suite per rule area, one
//! test case per fixture, its `classname` the rule area alone (stable
//! across engine releases). A difference is a failure, an engine incident
//! an error; an expected failure, a skip for a missing capability and a
//! fixture an incomplete run never reached are skipped, each with why.
//! Load errors, an unusable engine and an incomplete run are errors of a
//! `harness` suite.

use crate::style::Styles;
use crate::text::failure_block;
use hexodic_report::{FixtureReport, RunReport, Status};
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
use std::collections::BTreeMap;

fn area(id: &str) -> &str {
    id.split('/').next().unwrap_or(id)
}

fn skipped(message: String, kind: &str) -> TestCaseStatus {
    let mut s = TestCaseStatus::skipped();
    s.set_message(message);
    s.set_type(kind);
    s
}

/// A fixture's JUnit status.
fn status(r: &FixtureReport) -> TestCaseStatus {
    let rerun = r
        .rerun
        .as_ref()
        .map(|c| format!("\nrerun: {c}"))
        .unwrap_or_default();
    match r.status {
        Status::Pass => TestCaseStatus::success(),
        Status::ExpectedFail => skipped(
            format!(
                "expected failure: {}",
                r.expected.as_ref().map_or("", |e| e.reason.as_str())
            ),
            "expected-failure",
        ),
        Status::Skipped => skipped(r.cause.clone(), "missing-capability"),
        Status::NotRun => skipped(r.cause.clone(), "not-run"),
        Status::Fail | Status::UnexpectedPass | Status::ChangedFail | Status::Flaky => {
            let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
            match r.changed_words() {
                Some((old, new)) => s.set_message(format!(
                    "changed failure: expected {old}, now {new}: {}",
                    r.cause
                )),
                None => s.set_message(r.cause.clone()),
            };
            let rules = r
                .classification
                .as_ref()
                .map(|c| c.rules.join(", "))
                .unwrap_or_default();
            s.set_type(match r.status {
                Status::UnexpectedPass => "unexpected-pass".to_string(),
                Status::ChangedFail => "changed-failure".to_string(),
                Status::Flaky => "flaky".to_string(),
                _ => format!("{} ({rules})", r.basis.name()),
            });
            let block = failure_block(r, usize::MAX, &Styles::PLAIN).join("\n");
            let rerun = if block.contains("rerun:") {
                String::new()
            } else {
                rerun
            };
            s.set_description(format!("{block}{rerun}"));
            s
        }
        Status::Incident => {
            let mut s = TestCaseStatus::non_success(NonSuccessKind::Error);
            s.set_message(r.cause.clone());
            s.set_type("engine-incident");
            if let Some(i) = &r.incident {
                let reply = i
                    .reply
                    .as_ref()
                    .map(|x| format!("\nreply: {x}"))
                    .unwrap_or_default();
                s.set_description(format!(
                    "request: {}{reply}\nstandard error of that engine process:\n{}{rerun}",
                    i.request, i.stderr_tail
                ));
            }
            s
        }
    }
}

fn harness_case(name: &str, message: String) -> TestCase {
    let mut s = TestCaseStatus::non_success(NonSuccessKind::Error);
    s.set_message(message);
    let mut case = TestCase::new(name, s);
    case.set_classname("harness");
    case
}

/// The JUnit report.
pub fn junit(report: &RunReport) -> String {
    let mut suites: BTreeMap<String, TestSuite> = BTreeMap::new();
    for r in &report.results {
        let mut case = TestCase::new(r.id.as_str(), status(r));
        case.set_classname(area(&r.id));
        suites
            .entry(area(&r.id).to_owned())
            .or_insert_with(|| TestSuite::new(area(&r.id)))
            .add_test_case(case);
    }
    let mut out = Report::new(format!("hexodic-conformance: {}", report.engine.label()));
    if !report.errors.is_empty() || report.engine.unusable.is_some() || report.stopped.is_some() {
        let mut harness = TestSuite::new("harness");
        for e in &report.errors {
            harness.add_test_case(harness_case(&e.file, e.to_string()));
        }
        if let Some(u) = &report.engine.unusable {
            harness.add_test_case(harness_case("engine", format!("engine unusable: {u}")));
        }
        if let Some(st) = report.stopped {
            harness.add_test_case(harness_case(
                "complete",
                format!(
                    "run incomplete: {} ({} of {} fixtures run)",
                    st.describe(),
                    report.summary.run,
                    report.summary.fixtures
                ),
            ));
        }
        out.add_test_suite(harness);
    }
    out.add_test_suites(suites.into_values().map(|mut s| {
        s.add_property(quick_junit::Property::new("corpus", report.corpus_words()));
        s.add_property(quick_junit::Property::new("engine", report.engine.label()));
        s
    }));
    xml_chars(&out.to_string().unwrap_or_default())
}

/// Whether XML 1.0 allows the character in a document.
fn xml_allowed(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// The XML with every character XML 1.0 does not allow (engine text such
/// as a NUL or U+FFFE in a name), raw or as a character reference,
/// replaced by U+FFFD.
fn xml_chars(xml: &str) -> String {
    let mut out = String::with_capacity(xml.len());
    let mut rest = xml;
    while let Some(c) = rest.chars().next() {
        if c == '&' {
            if let Some(end) = rest.find(';').filter(|e| *e < 12) {
                let entity = &rest[1..end];
                let code = match entity
                    .strip_prefix("#x")
                    .or_else(|| entity.strip_prefix("#X"))
                {
                    Some(hex) => u32::from_str_radix(hex, 16).ok(),
                    None => entity.strip_prefix('#').and_then(|d| d.parse().ok()),
                };
                if code.is_some_and(|n| !char::from_u32(n).is_some_and(xml_allowed)) {
                    out.push('\u{fffd}');
                    rest = &rest[end + 1..];
                    continue;
                }
            }
        }
        out.push(if xml_allowed(c) { c } else { '\u{fffd}' });
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_xml_does_not_allow_are_replaced() {
        let xml = "<a n=\"x\u{fffe}\u{0}&#1;&#x1b;&amp;\">\u{7}é&#233;</a>";
        let clean = xml_chars(xml);
        assert_eq!(
            clean,
            "<a n=\"x\u{fffd}\u{fffd}\u{fffd}\u{fffd}&amp;\">\u{fffd}é&#233;</a>"
        );
        assert!(roxmltree::Document::parse(&clean).is_ok());
    }
}
