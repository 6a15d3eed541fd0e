//! proptest strategies for Hexodic positions, turns and games (feature
//! `proptest`), built on the fuzzers' own generators: each value is made
//! from a vector of choice bytes, which proptest shrinks toward fewer and
//! smaller bytes, so a failing case shrinks to a plain start, a small
//! board and few turns, never to an opaque seed.
//!
//! ```
//! use hexodic_fuzzing::strategies::games;
//! use proptest::prelude::*;
//!
//! // In a test file of the engine crate, under `#[test]`:
//! proptest!(ProptestConfig::with_cases(16), |(game in games())| {
//!     let mut engine = hexodic_engine::ReferenceEngine::new(); // your engine here
//!     prop_assert!(game.check(&mut engine).is_ok(), "{game:?}");
//! });
//! ```

use crate::choose::Choose;
use crate::generators::{probe_turn, start_position};
use crate::oracles::differential::{play_game, GameTally};
use crate::oracles::engine::differential;
use crate::oracles::failure::Check;
use arbitrary::Unstructured;
use hexodic_engine::{Engine, ReferenceEngine};
use hexodic_rules::{Position, Turn};
use proptest::prelude::*;
use std::fmt;

/// The choice bytes of one value, at most `max` of them.
fn choices(max: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..max)
}

/// Start positions: the start, positions reached by play, edited by
/// mutation scripts, and built scenarios (Strangle, repetition, the cap).
pub fn positions() -> impl Strategy<Value = Position> {
    choices(192).prop_map(|b| start_position(&mut Unstructured::new(&b)))
}

/// A position and a turn on it, often illegal (a listed turn with one part
/// changed, or random parts around a cell): for the verdicts and reason
/// codes of an engine (V2).
pub fn turns() -> impl Strategy<Value = (Position, Turn)> {
    choices(256).prop_map(|b| {
        let mut u = Unstructured::new(&b);
        let p = start_position(&mut u);
        let t = probe_turn(&p, &mut u as &mut dyn Choose);
        (p, t)
    })
}

/// One differential game: its choice bytes. [`GameInput::check`] plays it
/// on an engine against the reference.
pub fn games() -> impl Strategy<Value = GameInput> {
    choices(1024).prop_map(GameInput)
}

/// The choice bytes of one game.
#[derive(Clone, PartialEq, Eq)]
pub struct GameInput(pub Vec<u8>);

impl GameInput {
    /// Play the game on `engine` against the reference: a failure names the
    /// difference, the start and the turns.
    pub fn check(&self, engine: &mut impl Engine) -> Check {
        differential(engine, &self.0)
    }
}

/// The game as the reference plays it: its start and turns (what a failing
/// case shows once shrunk).
impl fmt::Debug for GameInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut u = Unstructured::new(&self.0);
        let start = start_position(&mut u);
        let mut u = Unstructured::new(&self.0);
        let mut tally = GameTally::default();
        let _ = play_game(&mut ReferenceEngine::new(), &mut u, &mut tally);
        write!(
            f,
            "a game from `{}` ({} turns played, {} choice bytes)",
            start.to_notation(),
            tally.turns,
            self.0.len()
        )
    }
}
