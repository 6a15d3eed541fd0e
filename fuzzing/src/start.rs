//! The game a check starts from, read from the bytes: the starting
//! position, a prefix of checked play, and a mutation script on top.

use crate::edit::script;
use crate::failure::{CheckFailure, Trail};
use crate::play::{play_chosen, Depth};
use arbitrary::Unstructured;
use hexodic_conformance::fuzz::script::apply_script;
use hexodic_rules::invariants;
use hexodic_rules::Game;

/// The game a check starts from, chosen by the bytes: the starting position,
/// a position reached by `prefix` checked random turns, or either of those
/// edited by a mutation script (then a fresh game from the edited position).
pub(crate) fn build_game(
    u: &mut Unstructured,
    prefix: usize,
) -> Result<(Game, Trail), CheckFailure> {
    let mode: u8 = u.arbitrary().unwrap_or(0);
    let mut game = Game::new();
    let mut trail = Trail::new(game.position());
    if mode & 1 == 1 {
        let k = u.int_in_range(0..=prefix).unwrap_or(0);
        for _ in 0..k {
            if game.position().is_over() {
                break;
            }
            play_chosen(u, &mut game, &mut trail, Depth::Light)?;
        }
    }
    if mode & 2 == 2 && !game.position().is_over() {
        let edits = script(u, 24);
        let p = apply_script(game.position(), &edits);
        invariants::check_position(&p).map_err(|v| {
            let mut f = trail.at(v, None);
            f.message = format!("{} (after {} edits made `{p}`)", f.message, edits.len());
            f
        })?;
        game = Game::from_position(p);
        trail = Trail::new(&p);
    } else if mode & 1 == 1 {
        invariants::check_position(game.position()).map_err(|v| trail.at(v, None))?;
    }
    Ok((game, trail))
}
