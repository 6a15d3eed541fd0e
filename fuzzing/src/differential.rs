//! The differential check: an engine under test against the reference,
//! judged by the oracle (the same judgement as `run` and `fuzz`).

use crate::failure::{Check, CheckFailure, Trail};
use crate::start::build_game;
use crate::turn::arbitrary_turn;
use arbitrary::Unstructured;
use hexodic_conformance::engine::{Engine, PositionReply};
use hexodic_conformance::fuzz::compare::{self, Mismatch};
use hexodic_rules::{Game, Setup};

/// The `invariant` of a [`CheckFailure`] from [`differential`].
pub const DIFFERENTIAL: &str = "differential";

fn failure(trail: &Trail, m: Mismatch) -> CheckFailure {
    let message = match m {
        Mismatch::Differs(d) => format!("{} [{}]", d.difference.summary(), d.implicated.join(", ")),
        Mismatch::Incident(i) => format!("engine incident: {}", i.kind),
    };
    trail.fail(DIFFERENTIAL, message)
}

/// Differential: an engine under test against the reference, through the
/// [`Engine`] interface (in process, or an external process speaking the
/// protocol). The bytes pick a starting position (play or a mutation
/// script, sent with `set_position`) and then turns, legal or near-legal:
/// every answer is judged by the oracle (verdicts, reasons, captures by
/// kind, positions field by field, and now and then the legal lists).
/// Failures carry the invariant [`DIFFERENTIAL`].
pub fn differential(engine: &mut dyn Engine, data: &[u8]) -> Check {
    let mut u = Unstructured::new(data);
    let (game, _) = build_game(&mut u, 30)?;
    let start = *game.position();
    let mut reference = Game::from_position(start);
    let mut trail = Trail::new(&start);
    let caps = engine.info().capabilities;
    match engine.set_position(&Setup::from(&start)) {
        Ok(PositionReply::Accepted) => {}
        Ok(PositionReply::Invalid(_)) => {
            return Err(trail.fail(DIFFERENTIAL, "the engine rejects a valid position".into()))
        }
        Err(i) => return Err(failure(&trail, Mismatch::Incident(i))),
    }
    while !u.is_empty() && !reference.position().is_over() && trail.turns.len() < 64 {
        let p = *reference.position();
        let look: u8 = u.arbitrary().unwrap_or(0);
        if look & 15 == 0 {
            compare::lists(engine, caps, &p).map_err(|m| failure(&trail, m))?;
        }
        let t = arbitrary_turn(&mut u, &p);
        trail.turns.push(t);
        let played =
            compare::step(engine, caps, &mut reference, t).map_err(|m| failure(&trail, m))?;
        if played.is_none() {
            trail.turns.pop();
            if look & 1 == 1 {
                let n = p.count_legal();
                let i = u.choose_index(n.max(1) as usize).unwrap_or(0) as u64;
                if let Some(t) = p.nth_legal(i) {
                    trail.turns.push(t);
                    compare::step(engine, caps, &mut reference, t)
                        .map_err(|m| failure(&trail, m))?;
                }
            }
        }
    }
    Ok(())
}
