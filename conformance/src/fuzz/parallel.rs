//! Fuzzing on several engine processes at once ([`fuzz_parallel`]).
//!
//! Workers take games from one shared count, each on its own engine. Their
//! outcomes are read in game order exactly as [`fuzz`] reads them (the
//! incident streak included), so the finding is the one a run on one engine
//! gives: the difference of the lowest game that differs. When a worker
//! finds a difference, no worker starts a later game; games before it are
//! played to the end, since one of them may differ too. Only the finding
//! kept is shrunk.

use super::campaign::{fuzz, play_game, shrink_into, Found, FuzzOptions, FuzzReport};
use crate::engine::IncidentKind;
use crate::engine::Transport;
use crate::run::{MakeEngine, Stopped, INCIDENT_STREAK};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// A game played by a worker: its number, its tallies and its outcome.
type Played = (
    u64,
    FuzzReport,
    Result<Option<Found>, crate::engine::Incident>,
);

/// Run the differential fuzzer on `jobs` engines made by `make_engine`.
/// `--games` and `--time` of `opts` bound the whole run; the finding is the
/// one [`fuzz`] finds on one engine. `progress` is called (on this thread)
/// with the number of games played so far. An error when no engine could
/// be started.
pub fn fuzz_parallel(
    make_engine: &MakeEngine,
    opts: &FuzzOptions,
    jobs: usize,
    mut progress: impl FnMut(u64),
) -> Result<FuzzReport, crate::engine::Incident> {
    let jobs = jobs.max(1);
    if jobs == 1 || opts.game_limit() == Some(1) {
        let mut engine = make_engine()?;
        return Ok(fuzz(engine.as_mut(), opts, progress));
    }
    let t0 = Instant::now();
    let next = AtomicU64::new(0);
    // No game after this one is started (a difference or the end was found).
    let bound = AtomicU64::new(u64::MAX);
    let (tx, rx) = mpsc::channel::<Played>();
    let (mut report, found, engines, first_error) = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|_| {
                let tx = tx.clone();
                let (next, bound) = (&next, &bound);
                scope.spawn(move || {
                    let mut engine = make_engine()?;
                    worker(engine.as_mut(), opts, t0, next, bound, &tx);
                    Ok(engine)
                })
            })
            .collect();
        drop(tx);
        let (report, found) = gather(opts, &rx, &bound, &mut progress);
        let mut engines = Vec::new();
        let mut first_error = None;
        for h in handles {
            match h.join() {
                Ok(Ok(e)) => engines.push(e),
                Ok(Err(i)) => {
                    first_error.get_or_insert(i);
                }
                Err(_) => {}
            }
        }
        (report, found, engines, first_error)
    });
    let Some(mut engine) = engines.into_iter().next() else {
        return Err(first_error.unwrap_or_else(|| {
            crate::engine::Incident::new(IncidentKind::Spawn {
                reason: "no engine could be started".into(),
            })
        }));
    };
    if let Some((seed, f)) = found {
        shrink_into(engine.as_mut(), opts, seed, f, &mut report);
    }
    report.elapsed = t0.elapsed();
    Ok(report)
}

/// Whether a run must stop now, and why.
fn stop_now(opts: &FuzzOptions) -> Option<Stopped> {
    if opts
        .stop
        .as_ref()
        .is_some_and(|s| s.load(Ordering::Relaxed))
    {
        return Some(Stopped::Interrupted);
    }
    opts.deadline
        .is_some_and(|d| Instant::now() >= d)
        .then_some(Stopped::TimeLimit)
}

/// One worker: games from the shared count until the games or the time
/// are used up, or a game at or before the next one ended the run.
fn worker(
    engine: &mut dyn Transport,
    opts: &FuzzOptions,
    t0: Instant,
    next: &AtomicU64,
    bound: &AtomicU64,
    tx: &mpsc::Sender<Played>,
) {
    let limit = opts.game_limit();
    loop {
        if stop_now(opts).is_some() || opts.time.is_some_and(|t| t0.elapsed() >= t) {
            return;
        }
        let j = next.fetch_add(1, Ordering::Relaxed);
        if limit.is_some_and(|n| j >= n) || j > bound.load(Ordering::Relaxed) {
            return;
        }
        let mut rep = FuzzReport::default();
        let outcome = play_game(engine, opts.game_seed(j), &mut rep);
        if matches!(outcome, Ok(Some(_))) {
            bound.fetch_min(j, Ordering::Relaxed);
        }
        if tx.send((j, rep, outcome)).is_err() {
            return;
        }
    }
}

/// Add one game's tallies to the report.
fn merge(report: &mut FuzzReport, game: FuzzReport) {
    report.games += game.games;
    report.turns += game.turns;
    for (id, n) in game.reach {
        *report.reach.entry(id).or_insert(0) += n;
    }
    report.events.add(&game.events);
}

/// Read the games in order as [`fuzz`] does; the report and the difference
/// to shrink (with its game seed), if one was found.
fn gather(
    opts: &FuzzOptions,
    rx: &mpsc::Receiver<Played>,
    bound: &AtomicU64,
    progress: &mut impl FnMut(u64),
) -> (FuzzReport, Option<(u64, Found)>) {
    let mut report = FuzzReport::default();
    let mut waiting: BTreeMap<u64, (FuzzReport, Result<Option<Found>, crate::engine::Incident>)> =
        BTreeMap::new();
    let (mut cursor, mut received, mut streak) = (0u64, 0u64, 0);
    let mut found = None;
    let mut ended = false;
    for (j, rep, outcome) in rx.iter() {
        if ended {
            continue;
        }
        received += 1;
        progress(received);
        waiting.insert(j, (rep, outcome));
        while let Some((rep, outcome)) = waiting.remove(&cursor) {
            let seed = opts.game_seed(cursor);
            cursor += 1;
            merge(&mut report, rep);
            match outcome {
                Ok(None) => streak = 0,
                Ok(Some(f)) => {
                    found = Some((seed, f));
                    ended = true;
                }
                Err(incident) if incident.kind == IncidentKind::Stopped => {
                    report.stopped = Some(stop_now(opts).unwrap_or(Stopped::Interrupted));
                    ended = true;
                }
                Err(incident) => {
                    let fatal = incident.kind.is_fatal();
                    report.incidents.push((seed, incident));
                    streak += 1;
                    if fatal || streak >= INCIDENT_STREAK {
                        report.stopped = Some(Stopped::Unusable);
                        ended = true;
                    }
                }
            }
            if ended {
                bound.fetch_min(cursor - 1, Ordering::Relaxed);
                break;
            }
        }
    }
    if !ended {
        if let Some(s) = stop_now(opts) {
            report.stopped = Some(s);
        }
    }
    (report, found)
}
