//! The one execution core of `run` and `fuzz`: items (fixtures, games)
//! numbered from 0, handed to workers that each own an engine, their
//! results read back in number order on the calling thread exactly as a
//! single worker would produce them. The reader decides after each item
//! whether the whole ends there; the deadline, the interrupt and an engine
//! that keeps failing the same costly way (the [`Watch`]) end it too. Items
//! after the one that ended it are dropped, so the outcome is the one a
//! single worker gives, whatever the number of workers.

use hexodic_engine::{Incident, IncidentKind};
use hexodic_report::Stopped;
use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Instant;

/// When this many of the last [`INCIDENT_WINDOW`] items end in the same
/// costly kind of incident (a timeout, a huge reply), the engine is declared
/// unusable instead of costing that much item after item.
pub const INCIDENT_STREAK: usize = 3;

/// The window of items [`INCIDENT_STREAK`] counts in.
pub const INCIDENT_WINDOW: usize = 5;

/// What bounds a run of the pool besides its items.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop when this time comes (`--max-time`).
    pub deadline: Option<Instant>,
    /// Stop when this is set (an interrupt).
    pub stop: Option<Arc<AtomicBool>>,
    /// Start no item after this time (`fuzz --time`): a budget, not a
    /// limit; items started go on.
    pub start_until: Option<Instant>,
}

impl Limits {
    /// Why work must stop now, if it must.
    pub fn stopped(&self) -> Option<Stopped> {
        if self
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
        {
            return Some(Stopped::Interrupted);
        }
        self.deadline
            .is_some_and(|d| Instant::now() >= d)
            .then_some(Stopped::TimeLimit)
    }

    /// Whether a new item may start.
    fn may_start(&self) -> bool {
        self.stopped().is_none() && self.start_until.is_none_or(|t| Instant::now() < t)
    }
}

/// Watches incidents item by item: when the same costly kind keeps coming
/// back, or one makes the engine unusable at once, the engine is given up on.
#[derive(Default)]
pub struct Watch {
    recent: VecDeque<Option<&'static str>>,
}

impl Watch {
    /// Note an item's incident, if it had one; the incident that makes the
    /// engine unusable, if any.
    pub fn note(&mut self, incident: Option<&Incident>) -> Option<Incident> {
        let costly = incident
            .filter(|i| i.kind.is_costly())
            .map(|i| i.kind.name());
        self.recent.push_back(costly);
        if self.recent.len() > INCIDENT_WINDOW {
            self.recent.pop_front();
        }
        let i = incident?;
        if i.kind.is_fatal() {
            return Some(i.clone());
        }
        let same = self
            .recent
            .iter()
            .filter(|k| k.is_some() && **k == costly)
            .count();
        (same >= INCIDENT_STREAK).then(|| {
            let mut gave_up = i.clone();
            gave_up.kind = IncidentKind::GaveUp {
                reason: format!(
                    "{same} of the last {} items ended the same way: {}",
                    self.recent.len(),
                    i.kind
                ),
            };
            gave_up
        })
    }
}

/// What the reader says after an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Go,
    /// The whole ends with this item.
    End,
}

/// How the pool ended.
pub struct Ended<W> {
    /// Items read, in order (every one before the end).
    pub read: u64,
    /// Why the work ended before its last item, if it did (the reader's
    /// [`Flow::End`] is not a stop).
    pub stopped: Option<Stopped>,
    /// The incident that made the engine unusable, when one did.
    pub unusable: Option<Incident>,
    /// The workers, for more work with their engines.
    pub workers: Vec<W>,
    /// The incidents of workers that could not start, when others did.
    pub not_started: Vec<Incident>,
}

/// One item's outcome, as the pool sees it: the incident the item ended in,
/// if any (for the [`Watch`], and a stop while the engine worked).
pub trait Outcome {
    /// The incident the item ended in.
    fn incident(&self) -> Option<&Incident>;
}

