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
use crate::turn::{Echo, Project, Turn};

/// What happened in one game, for tallies of how games end and how often
/// each rare event occurs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameStats {
    /// Turns played.
    pub turns: u32,
    /// Skip turns (T5).
    pub skips: u32,
    /// Turns without a Shape (S3).
    pub no_shape: u32,
    /// Captures by Move (T6).
    pub move_captures: u32,
    /// Stones captured by encirclement (C1).
    pub encircled: u32,
    /// Encirclement captures of stones with no edge slot.
    pub interior_encircled: u32,
    /// Echo-Captures played (E3).
    pub echo_captures: u32,
    /// Echo-Captures that captured at least one stone (E4).
    pub echo_captures_hit: u32,
    /// Echo-Locks (E2).
    pub echo_locks: u32,
    /// Lowers played (S4).
    pub lowers: u32,
    /// Turns that captured stones of more than one kind, or several stones at once.
    pub multi_captures: u32,
}

/// Apply `$op` to every field of [`GameStats`] (the list of fields, once).
macro_rules! each_stat {
    ($a:ident, $b:ident, $op:expr) => {{
        $a.turns = $op($a.turns, $b.turns);
        $a.skips = $op($a.skips, $b.skips);
        $a.no_shape = $op($a.no_shape, $b.no_shape);
        $a.move_captures = $op($a.move_captures, $b.move_captures);
        $a.encircled = $op($a.encircled, $b.encircled);
        $a.interior_encircled = $op($a.interior_encircled, $b.interior_encircled);
        $a.echo_captures = $op($a.echo_captures, $b.echo_captures);
        $a.echo_captures_hit = $op($a.echo_captures_hit, $b.echo_captures_hit);
        $a.echo_locks = $op($a.echo_locks, $b.echo_locks);
        $a.lowers = $op($a.lowers, $b.lowers);
        $a.multi_captures = $op($a.multi_captures, $b.multi_captures);
    }};
}

impl GameStats {
    /// Add another game's (or tally's) counts to these.
    pub fn add(&mut self, other: &GameStats) {
        each_stat!(self, other, |a: u32, b: u32| a.saturating_add(b));
    }

    /// 1 for every event that happened at least once, 0 for the others (to
    /// count games in which an event happened).
    pub fn occurred(&self) -> GameStats {
        let mut out = GameStats::default();
        each_stat!(out, self, |_: u32, b: u32| (b > 0) as u32);
        out
    }

    /// Count one played turn.
    pub fn record(&mut self, turn: Turn, report: &TurnReport) {
        self.turns += 1;
        self.skips += (turn.project == Project::Skip) as u32;
        self.no_shape += (turn.shape.is_none() && turn.project != Project::Skip) as u32;
        self.move_captures += report.move_capture.is_some() as u32;
        self.encircled += report.encircled.count();
        self.interior_encircled += report
            .encircled
            .iter()
            .filter(|c| c.edge_slots() == 0)
            .count() as u32;
        self.lowers += matches!(turn.shape, Some(crate::Shape::Lower(_))) as u32;
        match turn.echo {
            Some(Echo::Capture(_)) => {
                self.echo_captures += 1;
                self.echo_captures_hit += report.echo_captured.any() as u32;
            }
            Some(Echo::Lock(_)) => self.echo_locks += 1,
            None => {}
        }
        self.multi_captures += (report.captured().count() > 1) as u32;
    }
}

/// Play one game from `game`'s position to its end, choosing uniformly among
/// the legal turns (by bulk counting, without listing them). Each turn is
/// `nth_legal(rng.below(count_legal()))`, found in one counting pass.
pub fn play_out(game: &mut Game, rng: &mut Rng, stats: &mut GameStats) -> Option<Outcome> {
    while !game.position().is_over() {
        let turn = game.position().choose_legal(|n| rng.below(n))?;
        let report = game.play_legal(turn);
        stats.record(turn, &report);
    }
    game.outcome()
}

/// Play one game from the start with the given seed.
pub fn random_game(seed: u64) -> (Game, GameStats) {
    let mut game = Game::new();
    let mut stats = GameStats::default();
    let mut rng = Rng::new(seed);
    play_out(&mut game, &mut rng, &mut stats);
    (game, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_add_up_and_say_what_occurred() {
        let (_, a) = random_game(1);
        let (_, b) = random_game(2);
        let mut sum = a;
        sum.add(&b);
        assert_eq!(sum.turns, a.turns + b.turns);
        assert_eq!(sum.lowers, a.lowers + b.lowers);
        assert_eq!(sum.echo_locks, a.echo_locks + b.echo_locks);
        let once = sum.occurred();
        assert_eq!(once.turns, 1);
        assert_eq!(once.skips, (sum.skips > 0) as u32);
        assert_eq!(GameStats::default().occurred(), GameStats::default());
    }
}
