//! The random play check.

use super::failure::Check;
use super::fingerprint::fingerprint;
use super::game::build_game;
use super::play::{play_chosen, Depth};
use arbitrary::Unstructured;
use hexodic_rules::invariants;

/// Random play: the bytes pick a starting game (mutation scripts included)
/// and then, one after another, indices into the legal-turn list. Every turn
/// is checked with `check_transition` and the cheap position checks (I1-I5,
/// the cap of I7, the key); the last position gets the whole
/// `check_position` (I7, I9). For one input in 512 (by a hash of the whole
/// input) the last position also gets the legal list check (I6), and for one
/// in 16384 the check of all 24 symmetries (I8): both cost more than a whole
/// game (the `symmetry` check covers I8 in depth).
pub fn random_game(data: &[u8]) -> Check {
    random_game_at(data, Depth::Light)
}

/// [`random_game`] with the whole `check_position` after every turn, and the
/// legal list check (I6) on every last position: several times slower, for
/// the replay test.
pub fn random_game_strict(data: &[u8]) -> Check {
    random_game_at(data, Depth::Full)
}

fn random_game_at(data: &[u8], depth: Depth) -> Check {
    let mut u = Unstructured::new(data);
    let (mut game, mut trail) = build_game(&mut u)?;
    while !u.is_empty() && !game.position().is_over() {
        play_chosen(&mut u, &mut game, &mut trail, depth)?;
    }
    let last = game.position();
    invariants::check_position(last).map_err(|v| trail.at(v, None))?;
    let h = fingerprint(data);
    if h & 511 == 0 || depth == Depth::Full {
        invariants::check_legal_list(last).map_err(|v| trail.at(v, None))?;
    }
    if h & 16383 == 0 {
        invariants::check_symmetry(&game, 2).map_err(|v| trail.at(v, None))?;
    }
    Ok(())
}