/// Run items `0..count` (every one while `may_start`, with no `count`) on
/// `jobs` workers made by `make`, each item by `work`, and read the
/// outcomes in order with `read` on this thread. An error when no worker
/// could be made.
pub fn run<W, T>(
    jobs: usize,
    count: Option<u64>,
    limits: &Limits,
    make: &(dyn Fn() -> Result<W, Incident> + Sync),
    work: &(dyn Fn(&mut W, u64) -> T + Sync),
    read: &mut dyn FnMut(u64, T) -> Flow,
) -> Result<Ended<W>, Incident>
where
    W: Send,
    T: Outcome + Send,
{
    let jobs = jobs.max(1);
    let jobs = count.map_or(jobs, |n| {
        jobs.min(usize::try_from(n.max(1)).unwrap_or(usize::MAX))
    });
    if jobs == 1 {
        return Ok(run_with(make()?, count, limits, work, read));
    }
    let next = AtomicU64::new(0);
    // No item after this one is started (the reader ended the work there).
    let bound = AtomicU64::new(u64::MAX);
    let (tx, rx) = mpsc::channel::<Message<W, T>>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, bound) = (&next, &bound);
            scope.spawn(move || worker(count, limits, make, work, next, bound, &tx));
        }
        drop(tx);
        gather(count, limits, &rx, &bound, read)
    })
}

/// Run items on one worker `w` on this thread: what [`run`] does with one
/// job (the worker need not be sent anywhere).
pub fn run_with<W, T: Outcome>(
    mut w: W,
    count: Option<u64>,
    limits: &Limits,
    work: &dyn Fn(&mut W, u64) -> T,
    read: &mut dyn FnMut(u64, T) -> Flow,
) -> Ended<W> {
    let mut watch = Watch::default();
    let mut i = 0u64;
    let mut end = Ended {
        read: 0,
        stopped: None,
        unusable: None,
        workers: Vec::new(),
        not_started: Vec::new(),
    };
    while count.is_none_or(|n| i < n) {
        if !limits.may_start() {
            end.stopped = limits.stopped();
            break;
        }
        let t = work(&mut w, i);
        if let Some(s) = stop_in(&t, limits) {
            end.stopped = Some(s);
            break;
        }
        let unusable = watch.note(t.incident());
        i += 1;
        end.read = i;
        let flow = read(i - 1, t);
        if unusable.is_some() {
            end.unusable = unusable;
            end.stopped = Some(Stopped::Unusable);
            break;
        }
        if flow == Flow::End {
            break;
        }
    }
    end.workers.push(w);
    end
}

/// The stop an item ended in: the run was stopped while the engine worked.
fn stop_in<T: Outcome>(t: &T, limits: &Limits) -> Option<Stopped> {
    t.incident()
        .filter(|i| i.kind == IncidentKind::Stopped)
        .map(|_| limits.stopped().unwrap_or(Stopped::Interrupted))
}

/// What a worker sends back.
enum Message<W, T> {
    /// Its worker could not be made.
    NotStarted(Incident),
    /// An item done.
    Done(u64, T),
    /// The worker is done.
    Finished(W),
}

fn worker<W, T: Send>(
    count: Option<u64>,
    limits: &Limits,
    make: &(dyn Fn() -> Result<W, Incident> + Sync),
    work: &(dyn Fn(&mut W, u64) -> T + Sync),
    next: &AtomicU64,
    bound: &AtomicU64,
    tx: &mpsc::Sender<Message<W, T>>,
) {
    let mut w = match make() {
        Ok(w) => w,
        Err(i) => {
            let _ = tx.send(Message::NotStarted(i));
            return;
        }
    };
    while limits.may_start() {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if count.is_some_and(|n| i >= n) || i > bound.load(Ordering::Relaxed) {
            break;
        }
        let t = work(&mut w, i);
        if tx.send(Message::Done(i, t)).is_err() {
            return;
        }
    }
    let _ = tx.send(Message::Finished(w));
}

