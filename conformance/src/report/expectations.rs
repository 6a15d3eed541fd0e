//! Expectations files: the fixtures an engine is known to fail, each with a
//! reason. A listed fixture that fails is an expected failure; one that
//! passes is an unexpected pass and fails the run.

use crate::corpus::{parse_yaml, read_text, LoadError};
use crate::run::{RunReport, Status};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// Fixtures an engine is known to fail, each with the reason.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectations {
    /// The engine these are for (informational).
    #[serde(default)]
    pub engine: String,
    /// Fixture id to the reason it is expected to fail.
    #[serde(default)]
    pub expected_failures: BTreeMap<String, String>,
}

/// A YAML double-quoted string.
fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

impl Expectations {
    /// Read an expectations file.
    pub fn load(path: &Path) -> Result<Expectations, LoadError> {
        let text = read_text(path)?;
        parse_yaml(path, &text)
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

    /// The expectations after a run: every failing fixture, with its known
    /// reason or else its one-line cause; the entries of fixtures the run
    /// did not include stay as they were.
    pub fn updated(&self, report: &RunReport) -> Expectations {
        let ran: std::collections::BTreeSet<&str> =
            report.results.iter().map(|r| r.id.as_str()).collect();
        let mut next = Expectations {
            engine: report.engine.label(),
            expected_failures: self
                .expected_failures
                .iter()
                .filter(|(id, _)| !ran.contains(id.as_str()))
                .map(|(id, why)| (id.clone(), why.clone()))
                .collect(),
        };
        for r in &report.results {
            if matches!(r.status, Status::Fail | Status::ExpectedFail) {
                let reason = self
                    .expected_failures
                    .get(&r.id)
                    .cloned()
                    .unwrap_or_else(|| r.cause_line());
                next.expected_failures.insert(r.id.clone(), reason);
            }
        }
        next
    }
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
        let back: Expectations = parse_yaml(Path::new("x.yaml"), &e.to_yaml()).unwrap();
        assert_eq!(back, e);
        let empty = Expectations::default().to_yaml();
        let back: Expectations = parse_yaml(Path::new("x.yaml"), &empty).unwrap();
        assert!(back.expected_failures.is_empty());
    }
}
