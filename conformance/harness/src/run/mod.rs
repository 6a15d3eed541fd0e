//! Running the corpus against an engine: each fixture run and judged
//! ([`run_fixture`]), then diagnosed, its result made once
//! ([`fixture_report`]) with its status decided against the expectations
//! file, a failure confirmed by running the fixture once more; the
//! fixtures handed to one engine or several by the one execution core
//! ([`crate::pool`]), each fixture's requests sent at once to an engine
//! that pipelines ([`crate::batch`]). The run emits one [`RunReport`];
//! every writer reads it.

mod expectations;
mod rerun;
mod result;
mod runner;

pub use expectations::{content_hash, write_file, Entry, Expectations, SIGNATURES};
pub use rerun::{Rerun, VARIANT_VARIABLE};
pub use result::{confirmed, fixture_report, not_run};
pub use runner::{run_fixture, FixtureRun, IncidentAt, RunOutcome, MAX_CONSEQUENCES};

use crate::batch;
use crate::corpus::{trace_path, Corpus, Fixture, LoadError, Trace};
use crate::pool::{self, Flow, Limits, Outcome};
use hexodic_engine::{Capabilities, EngineInfo, Incident, Transcript, Transport};
use hexodic_report::{
    CorpusFolder, CorpusReport, EngineReport, Expected, FileError, FixtureReport, RunReport,
    Settings, Status,
};
use hexodic_rules::symmetry::Symmetry;
use std::collections::BTreeMap;
use std::time::Instant;

/// How a run is done.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// How the run was asked for, as its report records it (the variant,
    /// whether traces are compared, `--fail-fast`, ...).
    pub settings: Settings,
    /// What the expectations file says of the fixtures it lists.
    pub expected: BTreeMap<String, Expected>,
    /// The deadline and the interrupt.
    pub limits: Limits,
    /// Keep each failing fixture's requests and replies ([`Run::transcripts`]).
    pub transcripts: bool,
    /// Engines run at once (the fixtures shared among them).
    pub jobs: usize,
    /// How a fixture is run again, for the rerun lines.
    pub rerun: Rerun,
    /// Run a failing fixture once more to tell a flaky engine (one that
    /// does not answer the same question the same way) from a failure.
    pub confirm: bool,
    /// The `--engine` command line, for the report.
    pub command: Option<String>,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            settings: Settings {
                traces: true,
                ..Settings::default()
            },
            expected: BTreeMap::new(),
            limits: Limits::default(),
            transcripts: false,
            jobs: 1,
            rerun: Rerun::default(),
            confirm: true,
            command: None,
        }
    }
}

/// Where a run stands, for a progress line.
#[derive(Clone, Debug)]
pub struct Progress<'a> {
    /// Fixtures done.
    pub done: usize,
    /// Fixtures in all.
    pub total: usize,
    /// Failures so far (fixtures that fail the run).
    pub failures: usize,
    /// The fixture just finished.
    pub last: &'a FixtureReport,
}

/// What a run gives: its report, and the exchanges of its failing fixtures
/// when they were kept.
#[derive(Clone, Debug)]
pub struct Run {
    /// The report every writer reads.
    pub report: RunReport,
    /// Each failing fixture's exchange with the engine, by fixture id.
    pub transcripts: Vec<(String, Transcript)>,
}

/// One fixture done by a worker.
struct Done {
    report: FixtureReport,
    incident: Option<Incident>,
    transcript: Option<Transcript>,
    errors: Vec<LoadError>,
}

impl Outcome for Done {
    fn incident(&self) -> Option<&Incident> {
        self.incident.as_ref()
    }
}

