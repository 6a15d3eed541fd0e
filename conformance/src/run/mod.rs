//! Running the corpus against an engine: each fixture run and judged
//! ([`run_fixture`]), its status decided once ([`Status`]), the totals, the
//! root causes (the reports made from them are in [`crate::report`]).

mod exit;
mod expected;
mod parallel;
mod partition;
mod pipelined;
mod rerun;
mod runner;
mod status;
mod summary;

pub use crate::corpus::corpus_version;
pub use exit::Exit;
pub use expected::ExpectedFailure;
pub use parallel::{default_jobs, run_corpus_parallel, MakeEngine};
pub use partition::{Partition, PartitionError};
pub use rerun::Rerun;
pub use runner::{divergences, run_fixture, FixtureRun, RunOutcome, MAX_CONSEQUENCES};
pub use status::{FixtureResult, Status};
pub use summary::{Stopped, Summary};

use crate::corpus::{trace_path, Corpus, Fixture, LoadError, Trace};
use crate::diagnose::{root_causes, Failing, RootCause};
use crate::engine::Transport;
use crate::engine::{Engine, EngineInfo, Incident};
use hexodic_rules::symmetry::Symmetry;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// When this many of the last [`INCIDENT_WINDOW`] fixtures end in the same
/// costly kind of incident (a timeout, a huge reply), the engine is declared
/// unusable instead of costing that much fixture after fixture.
pub const INCIDENT_STREAK: usize = 3;

/// The window of fixtures [`INCIDENT_STREAK`] counts in.
pub const INCIDENT_WINDOW: usize = 5;

/// How a run is done.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Run only this variant (in the fixtures that run under variants).
    pub variant: Option<Symmetry>,
    /// Compare with the golden traces beside the fixtures.
    pub traces: bool,
    /// Fixtures expected to fail on this engine: the reasons and the
    /// signatures of their failures.
    pub expected: BTreeMap<String, ExpectedFailure>,
    /// Stop when this time comes.
    pub deadline: Option<Instant>,
    /// Stop when this is set (an interrupt).
    pub stop: Option<Arc<AtomicBool>>,
    /// Keep each failing fixture's requests and replies
    /// ([`FixtureResult::transcript`]), for `--transcript`.
    pub transcripts: bool,
    /// Stop after the first fixture that fails the run on its own
    /// ([`Status::fails_run`]): `--fail-fast`.
    pub fail_fast: bool,
}

/// Where a run stands, for a progress line.
#[derive(Clone, Debug)]
pub struct Progress<'a> {
    /// Fixtures done.
    pub done: usize,
    /// Fixtures in all.
    pub total: usize,
    /// Failures so far (rule failures and incidents).
    pub failures: usize,
    /// The fixture just finished.
    pub last: &'a FixtureResult,
}

/// Everything a run found; every report is made from it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RunReport {
    /// The engine.
    pub engine: EngineInfo,
    /// The corpus version (a hash of every file that decides a result).
    pub corpus_version: String,
    /// The fixtures folder the corpus was read from.
    pub corpus_folder: std::path::PathBuf,
    /// Whether that folder is the corpus embedded in this crate, written out.
    pub corpus_embedded: bool,
    /// One result per fixture run, in id order.
    pub results: Vec<FixtureResult>,
    /// Files that could not be loaded.
    pub errors: Vec<LoadError>,
    /// The totals.
    pub summary: Summary,
    /// Failing fixtures grouped by cause, the most common first (not
    /// written with the run: [`causes`] makes them again from the results).
    #[serde(skip)]
    pub root_causes: Vec<RootCause>,
    /// Warnings about the engine ([`Engine::warnings`]: unknown
    /// capabilities, slow replies).
    pub warnings: Vec<String>,
    /// Why the run ended early, if it did.
    pub stopped: Option<Stopped>,
    /// The incident that made the engine unusable.
    pub unusable: Option<Incident>,
    /// The part of the corpus run (`--partition`), if only a part was.
    pub partition: Option<Partition>,
    /// How to run a fixture of it again (the engine command, traces).
    pub rerun: Rerun,
}

