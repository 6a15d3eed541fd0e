//! proptest properties of the engine, on the harness's strategies
//! (`hexodic_fuzzing::strategies`, feature `proptest`): each case is one
//! game the reference plays beside the engine, every answer compared. A
//! failing case shrinks to fewer and smaller choice bytes: a plain start
//! and few turns.
//!
//! `HEXODIC_EXAMPLE_BUG=drop-captures cargo test -p hexodic-example-engine
//! --test properties` fails the first property; the second plants the bug
//! itself and checks that the property finds it.

mod adapter;

use hexodic_example_engine::Bug;
use hexodic_fuzzing::strategies::{games, GameInput};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};

/// Cases per run: proptest's default. The planted bug shows in any game
/// where a stone is captured: over 20 runs with other seeds the first
/// failing case was case 1 to 6 (case 1 in 12 of them), so the default finds
/// it every time. Shrinking the choice bytes (1,024 shrink steps, about 3 s
/// in a debug build) ends at about 17 turns from an empty board; the fuzz
/// campaign's own shrinker (`tests/fuzz_campaign.rs`) gets it to one turn.
const CASES: u32 = 256;

/// The property: the engine answers every request of the game as the
/// reference does.
fn agrees(engine: &mut adapter::Adapter, game: &GameInput) -> Result<(), TestCaseError> {
    match game.check(engine) {
        Ok(()) => Ok(()),
        Err(failure) => Err(TestCaseError::fail(format!("{failure}\n{game:?}"))),
    }
}

proptest! {
    // A team keeps proptest's regressions file beside the test (the
    // default); this example does not, as its only failures are planted.
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(CASES)
    })]

    /// The engine of `HEXODIC_EXAMPLE_BUG` (none: the engine as shipped).
    #[test]
    fn every_game_is_played_as_the_reference_plays_it(game in games()) {
        agrees(&mut adapter::Adapter::new(), &game)?;
    }
}

/// The property catches the planted bug within [`CASES`] cases, and
/// shrinks it to a short game.
#[test]
fn the_property_finds_the_planted_bug() {
    let config = Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    };
    let rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let result = runner.run(&games(), |game| {
        agrees(
            &mut adapter::Adapter::with_bug(Some(Bug::DropCaptures)),
            &game,
        )
    });
    match result {
        Err(TestError::Fail(why, game)) => {
            let failure = game
                .check(&mut adapter::Adapter::with_bug(Some(Bug::DropCaptures)))
                .expect_err("the shrunk game still fails");
            assert!(why.to_string().contains("captur"), "{why}");
            assert!(
                failure.turns.len() <= 40,
                "shrunk to {}: {failure}",
                failure.turns.len()
            );
        }
        other => panic!("the planted bug was not found in {CASES} cases: {other:?}"),
    }
}