/// The golden trace of a fixture, if traces are compared and it has one. A
/// trace that does not fit its fixture (the fixture's turns or start were
/// edited since it was blessed) is a load error and is not used: judging
/// an engine by it would blame the engine for the edit. Whether a trace is
/// still what the reference does is `bless --check`'s and `lint`'s to say.
fn trace_of(fx: &Fixture, traces: bool, errors: &mut Vec<LoadError>) -> Option<Trace> {
    if !traces {
        return None;
    }
    let path = trace_path(&fx.file);
    let trace = match crate::corpus::trace::read(&path) {
        Ok(t) => t?,
        Err(e) => {
            errors.push(e);
            return None;
        }
    };
    match trace.misfit(fx) {
        None => Some(trace),
        Some(why) => {
            errors.push(LoadError::at(
                &path,
                1,
                1,
                format!(
                    "stale trace, not of the fixture as it is now ({why}); the fixture runs without it: review the change, then run `hexodic-conformance bless`"
                ),
            ));
            None
        }
    }
}

/// The statuses whose exchange is kept for a transcript.
fn keeps_transcript(s: Status) -> bool {
    matches!(
        s,
        Status::Fail
            | Status::ExpectedFail
            | Status::ChangedFail
            | Status::Flaky
            | Status::Incident
    )
}

/// Run one fixture on `engine`: judged (its requests at once where that
/// pays), diagnosed, confirmed when it fails.
fn one(engine: &mut dyn Transport, fx: &Fixture, opts: &RunOptions) -> Done {
    let mut errors = Vec::new();
    let trace = trace_of(fx, opts.settings.traces, &mut errors);
    let mut done = attempt(engine, fx, trace.as_ref(), opts);
    if let Some(trace) = &trace {
        // A failure against the trace may be the trace's: asked of the
        // reference only when a fixture fails, so a passing run stays cheap.
        if done.report.status.differed() {
            if let Some(why) = trace.stale_against(&Trace::record(fx)) {
                errors.push(LoadError::at(
                    &trace_path(&fx.file),
                    1,
                    1,
                    format!(
                        "stale trace, not what the reference does now ({why}); the fixture runs without it: review the change, then run `hexodic-conformance bless`"
                    ),
                ));
                done = attempt(engine, fx, None, opts);
            }
        }
    }
    done.errors = errors;
    done
}

/// One fixture judged on `engine`, against `trace` when given.
fn attempt(
    engine: &mut dyn Transport,
    fx: &Fixture,
    trace: Option<&Trace>,
    opts: &RunOptions,
) -> Done {
    let variant = opts.settings.variant;
    if opts.transcripts {
        engine.begin_transcript();
    }
    let batch = batch::at_once(
        engine,
        opts.jobs,
        &mut |e| run_fixture(e, fx, trace, variant),
        &|r: &FixtureRun| r.outcome == RunOutcome::Pass,
        &mut |e| {
            if opts.transcripts {
                e.begin_transcript();
            }
        },
        &|incident| FixtureRun {
            outcome: RunOutcome::Incident(
                Box::new(IncidentAt {
                    variant: variant.unwrap_or(Symmetry::IDENTITY),
                    step: 0,
                    line: fx.setup_line,
                    turn: None,
                    incident,
                }),
                None,
            ),
            variants_run: 0,
            skipped: Capabilities::NONE,
        },
    );
    let mut run = batch.result;
    if let Some(fault) = batch.fault {
        // Replies out of order: a protocol fault, beside what the run one
        // request at a time found.
        let failure = match run.outcome {
            RunOutcome::Fail(f) | RunOutcome::Incident(_, Some(f)) => Some(f),
            _ => None,
        };
        run.outcome = RunOutcome::Incident(
            Box::new(IncidentAt {
                variant: variant.unwrap_or(Symmetry::IDENTITY),
                step: 0,
                line: fx.setup_line,
                turn: None,
                incident: fault,
            }),
            failure,
        );
    }
    let incident = match &run.outcome {
        RunOutcome::Incident(at, _) => Some(at.incident.clone()),
        _ => None,
    };
    let expected = opts.expected.get(&fx.id);
    let traced = trace.is_some();
    let mut report = fixture_report(fx, run, expected, traced, &opts.rerun);
    if opts.confirm && report.status.differed() {
        // Once more, one request at a time: the exchange kept is this one.
        if opts.transcripts {
            engine.begin_transcript();
        }
        let again = run_fixture(engine, fx, trace, variant);
        let again = fixture_report(fx, again, expected, traced, &opts.rerun);
        report = confirmed(report, &again);
    }
    let transcript = match opts.transcripts && keeps_transcript(report.status) {
        true => engine.take_transcript(),
        false => {
            if opts.transcripts {
                let _ = engine.take_transcript();
            }
            None
        }
    };
    Done {
        report,
        incident,
        transcript,
        errors: Vec::new(),
    }
}

