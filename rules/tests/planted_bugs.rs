//! With the `planted-bugs` feature: each planted rule bug is caught by the
//! checks of these tests (the brute-force generator cross-check and the
//! independent model), and the clean engine passes them.
//!
//! `cargo test -p hexodic-rules --features planted-bugs --test planted_bugs`
#![cfg(feature = "planted-bugs")]
#![allow(clippy::unwrap_used)]

mod common;

use common::model::{every_legal_turn_after, run};
use common::*;
use hexodic_rules::planted::{plant, PlantedBug};
use hexodic_rules::Position;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The repetition arena (bare Moves only) as a position.
fn arena(half_moves: u16) -> Position {
    flat(half_moves).o_raises(43).pos()
}

/// Positions with the rules the planted bugs break close at hand, each
/// with the turns to play before comparing every legal turn.
fn scenarios() -> Vec<(Position, Vec<&'static str>)> {
    vec![
        (pos(START), vec![]),
        // Move captures: d4 (tier 2) next to e4 (tier 2) and d5 (tier 1).
        (
            Spec::new(X)
                .at("d4 x2, c3 x1, e5 x, a1 x, a2 x, g7 x, g6 x")
                .at("d5 o1, e4 o2, c4 o, f3 o, f4 o, b5 o, a4 o")
                .pos(),
            vec![],
        ),
        // Corner weights: exactly 6, tier 0, and an edge stone at 7 vs 5.
        (Spec::new(X).at("a1 o1, b1 x, a2 x, g7 o").pos(), vec![]),
        (Spec::new(X).at("a1 o, b1 x2, a2 x2, g7 o").pos(), vec![]),
        (
            Spec::new(X).at("a2 o1, a1 x1, a3 x1, b2 x1, g7 o").pos(),
            vec![],
        ),
        // Cooldown around c3.
        (
            Spec::new(O)
                .at("d4 x, e4 x, g7 x, a1 o")
                .reserve(O, 6)
                .cooldown(O, "c3")
                .pos(),
            vec![],
        ),
        // X has used its Echo-Lock and has another tier-2 stone.
        (Spec::new(X).at("g7 x2*, g4 x2, e5 o").pos(), vec![]),
        // Two forced Skips return to the recorded start.
        (
            Spec::new(X)
                .at("b4 x1, b5 x2")
                .stones(O, 0, "a1 a2 a3 a4 b1 b2")
                .cooldown_everywhere(X)
                .cooldown_everywhere(O)
                .pos(),
            vec!["skip"],
        ),
        // One turn before half-move 59, and a repetition.
        (arena(57), vec![]),
        (arena(10), vec!["a1-a2", "g7-g6", "a2-a1"]),
    ]
}

fn checks() {
    for (p, turns) in scenarios() {
        assert!(every_legal_turn_after(p, &turns) > 0);
        assert_generator_agrees(&play_all(&p, &turns).position().clone());
    }
    run(Position::start(), 1, 4, 10);
}

fn caught(bug: Option<PlantedBug>) -> bool {
    plant(bug);
    let failed = catch_unwind(AssertUnwindSafe(checks)).is_err();
    plant(None);
    failed
}

#[test]
fn every_planted_bug_is_caught_and_the_clean_engine_passes() {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let clean = caught(None);
    let missed: Vec<PlantedBug> = PlantedBug::ALL
        .into_iter()
        .filter(|b| !caught(Some(*b)))
        .collect();
    std::panic::set_hook(hook);
    assert!(!clean, "the clean engine fails the checks");
    assert!(missed.is_empty(), "not caught: {missed:?}");
}
