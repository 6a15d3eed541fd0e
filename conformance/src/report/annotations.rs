//! GitHub Actions workflow commands: an `::error` per rule failure of a
//! documented rule, unexpected pass, incident and load error; a `::warning`
//! per difference on a ruling. Paths are relative to the repository (the
//! current folder).

use crate::paths;
use crate::run::{RunReport, Status};
use std::fmt::Write as _;

fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_prop(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// The annotations of a run.
pub fn github_annotations(report: &RunReport) -> String {
    let mut out = String::new();
    for e in &report.errors {
        let _ = writeln!(
            out,
            "::error file={},line={},col={},title={}::{}",
            escape_prop(&paths::shown(&e.file)),
            e.line,
            e.column,
            escape_prop("fixture error"),
            escape_data(&e.message)
        );
    }
    for r in &report.results {
        let rules = r
            .failure()
            .map(|f| f.cause.implicated.join(", "))
            .unwrap_or_default();
        let (level, title) = match r.status {
            Status::Fail if r.basis == crate::corpus::Basis::Documented => {
                ("error", format!("{} breaks {rules}", r.id))
            }
            Status::Fail => ("warning", format!("{} differs on a ruling ({rules})", r.id)),
            Status::UnexpectedPass => (
                "error",
                format!("{} passes but is listed as an expected failure", r.id),
            ),
            Status::ChangedFail => (
                "error",
                match r.changed_words() {
                    Some((old, new)) => {
                        format!("{} fails another way: expected {old}, now {new}", r.id)
                    }
                    None => format!("{} fails another way", r.id),
                },
            ),
            Status::Incident => ("error", format!("engine incident on {}", r.id)),
            _ => continue,
        };
        let line = r.line();
        let _ = writeln!(
            out,
            "::{level} file={},line={line},title={}::{}",
            escape_prop(&paths::shown(&r.file)),
            escape_prop(&title),
            escape_data(&r.cause_line())
        );
    }
    out
}