/// Makes one engine for a worker (an engine process, started and past its
/// handshake), or the incident that kept it from starting.
pub type MakeEngine<'a> = dyn Fn() -> Result<Box<dyn Transport + Send>, Incident> + Sync + 'a;

/// What the workers' reading keeps.
struct Gathered {
    results: Vec<FixtureReport>,
    errors: Vec<LoadError>,
    transcripts: Vec<(String, Transcript)>,
    failures: usize,
}

fn read_into<'a>(
    g: &'a mut Gathered,
    opts: &'a RunOptions,
    total: usize,
    progress: &'a mut dyn FnMut(&Progress),
) -> impl FnMut(u64, Done) -> Flow + 'a {
    move |_, d| {
        g.errors.extend(d.errors);
        if let Some(t) = d.transcript {
            g.transcripts.push((d.report.id.clone(), t));
        }
        let fails = d.report.status.fails_run();
        g.failures += usize::from(fails);
        g.results.push(d.report);
        if let Some(last) = g.results.last() {
            progress(&Progress {
                done: g.results.len(),
                total,
                failures: g.failures,
                last,
            });
        }
        if opts.settings.fail_fast && fails {
            Flow::End
        } else {
            Flow::Go
        }
    }
}

/// The report of a corpus run that could not start: the engine `command`
/// could not be started or failed its handshake (`incident`).
pub fn unusable_report(corpus: &Corpus, opts: &RunOptions, incident: &Incident) -> RunReport {
    let engine = EngineReport {
        name: opts.command.clone().unwrap_or_default(),
        version: String::new(),
        command: opts.command.clone(),
        capabilities: Vec::new(),
        warnings: Vec::new(),
        unusable: Some(incident.kind.to_string()),
    };
    let results = corpus
        .fixtures
        .iter()
        .map(|fx| not_run(fx, opts.expected.get(&fx.id)))
        .collect();
    RunReport::new(
        engine,
        corpus_report(corpus),
        opts.settings.clone(),
        results,
        file_errors(&corpus.errors),
        Some(hexodic_report::Stopped::Unusable),
        0.0,
    )
}

/// The corpus as a report names it.
pub fn corpus_report(corpus: &Corpus) -> CorpusReport {
    CorpusReport {
        version: corpus.whole_version(),
        folders: std::iter::once(CorpusFolder {
            folder: hexodic_io::paths::shown(&corpus.root),
            embedded: corpus.embedded,
            fixtures: corpus.size,
            version: corpus.version.clone(),
        })
        .chain(corpus.joined.iter().map(|j| CorpusFolder {
            folder: hexodic_io::paths::shown(&j.root),
            embedded: false,
            fixtures: j.size,
            version: j.version.clone(),
        }))
        .collect(),
    }
}

/// Load errors as a report keeps them.
pub fn file_errors(errors: &[LoadError]) -> Vec<FileError> {
    errors
        .iter()
        .map(|e| FileError {
            file: hexodic_io::paths::shown(&e.file),
            line: e.line,
            column: e.column,
            message: e.message.clone(),
        })
        .collect()
}

