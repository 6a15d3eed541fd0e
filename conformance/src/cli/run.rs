//! `run`: the corpus against an engine, with every report.

use super::common::{fail, interrupt_flag, out, EngineArgs, Opened};
use super::root::find_root;
use hexodic_conformance::corpus::{select, Corpus, SelectError};
use hexodic_conformance::engine::{Incident, IncidentKind, RequestStats};
use hexodic_conformance::report::html::{report_with, utc_date, CatalogueUrl, PageOptions};
use hexodic_conformance::report::{
    compare, comparison_text, github_annotations, junit, markdown, text, AnnotationPlaces,
    Comparison, Expectations, JsonReport,
};
use hexodic_conformance::run::{
    corpus_version, default_jobs, run_corpus_parallel, Exit, Partition, Progress, RunOptions,
    RunReport, Stopped,
};
use hexodic_io::paths;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Arguments of `run`.
#[derive(clap::Args)]
pub struct RunArgs {
    /// Fixture files or folders, or parts of fixture ids (default: the whole corpus).
    targets: Vec<String>,
    /// The fixtures folder (default: the one the targets are in, else
    /// `fixtures/` here or above).
    #[arg(long, value_name = "DIR")]
    fixtures: Option<PathBuf>,
    /// Run only the fixtures whose `rules:` cite this rule ID (repeatable;
    /// an area letter such as `C` selects all its rules).
    #[arg(long = "rule", value_name = "ID")]
    rule: Vec<String>,
    /// Print the selected fixture ids and their variants, without running.
    #[arg(long)]
    list: bool,
    /// Stop at the first fixture that fails the run (a failure the
    /// expectations file does not list, a changed failure, an unexpected
    /// pass or an incident); the reports are still written.
    #[arg(long)]
    fail_fast: bool,
    #[command(flatten)]
    engine: EngineArgs,
    /// Do not compare with the golden traces beside the fixtures.
    #[arg(long)]
    no_traces: bool,
    /// List every fixture, and every failing fixture of each root cause in full.
    #[arg(long, short)]
    verbose: bool,
    /// Run only this variant, for example `r2ms` (`r0`..`r5`, then `m`, then `s`).
    #[arg(long)]
    variant: Option<hexodic_rules::symmetry::Symmetry>,
    /// Expectations file: fixtures this engine is known to fail, each with a
    /// reason. A listed fixture that passes is an unexpected pass and fails the run.
    #[arg(long, value_name = "FILE")]
    expectations: Option<PathBuf>,
    /// Write the current failures to the expectations file (keeping known reasons).
    #[arg(long, requires = "expectations")]
    update_expectations: bool,
    /// Write a JUnit XML report.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Write a JSON report.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// The JSON report of a previous build (`run --json`): the comparison is
    /// printed after the summary and written in the JSON and Markdown
    /// reports, and rule failures fail the run only when a fixture newly
    /// fails or fails differently.
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Write a short Markdown summary (also appended to
    /// `$GITHUB_STEP_SUMMARY` when it is set).
    #[arg(long, value_name = "FILE")]
    markdown: Option<PathBuf>,
    /// Write an HTML report (one self-contained page with the boards drawn).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Link the HTML report's rule IDs and fixture names to this catalogue
    /// (`catalogue --out DIR`): an http://, https:// or file:// URL, or a
    /// path relative to the report's folder.
    #[arg(long, value_name = "URL", requires = "html", value_parser = parse_catalogue_url)]
    catalogue_url: Option<CatalogueUrl>,
    /// Run this many engine processes at once, each fixture on one of them
    /// (default: the number of cores). The reports are the same as with 1.
    #[arg(long, value_name = "N", value_parser = super::common::parse_jobs)]
    jobs: Option<usize>,
    /// Run only part K of N of the selected fixtures (`2/3`): the fixtures
    /// in id order dealt round-robin to N parts, so N runs share a corpus.
    #[arg(long, value_name = "K/N")]
    partition: Option<Partition>,
    /// Write each failing fixture's exchange with the engine into this
    /// folder: `<id>.in` (the requests, to replay with `engine < <id>.in`),
    /// `<id>.got` (its replies) and `<id>.expected` (the reference's).
    #[arg(long, value_name = "DIR")]
    transcript: Option<PathBuf>,
}

fn parse_catalogue_url(text: &str) -> Result<CatalogueUrl, String> {
    CatalogueUrl::parse(text).map_err(|e| e.to_string())
}

fn progress_bar() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new(0);
    if let Ok(style) = ProgressStyle::with_template("{pos}/{len} fixtures {msg} [{elapsed}]") {
        b.set_style(style);
    }
    b
}

