//! Diagnosis against engines that each break one rule (built outside the
//! reference: the testkit's planted bugs and reply faults, the misreporting
//! engines of `hexodic-e2e`): how many root causes each one gets, whether
//! the first names the broken rule, and that the text report fits on one
//! screen. The table of `docs/root-causes.md` is this measurement; the test
//! fails when the page is stale (`HEXODIC_WRITE_DOCS=1` rewrites it).

use crate::common::{assert_no_debug, run_all};
use hexodic_e2e::{Bug, Misreport, MisreportEngine, ModelEngine, ReplyFault};
use hexodic_engine::Engine;
use hexodic_harness::run::Expectations;
use hexodic_printer::junit::junit;
use hexodic_printer::text::{text, TextOptions};
use hexodic_report::RunReport;
use std::path::Path;

/// The longest text report a one-bug engine may give.
const ONE_SCREEN: usize = 80;

/// Most root causes a one-bug engine may get.
const MOST_CAUSES: usize = 2;

/// Least share of one-bug engines with exactly one root cause, in percent.
const ONE_CAUSE_SHARE: usize = 90;

/// Least share of one-bug engines whose first cause names the broken rule,
/// in percent.
const NAMED_SHARE: usize = 95;

/// The page the table is written into, between these two lines.
const PAGE: &str = "../docs/root-causes.md";
const BEGIN: &str = "<!-- table: begin (written by e2e/tests/e2e/root_causes.rs) -->";
const END: &str = "<!-- table: end -->";

/// One one-bug engine: its name, the rule it breaks, how to build it.
struct OneBug {
    name: String,
    kind: &'static str,
    rule: &'static str,
    build: Box<dyn Fn() -> Box<dyn Engine>>,
}

fn engines() -> Vec<OneBug> {
    let mut out = Vec::new();
    for bug in Bug::ALL {
        let bug = *bug;
        out.push(OneBug {
            name: bug.name().to_owned(),
            kind: "planted bug",
            rule: bug.rules()[0],
            build: Box::new(move || Box::new(ModelEngine::new(Some(bug), None))),
        });
    }
    for (fault, rule) in [
        (ReplyFault::DropLegalTurn, "I6"),
        (ReplyFault::FlipVerdict, "E1"),
        (ReplyFault::HalfMoveOffByOne, "G3"),
        (ReplyFault::MisnamedReason, "V2"),
    ] {
        out.push(OneBug {
            name: fault.name().to_owned(),
            kind: "reply fault",
            rule,
            build: Box::new(move || Box::new(ModelEngine::new(None, Some(fault)))),
        });
    }
    for m in Misreport::ALL {
        let m = *m;
        out.push(OneBug {
            name: m.name().to_owned(),
            kind: "misreport",
            rule: m.rule(),
            build: Box::new(move || Box::new(MisreportEngine::new(m))),
        });
    }
    out
}

/// What the report says of one engine.
struct Measured {
    causes: usize,
    first: String,
    named: bool,
}

fn measure(e: &OneBug, report: &RunReport) -> Measured {
    let first = report.root_causes.first().map(|rc| &rc.classification);
    Measured {
        causes: report.root_causes.len(),
        first: first.map_or_else(|| "none".to_owned(), |c| c.rules.join(", ")),
        named: first.is_some_and(|c| c.rules.iter().any(|r| r == e.rule)),
    }
}

/// The text report as `run` prints it (no colour, not verbose).
fn shown(report: &RunReport) -> String {
    text(report, &TextOptions::default())
}

/// The fixture ids of a report, as an expectations file knows them.
fn ids(report: &RunReport) -> Vec<&str> {
    report.results.iter().map(|r| r.id.as_str()).collect()
}

fn percent(n: usize, of: usize) -> usize {
    (n * 100).checked_div(of).unwrap_or(0)
}

fn table(rows: &[(&OneBug, Measured)]) -> String {
    let mut s = String::new();
    s.push_str("| engine | kind | broken rule | root causes | first cause headed by | names the broken rule |\n");
    s.push_str("| --- | --- | --- | --- | --- | --- |\n");
    for (e, m) in rows {
        s.push_str(&format!(
            "| `{}` | {} | {} | {} | {} | {} |\n",
            e.name,
            e.kind,
            e.rule,
            m.causes,
            m.first,
            if m.named { "yes" } else { "**no**" }
        ));
    }
    let n = rows.len();
    let one = rows.iter().filter(|(_, m)| m.causes == 1).count();
    let named = rows.iter().filter(|(_, m)| m.named).count();
    let most = rows.iter().map(|(_, m)| m.causes).max().unwrap_or(0);
    s.push_str(&format!(
        "\n{n} one-bug engines: one root cause for {one} ({}%, target at least {ONE_CAUSE_SHARE}%), \
at most {most} (target at most {MOST_CAUSES}); the first cause names the broken rule for {named} \
({}%, target at least {NAMED_SHARE}%).\n",
        percent(one, n),
        percent(named, n)
    ));
    s
}