impl RunReport {
    /// The report of a run that could not start: the engine `command` could
    /// not be started or failed its handshake (`incident`).
    pub fn unusable(corpus: &Corpus, command: &str, incident: Incident) -> RunReport {
        RunReport {
            engine: EngineInfo {
                name: command.to_owned(),
                version: String::new(),
                capabilities: crate::engine::Capabilities::NONE,
            },
            corpus_version: corpus_version(corpus),
            corpus_folder: corpus.root.clone(),
            corpus_embedded: crate::corpus::embedded::is_embedded(&corpus.root),
            results: Vec::new(),
            errors: corpus.errors.clone(),
            summary: Summary {
                fixtures: corpus.fixtures.len(),
                errors: corpus.errors.len(),
                ..Summary::default()
            },
            root_causes: Vec::new(),
            warnings: Vec::new(),
            stopped: Some(Stopped::Unusable),
            unusable: Some(incident),
            partition: None,
            rerun: Rerun {
                engine: (!command.is_empty()).then(|| command.to_owned()),
                traces: true,
            },
        }
    }

    /// How the run ends, as its exit code says.
    pub fn exit(&self) -> Exit {
        self.summary.exit(self.stopped)
    }

    /// The exit code's number ([`RunReport::exit`]).
    pub fn exit_code(&self) -> u8 {
        self.exit().code()
    }

    /// The result of a fixture.
    pub fn result(&self, id: &str) -> Option<&FixtureResult> {
        self.results.iter().find(|r| r.id == id)
    }
}

fn stopped(opts: &RunOptions) -> Option<Stopped> {
    if opts
        .stop
        .as_ref()
        .is_some_and(|s| s.load(Ordering::Relaxed))
    {
        return Some(Stopped::Interrupted);
    }
    if opts.deadline.is_some_and(|d| Instant::now() >= d) {
        return Some(Stopped::TimeLimit);
    }
    None
}

