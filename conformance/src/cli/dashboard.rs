//! `dashboard`: several JSON reports (engines, or builds of one engine) on
//! one page, by rule area and rule.

use super::common::{fail, outln};
use hexodic_html::dashboard::{build, page, Input};
use hexodic_html::{utc_date, CatalogueUrl, PageOptions};
use hexodic_io::paths;
use hexodic_report::{read_report, Exit, Report};
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
    /// A label per report, in the order given, to tell builds of one engine
    /// apart (default: each file's name without its extension).
    #[arg(long, value_name = "LABEL")]
    label: Vec<String>,
}

fn parse_catalogue_url(text: &str) -> Result<CatalogueUrl, String> {
    CatalogueUrl::parse(text).map_err(|e| e.to_string())
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
    if !a.label.is_empty() && a.label.len() != a.reports.len() {
        return fail(
            Exit::Usage,
            format!(
                "{} given for {}: give one --label per report, or none",
                hexodic_report::count(a.label.len(), "--label", "--labels"),
                hexodic_report::count(a.reports.len(), "report", "reports")
            ),
        );
    }
    let mut inputs = Vec::with_capacity(a.reports.len());
    for (i, file) in a.reports.iter().enumerate() {
        let report = match read_report(file) {
            Ok(Report::Run(r)) => *r,
            Ok(Report::Fuzz(_)) => {
                let msg = format!(
                    "{}:1:1: a fuzz campaign's report (`fuzz --json`); the dashboard compares the reports of runs (`run --json`)",
                    paths::shown(file)
                );
                return fail(Exit::Usage, msg);
            }
            Err(e) => return fail(Exit::Usage, e),
        };
        let label = a.label.get(i).cloned().unwrap_or_else(|| {
            file.file_stem()
                .map_or_else(|| paths::shown(file), |s| s.to_string_lossy().into_owned())
        });
        inputs.push(Input {
            label,
            file: file.clone(),
            report,
        });
    }
    let d = build(&inputs);
    let opts = PageOptions {
        catalogue: a.catalogue_url,
        date: Some(utc_date(std::time::SystemTime::now())),
    };
    if !super::write::file(&a.out, &page(&d, &opts)) {
        return ExitCode::from(Exit::Usage);
    }
    outln(&format!(
        "dashboard written: {} ({} compared)",
        paths::shown(&a.out),
        hexodic_report::count(inputs.len(), "report", "reports")
    ));
    ExitCode::SUCCESS
}
