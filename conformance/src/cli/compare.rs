//! `compare`: two builds' JSON reports compared offline; and what `run`
//! shares with it: reading a baseline, the comparison after the summary,
//! the Markdown summary written to a file and to the job summary.

use super::common::{fail, out};
use hexodic_conformance::report::{compare, comparison_text, markdown, JsonReport};
use hexodic_conformance::run::Exit;
use hexodic_io::paths;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `compare`.
#[derive(clap::Args)]
pub struct CompareArgs {
    /// The JSON report of the previous build (the baseline), from `run --json`.
    old: PathBuf,
    /// The JSON report of this build.
    new: PathBuf,
    /// Write a Markdown summary of this build and the comparison (also
    /// appended to `$GITHUB_STEP_SUMMARY` when it is set).
    #[arg(long, value_name = "FILE")]
    markdown: Option<PathBuf>,
}

/// Read a baseline (or any) report, or say where it is wrong (exit 2).
pub fn read_report(path: &Path) -> Result<JsonReport, ExitCode> {
    JsonReport::read(path).map_err(|e| fail(Exit::Usage, e))
}

/// Write the Markdown summary to `path` and append it to the job summary
/// (`$GITHUB_STEP_SUMMARY`) when there is one; false when either fails.
pub fn write_markdown(path: &Path, text: &str) -> bool {
    let mut ok = true;
    if let Err(e) = std::fs::write(path, text) {
        eprintln!(
            "error: cannot write {}: {}",
            paths::shown(path),
            paths::io_words(&e)
        );
        ok = false;
    }
    if let Some(summary) = std::env::var_os("GITHUB_STEP_SUMMARY").filter(|s| !s.is_empty()) {
        let summary = PathBuf::from(summary);
        let appended = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&summary)
            .and_then(|mut f| f.write_all(text.as_bytes()));
        if let Err(e) = appended {
            eprintln!(
                "error: cannot append to the job summary {}: {}",
                paths::shown(&summary),
                paths::io_words(&e)
            );
            ok = false;
        }
    }
    ok
}

/// `compare`: exit 1 when a fixture newly fails, fails differently or has
/// a new incident; 0 otherwise (fixed only included); 2 on bad input.
pub fn run(a: CompareArgs) -> ExitCode {
    let mut plan = super::outputs::Plan::default();
    plan.input(&a.old)
        .input(&a.new)
        .output("--markdown", a.markdown.as_deref());
    if let Err(e) = plan.check() {
        return fail(Exit::Usage, e);
    }
    let old = match read_report(&a.old) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let mut new = match read_report(&a.new) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let c = compare(&old, &new);
    out(&comparison_text(&c));
    let regressed = c.regressed();
    new.comparison = Some(c);
    if let Some(p) = &a.markdown {
        if !write_markdown(p, &markdown(&new)) {
            return ExitCode::from(Exit::Usage);
        }
    }
    if regressed {
        ExitCode::from(Exit::Differs)
    } else {
        ExitCode::SUCCESS
    }
}

/// The exit of `run --baseline`: rule failures fail the run only when the
/// comparison shows a fixture newly failing, failing differently or with a
/// new incident (or a listed failure passed); every other code stays.
pub fn run_exit(
    code: Exit,
    comparison: Option<&hexodic_conformance::report::Comparison>,
    unexpected_passes: usize,
) -> Exit {
    match (code, comparison) {
        (Exit::Differs, Some(c)) if !c.regressed() && unexpected_passes == 0 => Exit::Pass,
        _ => code,
    }
}