/// The report of a run from what its workers gathered.
fn finish(
    corpus: &Corpus,
    opts: &RunOptions,
    info: EngineInfo,
    warnings: Vec<String>,
    g: Gathered,
    ended: &pool::Ended<impl Sized>,
    t0: Instant,
) -> Run {
    let mut results = g.results;
    for fx in corpus.fixtures.iter().skip(results.len()) {
        results.push(not_run(fx, opts.expected.get(&fx.id)));
    }
    let mut errors = corpus.errors.clone();
    errors.extend(g.errors);
    let mut warnings = warnings;
    if let Some(i) = ended.not_started.first() {
        warnings.push(format!(
            "{} of {} engine processes could not be started ({}); the others ran the corpus",
            ended.not_started.len(),
            opts.jobs,
            i.kind
        ));
    }
    let engine = EngineReport {
        name: info.name,
        version: info.version,
        command: opts.command.clone(),
        capabilities: info.capabilities.iter().collect(),
        warnings,
        unusable: ended.unusable.as_ref().map(|i| i.kind.to_string()),
    };
    let stopped = match ended.stopped {
        None if opts.settings.fail_fast && results.iter().any(|r| r.status == Status::NotRun) => {
            Some(hexodic_report::Stopped::FailFast)
        }
        s => s,
    };
    Run {
        report: RunReport::new(
            engine,
            corpus_report(corpus),
            opts.settings.clone(),
            results,
            file_errors(&errors),
            stopped,
            t0.elapsed().as_secs_f64(),
        ),
        transcripts: g.transcripts,
    }
}

/// Run every fixture of `corpus` against `engine`. `progress` is called
/// after each fixture.
pub fn run_corpus(
    engine: &mut dyn Transport,
    corpus: &Corpus,
    opts: &RunOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Run {
    let t0 = Instant::now();
    let info = engine.info();
    let mut g = Gathered {
        results: Vec::new(),
        errors: Vec::new(),
        transcripts: Vec::new(),
        failures: 0,
    };
    let total = corpus.fixtures.len();
    let count = Some(total as u64);
    let work =
        |e: &mut &mut dyn Transport, i: u64| one(&mut **e, &corpus.fixtures[i as usize], opts);
    let mut read = read_into(&mut g, opts, total, progress);
    let ended = pool::run_with(engine, count, &opts.limits, &work, &mut read);
    drop(read);
    let warnings = ended
        .workers
        .first()
        .map(|e| e.warnings())
        .unwrap_or_default();
    finish(corpus, opts, info, warnings, g, &ended, t0)
}

/// Run every fixture of `corpus` on `opts.jobs` engines made by
/// `make_engine`, each fixture on one of them; the report equals the one
/// [`run_corpus`] makes on one engine, apart from timings. An incident
/// restarts only the engine it happened on; an unusable engine, the
/// deadline and the interrupt stop every worker. An error when no engine
/// could be started.
pub fn run_corpus_on(
    make_engine: &MakeEngine,
    corpus: &Corpus,
    opts: &RunOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Run, Incident> {
    let t0 = Instant::now();
    let mut g = Gathered {
        results: Vec::new(),
        errors: Vec::new(),
        transcripts: Vec::new(),
        failures: 0,
    };
    let total = corpus.fixtures.len();
    let count = Some(total as u64);
    let work = |e: &mut Box<dyn Transport + Send>, i: u64| {
        one(e.as_mut(), &corpus.fixtures[i as usize], opts)
    };
    let mut read = read_into(&mut g, opts, total, progress);
    let ended = pool::run(
        opts.jobs,
        count,
        &opts.limits,
        make_engine,
        &work,
        &mut read,
    )?;
    drop(read);
    let info = ended
        .workers
        .first()
        .map(|e| e.info())
        .unwrap_or_else(|| EngineInfo::new(String::new(), String::new()));
    let mut warnings: Vec<String> = Vec::new();
    for w in ended.workers.iter().flat_map(|e| e.warnings()) {
        if !warnings.contains(&w) {
            warnings.push(w);
        }
    }
    Ok(finish(corpus, opts, info, warnings, g, &ended, t0))
}

/// The number of engines to run when none is asked for: the cores this
/// process may use.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
