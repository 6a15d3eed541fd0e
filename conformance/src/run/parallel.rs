//! The corpus run on several engine processes at once ([`run_corpus_parallel`]).
//!
//! Workers take fixtures from one shared queue, each fixture (with all its
//! variants) on one engine. Their results are gathered by fixture index and
//! read in fixture order exactly as [`run_corpus`] reads them, the watch
//! over incidents included: where a run on one engine would have stopped,
//! the results are cut, and fixtures other workers ran beyond that point
//! are dropped. So the report is the one a run on one engine makes, apart
//! from timings.

use super::{
    causes, corpus_version, kept_transcript, run_corpus, stopped, trace_of, FixtureResult,
    Progress, RunOptions, RunReport, Stopped, Summary, Watch,
};
use crate::corpus::{Corpus, LoadError};
use crate::engine::Transport;
use crate::engine::{Engine, EngineInfo, Incident, IncidentKind};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// Makes one engine for a worker (an engine process, started and past its
/// handshake), or the incident that kept it from starting.
pub type MakeEngine<'a> = dyn Fn() -> Result<Box<dyn Transport + Send>, Incident> + Sync + 'a;

/// What a worker sends back.
enum Message {
    /// Its engine started.
    Started(EngineInfo),
    /// Its engine could not be started.
    NotStarted(Incident),
    /// A fixture done: its index, result and trace load errors.
    Done(usize, Box<FixtureResult>, Vec<LoadError>),
    /// The worker is done: its engine's warnings.
    Warnings(Vec<String>),
}

/// The number of engines to run when none is asked for: the cores this
/// process may use.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Run every fixture of `corpus` on `jobs` engines made by `make_engine`,
/// each fixture on one of them. The report equals the one [`run_corpus`]
/// makes on one engine, apart from timings. An incident restarts only the
/// engine it happened on (as [`crate::ExternalEngine`] does); an unusable
/// engine, the deadline and the stop flag of `opts` stop every worker.
/// `progress` is called (on this thread) after each fixture of any worker.
pub fn run_corpus_parallel(
    make_engine: &MakeEngine,
    corpus: &Corpus,
    opts: &RunOptions,
    jobs: usize,
    progress: &mut dyn FnMut(&Progress),
) -> Result<RunReport, Incident> {
    let jobs = jobs.clamp(1, corpus.fixtures.len().max(1));
    if jobs == 1 {
        let mut engine = make_engine()?;
        return Ok(run_corpus(engine.as_mut(), corpus, opts, progress));
    }
    let t0 = Instant::now();
    let next = AtomicUsize::new(0);
    let halt = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Message>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, halt) = (&next, &halt);
            scope.spawn(move || worker(make_engine, corpus, opts, jobs, next, halt, &tx));
        }
        drop(tx);
        let g = gather(corpus, opts, jobs, &rx, &halt, progress);
        halt.store(true, Ordering::Relaxed);
        g
    })
    .map(|g| g.report(corpus, opts, t0))
}

/// One worker: its own engine, fixtures from the queue until it is empty
/// or the run halts.
fn worker(
    make_engine: &MakeEngine,
    corpus: &Corpus,
    opts: &RunOptions,
    jobs: usize,
    next: &AtomicUsize,
    halt: &AtomicBool,
    tx: &mpsc::Sender<Message>,
) {
    let mut engine = match make_engine() {
        Ok(e) => e,
        Err(i) => {
            let _ = tx.send(Message::NotStarted(i));
            return;
        }
    };
    if tx.send(Message::Started(engine.info())).is_err() {
        return;
    }
    while !halt.load(Ordering::Relaxed) && stopped(opts).is_none() {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(fx) = corpus.fixtures.get(i) else {
            return;
        };
        let mut errors = Vec::new();
        let trace = trace_of(fx, opts, &mut errors);
        let t = Instant::now();
        if opts.transcripts {
            engine.begin_transcript();
        }
        let run = super::pipelined::run_fixture_at_once(
            engine.as_mut(),
            fx,
            trace.as_ref(),
            opts.variant,
            opts.transcripts,
            jobs,
        );
        let expected = opts.expected.get(&fx.id);
        let mut r = FixtureResult::new(fx, run, expected, trace.is_some(), t.elapsed());
        r.transcript = kept_transcript(engine.as_mut(), &r, opts);
        if tx.send(Message::Done(i, Box::new(r), errors)).is_err() {
            return;
        }
    }
    let _ = tx.send(Message::Warnings(engine.warnings()));
}

