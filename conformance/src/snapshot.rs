//! Fixture traces and their snapshots.
//!
//! A trace is what an engine did on a fixture in the identity variant: the
//! position after the setup turns, then for every step whether the turn was
//! accepted, the position after it, the captures, the outcome and the number
//! of legal turns. `cargo test` keeps the reference engine's traces as insta
//! snapshots (`conformance/tests/snapshots/corpus__ID.snap`, `/` written `__`); the
//! runner reads the same files without cargo (insta's `---` header, then the
//! YAML body) and compares another engine's trace with them.

use serde::Deserialize;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// One step of a trace.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceStep {
    /// The turn as written.
    pub turn: String,
    /// `legal` or `illegal`.
    pub verdict: String,
    /// The position after the turn (unchanged for an illegal one).
    pub position: String,
    /// Captured cells, in board order.
    #[serde(default)]
    pub captured: Vec<String>,
    /// `ongoing` or the result (`x:network`).
    pub outcome: String,
    /// Number of legal turns after the step, when the engine lists them.
    #[serde(default)]
    pub legal: Option<u64>,
}

/// A fixture's trace.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trace {
    /// The fixture id.
    pub id: String,
    /// For an invalid setup: the fault codes reported, sorted.
    #[serde(default)]
    pub invalid: Option<Vec<String>>,
    /// The position after the setup and its turns.
    #[serde(default)]
    pub start: Option<String>,
    /// Number of legal turns there.
    #[serde(default)]
    pub legal: Option<u64>,
    /// The steps.
    #[serde(default)]
    pub steps: Vec<TraceStep>,
}

fn list(items: &[String]) -> String {
    format!("[{}]", items.join(", "))
}

impl Trace {
    /// The trace as YAML text (the snapshot body).
    pub fn render(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "id: {}", self.id);
        if let Some(codes) = &self.invalid {
            let _ = writeln!(s, "invalid: {}", list(codes));
        }
        if let Some(p) = &self.start {
            let _ = writeln!(s, "start: \"{p}\"");
        }
        if let Some(n) = self.legal {
            let _ = writeln!(s, "legal: {n}");
        }
        if !self.steps.is_empty() {
            s.push_str("steps:\n");
        }
        for st in &self.steps {
            let _ = writeln!(s, "  - turn: \"{}\"", st.turn);
            let _ = writeln!(s, "    verdict: {}", st.verdict);
            let _ = writeln!(s, "    position: \"{}\"", st.position);
            if !st.captured.is_empty() {
                let _ = writeln!(s, "    captured: {}", list(&st.captured));
            }
            let _ = writeln!(s, "    outcome: \"{}\"", st.outcome);
            if let Some(n) = st.legal {
                let _ = writeln!(s, "    legal: {n}");
            }
        }
        s
    }

    /// Compare an engine's trace with the expected one; legal-turn counts
    /// are compared only where both have them. Returns the first difference.
    pub fn diff(&self, actual: &Trace) -> Option<(String, String, String)> {
        let d = |what: &str, e: &dyn std::fmt::Debug, a: &dyn std::fmt::Debug| {
            Some((what.to_owned(), format!("{e:?}"), format!("{a:?}")))
        };
        if self.invalid != actual.invalid {
            return d("invalid", &self.invalid, &actual.invalid);
        }
        if self.start != actual.start {
            return d("start", &self.start, &actual.start);
        }
        if let (Some(e), Some(a)) = (self.legal, actual.legal) {
            if e != a {
                return d("legal turns at the start", &e, &a);
            }
        }
        for (i, (e, a)) in self.steps.iter().zip(&actual.steps).enumerate() {
            let mut e2 = e.clone();
            if a.legal.is_none() {
                e2.legal = None;
            }
            let mut a2 = a.clone();
            if e.legal.is_none() {
                a2.legal = None;
            }
            if e2 != a2 {
                return d(&format!("step {}", i + 1), &e2, &a2);
            }
        }
        if self.steps.len() != actual.steps.len() {
            return d("number of steps", &self.steps.len(), &actual.steps.len());
        }
        None
    }
}

/// The insta snapshot name of a fixture id (insta writes `/` as `__`).
pub fn snap_name(id: &str) -> String {
    id.replace(['/', '\\'], "__")
}

/// The prefix insta gives the snapshots of `conformance/tests/corpus.rs`.
pub const SNAP_PREFIX: &str = "corpus__";

/// The snapshot file of a fixture in `dir`.
pub fn snap_path(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{SNAP_PREFIX}{}.snap", snap_name(id)))
}

/// Why a snapshot could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SnapError {
    /// No file.
    #[error("no snapshot {0}")]
    Missing(PathBuf),
    /// Unreadable or malformed.
    #[error("{0}: {1}")]
    Bad(PathBuf, String),
}

/// Read an insta `.snap` file: a header between `---` lines, then the body.
pub fn read_snap(path: &Path) -> Result<Trace, SnapError> {
    if !path.is_file() {
        return Err(SnapError::Missing(path.to_path_buf()));
    }
    let text = crate::load::read_text(path).map_err(|e| SnapError::Bad(path.into(), e.message))?;
    let body = snap_body(&text)
        .ok_or_else(|| SnapError::Bad(path.into(), "no insta header (`---` ... `---`)".into()))?;
    crate::load::parse_yaml::<Trace>(path, body).map_err(|e| {
        SnapError::Bad(
            path.into(),
            format!("line {} of the body: {}", e.line, e.message),
        )
    })
}

/// The body of a `.snap` file's text.
pub fn snap_body(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("---\n")?;
    let end = rest.find("\n---\n")?;
    Some(&rest[end + 5..])
}
