//! Expectations files: the fixtures an engine is known to fail, each with a
//! reason for people and the signature of its failure. A listed fixture
//! that fails that way is an expected failure; one that fails another way
//! is a changed failure, and one that passes an unexpected pass: both fail
//! the run.

use crate::corpus::{parse_yaml, read_text, LoadError};
use crate::diagnose::Pinned;
use crate::run::{ExpectedFailure, RunReport, Status};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

/// Fixtures an engine is known to fail, each with the reason and signature.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectations {
    /// The engine these are for (informational).
    #[serde(default)]
    pub engine: String,
    /// Fixture id to what is expected of it.
    #[serde(default)]
    pub expected_failures: BTreeMap<String, ExpectedFailure>,
}

/// A YAML double-quoted string.
fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

/// A plain YAML scalar when it reads back as the same string, else quoted.
fn yaml_plain(s: &str) -> String {
    let plain = s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ' '))
        && !s.ends_with(' ')
        && !matches!(s, "true" | "false" | "null" | "yes" | "no" | "on" | "off");
    if plain {
        s.to_owned()
    } else {
        yaml_str(s)
    }
}

fn signature_yaml(p: &Pinned) -> String {
    let rules: Vec<String> = p.rules.iter().map(|r| yaml_plain(r)).collect();
    format!(
        "{{rules: [{}], kind: {}, key: {}, step: {}}}",
        rules.join(", "),
        yaml_plain(&p.kind),
        yaml_plain(&p.key),
        p.step
    )
}

impl Expectations {
    /// Read an expectations file. A file with nothing but comments and
    /// blank lines lists no fixture.
    pub fn load(path: &Path) -> Result<Expectations, LoadError> {
        let text = read_text(path)?;
        let blank = text
            .lines()
            .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'));
        if blank {
            return Ok(Expectations::default());
        }
        parse_yaml(path, &text)
    }

    /// The listed fixtures whose entry pins no signature (the older form,
    /// `id: "reason"`): any failure of theirs is taken as expected.
    pub fn unpinned(&self) -> usize {
        self.expected_failures
            .values()
            .filter(|e| e.signature.is_none())
            .count()
    }

    /// The file's text: a comment header and one entry per fixture.
    pub fn to_yaml(&self) -> String {
        let mut s = String::new();
        s.push_str("# Fixtures this engine is expected to fail: the reason, and the signature\n");
        s.push_str("# of the failure (the rules it implicates, the kind and direction of the\n");
        s.push_str("# difference, the step). A listed fixture that passes, or fails another\n");
        s.push_str("# way, fails the run; `hexodic-conformance run --update-expectations`\n");
        s.push_str("# rewrites the signatures and keeps the reasons.\n");
        let _ = writeln!(s, "engine: {}", yaml_str(&self.engine));
        if self.expected_failures.is_empty() {
            s.push_str("expected_failures: {}\n");
            return s;
        }
        s.push_str("expected_failures:\n");
        for (id, e) in &self.expected_failures {
            let _ = writeln!(s, "  {}:", yaml_plain_id(id));
            let _ = writeln!(s, "    reason: {}", yaml_str(&e.reason));
            if let Some(p) = &e.signature {
                let _ = writeln!(s, "    signature: {}", signature_yaml(p));
            }
        }
        s
    }

    /// The expectations after a run: every failing fixture with its known
    /// reason (else its one-line cause) and the signature of its failure
    /// now; the entries of fixtures the run did not include, or that had
    /// an engine incident, stay as they were.
    pub fn updated(&self, report: &RunReport) -> Expectations {
        let decided: BTreeSet<&str> = report
            .results
            .iter()
            .filter(|r| r.status != Status::Incident)
            .map(|r| r.id.as_str())
            .collect();
        let mut next = Expectations {
            engine: report.engine.label(),
            expected_failures: self
                .expected_failures
                .iter()
                .filter(|(id, _)| !decided.contains(id.as_str()))
                .map(|(id, e)| (id.clone(), e.clone()))
                .collect(),
        };
        for r in &report.results {
            if matches!(
                r.status,
                Status::Fail | Status::ExpectedFail | Status::ChangedFail
            ) {
                let reason = self
                    .expected_failures
                    .get(&r.id)
                    .map(|e| e.reason.clone())
                    .filter(|why| !why.is_empty())
                    .unwrap_or_else(|| r.cause_line());
                let entry = ExpectedFailure {
                    reason,
                    signature: r.signature(),
                };
                next.expected_failures.insert(r.id.clone(), entry);
            }
        }
        next
    }
}

/// A fixture id as a YAML key.
fn yaml_plain_id(id: &str) -> String {
    let plain = id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/' | '.'))
        && id.chars().next().is_some_and(|c| c.is_ascii_alphanumeric());
    if plain {
        id.to_owned()
    } else {
        yaml_str(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_text(text: &str) -> Result<Expectations, LoadError> {
        parse_yaml(Path::new("x.yaml"), text)
    }

    #[test]
    fn expectations_round_trip_through_yaml() {
        let mut e = Expectations {
            engine: "my engine 1.0".into(),
            ..Expectations::default()
        };
        e.expected_failures.insert(
            "capture/a".into(),
            ExpectedFailure {
                reason: "counts \"edge\": tier".into(),
                signature: Some(Pinned {
                    rules: vec!["C1".into(), "C2".into()],
                    kind: "captures".into(),
                    key: "missing".into(),
                    step: 1,
                }),
            },
        );
        e.expected_failures.insert(
            "end/b".into(),
            ExpectedFailure {
                reason: "cap at 59".into(),
                signature: Some(Pinned {
                    rules: vec![],
                    kind: "verdict".into(),
                    key: "accepts R3".into(),
                    step: 0,
                }),
            },
        );
        let back = load_text(&e.to_yaml()).unwrap();
        assert_eq!(back, e);
        let empty = Expectations::default().to_yaml();
        assert!(load_text(&empty).unwrap().expected_failures.is_empty());
    }

    #[test]
    fn the_older_form_loads_as_any_failure() {
        let e = load_text("engine: x\nexpected_failures:\n  capture/a: \"ENG-1\"\n").unwrap();
        let entry = &e.expected_failures["capture/a"];
        assert_eq!(entry.reason, "ENG-1");
        assert_eq!(entry.signature, None);
        assert_eq!(e.unpinned(), 1);
    }

    #[test]
    fn the_documented_form_loads() {
        let text = "engine: \"my-engine 2.3.1\"\nexpected_failures:\n  capture/edge:\n    reason: \"ENG-412\"\n    signature: {rules: [C1, C2], kind: captures, key: missing, step: 1}\n";
        let e = load_text(text).unwrap();
        let p = e.expected_failures["capture/edge"]
            .signature
            .clone()
            .unwrap();
        assert_eq!(p.rules, ["C1", "C2"]);
        assert_eq!(
            (p.kind.as_str(), p.key.as_str(), p.step),
            ("captures", "missing", 1)
        );
        assert_eq!(e.unpinned(), 0);
    }

    #[test]
    fn a_bad_entry_is_located() {
        let text = "expected_failures:\n  capture/a:\n    reason: \"x\"\n    signature: {rules: [C1], kind: captures, key: missing, stp: 1}\n";
        let err = load_text(text).unwrap_err();
        assert_eq!(err.line, 4, "{err}");
        assert!(err.to_string().contains("stp"), "{err}");
        let err = load_text("id: capture/a\nsteps: []\n").unwrap_err();
        assert!(err.to_string().contains("id"), "{err}");
    }
}