/// The results read in fixture order, as far as a run on one engine would
/// have gone.
#[derive(Default)]
struct Gathered {
    engine: Option<EngineInfo>,
    results: Vec<FixtureResult>,
    errors: Vec<LoadError>,
    summary: Summary,
    stop: Option<Stopped>,
    unusable: Option<Incident>,
    warnings: Vec<String>,
}

/// Receive the workers' results and read them in fixture order; an error
/// when no engine could be started.
fn gather(
    corpus: &Corpus,
    opts: &RunOptions,
    jobs: usize,
    rx: &mpsc::Receiver<Message>,
    halt: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Gathered, Incident> {
    // The files that did not load come first, as in a run on one engine.
    let mut g = Gathered {
        errors: corpus.errors.clone(),
        ..Gathered::default()
    };
    let mut slots: Vec<Option<(Box<FixtureResult>, Vec<LoadError>)>> =
        (0..corpus.fixtures.len()).map(|_| None).collect();
    let (mut cursor, mut seen, mut not_started) = (0, Summary::default(), Vec::new());
    let mut watch = Watch::default();
    let mut cut = false;
    for m in rx.iter() {
        match m {
            Message::Started(info) => {
                g.engine.get_or_insert(info);
            }
            Message::NotStarted(i) => not_started.push(i),
            Message::Done(i, r, errors) if !cut => {
                seen.add(&r);
                progress(&Progress {
                    done: seen.run,
                    total: corpus.fixtures.len(),
                    failures: seen.failed() + seen.incidents,
                    last: &r,
                });
                if let Some(slot) = slots.get_mut(i) {
                    *slot = Some((r, errors));
                }
                // Read every result now in order, as a run on one engine does.
                while let Some(Some((r, errors))) = slots.get_mut(cursor).map(Option::take) {
                    cursor += 1;
                    g.errors.extend(errors);
                    if r.incident()
                        .is_some_and(|i| i.incident.kind == IncidentKind::Stopped)
                    {
                        g.stop = stopped(opts).or(Some(Stopped::Interrupted));
                        cut = true;
                        break;
                    }
                    g.unusable = watch.note(&r);
                    g.summary.add(&r);
                    let fails = r.status.fails_run();
                    g.results.push(*r);
                    if g.unusable.is_some() {
                        g.stop = Some(Stopped::Unusable);
                        cut = true;
                        break;
                    }
                    if opts.fail_fast && fails {
                        g.stop = Some(Stopped::FailFast);
                        cut = true;
                        break;
                    }
                }
                if cut {
                    halt.store(true, Ordering::Relaxed);
                }
            }
            Message::Done(..) => {}
            Message::Warnings(ws) => {
                for w in ws {
                    if !g.warnings.contains(&w) {
                        g.warnings.push(w);
                    }
                }
            }
        }
    }
    if g.engine.is_none() {
        return Err(not_started.into_iter().next().unwrap_or_else(|| {
            Incident::new(IncidentKind::Spawn {
                reason: "no engine could be started".into(),
            })
        }));
    }
    if let Some(i) = not_started.first() {
        g.warnings.push(format!(
            "{} of {jobs} engine processes could not be started ({}); the others ran the corpus",
            not_started.len(),
            i.kind
        ));
    }
    if !cut && cursor < corpus.fixtures.len() {
        // The workers stopped early (an interrupt or the time limit).
        g.stop = stopped(opts).or(Some(Stopped::Interrupted));
    }
    Ok(g)
}

impl Gathered {
    /// The report, as [`run_corpus`] makes it.
    fn report(self, corpus: &Corpus, opts: &RunOptions, t0: Instant) -> RunReport {
        let mut summary = self.summary;
        // `gather` put the corpus's load errors first, then the traces'.
        let errors = self.errors;
        summary.fixtures = corpus.fixtures.len();
        summary.errors = errors.len();
        summary.elapsed = t0.elapsed();
        if !opts.traces {
            summary.without_trace = 0;
        }
        RunReport {
            engine: self.engine.unwrap_or_else(|| EngineInfo {
                name: String::new(),
                version: String::new(),
                capabilities: crate::engine::Capabilities::NONE,
            }),
            corpus_version: corpus_version(corpus),
            corpus_folder: corpus.root.clone(),
            corpus_embedded: crate::corpus::embedded::is_embedded(&corpus.root),
            root_causes: causes(&self.results),
            results: self.results,
            errors,
            summary,
            warnings: self.warnings,
            stopped: self.stop,
            unusable: self.unusable,
            partition: None,
            rerun: super::Rerun {
                engine: None,
                traces: opts.traces,
            },
        }
    }
}
