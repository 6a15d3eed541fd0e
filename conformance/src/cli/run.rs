//! `run`: the corpus against an engine, with every report. The run emits
//! one report; every writer reads it, and the exit code is the report's
//! (`Exit::of_run`), or 2 when a report could not be written.

use super::common::{fail, interrupt_flag, out, say, EngineArgs, Opened};
use super::outputs::Plan;
use super::root::find_root;
use hexodic_engine::{Incident, IncidentKind, RequestStats};
use hexodic_harness::corpus::{select, Corpus, SelectError};
use hexodic_harness::pool::Limits;
use hexodic_harness::run::{
    content_hash, default_jobs, run_corpus_on, unusable_report, Expectations, Progress, Rerun,
    RunOptions,
};
use hexodic_html::{CatalogueUrl, PageOptions};
use hexodic_io::escape::terminal;
use hexodic_io::paths;
use hexodic_printer::annotations::{github_annotations, AnnotationPlaces};
use hexodic_printer::comparison::comparison_text;
use hexodic_printer::markdown::{markdown, MarkdownOptions};
use hexodic_printer::text::{text, TextOptions};
use hexodic_report::{
    compare, read_run, Exit, ExpectationsFile, Partition, RunReport, Settings, Stopped,
};
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
    /// `fixtures/` here or above, else the corpus built into the harness).
    #[arg(long, value_name = "DIR")]
    fixtures: Option<PathBuf>,
    /// Also run the fixtures of this folder of your own, with the corpus,
    /// as one run with one set of reports (repeatable). Targets and
    /// `--rule` select across every folder; an id two folders hold is an
    /// error of the second's file.
    #[arg(long = "with", value_name = "DIR")]
    with: Vec<PathBuf>,
    /// Run only the fixtures whose `rules:` cite this rule ID (repeatable;
    /// an area letter such as `C` selects all its rules).
    #[arg(long = "rule", value_name = "ID")]
    rule: Vec<String>,
    /// Print the selected fixture ids and their variants, without running.
    #[arg(long)]
    list: bool,
    /// A selection of no fixture is not an error (exit 0, nothing run).
    #[arg(long)]
    allow_empty: bool,
    /// Run exactly the fixtures that failed the run of this JSON report
    /// (`run --json`): failures, changed failures, unexpected passes, flaky
    /// fixtures and incidents. With targets or `--rule`, those narrow it.
    /// A report with no failure runs nothing (exit 0).
    #[arg(long, value_name = "REPORT")]
    rerun_failed: Option<PathBuf>,
    /// Stop at the first fixture that fails the run (a failure the
    /// expectations file does not list, a changed failure, an unexpected
    /// pass, a flaky fixture or an incident); the reports are still written.
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
    /// Write the current failures to the expectations file (keeping the
    /// reasons and comments people wrote); the run then exits as if they
    /// had been listed.
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
    /// reports. After the expectations file, it decides: a rule failure
    /// fails the run only when the fixture newly fails or fails differently.
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Write a Markdown summary (also appended to `$GITHUB_STEP_SUMMARY`
    /// when it is set).
    #[arg(long, value_name = "FILE")]
    markdown: Option<PathBuf>,
    /// Write an HTML report (one self-contained page with the boards drawn).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Link the HTML and Markdown reports' rule IDs and fixture names to
    /// this catalogue (`catalogue --out DIR`): an http://, https:// or
    /// file:// URL, or a path relative to the report's folder.
    #[arg(long, value_name = "URL", value_parser = parse_catalogue_url)]
    catalogue_url: Option<(String, CatalogueUrl)>,
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

fn parse_catalogue_url(text: &str) -> Result<(String, CatalogueUrl), String> {
    CatalogueUrl::parse(text)
        .map(|u| (text.to_owned(), u))
        .map_err(|e| e.to_string())
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

/// Write every report the arguments ask for; whether each was written.
fn write_reports(a: &RunArgs, report: &RunReport) -> bool {
    let mut ok = true;
    if let Some(p) = &a.junit {
        ok &= super::write::file(p, &hexodic_printer::junit::junit(report));
    }
    if let Some(p) = &a.json {
        ok &= super::write::file(p, &report.to_json());
    }
    let md = MarkdownOptions {
        catalogue_url: a.catalogue_url.as_ref().map(|(text, _)| text.clone()),
    };
    if a.markdown.is_some() || super::write::job_summary().is_some() {
        ok &= super::write::markdown(a.markdown.as_deref(), &markdown(report, &md));
    }
    if let Some(p) = &a.html {
        let opts = PageOptions {
            catalogue: a.catalogue_url.as_ref().map(|(_, u)| u.clone()),
            date: Some(hexodic_html::utc_date(std::time::SystemTime::now())),
        };
        ok &= super::write::file(p, &hexodic_html::report::page(report, &opts));
    }
    ok
}

/// The corpus the targets select, or the exit.
fn select_corpus(a: &RunArgs) -> Result<Corpus, ExitCode> {
    let root = find_root(a.fixtures.as_deref(), &a.targets).map_err(|e| fail(Exit::Usage, e))?;
    let no_match = |e: SelectError| match &e {
        SelectError::NoMatch(t) => match super::selection::rule_hint(t) {
            Some(hint) => fail(Exit::Usage, format!("{e}; {hint}")),
            None => fail(Exit::Usage, e),
        },
        _ => fail(Exit::Usage, e),
    };
    for w in &a.with {
        if !w.is_dir() {
            return Err(fail(
                Exit::Usage,
                format!("--with {}: not a folder", paths::shown(w)),
            ));
        }
    }
    // Each target is looked for in the corpus, then in each `--with`
    // folder; one that none holds is the error it would be alone.
    let folders: Vec<&Path> = std::iter::once(root.as_path())
        .chain(a.with.iter().map(PathBuf::as_path))
        .collect();
    let mut targets: Vec<Vec<String>> = vec![Vec::new(); folders.len()];
    let inside = |f: &Path, t: &str| match (f.canonicalize(), Path::new(t).canonicalize()) {
        (Ok(f), Ok(t)) => t.starts_with(f),
        _ => false,
    };
    for t in &a.targets {
        // A path belongs to the folder it lies in; an id to the first
        // folder that has it.
        let holder = if Path::new(t).exists() && !a.with.is_empty() {
            folders.iter().position(|f| inside(f, t))
        } else {
            folders
                .iter()
                .position(|f| select(f, std::slice::from_ref(t)).is_ok())
        };
        match holder {
            Some(i) => targets[i].push(t.clone()),
            None => return Err(no_match(SelectError::NoMatch(t.clone()))),
        }
    }
    let mut parts = folders.iter().zip(&targets).map(|(f, ts)| {
        let mut c = select(f, ts).map_err(no_match)?;
        if ts.is_empty() && !a.targets.is_empty() {
            c.fixtures.clear();
            c.errors.clear();
        }
        Ok::<Corpus, ExitCode>(c)
    });
    let mut corpus = parts.next().unwrap_or_else(|| Ok(Corpus::default()))?;
    for part in parts {
        corpus.join(part?);
    }
    if !a.rule.is_empty() {
        let rules = super::selection::rules(&a.rule).map_err(|e| fail(Exit::Usage, e))?;
        super::selection::keep_citing(&mut corpus, &rules);
    }
    if let Some(report) = &a.rerun_failed {
        let failed = super::selection::failed_in(report).map_err(|e| fail(Exit::Usage, e))?;
        if failed.is_empty() {
            say(
                "notice",
                format!(
                    "{} records no failure: nothing to rerun",
                    paths::shown(report)
                ),
            );
            return Err(ExitCode::SUCCESS);
        }
        let missing = super::selection::keep_ids(&mut corpus, &failed);
        if !missing.is_empty() {
            say(
                "warning",
                format!(
                    "{} of the fixtures {} records as failing are not in this selection: {}",
                    missing.len(),
                    paths::shown(report),
                    terminal(&missing.join(", "))
                ),
            );
        }
    }
    if corpus.fixtures.is_empty() && corpus.errors.is_empty() && !a.allow_empty {
        let what = if a.targets.is_empty() && a.rule.is_empty() {
            format!("the corpus {} holds no fixture", paths::shown(&corpus.root))
        } else {
            format!(
                "the selection holds no fixture of the corpus {}",
                paths::shown(&corpus.root)
            )
        };
        return Err(fail(
            Exit::Usage,
            format!("{what}: nothing to run (--allow-empty makes that a success)"),
        ));
    }
    Ok(corpus)
}

/// The expectations file, or the exit; warnings for the ids no fixture has.
fn load_expectations(a: &RunArgs, corpus: &Corpus) -> Result<Expectations, ExitCode> {
    let Some(path) = &a.expectations else {
        return Ok(Expectations::default());
    };
    if !path.exists() {
        return match a.update_expectations {
            true => Ok(Expectations::missing(path)),
            false => Err(fail(
                Exit::Usage,
                format!("no expectations file {}", paths::shown(path)),
            )),
        };
    }
    let e = Expectations::load(path).map_err(|e| fail(Exit::Usage, e))?;
    let ids: Vec<String> = hexodic_harness::corpus::fixture_files(&corpus.root, &corpus.root)
        .iter()
        .filter_map(|f| hexodic_harness::corpus::id_for(&corpus.root, f))
        .collect();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    for (id, near) in e.unknown_ids(&ids) {
        let near = near.map_or(String::new(), |n| format!(" (did you mean {n}?)"));
        let fix = if a.update_expectations {
            "; removed"
        } else {
            "; `--update-expectations` removes it"
        };
        say(
            "warning",
            format!(
                "{}: `{id}` names no fixture of the corpus{near}{fix}",
                paths::shown(path)
            ),
        );
    }
    let unpinned = e.unpinned();
    if unpinned > 0 && !a.update_expectations {
        say(
            "notice",
            format!(
                "{} of {} pin no failure signature of this harness, so any failure counts as expected; `--update-expectations` records the signatures (and keeps the reasons)",
                hexodic_report::count(unpinned, "entry", "entries"),
                paths::shown(path)
            ),
        );
    }
    Ok(e)
}

/// The files `run` reads and writes: no report may replace an input or
/// another report.
fn plan(a: &RunArgs, root: &Path) -> Plan {
    let mut plan = Plan::default();
    plan.corpus(root);
    for w in &a.with {
        plan.corpus(w);
    }
    for input in [&a.baseline, &a.rerun_failed].into_iter().flatten() {
        plan.input(input);
    }
    if let Some(e) = &a.expectations {
        if a.update_expectations {
            plan.output("--expectations", Some(e));
        } else {
            plan.input(e);
        }
    }
    plan.output("--junit", a.junit.as_deref())
        .output("--json", a.json.as_deref())
        .output("--markdown", a.markdown.as_deref())
        .output("--html", a.html.as_deref())
        .folder("--transcript", a.transcript.as_deref());
    super::write::plan_job_summary(&mut plan);
    plan
}

/// How the run is recorded in its report.
fn settings(a: &RunArgs, expectations: &Expectations) -> Settings {
    Settings {
        targets: a.targets.clone(),
        rules: a.rule.clone(),
        variant: a.variant,
        traces: !a.no_traces,
        timeout_ms: a
            .engine
            .engine
            .as_ref()
            .map(|_| u64::try_from(a.engine.timeout.as_millis()).unwrap_or(u64::MAX)),
        fail_fast: a.fail_fast,
        expectations: a.expectations.as_ref().map(|p| ExpectationsFile {
            file: paths::shown(p),
            hash: match expectations.text.is_empty() {
                true => String::new(),
                false => content_hash(&expectations.text),
            },
            updated: false,
        }),
        partition: a.partition,
    }
}

/// How a fixture of the run is run again: every option that changes its
/// outcome.
fn rerun(a: &RunArgs, corpus: &Corpus) -> Rerun {
    let found_here = super::root::found_by_default(&corpus.root);
    Rerun::Command {
        engine: a.engine.engine.clone(),
        fixtures: if found_here {
            Vec::new()
        } else {
            vec![paths::shown(&corpus.root)]
        },
        with: corpus
            .joined
            .iter()
            .map(|j| paths::shown(&j.root))
            .collect(),
        traces: !a.no_traces,
        timeout: (a.engine.timeout != hexodic_engine::DEFAULT_TIMEOUT)
            .then(|| humantime::format_duration(a.engine.timeout).to_string()),
    }
}

/// Run the corpus on `jobs` engines (the one opened and more like it) with
/// a progress line on a terminal and a warning the first time an engine is
/// slow.
fn run_with_progress(
    a: &RunArgs,
    t0: Instant,
    opened: Opened,
    corpus: &Corpus,
    opts: &RunOptions,
) -> hexodic_harness::run::Run {
    let bar = progress_bar();
    bar.set_length(corpus.fixtures.len() as u64);
    let engines = super::engines::Engines::new(&a.engine, t0, opts.jobs, opened);
    let make_engine = || engines.make();
    let stats = &engines.stats;
    let mut warned_slow = false;
    let mut progress = |p: &Progress| {
        bar.set_position(p.done as u64);
        bar.set_message(format!("{} failing", p.failures));
        if !warned_slow {
            if let Some(n) = slow_note(stats) {
                bar.suspend(|| {
                    say(
                        "warning",
                        format!("the engine is slow: {n} (`--timeout` sets how long it may take)"),
                    )
                });
                warned_slow = true;
            }
        }
    };
    let run = run_corpus_on(&make_engine, corpus, opts, &mut progress).unwrap_or_else(|i| {
        hexodic_harness::run::Run {
            report: unusable_report(corpus, opts, &i),
            transcripts: Vec::new(),
        }
    });
    bar.finish_and_clear();
    run
}

/// Rewrite the expectations file from the run, if nobody changed it since
/// the run read it; whether it was written.
fn update_expectations(
    path: &Path,
    expected: &Expectations,
    corpus: &Corpus,
    report: &RunReport,
) -> bool {
    let now = std::fs::read_to_string(path).unwrap_or_default();
    if now != expected.text {
        say(
            "error",
            format!(
                "{} changed while the run went on (another run or a person wrote it): not rewritten; run again",
                paths::shown(path)
            ),
        );
        return false;
    }
    let ids: Vec<String> = hexodic_harness::corpus::fixture_files(&corpus.root, &corpus.root)
        .iter()
        .filter_map(|f| hexodic_harness::corpus::id_for(&corpus.root, f))
        .collect();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    let text = expected.updated_text(report, &ids);
    if !super::write::file(path, &text) {
        return false;
    }
    let listed = Expectations::parse(path, &text).map_or(0, |e| e.entries.len());
    super::common::outln(&format!(
        "expectations written: {} ({})",
        paths::shown(path),
        hexodic_report::count(listed, "expected failure", "expected failures")
    ));
    true
}

/// `run`.
pub fn run(a: RunArgs) -> ExitCode {
    let t0 = Instant::now();
    let mut corpus = match select_corpus(&a) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let plan = plan(&a, &corpus.root);
    if let Err(e) = plan.check() {
        return fail(Exit::Usage, e);
    }
    let expected = match load_expectations(&a, &corpus) {
        Ok(e) => e,
        Err(code) => return code,
    };
    let baseline = match a.baseline.as_deref().map(read_run) {
        Some(Err(e)) => return fail(Exit::Usage, e),
        Some(Ok(b)) => Some(b),
        None => None,
    };
    if let Some(p) = a.partition {
        corpus.fixtures = p.select(&corpus.fixtures);
    }
    if a.list {
        out(&super::selection::list(&corpus.fixtures, a.variant));
        return ExitCode::SUCCESS;
    }
    if let Some(dir) = &a.transcript {
        if let Err(e) = hexodic_printer::transcripts::prepare_folder(dir) {
            return fail(Exit::Usage, e);
        }
    }
    let jobs = a
        .jobs
        .unwrap_or_else(default_jobs)
        .clamp(1, corpus.fixtures.len().max(1));
    let opts = RunOptions {
        settings: settings(&a, &expected),
        expected: expected.expected(),
        limits: Limits {
            deadline: a.engine.deadline(t0),
            stop: Some(interrupt_flag()),
            start_until: None,
        },
        transcripts: a.transcript.is_some(),
        jobs,
        rerun: rerun(&a, &corpus),
        confirm: true,
        command: a.engine.engine.clone(),
    };
    let run = match a.engine.open(t0, jobs) {
        Ok(opened) => {
            for w in &opened.warnings {
                say("warning", terminal(w));
            }
            run_with_progress(&a, t0, opened, &corpus, &opts)
        }
        Err(e) if e.code == Exit::Usage => {
            // The `--engine` command line cannot be read: a usage error,
            // like any other argument, and no run to report.
            say("error", &e.message);
            return ExitCode::from(Exit::Usage);
        }
        Err(e) => {
            say("error", &e.message);
            // The engine could not be started or used.
            let incident = e.incident.map_or_else(
                || {
                    Incident::new(IncidentKind::Spawn {
                        reason: e.message.clone(),
                    })
                },
                |i| *i,
            );
            let mut report = unusable_report(&corpus, &opts, &incident);
            let stopped = match e.code {
                Exit::Incomplete => Some(Stopped::TimeLimit),
                Exit::Interrupted => Some(Stopped::Interrupted),
                _ => None,
            };
            if stopped.is_some() {
                report.stopped = stopped;
                report.engine.unusable = None;
                report.derive();
            }
            let written = write_reports(&a, &report);
            return ExitCode::from(Exit::of_run(&report).after_writing(written));
        }
    };
    let mut report = run.report;
    if let Some(b) = &baseline {
        report.comparison = Some(compare(b, &report));
        report.derive();
    }
    let mut updated = true;
    if let (true, Some(path)) = (a.update_expectations, &a.expectations) {
        updated = update_expectations(path, &expected, &corpus, &report);
        if updated {
            if let Some(e) = report.settings.expectations.as_mut() {
                e.updated = true;
            }
            report.derive();
        }
    }
    let opts_text = TextOptions {
        verbose: a.verbose,
        styles: super::colour::STYLES,
        ..TextOptions::default()
    };
    out(&text(&report, &opts_text));
    if let Some(c) = &report.comparison {
        out(&comparison_text(c, a.verbose, &super::colour::STYLES));
    }
    if std::env::var("GITHUB_ACTIONS").is_ok_and(|v| v == "true") {
        let places = AnnotationPlaces {
            expectations: a
                .expectations
                .as_deref()
                .filter(|_| !expected.text.is_empty())
                .map(|p| (p, expected.text.as_str())),
        };
        out(&github_annotations(&report, &places));
    }
    let written = write_reports(&a, &report)
        & super::transcripts::write(a.transcript.as_deref(), &run.transcripts, &a.engine, &plan)
        & updated;
    ExitCode::from(Exit::of_run(&report).after_writing(written))
}
