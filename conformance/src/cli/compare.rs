//! `compare`: two builds' JSON reports compared offline: the comparison in
//! words (every fixture with `-v`), as JSON (`--json`), and the later
//! build's Markdown summary with it (`--markdown`).

use super::common::{fail, out};
use super::outputs::Plan;
use hexodic_printer::comparison::comparison_text;
use hexodic_printer::markdown::{markdown, MarkdownOptions};
use hexodic_report::{compare, read_run, Exit};
use std::path::PathBuf;
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
    /// Write the comparison as JSON.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Name every fixture of each group, not the first ten.
    #[arg(long, short)]
    verbose: bool,
}

/// `compare`: exit 1 when a fixture newly fails, fails differently or has
/// a new incident; 0 otherwise (fixed only included); 2 on bad input.
pub fn run(a: CompareArgs) -> ExitCode {
    let mut plan = Plan::default();
    plan.input(&a.old)
        .input(&a.new)
        .output("--markdown", a.markdown.as_deref())
        .output("--json", a.json.as_deref());
    super::write::plan_job_summary(&mut plan);
    if let Err(e) = plan.check() {
        return fail(Exit::Usage, e);
    }
    let old = match read_run(&a.old) {
        Ok(r) => r,
        Err(e) => return fail(Exit::Usage, e),
    };
    let mut new = match read_run(&a.new) {
        Ok(r) => r,
        Err(e) => return fail(Exit::Usage, e),
    };
    let c = compare(&old, &new);
    out(&comparison_text(&c, a.verbose, &super::colour::STYLES));
    let exit = Exit::of_comparison(&c);
    let mut ok = true;
    if let Some(p) = &a.json {
        let mut text = serde_json::to_string_pretty(&c).unwrap_or_default();
        text.push('\n');
        ok &= super::write::file(p, &text);
    }
    new.comparison = Some(c);
    new.derive();
    if a.markdown.is_some() || super::write::job_summary().is_some() {
        ok &= super::write::markdown(
            a.markdown.as_deref(),
            &markdown(&new, &MarkdownOptions::default()),
        );
    }
    ExitCode::from(exit.after_writing(ok))
}
