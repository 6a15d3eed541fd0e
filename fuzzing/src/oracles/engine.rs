//! The differential check on bytes: an engine under test against the
//! reference for one input of libFuzzer (or proptest), the one game loop
//! of every fuzzer ([`play_game`]) fed by the bytes. A team's cargo-fuzz
//! target is one call of [`assert_agrees`].

use super::differential::{play_game, GameTally};
use super::failure::{Check, Trail};
use arbitrary::Unstructured;
use hexodic_engine::Engine;

/// The `invariant` of a [`super::failure::CheckFailure`] from [`differential`].
pub const DIFFERENTIAL: &str = "differential";

/// Differential: one game of an engine under test against the reference,
/// every choice read from `data` (the start, the turns, the probes, when to
/// compare the legal lists), every answer judged by the oracle. A
/// difference or an incident is a failure carrying the invariant
/// [`DIFFERENTIAL`], the start and the turns that show it.
pub fn differential(engine: &mut dyn Engine, data: &[u8]) -> Check {
    let mut u = Unstructured::new(data);
    let mut tally = GameTally::default();
    match play_game(engine, &mut u, &mut tally) {
        Ok(None) => Ok(()),
        Ok(Some((start, turns, d))) => {
            let mut trail = Trail::given(&start);
            trail.turns = turns;
            let rules = d.implicated.join(", ");
            Err(trail.fail(DIFFERENTIAL, format!("{} [{rules}]", d.summary)))
        }
        Err(i) => {
            let trail = Trail::new(&hexodic_rules::Position::start());
            Err(trail.fail(DIFFERENTIAL, format!("engine incident: {}", i.kind)))
        }
    }
}

/// [`differential`] for a fuzz target: panics with the difference in words
/// (the start position and the turns, ready for `hexodic-conformance
/// explain --position`) when the engine and the reference differ.
///
/// ```no_run
/// // fuzz/fuzz_targets/differential.rs of an engine crate:
/// // #![no_main]
/// // libfuzzer_sys::fuzz_target!(|data: &[u8]| {
/// //     hexodic_fuzzing::assert_agrees(&mut my_engine::Engine::new(), data)
/// // });
/// hexodic_fuzzing::assert_agrees(&mut hexodic_engine::ReferenceEngine::new(), &[1, 2, 3]);
/// ```
#[track_caller]
pub fn assert_agrees(engine: &mut impl Engine, data: &[u8]) {
    if let Err(f) = differential(engine, data) {
        panic!("{f}");
    }
}
