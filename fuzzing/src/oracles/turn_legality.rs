//! The turn legality check.

use super::failure::Check;
use super::game::build_game;
use super::play::{play_checked, play_chosen, Depth};
use crate::generators::probe_turn;
use arbitrary::Unstructured;
use hexodic_rules::invariants;

/// Turn legality: on positions reached by play or built by a script, offer
/// arbitrary, mostly illegal turns. A turn is accepted exactly when it is in
/// the legal list, a rejected turn leaves the game unchanged (I6), and a
/// rejected turn always names at least one reason with a rule ID (V2).
pub fn turn_legality(data: &[u8]) -> Check {
    let mut u = Unstructured::new(data);
    let (mut game, mut trail) = build_game(&mut u)?;
    while !u.is_empty() && !game.position().is_over() {
        let t = probe_turn(game.position(), &mut u);
        invariants::check_turn_agreement(&game, t).map_err(|v| trail.at(v, Some(t)))?;
        let reasons = game.position().illegal_reasons(t);
        if reasons.iter().any(|r| r.rules().is_empty()) {
            return Err(trail.fail("I6", format!("{t}: a reason without a rule")));
        }
        if reasons.is_empty() {
            play_checked(&mut game, &mut trail, t, Depth::Full)?;
        } else if u.arbitrary::<bool>().unwrap_or(false) {
            play_chosen(&mut u, &mut game, &mut trail, Depth::Full)?;
        }
    }
    Ok(())
}
