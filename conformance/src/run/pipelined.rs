//! A fixture's requests sent to the engine at once, for an engine that
//! reads requests as they come (`pipelining`, PROTOCOL.md).
//!
//! What a fixture asks does not depend on the engine's answers while they
//! agree: the fixture fixes every turn. So the fixture is first run against
//! the reference, noting each request and answer; the engine is sent them
//! all at once ([`Engine::pipeline`]); answers equal to the reference's
//! pass as the reference did, and any others are judged by running the
//! fixture once more on the recorded answers. A fixture that does not pass
//! that way, or whose exchange meets an incident, is run again one request
//! at a time from its start, so its failure, diagnosis, incident and
//! transcript are exactly those of a run without pipelining.

use super::runner::{run_fixture, FixtureRun, RunOutcome};
use crate::corpus::{Fixture, Trace};
use crate::engine::pipeline::{Noting, Recorded};
use crate::engine::Engine;
use crate::engine::Transport;
use hexodic_rules::symmetry::Symmetry;

/// [`run_fixture`], with the fixture's requests sent at once when the
/// engine pipelines and `jobs` engines keep every core busy. `transcripts`: the exchange is being recorded (it is
/// started afresh for a fixture run again one request at a time).
pub(super) fn run_fixture_at_once(
    engine: &mut dyn Transport,
    fx: &Fixture,
    trace: Option<&Trace>,
    only: Option<Symmetry>,
    transcripts: bool,
    jobs: usize,
) -> FixtureRun {
    // While a core is free the reply is waited for by spinning, and one
    // request at a time is faster (BENCHMARKS.md).
    if !engine.pipelines() || crate::engine::cores_free(jobs) {
        return run_fixture(engine, fx, trace, only);
    }
    let info = engine.info();
    let mut noting = Noting::new(info.clone());
    let expected = run_fixture(&mut noting, fx, trace, only);
    if !matches!(expected.outcome, RunOutcome::Pass) {
        // A fixture the reference does not pass (a stale trace): asked alone.
        return run_fixture(engine, fx, trace, only);
    }
    let asks = noting.asks();
    let again = |engine: &mut dyn Transport| {
        if transcripts {
            engine.begin_transcript();
        }
        run_fixture(engine, fx, trace, only)
    };
    let answers = match engine.pipeline(&asks) {
        Ok(a) => a,
        Err(_) => return again(engine),
    };
    if noting.agrees(&answers) {
        return expected;
    }
    let mut recorded = Recorded::new(info, asks, answers);
    let run = run_fixture(&mut recorded, fx, trace, only);
    if matches!(run.outcome, RunOutcome::Pass) && recorded.complete() {
        return run;
    }
    again(engine)
}
