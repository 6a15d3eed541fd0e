//! The one command that runs a failing fixture again, exactly: that fixture
//! (its whole id selects it alone), in the variant that failed, on the same
//! engine, corpus and traces; quoted so that a POSIX shell reads it back
//! word for word. Every writer takes it from here.

use crate::run::{FixtureResult, RunReport, Status};
use std::path::Path;

/// The program's name in the command.
const PROGRAM: &str = "hexodic-conformance";

/// Whether two folders are the same folder.
fn same_folder(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Whether `run` from the current folder, with no `--fixtures`, would find
/// the report's corpus by itself.
fn corpus_found_by_default(report: &RunReport) -> bool {
    match crate::corpus::found_from_here() {
        Some(here) => same_folder(&here, &report.corpus_folder),
        None => report.corpus_embedded,
    }
}

/// The words of the command that reruns one fixture in one variant (see
/// [`reproduce`]).
pub fn reproduce_words(report: &RunReport, id: &str, variant: &str) -> Vec<String> {
    let mut words: Vec<String> = vec![
        PROGRAM.into(),
        "run".into(),
        id.into(),
        "--variant".into(),
        variant.into(),
    ];
    if !corpus_found_by_default(report) {
        words.push("--fixtures".into());
        words.push(hexodic_io::paths::shown(&report.corpus_folder));
    }
    if !report.rerun.traces {
        words.push("--no-traces".into());
    }
    if let Some(engine) = &report.rerun.engine {
        words.push("--engine".into());
        words.push(engine.clone());
    }
    words
}

/// The command, for a POSIX shell, that runs this fixture of the report
/// again in the variant it failed in (or had its incident in): none when it
/// neither failed nor had an incident.
pub fn reproduce(report: &RunReport, r: &FixtureResult) -> Option<String> {
    if !matches!(
        r.status,
        Status::Fail | Status::ExpectedFail | Status::Incident
    ) {
        return None;
    }
    let variant = match (r.incident(), r.failure()) {
        (Some(i), _) => i.variant,
        (None, Some(f)) => f.variant,
        (None, None) => return None,
    };
    let words = reproduce_words(report, &r.id, &variant.to_string());
    Some(shell_words::join(words))
}
