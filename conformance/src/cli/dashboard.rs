//! `dashboard`: several JSON reports (engines, or builds of one engine) on
//! one page, by rule area and rule.

use super::common::{fail, outln};
use hexodic_conformance::fuzz::json::is_fuzz_report;
use hexodic_conformance::report::dashboard::{build, page, Input};
use hexodic_conformance::report::html::{utc_date, CatalogueUrl, PageOptions};
use hexodic_conformance::report::json::read_report_text;
use hexodic_conformance::report::JsonReport;
use hexodic_conformance::run::Exit;
use hexodic_io::paths;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `dashboard`.
#[derive(clap::Args)]
pub struct DashboardArgs {
    /// The JSON reports to compare (`run --json FILE`), one column each,
    /// in this order; a report of an engine named earlier is compared
    /// with that earlier one.
    #[arg(required = true, value_name = "REPORT.json")]
    reports: Vec<PathBuf>,
    /// The HTML page to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Link rule IDs and fixture names to the catalogue (`catalogue --out
    /// DIR`) at this URL, or at this path relative to the page.
    #[arg(long, value_name = "URL", value_parser = parse_catalogue_url)]
    catalogue_url: Option<CatalogueUrl>,
}

fn parse_catalogue_url(text: &str) -> Result<CatalogueUrl, String> {
    CatalogueUrl::parse(text).map_err(|e| e.to_string())
}

/// Why `file` is refused when it is a fuzz campaign's report (which the
/// run reports' reader would only call a report missing fields).
fn fuzz_report(file: &std::path::Path) -> Option<String> {
    let text = read_report_text(file).ok()?;
    let value: serde_json::Value = serde_json::from_str(&text).ok()?;
    is_fuzz_report(&value).then(|| {
        format!(
            "{}:1:1: a fuzz campaign's report (`fuzz --json`); the dashboard compares the reports of runs (`run --json`)",
            paths::shown(file)
        )
    })
}

/// `dashboard`: 0 when the page is written; 2, with nothing written, when
/// a file is not a run's JSON report of this harness's schema version or
/// the page cannot be written.
pub fn run(a: DashboardArgs) -> ExitCode {
    let mut plan = super::outputs::Plan::default();
    for r in &a.reports {
        plan.input(r);
    }
    plan.output("--out", Some(&a.out));
    if let Err(e) = plan.check() {
        return fail(Exit::Usage, e);
    }
    let mut inputs = Vec::with_capacity(a.reports.len());
    for file in &a.reports {
        if let Some(msg) = fuzz_report(file) {
            return fail(Exit::Usage, msg);
        }
        match JsonReport::read(file) {
            Ok(report) => inputs.push(Input {
                file: file.clone(),
                report,
            }),
            Err(e) => return fail(Exit::Usage, e),
        }
    }
    let d = build(&inputs);
    let opts = PageOptions {
        catalogue: a.catalogue_url,
        date: Some(utc_date(std::time::SystemTime::now())),
    };
    if let Err(e) = std::fs::write(&a.out, page(&d, &opts)) {
        let msg = format!(
            "cannot write {}: {}",
            paths::shown(&a.out),
            paths::io_words(&e)
        );
        return fail(Exit::Usage, msg);
    }
    let lacking = d.columns.iter().filter(|c| !c.missing.is_empty()).count();
    let mut line = format!(
        "dashboard written: {} ({} reports compared on {} fixtures",
        paths::shown(&a.out),
        d.columns.len(),
        d.compared
    );
    if lacking > 0 {
        line.push_str(&format!(
            "; {lacking} of them lack fixtures others ran, named on the page"
        ));
    }
    line.push(')');
    outln(&line);
    ExitCode::SUCCESS
}
