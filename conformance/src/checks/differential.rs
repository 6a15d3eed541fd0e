//! The differential check: an engine under test against the reference.

use super::{arbitrary_turn, build_game, Check, CheckFailure, Trail};
use crate::engine::{Capabilities, Engine, PlayReply};
use arbitrary::Unstructured;
use hexodic_rules::{CellSet, Game, Reason, Turn};
use std::collections::HashSet;

/// The failure for a difference between an engine and the reference.
fn differs(trail: &Trail, turn: Option<Turn>, message: String) -> CheckFailure {
    let mut f = trail.fail(DIFFERENTIAL, message);
    f.turns.extend(turn);
    f
}

/// The `invariant` of a [`CheckFailure`] from [`differential`].
pub const DIFFERENTIAL: &str = "differential";

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Offer `t` to both engines and compare the answers. Returns whether the
/// reference accepted it.
fn differ_on(
    engine: &mut dyn Engine,
    caps: Capabilities,
    reference: &mut Game,
    trail: &mut Trail,
    t: Turn,
) -> Result<bool, CheckFailure> {
    let theirs = engine
        .play(&t.to_string())
        .map_err(|e| differs(trail, Some(t), format!("engine failed: {e}")))?;
    match (reference.play(t), theirs) {
        (
            Ok(rep),
            PlayReply::Legal {
                position,
                captured,
                kinds,
            },
        ) => {
            trail.turns.push(t);
            let ours = reference.position().to_notation();
            if position != ours {
                return Err(differs(
                    trail,
                    None,
                    format!("engine reached `{position}`, reference `{ours}`"),
                ));
            }
            let names = |c: CellSet| c.iter().map(|c| c.to_string()).collect::<Vec<_>>();
            if sorted(captured.clone()) != names(rep.captured()) {
                return Err(differs(
                    trail,
                    None,
                    format!(
                        "engine captured {captured:?}, reference {:?}",
                        names(rep.captured())
                    ),
                ));
            }
            if let (true, Some(k)) = (caps.capture_kinds, kinds) {
                let by_move = rep.move_capture.map(|c| c.to_string());
                if k.by_move != by_move
                    || sorted(k.encircled.clone()) != names(rep.encircled)
                    || sorted(k.echo.clone()) != names(rep.echo_captured)
                {
                    return Err(differs(
                        trail,
                        None,
                        format!("engine split captures as {k:?}, reference {rep:?}"),
                    ));
                }
            }
            Ok(true)
        }
        (Err(e), PlayReply::Illegal { codes }) => {
            if !caps.error_codes {
                return Ok(false);
            }
            // V2: naming any rule the turn breaks is acceptable.
            let rules: HashSet<&str> = e
                .reasons
                .iter()
                .flat_map(|r| r.rules().iter().copied())
                .collect();
            let fits = |code: &String| {
                Reason::from_code(code)
                    .is_some_and(|r| r.rules().iter().any(|id| rules.contains(id)))
            };
            if codes.is_empty() || !codes.iter().all(fits) {
                return Err(differs(
                    trail,
                    Some(t),
                    format!(
                        "engine rejects with {codes:?}, reference with {:?}",
                        e.reasons
                    ),
                ));
            }
            Ok(false)
        }
        (Ok(_), PlayReply::Illegal { codes }) => Err(differs(
            trail,
            Some(t),
            format!("engine rejects a legal turn with {codes:?}"),
        )),
        (Err(e), PlayReply::Legal { position, .. }) => Err(differs(
            trail,
            Some(t),
            format!("engine accepts an illegal turn ({e}) and reaches `{position}`"),
        )),
    }
}

/// Differential: an engine under test against the reference, through the
/// [`Engine`] interface (in process, or an external process speaking the
/// protocol). The bytes pick a starting position (play or a mutation
/// script, sent with `set_position`) and then turns, legal or near-legal:
/// both must accept the same turns, reach the same position strings
/// (results included) with the same captures, and reject illegal turns
/// naming a rule the turn breaks (V2). Now and then the legal-turn lists
/// are compared too. Failures carry the invariant [`DIFFERENTIAL`].
pub fn differential(engine: &mut dyn Engine, data: &[u8]) -> Check {
    let mut u = Unstructured::new(data);
    let (game, _) = build_game(&mut u, 30)?;
    let start = *game.position();
    let mut reference = Game::from_position(start);
    let mut trail = Trail::new(&start);
    let caps = engine.info().capabilities;
    engine
        .set_position(&trail.start)
        .map_err(|e| differs(&trail, None, format!("engine refuses the position: {e}")))?;
    while !u.is_empty() && !reference.position().is_over() && trail.turns.len() < 64 {
        let p = *reference.position();
        let look: u8 = u.arbitrary().unwrap_or(0);
        if caps.legal_turns && look & 15 == 0 {
            let theirs = engine
                .legal_turns()
                .map_err(|e| differs(&trail, None, format!("engine failed: {e}")))?;
            let ours: Vec<String> = p.legal_turns().iter().map(|t| t.to_string()).collect();
            let (theirs, ours) = (sorted(theirs), sorted(ours));
            if theirs != ours {
                let extra: Vec<_> = theirs
                    .iter()
                    .filter(|t| ours.binary_search(t).is_err())
                    .take(5)
                    .collect();
                let missing: Vec<_> = ours
                    .iter()
                    .filter(|t| theirs.binary_search(t).is_err())
                    .take(5)
                    .collect();
                return Err(differs(
                    &trail,
                    None,
                    format!("legal lists differ: engine also lists {extra:?}, misses {missing:?}"),
                ));
            }
        }
        let t = arbitrary_turn(&mut u, &p);
        if !differ_on(engine, caps, &mut reference, &mut trail, t)? && look & 1 == 1 {
            let n = p.count_legal();
            let i = u.choose_index(n.max(1) as usize).unwrap_or(0) as u64;
            if let Some(t) = p.nth_legal(i) {
                differ_on(engine, caps, &mut reference, &mut trail, t)?;
            }
        }
    }
    Ok(())
}
