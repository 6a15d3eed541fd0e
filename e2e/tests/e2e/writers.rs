//! One fact, one place: several runs (clean, rule failures, expected,
//! changed and unexpectedly passing fixtures, incidents, an incomplete run,
//! parts merged back) go through every writer of the report model (text,
//! JSON read back, JUnit, GitHub annotations, Markdown, the HTML report, the
//! dashboard, `compare`, the expectations file), and each writer gives the
//! same totals: the ones the model counted once.

use crate::common::{assert_no_debug, fixtures};
use hexodic_e2e::{Bug, ModelEngine};
use hexodic_engine::{Engine, EngineInfo, EngineResult, PlayReply, PositionReply};
use hexodic_harness::corpus::{select, Corpus};
use hexodic_harness::pool::Limits;
use hexodic_harness::run::{run_corpus, Expectations, RunOptions};
use hexodic_html::dashboard::{build, page as dashboard_page, Input};
use hexodic_html::PageOptions;
use hexodic_printer::annotations::{github_annotations, AnnotationPlaces};
use hexodic_printer::markdown::{markdown, MarkdownOptions};
use hexodic_printer::text::{text, Hints, TextOptions};
use hexodic_printer::Styles;
use hexodic_report::{
    compare, merge_runs, parse_report, Expected, Part, Partition, Report, RunReport, Status, Totals,
};
use hexodic_rules::{Echo, Setup, Turn};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// The fixtures the runs use: every area where the planted bugs show.
fn selection() -> Corpus {
    select(&fixtures(), &["end/".to_owned(), "echo/".to_owned()]).unwrap()
}

fn run(engine: &mut dyn Engine, corpus: &Corpus, opts: &RunOptions) -> RunReport {
    run_corpus(
        &mut hexodic_engine::InProcess::new(engine),
        corpus,
        opts,
        &mut |_| {},
    )
    .report
}

/// The model with a planted bug that panics on every Echo-Lock: rule
/// failures and incidents in one run.
struct PanicsOnLock(ModelEngine);

impl Engine for PanicsOnLock {
    fn info(&self) -> EngineInfo {
        self.0.info()
    }
    fn set_position(&mut self, p: &Setup) -> EngineResult<PositionReply> {
        self.0.set_position(p)
    }
    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        if matches!(turn.echo, Some(Echo::Lock(_))) {
            panic!("the lock table overflowed");
        }
        self.0.play(turn)
    }
    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        self.0.legal_turns()
    }
    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        self.0.perft(depth)
    }
    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        self.0.divide(depth)
    }
}

/// An engine that sets the run's stop flag (as an interrupt does) after
/// `after` positions: an incomplete run.
struct StopsAfter {
    inner: ModelEngine,
    seen: Arc<AtomicUsize>,
    after: usize,
    stop: Arc<AtomicBool>,
}

impl Engine for StopsAfter {
    fn info(&self) -> EngineInfo {
        self.inner.info()
    }
    fn set_position(&mut self, p: &Setup) -> EngineResult<PositionReply> {
        if self.seen.fetch_add(1, Ordering::Relaxed) + 1 >= self.after {
            self.stop.store(true, Ordering::Relaxed);
        }
        self.inner.set_position(p)
    }
    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        self.inner.play(turn)
    }
    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        self.inner.legal_turns()
    }
    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        self.inner.perft(depth)
    }
    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        self.inner.divide(depth)
    }
}