/// The first note on slow requests of any engine process of the run.
fn slow_note(stats: &Mutex<Vec<Arc<Mutex<RequestStats>>>>) -> Option<String> {
    let all = stats.lock().ok()?;
    all.iter().find_map(|st| st.lock().ok()?.slow_note())
}

fn write(path: &Path, text: &str) -> bool {
    match std::fs::write(path, text) {
        Ok(()) => true,
        Err(e) => {
            eprintln!(
                "error: cannot write {}: {}",
                paths::shown(path),
                hexodic_conformance::corpus::io_words(&e)
            );
            false
        }
    }
}

fn write_reports(a: &RunArgs, report: &RunReport, comparison: Option<&Comparison>) -> bool {
    let mut ok = true;
    if let Some(p) = &a.junit {
        ok &= write(p, &junit(report));
    }
    let mut doc = JsonReport::new(report, a.engine.engine.as_deref());
    doc.comparison = comparison.cloned();
    if let Some(p) = &a.json {
        ok &= write(p, &doc.to_json());
    }
    if let Some(p) = &a.markdown {
        ok &= super::compare::write_markdown(p, &markdown(&doc));
    }
    if let Some(p) = &a.html {
        let opts = PageOptions {
            catalogue: a.catalogue_url.clone(),
            date: Some(utc_date(std::time::SystemTime::now())),
        };
        ok &= write(p, &report_with(report, &opts));
    }
    ok
}

/// The corpus the targets select and the expectations file, or the exit.
fn prepare(a: &RunArgs) -> Result<(Corpus, Expectations), ExitCode> {
    let root = find_root(a.fixtures.as_deref(), &a.targets).map_err(|e| fail(Exit::Usage, e))?;
    let mut corpus = select(&root, &a.targets).map_err(|e| match &e {
        SelectError::NoMatch(t) => match super::selection::rule_hint(t) {
            Some(hint) => fail(Exit::Usage, format!("{e}; {hint}")),
            None => fail(Exit::Usage, e),
        },
        _ => fail(Exit::Usage, e),
    })?;
    if !a.rule.is_empty() {
        let rules = super::selection::rules(&a.rule).map_err(|e| fail(Exit::Usage, e))?;
        super::selection::keep_citing(&mut corpus, &rules);
    }
    let mut expected = Expectations::default();
    if let Some(path) = &a.expectations {
        if path.is_file() {
            expected = Expectations::load(path).map_err(|e| fail(Exit::Usage, e))?;
            let unpinned = expected.unpinned();
            if unpinned > 0 && !a.update_expectations {
                let (n, pins) = if unpinned == 1 {
                    ("1 entry".to_owned(), "pins")
                } else {
                    (format!("{unpinned} entries"), "pin")
                };
                eprintln!(
                    "notice: {n} of {} {pins} no failure signature, so any failure counts as expected; `--update-expectations` records the signatures (and keeps the reasons)",
                    paths::shown(path)
                );
            }
        } else if !a.update_expectations {
            let msg = format!("no expectations file {}", paths::shown(path));
            return Err(fail(Exit::Usage, msg));
        }
    }
    Ok((corpus, expected))
}

/// Run the corpus on `jobs` engines (the one opened and more like it) with
/// a progress line on a terminal and a warning the first time an engine is
/// slow.
fn run_with_progress(
    a: &RunArgs,
    t0: Instant,
    jobs: usize,
    opened: Opened,
    corpus: &Corpus,
    opts: &RunOptions,
) -> RunReport {
    let bar = progress_bar();
    bar.set_length(corpus.fixtures.len() as u64);
    let engines = super::engines::Engines::new(&a.engine, t0, jobs, opened);
    let make_engine = || engines.make();
    let stats = &engines.stats;
    let mut warned_slow = false;
    let mut progress = |p: &Progress| {
        bar.set_position(p.done as u64);
        bar.set_message(format!("{} failing", p.failures));
        if !warned_slow {
            if let Some(n) = slow_note(stats) {
                bar.suspend(|| eprintln!("warning: the engine is slow: {n}"));
                warned_slow = true;
            }
        }
    };
    let report = run_corpus_parallel(&make_engine, corpus, opts, jobs, &mut progress)
        .unwrap_or_else(|i| {
            let command = a.engine.engine.as_deref().unwrap_or("");
            RunReport::unusable(corpus, command, i)
        });
    bar.finish_and_clear();
    report
}

/// Rewrite the expectations file from the run; every failure is then
/// expected, so only other problems fail the run.
fn update_expectations(path: &Path, expected: &Expectations, report: &RunReport) -> ExitCode {
    let next = expected.updated(report);
    if !write(path, &next.to_yaml()) {
        return ExitCode::from(Exit::Usage);
    }
    super::common::outln(&format!(
        "expectations written: {} ({} expected failures)",
        paths::shown(path),
        next.expected_failures.len()
    ));
    match report.exit() {
        Exit::Differs => ExitCode::SUCCESS,
        code => ExitCode::from(code),
    }
}