/// The page with `table` between the markers; the markers must be there.
fn page_with(page: &str, table: &str) -> String {
    let (head, rest) = page
        .split_once(BEGIN)
        .expect("the page has the begin marker");
    let (_, tail) = rest.split_once(END).expect("the page has the end marker");
    format!("{head}{BEGIN}\n{table}{END}{tail}")
}

#[test]
fn the_clean_model_passes_the_corpus() {
    let report = run_all(&mut ModelEngine::new(None, None));
    assert_eq!(report.summary.failed, 0, "{}", shown(&report));
    assert_eq!(report.summary.passed, report.summary.fixtures);
}

#[test]
fn one_bug_engines_get_one_root_cause_that_names_the_broken_rule() {
    let all = engines();
    let mut rows = Vec::new();
    for e in &all {
        let report = run_all((e.build)().as_mut());
        let shown = shown(&report);
        let lines = shown.lines().count();
        assert!(lines <= ONE_SCREEN, "{}: {lines} lines\n{shown}", e.name);
        assert!(
            report.summary.failed > 0,
            "{}: the corpus does not catch it",
            e.name
        );
        assert_no_debug(&e.name, &shown);
        assert_no_debug(&e.name, &report.to_json());
        assert_no_debug(&e.name, &junit(&report));
        assert_no_debug(
            &e.name,
            &Expectations::default().updated_text(&report, &ids(&report)),
        );
        if report.root_causes.len() > 1 || !measure(e, &report).named {
            for rc in &report.root_causes {
                let c = &rc.classification;
                eprintln!(
                    "{}: {} {} {} | {} | {} fixtures, e.g. {} | implicated {:?}",
                    e.name,
                    c.rules.join(","),
                    c.behaviour.kind(),
                    c.behaviour.key(),
                    c.words,
                    rc.fixtures.len(),
                    rc.example.id,
                    rc.implicated
                );
            }
        }
        rows.push((e, measure(e, &report)));
    }
    let table = table(&rows);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(PAGE);
    let page = std::fs::read_to_string(&path).expect("docs/root-causes.md is readable");
    let fresh = page_with(&page, &table);
    if std::env::var("HEXODIC_WRITE_DOCS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &fresh).expect("docs/root-causes.md is writable");
    } else {
        assert!(
            page == fresh,
            "docs/root-causes.md is stale (`HEXODIC_WRITE_DOCS=1 cargo test -p hexodic-e2e --test e2e root_causes::` rewrites it):\n{table}"
        );
    }
    let n = rows.len();
    let one = rows.iter().filter(|(_, m)| m.causes == 1).count();
    let named = rows.iter().filter(|(_, m)| m.named).count();
    let over: Vec<&str> = rows
        .iter()
        .filter(|(_, m)| m.causes > MOST_CAUSES)
        .map(|(e, _)| e.name.as_str())
        .collect();
    assert!(
        over.is_empty(),
        "more than {MOST_CAUSES} root causes: {over:?}\n{table}"
    );
    assert!(percent(one, n) >= ONE_CAUSE_SHARE, "{table}");
    assert!(percent(named, n) >= NAMED_SHARE, "{table}");
}

/// The one root cause of a misreporting engine, headed by its rule.
fn one_cause_headed_by(m: Misreport) -> RunReport {
    let report = run_all(&mut MisreportEngine::new(m));
    let shown = shown(&report);
    assert_eq!(report.root_causes.len(), 1, "{m}:\n{shown}");
    assert_eq!(
        report.root_causes[0]
            .classification
            .rules
            .first()
            .map(String::as_str),
        Some(m.rule()),
        "{m}:\n{shown}"
    );
    report
}

#[test]
fn a_swapped_winner_is_one_cause_under_every_end_rule_it_shows() {
    let report = one_cause_headed_by(Misreport::SwappedWinner);
    let rc = &report.root_causes[0];
    let words = &rc.classification.words;
    assert!(
        words.contains("names the other player as the winner"),
        "{words}"
    );
    assert!(rc.shown_under.len() > 1, "{:?}", rc.shown_under);
    let shown = shown(&report);
    assert!(shown.contains(&rc.grouping), "{shown}");
}

#[test]
fn a_valid_position_refused_with_a_code_is_headed_by_the_codes_rule() {
    let report = one_cause_headed_by(Misreport::AlreadyStrangled);
    let rc = &report.root_causes[0];
    assert_eq!(rc.classification.rules, ["G4", "V1"], "{}", shown(&report));
}

#[test]
fn a_short_capture_list_on_agreeing_boards_implicates_the_reply() {
    let report = one_cause_headed_by(Misreport::DropsCapturedStone);
    let rc = &report.root_causes[0];
    let implicated = &rc.implicated;
    assert!(implicated.iter().any(|r| r == "C3"), "{implicated:?}");
    assert!(!implicated.iter().any(|r| r == "C2"), "{implicated:?}");
}

#[test]
fn a_dropped_turn_is_named_with_the_engine_playing_it() {
    let report = run_all(&mut ModelEngine::new(None, Some(ReplyFault::DropLegalTurn)));
    let shown = shown(&report);
    assert!(
        shown.contains("the engine plays it but does not list it"),
        "{shown}"
    );
    assert_eq!(report.root_causes.len(), 1, "{shown}");
}
