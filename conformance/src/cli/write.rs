//! Writing what a command produces: each file whole or not at all (a
//! temporary file beside it, renamed), a failure said with the file's name;
//! the Markdown summary also appended to the job summary
//! (`$GITHUB_STEP_SUMMARY`) when there is one and it is no input.

use super::common::say;
use super::outputs::Plan;
use std::path::{Path, PathBuf};

/// Write `text` to `path`; whether it was written (else an error was said).
pub fn file(path: &Path, text: &str) -> bool {
    match hexodic_io::files::write_whole(path, text.as_bytes()) {
        Ok(()) => true,
        Err(e) => {
            say("error", e);
            false
        }
    }
}

/// The job summary of GitHub Actions, when the variable names one.
pub fn job_summary() -> Option<PathBuf> {
    std::env::var_os("GITHUB_STEP_SUMMARY")
        .filter(|s| !s.is_empty())
        .map(PathBuf::from)
}

/// Add the job summary to `plan` as an output, so it is checked like every
/// other (never an input, never another output, never a pipe).
pub fn plan_job_summary(plan: &mut Plan) {
    if let Some(p) = job_summary() {
        plan.output("$GITHUB_STEP_SUMMARY", Some(&p));
    }
}

/// Write the Markdown summary to `path` (when given) and append it to the
/// job summary (when there is one); whether both went well.
pub fn markdown(path: Option<&Path>, text: &str) -> bool {
    let mut ok = path.is_none_or(|p| file(p, text));
    if let Some(summary) = job_summary() {
        if let Err(e) = hexodic_io::files::append(&summary, text.as_bytes()) {
            say("error", format!("the job summary: {e}"));
            ok = false;
        }
    }
    ok
}