/// The files `run` reads and writes: no report may replace an input or
/// another report.
fn plan(a: &RunArgs, root: &Path) -> super::outputs::Plan {
    let mut plan = super::outputs::Plan::default();
    plan.corpus(root);
    for input in [&a.expectations, &a.baseline].into_iter().flatten() {
        plan.input(input);
    }
    plan.output("--junit", a.junit.as_deref())
        .output("--json", a.json.as_deref())
        .output("--markdown", a.markdown.as_deref())
        .output("--html", a.html.as_deref())
        .folder("--transcript", a.transcript.as_deref());
    plan
}

/// `run`.
pub fn run(a: RunArgs) -> ExitCode {
    let t0 = Instant::now();
    let (mut corpus, expected) = match prepare(&a) {
        Ok(p) => p,
        Err(code) => return code,
    };
    if let Err(e) = plan(&a, &corpus.root).check() {
        return fail(Exit::Usage, e);
    }
    let baseline = match a.baseline.as_deref().map(super::compare::read_report) {
        Some(Err(code)) => return code,
        Some(Ok(b)) => Some(b),
        None => None,
    };
    // Every part of a partitioned run names the version of the whole.
    let version = corpus_version(&corpus);
    if let Some(p) = a.partition {
        corpus.fixtures = p.select(&corpus.fixtures);
    }
    let mark = |report: &mut RunReport| {
        report.partition = a.partition;
        report.corpus_version = version.clone();
        report.rerun.engine = a.engine.engine.clone();
    };
    if a.list {
        out(&super::selection::list(&corpus.fixtures, a.variant));
        return ExitCode::SUCCESS;
    }
    if let Some(dir) = &a.transcript {
        if let Err(e) = hexodic_conformance::report::transcript::prepare_folder(dir) {
            return fail(Exit::Usage, e);
        }
    }
    // As many engines as run at once: never more than the fixtures.
    let jobs = a
        .jobs
        .unwrap_or_else(default_jobs)
        .clamp(1, corpus.fixtures.len().max(1));
    let opened = match a.engine.open(t0, jobs) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {}", e.message);
            let command = a.engine.engine.as_deref().unwrap_or("");
            // A command line that cannot be used: the engine was never started.
            let incident = e.incident.map_or_else(
                || {
                    Incident::new(IncidentKind::Spawn {
                        reason: e.message.clone(),
                    })
                },
                |i| *i,
            );
            let code = e.code;
            let mut report = RunReport::unusable(&corpus, command, incident);
            let stopped = match code {
                Exit::Incomplete => Some(Stopped::TimeLimit),
                Exit::Interrupted => Some(Stopped::Interrupted),
                _ => None,
            };
            if stopped.is_some() {
                report.stopped = stopped;
                report.unusable = None;
            }
            mark(&mut report);
            write_reports(&a, &report, None);
            return ExitCode::from(code);
        }
    };
    for w in &opened.warnings {
        eprintln!("warning: {}", hexodic_conformance::report::text::visible(w));
    }
    let opts = RunOptions {
        variant: a.variant,
        traces: !a.no_traces,
        expected: expected.expected_failures.clone(),
        deadline: a.engine.deadline(t0),
        stop: Some(interrupt_flag()),
        transcripts: a.transcript.is_some(),
        fail_fast: a.fail_fast,
    };
    let mut report = run_with_progress(&a, t0, jobs, opened, &corpus, &opts);
    mark(&mut report);
    out(&text(&report, a.verbose));
    let command = a.engine.engine.as_deref();
    let comparison = baseline.map(|b| compare(&b, &JsonReport::new(&report, command)));
    if let Some(c) = &comparison {
        out(&comparison_text(c));
    }
    if std::env::var("GITHUB_ACTIONS").is_ok_and(|v| v == "true") {
        let listed = a
            .expectations
            .as_deref()
            .and_then(|p| Some((p, std::fs::read_to_string(p).ok()?)));
        let places = AnnotationPlaces {
            command,
            expectations: listed.as_ref().map(|(p, t)| (*p, t.as_str())),
        };
        out(&github_annotations(&report, &places));
    }
    let written = write_reports(&a, &report, comparison.as_ref())
        & super::transcripts::write(a.transcript.as_deref(), &report);
    if let (true, Some(path)) = (a.update_expectations, &a.expectations) {
        return update_expectations(path, &expected, &report);
    }
    let exit = super::compare::run_exit(
        report.exit(),
        comparison.as_ref(),
        report.summary.unexpected_passes,
    );
    match exit {
        Exit::Pass if !written => ExitCode::from(Exit::Usage),
        code => ExitCode::from(code),
    }
}
