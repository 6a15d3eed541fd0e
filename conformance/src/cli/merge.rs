//! `merge`: the JSON reports of the parts of one run (`run --partition
//! K/N`, on one machine or many) as the reports a single run writes.

use super::common::{fail, out};
use hexodic_conformance::paths;
use hexodic_conformance::report::{json, junit, merge, text, JsonReport, Part};
use hexodic_conformance::run::Exit;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `merge`.
#[derive(clap::Args)]
pub struct MergeArgs {
    /// The JSON reports of the parts (`run --partition K/N --json FILE`).
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
        .output("--html", a.html.as_deref());
    if let Err(e) = plan.check() {
        return fail(Exit::Usage, e);
    }
    let mut parts = Vec::with_capacity(a.parts.len());
    for file in &a.parts {
        match JsonReport::read(file) {
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
