//! More engines like the one opened, for the workers of `--jobs`.

use super::common::{EngineArgs, Opened};
use hexodic_engine::Transport;
use hexodic_engine::{Incident, IncidentKind, RequestStats};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The engine already opened (handed to the first worker) and the way to
/// open more, with the request timing of each.
pub struct Engines<'a> {
    args: &'a EngineArgs,
    t0: Instant,
    jobs: usize,
    first: Mutex<Option<Box<dyn Transport + Send>>>,
    /// The request timing of every engine process opened.
    pub stats: Mutex<Vec<Arc<Mutex<RequestStats>>>>,
}

impl<'a> Engines<'a> {
    /// Start with the engine `opened` (by `args`, at `t0`, one of `jobs`).
    pub fn new(args: &'a EngineArgs, t0: Instant, jobs: usize, opened: Opened) -> Engines<'a> {
        Engines {
            args,
            t0,
            jobs,
            first: Mutex::new(Some(opened.engine)),
            stats: Mutex::new(opened.stats.into_iter().collect()),
        }
    }

    /// The first engine, then a new one at each call; an engine that cannot
    /// be opened is its incident.
    pub fn make(&self) -> Result<Box<dyn Transport + Send>, Incident> {
        if let Some(e) = self.first.lock().ok().and_then(|mut f| f.take()) {
            return Ok(e);
        }
        let o = self.args.open(self.t0, self.jobs).map_err(|e| {
            e.incident.map_or_else(
                || Incident::new(IncidentKind::Spawn { reason: e.message }),
                |i| *i,
            )
        })?;
        if let (Some(st), Ok(mut all)) = (o.stats, self.stats.lock()) {
            all.push(st);
        }
        Ok(o.engine)
    }
}
