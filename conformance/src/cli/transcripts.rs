//! `run --transcript DIR`: writing the failing fixtures' exchanges and
//! saying where they are and how to replay them.

use super::common::{say, EngineArgs};
use super::outputs::Plan;
use hexodic_engine::Transcript;
use hexodic_io::paths;
use hexodic_printer::transcripts::write_transcripts;
use std::path::Path;

/// Write `transcripts` into `dir`, if given, each file checked against the
/// run's inputs and outputs where it really leads; whether every file could
/// be written.
pub fn write(
    dir: Option<&Path>,
    transcripts: &[(String, Transcript)],
    engine: &EngineArgs,
    plan: &Plan,
) -> bool {
    let Some(dir) = dir else {
        return true;
    };
    let guard = |p: &Path| plan.allows(p);
    let (written, problems) = write_transcripts(transcripts, dir, &guard);
    for p in &problems {
        say("warning", p);
    }
    if let Some(first) = written.first() {
        let command = engine
            .engine
            .as_deref()
            .unwrap_or("hexodic-conformance serve");
        say(
            "notice",
            format!(
                "transcripts of {} written to {} (replay one with `{command} < {}`)",
                hexodic_report::count(written.len(), "fixture", "fixtures"),
                paths::shown(dir),
                paths::shown(first)
            ),
        );
    }
    problems.iter().all(|p| p.contains("was cut at"))
}