/// Receive the workers' outcomes and read them in order, as one worker
/// would have produced them.
fn gather<W, T: Outcome + Send>(
    count: Option<u64>,
    limits: &Limits,
    rx: &mpsc::Receiver<Message<W, T>>,
    bound: &AtomicU64,
    read: &mut dyn FnMut(u64, T) -> Flow,
) -> Result<Ended<W>, Incident> {
    let mut waiting: BTreeMap<u64, T> = BTreeMap::new();
    let mut watch = Watch::default();
    let mut end = Ended {
        read: 0,
        stopped: None,
        unusable: None,
        workers: Vec::new(),
        not_started: Vec::new(),
    };
    let mut ended = false;
    for m in rx.iter() {
        match m {
            Message::NotStarted(i) => end.not_started.push(i),
            Message::Finished(w) => end.workers.push(w),
            Message::Done(_, _) if ended => {}
            Message::Done(i, t) => {
                waiting.insert(i, t);
                while let Some(t) = waiting.remove(&end.read) {
                    let i = end.read;
                    if let Some(s) = stop_in(&t, limits) {
                        end.stopped = Some(s);
                        ended = true;
                        break;
                    }
                    let unusable = watch.note(t.incident());
                    end.read += 1;
                    let flow = read(i, t);
                    if unusable.is_some() {
                        end.unusable = unusable;
                        end.stopped = Some(Stopped::Unusable);
                        ended = true;
                        break;
                    }
                    if flow == Flow::End {
                        ended = true;
                        break;
                    }
                }
                if ended {
                    bound.store(end.read.saturating_sub(1), Ordering::Relaxed);
                    waiting.clear();
                }
            }
        }
    }
    if end.workers.is_empty() {
        return Err(end.not_started.into_iter().next().unwrap_or_else(|| {
            Incident::new(IncidentKind::Spawn {
                reason: "no engine could be started".into(),
            })
        }));
    }
    if !ended && count.is_none_or(|n| end.read < n) {
        // The workers stopped early: an interrupt, the time limit or the budget.
        end.stopped = limits.stopped();
    }
    Ok(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Item(u64, Option<Incident>);

    impl Outcome for Item {
        fn incident(&self) -> Option<&Incident> {
            self.1.as_ref()
        }
    }

    fn timeout() -> Incident {
        Incident::new(IncidentKind::Timeout { millis: 5 })
    }

    #[test]
    fn items_are_read_in_order_whatever_the_workers() {
        for jobs in [1, 2, 4] {
            let mut seen = Vec::new();
            let end = run(
                jobs,
                Some(50),
                &Limits::default(),
                &|| Ok(()),
                &|_, i| Item(i * 2, None),
                &mut |i, t| {
                    seen.push((i, t.0));
                    Flow::Go
                },
            )
            .unwrap();
            assert_eq!(end.read, 50);
            assert_eq!(seen, (0..50).map(|i| (i, i * 2)).collect::<Vec<_>>());
            assert!(end.stopped.is_none());
            assert_eq!(end.workers.len(), jobs);
        }
    }

    #[test]
    fn the_reader_ends_the_work_at_the_same_item_on_any_number_of_workers() {
        for jobs in [1, 3] {
            let mut seen = Vec::new();
            let end = run(
                jobs,
                Some(100),
                &Limits::default(),
                &|| Ok(()),
                &|_, i| Item(i, None),
                &mut |i, _| {
                    seen.push(i);
                    if i == 17 {
                        Flow::End
                    } else {
                        Flow::Go
                    }
                },
            )
            .unwrap();
            assert_eq!(end.read, 18);
            assert_eq!(seen, (0..18).collect::<Vec<_>>());
        }
    }

    #[test]
    fn the_same_costly_incident_again_and_again_makes_the_engine_unusable() {
        for jobs in [1, 2] {
            let end = run(
                jobs,
                Some(20),
                &Limits::default(),
                &|| Ok(()),
                &|_, i| Item(i, (i >= 4).then(timeout)),
                &mut |_, _| Flow::Go,
            )
            .unwrap();
            assert_eq!(end.stopped, Some(Stopped::Unusable));
            assert_eq!(end.read, 7, "the third time-out in a row ends it");
            assert!(matches!(
                end.unusable.map(|i| i.kind),
                Some(IncidentKind::GaveUp { .. })
            ));
        }
    }

    #[test]
    fn an_interrupt_stops_every_worker() {
        let stop = Arc::new(AtomicBool::new(true));
        let limits = Limits {
            stop: Some(stop),
            ..Limits::default()
        };
        let end = run(
            2,
            None,
            &limits,
            &|| Ok(()),
            &|_, i| Item(i, None),
            &mut |_, _| Flow::Go,
        )
        .unwrap();
        assert_eq!(end.read, 0);
        assert_eq!(end.stopped, Some(Stopped::Interrupted));
    }

    #[test]
    fn no_worker_at_all_is_the_first_incident() {
        let r = run::<(), Item>(
            2,
            Some(3),
            &Limits::default(),
            &|| Err(timeout()),
            &|_, i| Item(i, None),
            &mut |_, _| Flow::Go,
        );
        assert!(matches!(
            r.map(|e| e.read),
            Err(Incident {
                kind: IncidentKind::Timeout { .. },
                ..
            })
        ));
    }
}
