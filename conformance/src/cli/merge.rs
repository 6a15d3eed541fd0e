//! `merge`: the JSON reports of the parts of one run (`run --partition
//! K/N`, on one machine or many) as the reports a single run writes, its
//! comparison with a baseline included (the parts', or `--baseline`'s); or
//! the JSON reports of `fuzz` runs (the parts of a partitioned campaign,
//! campaigns of other seeds) as one fuzz report.

use super::common::{fail, out};
use super::outputs::Plan;
use hexodic_printer::fuzz::fuzz_text;
use hexodic_printer::markdown::{markdown, MarkdownOptions};
use hexodic_printer::text::{text, TextOptions};
use hexodic_report::{
    compare, merge_campaigns, merge_runs, read_report, read_run, Exit, Part, Report,
};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `merge`.
#[derive(clap::Args)]
pub struct MergeArgs {
    /// The JSON reports of the parts (`run --partition K/N --json FILE`),
    /// or of fuzz runs (`fuzz --json FILE`).
    #[arg(required = true, value_name = "PART.json")]
    parts: Vec<PathBuf>,
    /// Write the merged JSON report.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write the merged JUnit XML report.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Write the merged HTML report.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Write the merged run's Markdown summary (also appended to
    /// `$GITHUB_STEP_SUMMARY` when it is set).
    #[arg(long, value_name = "FILE")]
    markdown: Option<PathBuf>,
    /// Compare the merged run with the JSON report of a previous build,
    /// as `run --baseline` does.
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Print the text report (the default when no file is asked for).
    #[arg(long)]
    text: bool,
    /// List every fixture, and every failing fixture of each root cause in full.
    #[arg(long, short)]
    verbose: bool,
}

/// `merge`: exits as the merged run would (2, with nothing written, when
/// the parts cannot be merged).
pub fn run(a: MergeArgs) -> ExitCode {
    let mut plan = Plan::default();
    for part in a.parts.iter().chain(&a.baseline) {
        plan.input(part);
    }
    plan.output("--json", a.json.as_deref())
        .output("--junit", a.junit.as_deref())
        .output("--html", a.html.as_deref())
        .output("--markdown", a.markdown.as_deref());
    if a.markdown.is_some() {
        super::write::plan_job_summary(&mut plan);
    }
    if let Err(e) = plan.check() {
        return fail(Exit::Usage, e);
    }
    let mut runs = Vec::new();
    let mut campaigns = Vec::new();
    for file in &a.parts {
        match read_report(file) {
            Ok(Report::Run(r)) => runs.push(Part {
                file: file.clone(),
                report: *r,
            }),
            Ok(Report::Fuzz(r)) => campaigns.push(Part {
                file: file.clone(),
                report: *r,
            }),
            Err(e) => return fail(Exit::Usage, e),
        }
    }
    if !runs.is_empty() && !campaigns.is_empty() {
        let msg = format!(
            "{}: a run's report among fuzz reports: merge the reports of one kind",
            hexodic_io::paths::shown(&runs[0].file)
        );
        return fail(Exit::Usage, msg);
    }
    if !campaigns.is_empty() {
        return merge_fuzz(&a, &campaigns);
    }
    let mut report = match merge_runs(&runs) {
        Ok(m) => m,
        Err(e) => return fail(Exit::Usage, e),
    };
    if let Some(b) = &a.baseline {
        match read_run(b) {
            Ok(b) => {
                report.comparison = Some(compare(&b, &report));
                report.derive();
            }
            Err(e) => return fail(Exit::Usage, e),
        }
    }
    let mut files: Vec<(&PathBuf, String)> = Vec::new();
    if let Some(p) = &a.json {
        files.push((p, report.to_json()));
    }
    if let Some(p) = &a.junit {
        files.push((p, hexodic_printer::junit::junit(&report)));
    }
    if let Some(p) = &a.html {
        files.push((
            p,
            hexodic_html::report::page(&report, &hexodic_html::PageOptions::default()),
        ));
    }
    if a.text || (files.is_empty() && a.markdown.is_none()) {
        let opts = TextOptions {
            verbose: a.verbose,
            styles: super::colour::STYLES,
            ..TextOptions::default()
        };
        out(&text(&report, &opts));
    }
    let mut ok = true;
    for (path, body) in &files {
        ok &= super::write::file(path, body);
    }
    if a.markdown.is_some() {
        ok &= super::write::markdown(
            a.markdown.as_deref(),
            &markdown(&report, &MarkdownOptions::default()),
        );
    }
    ExitCode::from(Exit::of_run(&report).after_writing(ok))
}

/// Merge fuzz reports: the text `fuzz` prints, and `--json`.
fn merge_fuzz(a: &MergeArgs, parts: &[Part<hexodic_report::FuzzReport>]) -> ExitCode {
    if a.junit.is_some() || a.html.is_some() || a.markdown.is_some() || a.baseline.is_some() {
        return fail(
            Exit::Usage,
            "fuzz reports merge into a JSON report and text only (no --junit, --html, --markdown or --baseline)",
        );
    }
    let merged = match merge_campaigns(parts) {
        Ok(m) => m,
        Err(e) => return fail(Exit::Usage, e),
    };
    if a.text || a.json.is_none() {
        out(&fuzz_text(&merged, false, &super::colour::STYLES));
    }
    let ok = a
        .json
        .as_ref()
        .is_none_or(|p| super::write::file(p, &merged.to_json()));
    ExitCode::from(Exit::of_fuzz(&merged).after_writing(ok))
}
