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
    /// Where each report's HTML page is (`run --html FILE`), in the order
    /// given, as a URL or a path relative to the page, to link each column
    /// to its build's report (default: the HTML file beside each JSON
    /// report with its name, when there is one).
    #[arg(long, value_name = "URL", value_parser = parse_report_url)]
    report_url: Vec<String>,
}

fn parse_report_url(text: &str) -> Result<String, String> {
    hexodic_html::check_link(text)
        .map(|()| text.to_owned())
        .map_err(|e| e.to_string())
}

/// The HTML report beside `json` (the same name, `.html`), as a path
/// relative to the folder of the page `out`, when there is one.
fn sibling_report(json: &std::path::Path, out: &std::path::Path) -> Option<String> {
    let html = json.with_extension("html");
    if !html.is_file() {
        return None;
    }
    let html = std::fs::canonicalize(html).ok()?;
    let out_dir = match out.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(dir) => std::fs::canonicalize(dir).ok()?,
        None => std::env::current_dir().ok()?,
    };
    let (mut to, mut from) = (
        html.components().peekable(),
        out_dir.components().peekable(),
    );
    while let (Some(a), Some(b)) = (to.peek(), from.peek()) {
        if a != b {
            break;
        }
        to.next();
        from.next();
    }
    let mut parts: Vec<String> = from.map(|_| "..".to_owned()).collect();
    for c in to {
        parts.push(c.as_os_str().to_str()?.to_owned());
    }
    let link = parts.join("/");
    hexodic_html::check_link(&link).ok()?;
    Some(link)
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
    if !a.report_url.is_empty() && a.report_url.len() != a.reports.len() {
        return fail(
            Exit::Usage,
            format!(
                "{} given for {}: give one --report-url per report, or none",
                hexodic_report::count(a.report_url.len(), "--report-url", "--report-urls"),
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
    let links: Vec<Option<String>> = a
        .reports
        .iter()
        .enumerate()
        .map(|(i, file)| {
            a.report_url
                .get(i)
                .cloned()
                .or_else(|| sibling_report(file, &a.out))
        })
        .collect();
    let d = build(&inputs).with_report_links(links);
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