/// The runs every writer reads, by name.
fn runs() -> Vec<(&'static str, RunReport)> {
    let corpus = selection();
    let opts = RunOptions::default();
    let clean = run(&mut ModelEngine::new(None, None), &corpus, &opts);
    let bug = Bug::from_name("cap-at-59").unwrap();
    let failing = run(&mut ModelEngine::new(Some(bug), None), &corpus, &opts);

    // Known failures: one listed with its signature (expected), one with
    // another (changed), one passing fixture listed (an unexpected pass).
    let fails: Vec<_> = failing
        .results
        .iter()
        .filter(|r| r.status == Status::Fail)
        .collect();
    assert!(
        fails.len() >= 2,
        "the planted bug fails at least two fixtures"
    );
    let passes = failing
        .results
        .iter()
        .find(|r| r.status == Status::Pass)
        .expect("the planted bug leaves a fixture passing");
    let mut expected = BTreeMap::new();
    expected.insert(
        fails[0].id.clone(),
        Expected {
            reason: "the cap is counted one turn early".into(),
            signature: fails[0].signature(),
        },
    );
    let mut other = fails[1].signature().expect("a failure has a signature");
    other.step += 7;
    expected.insert(
        fails[1].id.clone(),
        Expected {
            reason: "known".into(),
            signature: Some(other),
        },
    );
    expected.insert(
        passes.id.clone(),
        Expected {
            reason: "fixed since".into(),
            signature: None,
        },
    );
    let known_opts = RunOptions {
        expected,
        ..RunOptions::default()
    };
    let known = run(&mut ModelEngine::new(Some(bug), None), &corpus, &known_opts);

    let mut incidents_engine = PanicsOnLock(ModelEngine::new(Some(bug), None));
    let incidents = run(&mut incidents_engine, &corpus, &opts);

    let stop = Arc::new(AtomicBool::new(false));
    let stopping_opts = RunOptions {
        limits: Limits {
            stop: Some(Arc::clone(&stop)),
            ..Limits::default()
        },
        ..RunOptions::default()
    };
    let mut stopping = StopsAfter {
        inner: ModelEngine::new(Some(bug), None),
        seen: Arc::new(AtomicUsize::new(0)),
        after: 200,
        stop,
    };
    let incomplete = run(&mut stopping, &corpus, &stopping_opts);

    // Two parts of the failing run, merged back.
    let parts: Vec<Part<RunReport>> = (1..=2)
        .map(|k| {
            let p = Partition::new(k, 2).unwrap();
            let mut part = selection();
            part.fixtures = p.select(&part.fixtures);
            let mut o = RunOptions::default();
            o.settings.partition = Some(p);
            Part {
                file: PathBuf::from(format!("part-{k}.json")),
                report: run(&mut ModelEngine::new(Some(bug), None), &part, &o),
            }
        })
        .collect();
    let merged = merge_runs(&parts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        merged.summary, failing.summary,
        "the merged parts are the whole run"
    );

    vec![
        ("clean", clean),
        ("rule failures", failing),
        ("known failures", known),
        ("incidents", incidents),
        ("incomplete", incomplete),
        ("merged parts", merged),
    ]
}

