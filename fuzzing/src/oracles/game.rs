//! The game a check starts from: the generators' start position (play, a
//! mutation script aimed at rare situations, or a built scenario), checked
//! (I1-I9) before any turn is played from it.

use super::failure::{CheckFailure, Trail};
use crate::choose::Choose;
use crate::generators::start_position;
use hexodic_rules::invariants;
use hexodic_rules::Game;

/// The game a check starts from, chosen by `c`, and the trail that names
/// its start.
pub(crate) fn build_game(c: &mut dyn Choose) -> Result<(Game, Trail), CheckFailure> {
    let p = start_position(c);
    let trail = Trail::new(&p);
    invariants::check_position(&p).map_err(|v| trail.at(v, None))?;
    Ok((Game::from_position(p), trail))
}
