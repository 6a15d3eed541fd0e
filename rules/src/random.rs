//! A small, seedable pseudo-random generator (SplitMix64) so that seeded
//! games are the same on every machine and every build.

/// SplitMix64: fast, seedable, and stable across versions.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number below `n` (`n > 0`), by widening multiplication.
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

use crate::game::Game;
use crate::outcome::Outcome;
use crate::play::TurnReport;
use crate::turn::Turn;

/// Play one turn chosen uniformly among the legal turns (by bulk counting,
/// without listing them): `nth_legal(rng.below(count_legal()))`, found in
/// one counting pass. `None`, and nothing played, when the game is over.
pub fn play_turn(game: &mut Game, rng: &mut Rng) -> Option<(Turn, TurnReport)> {
    if game.position().is_over() {
        return None;
    }
    let turn = game.position().choose_legal(|n| rng.below(n))?;
    let report = game.play_legal(turn);
    Some((turn, report))
}

/// Play one game from `game`'s position to its end with [`play_turn`].
pub fn play_out(game: &mut Game, rng: &mut Rng) -> Option<Outcome> {
    while play_turn(game, rng).is_some() {}
    game.outcome()
}

/// Play one game from the start with the given seed.
pub fn random_game(seed: u64) -> Game {
    let mut game = Game::new();
    play_out(&mut game, &mut Rng::new(seed));
    game
}
