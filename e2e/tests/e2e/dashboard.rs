//! `dashboard` end to end: the JSON reports of a clean engine and of two
//! engines with one planted bug each, on one page whose numbers equal the
//! reports' own; two builds of one engine with the "changed" column;
//! reports of different corpus versions compared on their shared fixtures;
//! files that are not run reports refused (exit 2, nothing written).

use crate::common::{harness_in, run_all, run_report, text};
use hexodic_e2e::{Bug, ModelEngine};
use hexodic_report::{EngineReport, FuzzReport, RunReport, Status};
use std::collections::BTreeMap;
use std::path::Path;

/// The report of the whole corpus against the model with `bug`.
fn run_of(bug: Option<Bug>) -> RunReport {
    run_all(&mut ModelEngine::new(bug, None))
}

/// The JSON report of the whole corpus against the model with `bug`.
fn report_of(bug: Option<Bug>) -> String {
    run_of(bug).to_json()
}

/// `clean.json`, `cap.json` (G7) and `edge.json` (C2) in `dir`.
fn three_reports(dir: &Path) {
    std::fs::write(dir.join("clean.json"), report_of(None)).unwrap();
    std::fs::write(dir.join("cap.json"), report_of(Some(Bug::CapAt59))).unwrap();
    std::fs::write(dir.join("edge.json"), report_of(Some(Bug::EdgeCountsTier))).unwrap();
}

fn read(dir: &Path, name: &str) -> RunReport {
    run_report(&dir.join(name))
}

/// The markup of the row whose first cell is `head`.
fn row_markup<'a>(page: &'a str, head: &str) -> &'a str {
    page.split("<tr")
        .skip(1)
        .find(|r| {
            let first = r.split("</t").next().unwrap_or("");
            first.ends_with(&format!(">{head}")) || first.ends_with(&format!(">{head}</a>"))
        })
        .unwrap_or_else(|| panic!("no row {head}"))
}

/// The markup of every cell of the row whose first cell is `head`, from
/// its third cell on (after the rule and its title; an area or the total
/// row spans those two).
fn row_cells<'a>(page: &'a str, head: &str) -> Vec<&'a str> {
    let found = row_markup(page, head);
    let cells: Vec<&str> = found.split("<t").skip(1).collect();
    let skip = if found.contains("colspan") { 1 } else { 2 };
    cells[skip..].to_vec()
}

/// The text of every cell of the row whose first cell is `head`, from its
/// third cell on (after the rule and its title; an area or the total row
/// spans those two).
fn row(page: &str, head: &str) -> Vec<String> {
    row_cells(page, head)
        .into_iter()
        .map(|c| {
            // The cell's text, its tags dropped.
            let inner = &c[c.find('>').unwrap() + 1..];
            let mut out = String::new();
            let mut in_tag = false;
            for ch in inner.split("</t").next().unwrap().chars() {
                match ch {
                    '<' => in_tag = true,
                    '>' => in_tag = false,
                    c if !in_tag => out.push(c),
                    _ => {}
                }
            }
            out
        })
        .collect()
}

/// Passing and total fixtures of `r` citing `rule`, counted from its results.
fn tally(r: &RunReport, rule: &str) -> String {
    let citing: Vec<_> = r
        .results
        .iter()
        .filter(|x| x.rules.iter().any(|c| c == rule))
        .collect();
    let pass = citing
        .iter()
        .filter(|x| matches!(x.status, Status::Pass | Status::UnexpectedPass))
        .count();
    format!("{pass}/{}", citing.len())
}