/// Read the golden trace of a fixture, if comparing traces. A stale trace
/// (one that parts from what the reference does on the fixture now) is a
/// load error and is not used: judging an engine by it would blame the
/// engine for an edit of the fixture.
fn trace_of(fx: &Fixture, opts: &RunOptions, errors: &mut Vec<LoadError>) -> Option<Trace> {
    if !opts.traces {
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
    match trace.stale_against(&Trace::record(fx)) {
        None => Some(trace),
        Some(why) => {
            errors.push(LoadError::at(
                &path,
                1,
                1,
                format!(
                    "stale trace, not what the reference does on the fixture now ({why}); the fixture runs without it: review the change, then run `hexodic-conformance bless`"
                ),
            ));
            None
        }
    }
}

/// Watches incidents fixture by fixture: when the same costly kind keeps
/// coming back, the engine is given up on.
#[derive(Default)]
struct Watch {
    recent: std::collections::VecDeque<Option<&'static str>>,
}

impl Watch {
    /// Note a result; the incident that makes the engine unusable, if any.
    fn note(&mut self, r: &FixtureResult) -> Option<Incident> {
        let costly = r
            .incident()
            .filter(|i| i.incident.kind.is_costly())
            .map(|i| i.incident.kind.name());
        self.recent.push_back(costly);
        if self.recent.len() > INCIDENT_WINDOW {
            self.recent.pop_front();
        }
        let i = r.incident()?;
        let same = self
            .recent
            .iter()
            .filter(|k| k.is_some() && **k == costly)
            .count();
        if i.incident.kind.is_fatal() {
            return Some(i.incident.clone());
        }
        (same >= INCIDENT_STREAK).then(|| Incident {
            kind: crate::engine::IncidentKind::GaveUp {
                reason: format!(
                    "{same} of the last {} fixtures ended the same way: {}",
                    self.recent.len(),
                    i.incident.kind
                ),
            },
            ..i.incident.clone()
        })
    }
}

/// The root causes of the failing results, as a run groups them.
pub fn causes(results: &[FixtureResult]) -> Vec<RootCause> {
    let failing: Vec<Failing> = results
        .iter()
        .filter(|r| matches!(r.status, Status::Fail | Status::ChangedFail))
        .filter_map(|r| {
            Some(Failing {
                id: &r.id,
                size: r.size,
                failure: r.failure()?,
            })
        })
        .collect();
    root_causes(&failing)
}

/// The exchange recorded for a fixture's result, kept only when it failed
/// or had an incident.
fn kept_transcript(
    engine: &mut dyn Transport,
    r: &FixtureResult,
    opts: &RunOptions,
) -> Option<Box<crate::engine::Transcript>> {
    if !opts.transcripts {
        return None;
    }
    let t = engine.take_transcript()?;
    matches!(
        r.status,
        Status::Fail | Status::ExpectedFail | Status::Incident
    )
    .then(|| Box::new(t))
}

/// Run every fixture of `corpus` against `engine`. `progress` is called
/// after each fixture.
pub fn run_corpus(
    engine: &mut dyn Transport,
    corpus: &Corpus,
    opts: &RunOptions,
    progress: &mut dyn FnMut(&Progress),
) -> RunReport {
    let t0 = Instant::now();
    let mut errors = corpus.errors.clone();
    let mut results: Vec<FixtureResult> = Vec::new();
    let mut summary = Summary {
        fixtures: corpus.fixtures.len(),
        ..Summary::default()
    };
    let (mut stop, mut unusable, mut watch) = (None, None, Watch::default());
    for fx in &corpus.fixtures {
        stop = stopped(opts);
        if stop.is_some() {
            break;
        }
        let trace = trace_of(fx, opts, &mut errors);
        let t = Instant::now();
        if opts.transcripts {
            engine.begin_transcript();
        }
        let run = pipelined::run_fixture_at_once(
            engine,
            fx,
            trace.as_ref(),
            opts.variant,
            opts.transcripts,
            1,
        );
        let expected = opts.expected.get(&fx.id);
        let mut r = FixtureResult::new(fx, run, expected, trace.is_some(), t.elapsed());
        r.transcript = kept_transcript(engine, &r, opts);
        if r.incident()
            .is_some_and(|i| i.incident.kind == crate::engine::IncidentKind::Stopped)
        {
            stop = stopped(opts).or(Some(Stopped::Interrupted));
            break;
        }
        unusable = watch.note(&r);
        summary.add(&r);
        let fails = r.status.fails_run();
        results.push(r);
        if unusable.is_some() {
            stop = Some(Stopped::Unusable);
            break;
        }
        if opts.fail_fast && fails {
            stop = Some(Stopped::FailFast);
            break;
        }
        if let Some(last) = results.last() {
            let failures = summary.failed() + summary.incidents;
            let total = corpus.fixtures.len();
            progress(&Progress {
                done: results.len(),
                total,
                failures,
                last,
            });
        }
    }
    summary.errors = errors.len();
    summary.elapsed = t0.elapsed();
    if !opts.traces {
        summary.without_trace = 0;
    }
    RunReport {
        engine: engine.info(),
        corpus_version: corpus_version(corpus),
        corpus_folder: corpus.root.clone(),
        corpus_embedded: crate::corpus::embedded::is_embedded(&corpus.root),
        root_causes: causes(&results),
        results,
        errors,
        summary,
        warnings: engine.warnings(),
        stopped: stop,
        unusable,
        partition: None,
        rerun: Rerun {
            engine: None,
            traces: opts.traces,
        },
    }
}

/// A run's elapsed time in seconds with three decimals.
pub fn seconds(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}