/// The numbers of a JUnit report: tests, failures, errors, skipped, over
/// the test suites of fixtures (the `harness` suite apart).
fn junit_counts(xml: &str) -> (usize, usize, usize, usize) {
    let doc = roxmltree::Document::parse(xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    let cases: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase") && n.attribute("classname") != Some("harness"))
        .collect();
    let with = |tag: &str| {
        cases
            .iter()
            .filter(|c| c.children().any(|x| x.has_tag_name(tag)))
            .count()
    };
    (cases.len(), with("failure"), with("error"), with("skipped"))
}

/// The annotations written.
fn annotated(lines: &str) -> usize {
    lines.lines().filter(|l| l.starts_with("::")).count()
}

fn check(name: &str, r: &RunReport) {
    let t: &Totals = &r.summary;
    assert_eq!(
        *t,
        Totals::of(&r.results, r.errors.len(), r.settings.traces),
        "{name}"
    );
    let sentence = t.sentence();

    // Text.
    let opts = TextOptions {
        verbose: false,
        styles: Styles::PLAIN,
        hints: Hints::Command,
    };
    let shown = text(r, &opts);
    assert!(
        shown.contains(&sentence),
        "{name}: the text lacks `{sentence}`:\n{shown}"
    );
    assert_no_debug(name, &shown);

    // JSON, read back.
    let back = match parse_report(std::path::Path::new("report.json"), r.to_json().as_bytes())
        .unwrap_or_else(|e| panic!("{name}: {e}"))
    {
        Report::Run(back) => *back,
        Report::Fuzz(_) => panic!("{name}: read back as a fuzz report"),
    };
    assert_eq!(back.summary, *t, "{name}: JSON");
    assert_eq!(back.root_causes, r.root_causes, "{name}: JSON");
    assert_eq!(back.exit_code, r.exit_code, "{name}: JSON");

    // JUnit.
    let (tests, failures, errors, skipped) = junit_counts(&hexodic_printer::junit::junit(r));
    assert_eq!(tests, t.fixtures, "{name}: JUnit test cases");
    assert_eq!(
        failures,
        t.failed + t.unexpected_passes + t.changed_failures + t.flaky,
        "{name}: JUnit failures"
    );
    assert_eq!(errors, t.incidents, "{name}: JUnit errors");
    assert_eq!(
        skipped,
        t.expected_failures + t.skipped + t.not_run,
        "{name}: JUnit skipped"
    );

    // Annotations: one per fixture that fails the run.
    let notes = github_annotations(r, &AnnotationPlaces { expectations: None });
    assert_eq!(
        annotated(&notes),
        t.failed + t.unexpected_passes + t.changed_failures + t.flaky + t.incidents + t.errors,
        "{name}: annotations\n{notes}"
    );

    // Markdown.
    let md = markdown(r, &MarkdownOptions::default());
    let escaped = hexodic_io::escape::markdown(&sentence);
    assert!(
        md.contains(&escaped),
        "{name}: the Markdown lacks `{escaped}`:\n{md}"
    );

    // The HTML report and the dashboard.
    let html = hexodic_html::report::page(r, &PageOptions::default());
    assert!(
        html.contains(&sentence),
        "{name}: the HTML report lacks `{sentence}`"
    );
    let board = build(&[Input {
        label: name.to_owned(),
        file: PathBuf::from(format!("{name}.json")),
        report: r.clone(),
    }]);
    let dash = dashboard_page(&board, &PageOptions::default());
    assert!(
        dash.contains(&sentence),
        "{name}: the dashboard lacks `{sentence}`"
    );

    // compare: a report against itself changes nothing and counts as the
    // model does.
    let c = compare(r, r);
    assert_eq!(
        c.shared_fixtures,
        t.fixtures - t.not_run,
        "{name}: compared fixtures"
    );
    assert!(!c.regressed(), "{name}: a report against itself");
    assert_eq!(
        c.still_failing.len(),
        r.results
            .iter()
            .filter(|x| x.failure.is_some() && x.status != Status::Incident)
            .count(),
        "{name}: still failing"
    );

    // The expectations file written from the run lists every failure.
    let ids: Vec<&str> = r.results.iter().map(|x| x.id.as_str()).collect();
    let written = Expectations::default().updated_text(r, &ids);
    let listed = written
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .count();
    assert_eq!(
        listed,
        t.failed + t.expected_failures + t.changed_failures,
        "{name}: expectations entries\n{written}"
    );
}

#[test]
fn every_writer_gives_the_models_totals() {
    let runs = runs();
    let by: BTreeMap<&str, &RunReport> = runs.iter().map(|(n, r)| (*n, r)).collect();
    // Each run is the kind it is meant to be.
    assert_eq!(by["clean"].summary.passed, by["clean"].summary.fixtures);
    assert!(by["rule failures"].summary.failed > 0);
    let k = &by["known failures"].summary;
    assert_eq!(
        (k.expected_failures, k.changed_failures, k.unexpected_passes),
        (1, 1, 1),
        "{k:?}"
    );
    assert!(by["incidents"].summary.incidents > 0);
    assert!(by["incomplete"].summary.not_run > 0);
    assert!(!by["incomplete"].complete());
    for (name, r) in &runs {
        check(name, r);
    }
}