#[test]
fn a_dashboard_of_three_reports_has_the_reports_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    three_reports(d);
    let o = harness_in(
        d,
        &[
            "dashboard",
            "clean.json",
            "cap.json",
            "edge.json",
            "--out",
            "dash.html",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        text(&o).contains("dashboard written: dash.html (3 reports compared)"),
        "{}",
        text(&o)
    );
    let page = std::fs::read_to_string(d.join("dash.html")).unwrap();
    let reports = [
        read(d, "clean.json"),
        read(d, "cap.json"),
        read(d, "edge.json"),
    ];
    // The total row is each report's summary: passing of those run
    // (`passed` counts the unexpected passes too).
    let total = row(&page, "Every fixture compared");
    let want: Vec<String> = reports
        .iter()
        .map(|r| format!("{}/{}", r.summary.passed, r.summary.run))
        .collect();
    assert_eq!(total, want);
    assert!(reports[1].summary.failed > 0 && reports[2].summary.failed > 0);
    // Every rule's cells are the counts of its citing fixtures.
    let mut rules: BTreeMap<&str, ()> = BTreeMap::new();
    for x in &reports[0].results {
        for r in &x.rules {
            rules.insert(r, ());
        }
    }
    assert!(rules.len() > 30);
    for rule in rules.keys() {
        let want: Vec<String> = reports.iter().map(|r| tally(r, rule)).collect();
        assert_eq!(row(&page, rule), want, "rule {rule}");
    }
    // The broken rules are among the failing cells, each linked into the
    // report's list of fixtures that do not pass, which names every failing
    // fixture citing the rule.
    for (col, rule) in [(2, "G7"), (3, "C2")] {
        let cell = row_cells(&page, rule)[col - 1];
        let anchor = cell
            .split("href=\"#")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .unwrap_or_else(|| panic!("the {rule} cell of report {col} links nowhere: {cell}"));
        let list_start = page
            .find(&format!("id=\"c{col}\""))
            .unwrap_or_else(|| panic!("no list of report {col}"));
        let list = &page[list_start..];
        let list = &list[..list[1..].find("<h3").map_or(list.len(), |end| end + 1)];
        assert!(
            list.contains(&format!("id=\"{anchor}\"")),
            "the {rule} cell of report {col} links to #{anchor}, not into its list"
        );
        let r = &reports[col - 1];
        for x in r.results.iter().filter(|x| x.status == Status::Fail) {
            if x.rules.iter().any(|c| c == rule) {
                assert!(list.contains(&x.id), "{} missing under {rule}", x.id);
            }
        }
    }
    // No "changed" column: three different engines.
    assert!(!page.contains("id=\"changes\""));
}

