//! One fuzz game in one exchange with the engine, for an engine that reads
//! requests as they come (`pipelining`, PROTOCOL.md).
//!
//! The game's requests do not depend on the engine's answers: the
//! reference and the seed choose every turn, and the game stops at the
//! first difference. So the game is first played against the reference
//! alone, noting each request and the reference's answer (`Noting`); the
//! engine is then sent them all at once ([`Engine::pipeline`]). Answers
//! equal to the reference's agree (the legal list in any order). Otherwise
//! the game is played once more, the engine's recorded answers judged by
//! the same oracle as always ([`Recorded`]): an engine without some
//! capability answers with less, and still agrees. A game on which the engine differs, or breaks the
//! protocol, is played again one request at a time from a fresh start, so
//! that the finding, the implicated rules and the incidents are exactly
//! those of a run without pipelining. Only a time-out or a stop is
//! reported from the batch itself: waiting once more would only double it.

use super::campaign::{play_one, Found, FuzzReport};
use crate::engine::pipeline::{Noting, Recorded};
use crate::engine::Transport;
use crate::engine::{Engine, Incident, IncidentKind};

/// Play the game `seed` on `engine` with its requests sent at once.
pub(super) fn play(
    engine: &mut dyn Transport,
    seed: u64,
    report: &mut FuzzReport,
) -> Result<Option<Found>, Incident> {
    let info = engine.info();
    let mut noting = Noting::new(info.clone());
    let mut expected = FuzzReport::default();
    if !matches!(play_one(&mut noting, seed, &mut expected), Ok(None)) {
        // The reference against itself always agrees; asked alone to be sure.
        return play_one(engine, seed, report);
    }
    let asks = noting.asks();
    let answers = match engine.pipeline(&asks) {
        Ok(a) => a,
        Err(i) if matches!(i.kind, IncidentKind::Stopped | IncidentKind::Timeout { .. }) => {
            report.games += 1;
            return Err(i);
        }
        Err(_) => return play_one(engine, seed, report),
    };
    // The reference's own answers agree with it: answers equal to them
    // need no judging.
    if noting.agrees(&answers) {
        add(report, &expected);
        return Ok(None);
    }
    let mut recorded = Recorded::new(info, asks, answers);
    let mut game = FuzzReport::default();
    match play_one(&mut recorded, seed, &mut game) {
        Ok(None) if recorded.complete() => {
            add(report, &game);
            Ok(None)
        }
        _ => play_one(engine, seed, report),
    }
}

/// Add one game's tallies to the run's.
fn add(report: &mut FuzzReport, game: &FuzzReport) {
    report.games += game.games;
    report.turns += game.turns;
    for (id, n) in &game.reach {
        *report.reach.entry(id).or_insert(0) += n;
    }
    report.events.add(&game.events);
}
