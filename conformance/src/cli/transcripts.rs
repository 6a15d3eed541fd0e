//! `run --transcript DIR`: writing the failing fixtures' exchanges and
//! saying where they are.

use hexodic_conformance::report::transcript::write_transcripts;
use hexodic_conformance::run::RunReport;
use hexodic_io::paths;
use std::path::Path;

/// Write the transcripts of the report into `dir`, if given; whether every
/// file could be written.
pub fn write(dir: Option<&Path>, report: &RunReport) -> bool {
    let Some(dir) = dir else {
        return true;
    };
    let (written, problems) = write_transcripts(report, dir);
    for p in &problems {
        eprintln!("warning: {p}");
    }
    if !written.is_empty() {
        eprintln!(
            "transcripts of {} failing fixture(s) written to {} (replay one with `ENGINE < {}`)",
            written.len(),
            paths::shown(dir),
            paths::shown(&written[0])
        );
    }
    problems.iter().all(|p| !p.starts_with("cannot write"))
}