#[test]
fn two_builds_of_one_engine_get_a_changed_column() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("old.json"), report_of(None)).unwrap();
    // The later build of the same engine ("model") broke the cap.
    let mut new = run_of(Some(Bug::CapAt59));
    new.engine.name = "model".into();
    std::fs::write(d.join("new.json"), new.to_json()).unwrap();
    let o = harness_in(d, &["dashboard", "old.json", "new.json", "--out", "d.html"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let page = std::fs::read_to_string(d.join("d.html")).unwrap();
    assert!(page.contains("id=\"changes\""));
    // The compare command's view of the same two reports.
    let o = harness_in(d, &["compare", "old.json", "new.json"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let newly = new
        .results
        .iter()
        .filter(|x| x.status == Status::Fail)
        .count();
    assert!(
        text(&o).contains(&format!("{newly} newly failing")),
        "{}",
        text(&o)
    );
    let total = row(&page, "Every fixture compared");
    assert_eq!(total.len(), 3, "{total:?}");
    assert_eq!(total[2], format!("{newly} broke"));
    assert!(page.contains(&format!("{newly} newly failing, 0 fixed")));
}

#[test]
fn reports_of_other_corpus_versions_are_compared_on_shared_fixtures() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let clean = run_of(None);
    std::fs::write(d.join("a.json"), clean.to_json()).unwrap();
    let mut other = clean.clone();
    other.corpus.version = "another-version".into();
    let gone: Vec<String> = other.results.drain(..3).map(|x| x.id).collect();
    // The totals, the tallies and the root causes of the results kept.
    other.derive();
    std::fs::write(d.join("b.json"), other.to_json()).unwrap();
    let o = harness_in(d, &["dashboard", "a.json", "b.json", "--out", "d.html"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let n = other.results.len();
    let page = std::fs::read_to_string(d.join("d.html")).unwrap();
    assert!(
        page.contains(&format!("2 reports compared on {n} fixtures")),
        "{}",
        text(&o)
    );
    assert!(page.contains("different corpus versions"));
    assert!(page.contains("lacks 3 fixtures"));
    for id in &gone {
        assert!(page.contains(id.as_str()), "{id} not named");
    }
    // Two reports of one engine: nothing changed on the shared fixtures.
    assert_eq!(
        row(&page, "Every fixture compared"),
        [format!("{n}/{n}"), format!("{n}/{n}"), "–".to_owned()]
    );
}

#[test]
fn files_that_are_not_run_reports_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let clean = report_of(None);
    std::fs::write(d.join("ok.json"), &clean).unwrap();
    std::fs::write(d.join("page.html"), "<!DOCTYPE html>\n<html></html>\n").unwrap();
    let now = format!("\"schema_version\": {}", hexodic_report::SCHEMA_VERSION);
    assert!(clean.contains(&now), "{clean}");
    std::fs::write(
        d.join("v9.json"),
        clean.replace(&now, "\"schema_version\": 9"),
    )
    .unwrap();
    // A whole fuzz campaign's report, of this schema version.
    let engine = EngineReport {
        name: "model".into(),
        version: "1".into(),
        command: None,
        capabilities: Vec::new(),
        warnings: Vec::new(),
        unusable: None,
    };
    std::fs::write(
        d.join("fuzz.json"),
        FuzzReport::new(engine, Vec::new()).to_json(),
    )
    .unwrap();
    for (file, words) in [
        (
            "page.html",
            "page.html:1:1: this is an XML or HTML file, not a JSON report",
        ),
        ("v9.json", "a report of schema_version 9"),
        ("missing.json", "missing.json"),
        ("fuzz.json", "fuzz.json:1:1: a fuzz campaign's report"),
    ] {
        let o = harness_in(d, &["dashboard", "ok.json", file, "--out", "d.html"]);
        assert_eq!(o.status.code(), Some(2), "{file}: {}", text(&o));
        assert!(text(&o).contains(words), "{file}: {}", text(&o));
        assert!(text(&o).contains(file), "{file}: {}", text(&o));
        assert!(!d.join("d.html").exists(), "{file}: a page was written");
    }
    // The schema version's place in the file.
    let o = harness_in(d, &["dashboard", "v9.json", "--out", "d.html"]);
    let line = clean
        .lines()
        .position(|l| l.contains("\"schema_version\""))
        .unwrap()
        + 1;
    assert!(
        text(&o).contains(&format!("v9.json:{line}:")),
        "{}",
        text(&o)
    );
    // The output may not be one of the reports.
    let o = harness_in(d, &["dashboard", "ok.json", "--out", "ok.json"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert_eq!(std::fs::read_to_string(d.join("ok.json")).unwrap(), clean);
}

#[test]
fn engines_agreeing_against_the_reference_are_flagged_and_columns_link_to_reports() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Two engines (not two builds of one) with the same bug: they agree
    // with each other where they differ from the reference.
    let a = run_of(Some(Bug::CapAt59));
    let mut b = a.clone();
    b.engine.name = "another-engine".into();
    std::fs::write(d.join("a.json"), a.to_json()).unwrap();
    std::fs::write(d.join("b.json"), b.to_json()).unwrap();
    std::fs::write(d.join("clean.json"), report_of(None)).unwrap();
    // a's HTML report beside its JSON; b's given by URL.
    std::fs::write(d.join("a.html"), "<!DOCTYPE html>\n<title>a</title>\n").unwrap();
    let o = harness_in(
        d,
        &[
            "dashboard",
            "a.json",
            "b.json",
            "clean.json",
            "--report-url",
            "https://ci.example.org/a.html",
            "--report-url",
            "https://ci.example.org/b.html",
            "--report-url",
            "runs/clean.html",
            "--out",
            "d.html",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let page = std::fs::read_to_string(d.join("d.html")).unwrap();
    for link in [
        "https://ci.example.org/a.html",
        "https://ci.example.org/b.html",
        "runs/clean.html",
    ] {
        assert!(
            page.contains(&format!("href=\"{link}\"")),
            "no link to {link}"
        );
    }
    let failing: Vec<&str> = a
        .results
        .iter()
        .filter(|x| x.status == Status::Fail)
        .map(|x| x.id.as_str())
        .collect();
    assert!(!failing.is_empty());
    let section = &page[page.find("id=\"disputes\"").expect("no disputes")..];
    let section = &section[..section.find("</section>").unwrap()];
    assert_eq!(section.matches("<li").count(), failing.len(), "{section}");
    for id in &failing {
        assert!(section.contains(id), "{id} not flagged");
        // Each failing fixture listed once in each failing column.
        for col in [1, 2] {
            let anchor = format!("id=\"c{col}-fx-{}\"", id.replace('/', "-"));
            assert_eq!(page.matches(&anchor).count(), 1, "{anchor}");
        }
    }
    assert_eq!(
        page.matches("possible dispute</a>").count(),
        2 * failing.len()
    );
    // Without --report-url: the HTML report beside a JSON report.
    let o = harness_in(d, &["dashboard", "a.json", "b.json", "--out", "e.html"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let page = std::fs::read_to_string(d.join("e.html")).unwrap();
    assert!(page.contains("href=\"a.html\""));
    assert!(!page.contains("href=\"b.html\""));
    // A cell shows a symbol beside its colour: the style gives each status
    // class one.
    for class in ["status-pass", "status-fail", "status-warn"] {
        assert!(
            page.contains(&format!("table.dashboard .{class}::before {{ content: ")),
            "{class}"
        );
    }
    // One --report-url per report, or none.
    let o = harness_in(
        d,
        &[
            "dashboard",
            "a.json",
            "b.json",
            "--report-url",
            "x.html",
            "--out",
            "f.html",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("give one --report-url per report"),
        "{}",
        text(&o)
    );
}
