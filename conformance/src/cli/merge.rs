//! `merge`: the JSON reports of the parts of one run (`run --partition
//! K/N`, on one machine or many) as the reports a single run writes; or
//! the JSON reports of `fuzz` runs (the parts of a partitioned campaign,
//! campaigns of other seeds) as one fuzz report.

use super::common::{fail, out};
use hexodic_conformance::fuzz::json::is_fuzz_report;
use hexodic_conformance::fuzz::{merge_fuzz, FuzzJson};
use hexodic_conformance::report::json::read_report_text;
use hexodic_conformance::report::{json, junit, markdown, merge, text, JsonReport, Part};
use hexodic_conformance::run::Exit;
use hexodic_io::paths;
use std::path::{Path, PathBuf};
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
    /// Write the merged run's Markdown summary.
    #[arg(long, value_name = "FILE")]
    markdown: Option<PathBuf>,
    /// Print the text report (the default when no file is asked for).
    #[arg(long)]
    text: bool,
    /// List every fixture, and every failing fixture of each root cause in full.
    #[arg(long, short)]
    verbose: bool,
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| {
        format!(
            "cannot write {}: {}",
            paths::shown(path),
            paths::io_words(&e)
        )
    })
}

/// `merge`: exits as the merged run would (2, with nothing written, when
/// the parts cannot be merged).
pub fn run(a: MergeArgs) -> ExitCode {
    let mut plan = super::outputs::Plan::default();
    for part in &a.parts {
        plan.input(part);
    }
    plan.output("--json", a.json.as_deref())
        .output("--junit", a.junit.as_deref())
        .output("--html", a.html.as_deref())
        .output("--markdown", a.markdown.as_deref());
    if let Err(e) = plan.check() {
        return fail(Exit::Usage, e);
    }
    let texts = match read_all(&a.parts) {
        Ok(t) => t,
        Err(e) => return fail(Exit::Usage, e),
    };
    let fuzz = texts.iter().filter(|(_, _, f)| *f).count();
    if fuzz > 0 {
        if let Some((file, _, _)) = texts.iter().find(|(_, _, f)| !*f) {
            let msg = format!(
                "{}: a run's report among fuzz reports: merge the reports of one kind",
                paths::shown(file)
            );
            return fail(Exit::Usage, msg);
        }
        return merge_fuzz_reports(&a, &texts);
    }
    let mut parts = Vec::with_capacity(a.parts.len());
    for (file, text, _) in &texts {
        match JsonReport::parse(file, text) {
            Ok(report) => parts.push(Part {
                file: file.clone(),
                report,
            }),
            Err(e) => return fail(Exit::Usage, e),
        }
    }
    let merged = match merge(&parts) {
        Ok(m) => m,
        Err(e) => return fail(Exit::Usage, e),
    };
    let report = &merged.run;
    let mut files: Vec<(&PathBuf, String)> = Vec::new();
    if let Some(p) = &a.json {
        files.push((p, json(report, merged.command.as_deref())));
    }
    if let Some(p) = &a.junit {
        files.push((p, junit(report)));
    }
    if let Some(p) = &a.html {
        files.push((p, hexodic_conformance::report::html::report(report)));
    }
    if let Some(p) = &a.markdown {
        let doc = JsonReport::new(report, merged.command.as_deref());
        files.push((p, markdown(&doc)));
    }
    if a.text || files.is_empty() {
        out(&text(report, a.verbose));
    }
    for (path, body) in &files {
        if let Err(e) = write(path, body) {
            return fail(Exit::Usage, e);
        }
    }
    ExitCode::from(report.exit())
}

/// Each file's text and whether it is a fuzz report.
fn read_all(files: &[PathBuf]) -> Result<Vec<(PathBuf, String, bool)>, String> {
    let mut out = Vec::with_capacity(files.len());
    for file in files {
        let text = read_report_text(file).map_err(|e| e.to_string())?;
        let fuzz =
            serde_json::from_str::<serde_json::Value>(&text).is_ok_and(|v| is_fuzz_report(&v));
        out.push((file.clone(), text, fuzz));
    }
    Ok(out)
}

/// Merge fuzz reports: the text `fuzz` prints, and `--json`.
fn merge_fuzz_reports(a: &MergeArgs, texts: &[(PathBuf, String, bool)]) -> ExitCode {
    if a.junit.is_some() || a.html.is_some() || a.markdown.is_some() {
        return fail(
            Exit::Usage,
            "fuzz reports merge into a JSON report and text only (no --junit, --html or --markdown)",
        );
    }
    let mut parts = Vec::with_capacity(texts.len());
    for (file, text, _) in texts {
        match FuzzJson::parse(file, text) {
            Ok(r) => parts.push((file.clone(), r)),
            Err(e) => return fail(Exit::Usage, e),
        }
    }
    let merged = match merge_fuzz(&parts) {
        Ok(m) => m,
        Err(e) => return fail(Exit::Usage, e),
    };
    if a.text || a.json.is_none() {
        out(&merged.text(false));
    }
    if let Some(p) = &a.json {
        if let Err(e) = write(p, &merged.to_json()) {
            return fail(Exit::Usage, e);
        }
    }
    ExitCode::from(merged.exit())
}
