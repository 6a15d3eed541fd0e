//! JUnit XML: one test suite per rule area, one test case per fixture. A
//! difference is a failure, an engine incident an error, a missing
//! capability a skip; load errors are errors of a `load` suite.

use crate::run::{FixtureResult, RunReport, Status};
use hexodic_io::paths;
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
use std::collections::BTreeMap;

fn area(id: &str) -> &str {
    id.split('/').next().unwrap_or(id)
}

/// A fixture's JUnit status: a difference is a failure, an incident an
/// error, a missing capability a skip.
fn status(report: &RunReport, r: &FixtureResult) -> TestCaseStatus {
    let rerun = super::reproduce(report, r)
        .map(|c| format!("\nrerun: {c}"))
        .unwrap_or_default();
    match r.status {
        Status::Pass => TestCaseStatus::success(),
        Status::ExpectedFail => TestCaseStatus::success(),
        Status::Skipped => {
            let mut s = TestCaseStatus::skipped();
            s.set_message(r.cause_line());
            s
        }
        Status::Fail | Status::UnexpectedPass | Status::ChangedFail => {
            let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
            match r.changed_words() {
                Some((old, new)) => s.set_message(format!(
                    "changed failure: expected {old}, now {new}: {}",
                    r.cause_line()
                )),
                None => s.set_message(r.cause_line()),
            };
            let rules = r
                .failure()
                .map(|f| f.cause.implicated.join(", "))
                .unwrap_or_default();
            s.set_type(match r.status {
                Status::UnexpectedPass => "unexpected-pass".to_string(),
                Status::ChangedFail => "changed-failure".to_string(),
                _ => format!("{} ({rules})", r.basis.name()),
            });
            s.set_description(format!(
                "{}{rerun}",
                super::text::failure_block(r).join("\n")
            ));
            s
        }
        Status::Incident => {
            let mut s = TestCaseStatus::non_success(NonSuccessKind::Error);
            s.set_message(r.cause_line());
            s.set_type("engine-incident");
            if let Some(i) = r.incident() {
                s.set_description(format!(
                    "request: {}\nstandard error of that engine process:\n{}{rerun}",
                    i.incident.request, i.incident.stderr
                ));
            }
            s
        }
    }
}

/// The JUnit report.
pub fn junit(report: &RunReport) -> String {
    let engine = report.engine.label();
    let mut suites: BTreeMap<String, TestSuite> = BTreeMap::new();
    for r in &report.results {
        let status = status(report, r);
        let mut case = TestCase::new(r.id.as_str(), status);
        case.set_classname(format!("{engine}.{}", area(&r.id)));
        case.set_time(r.elapsed);
        if r.status == Status::ExpectedFail {
            case.set_system_out(format!(
                "expected failure ({}): {}",
                r.expected_reason.as_deref().unwrap_or(""),
                r.cause_line()
            ));
        }
        suites
            .entry(area(&r.id).to_owned())
            .or_insert_with(|| TestSuite::new(area(&r.id)))
            .add_test_case(case);
    }
    let mut out = Report::new(format!("hexodic-conformance: {engine}"));
    if !report.errors.is_empty() || report.unusable.is_some() || report.stopped.is_some() {
        let mut load = TestSuite::new("harness");
        for e in &report.errors {
            let mut s = TestCaseStatus::non_success(NonSuccessKind::Error);
            s.set_message(e.to_string());
            load.add_test_case(TestCase::new(paths::shown(&e.file), s));
        }
        if let Some(u) = &report.unusable {
            let mut s = TestCaseStatus::non_success(NonSuccessKind::Error);
            s.set_message(format!("engine unusable: {}", u.kind));
            load.add_test_case(TestCase::new("engine", s));
        }
        if let Some(st) = report.stopped {
            let mut s = TestCaseStatus::non_success(NonSuccessKind::Error);
            s.set_message(format!(
                "run incomplete: {} ({} of {} fixtures run)",
                st.describe(),
                report.summary.run,
                report.summary.fixtures
            ));
            load.add_test_case(TestCase::new("complete", s));
        }
        out.add_test_suite(load);
    }
    out.add_test_suites(suites.into_values().map(|mut s| {
        s.add_property(quick_junit::Property::new("corpus", report.corpus_words()));
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
