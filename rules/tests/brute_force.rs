//! I6: the engine's legal-turn generator against a brute force that tries
//! every syntactically possible turn through `illegal_reasons` alone.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::random::Rng;
use hexodic_rules::{Game, Position};

/// Positions along seeded random games: every `every`-th position of each game.
fn random_positions(seeds: &[u64], every: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for &seed in seeds {
        let mut rng = Rng::new(seed);
        let mut game = Game::new();
        let mut ply = 0;
        while !game.position().is_over() {
            if ply % every == 0 {
                out.push(*game.position());
            }
            let p = *game.position();
            let t = p.nth_legal(rng.below(p.count_legal())).unwrap();
            game.play(t).unwrap();
            ply += 1;
        }
        out.push(*game.position());
    }
    out
}

/// Constructed positions with the rare features random play seldom reaches.
fn constructed() -> Vec<Position> {
    vec![
        // The start: 480 turns.
        pos(START),
        // Empty reserves, so every Project is a Move; captures onto lower cells possible.
        Spec::new(X)
            .stones(X, 2, "d4 c3")
            .stones(X, 1, "d3 e4")
            .stones(X, 0, "a1 g7 b2")
            .stones(O, 1, "d5 c4")
            .stones(O, 0, "e5 d2 f5 b4 a4")
            .pos(),
        // A forced cooldown Skip (T5): X's cooldown covers every free cell.
        Spec::new(X)
            .stones(O, 0, "a1 a2 a3 a4 b1 b2 b3")
            .stones(X, 1, "b4 b5")
            .at("d4 .2*")
            .lock_used(O, true)
            .reserve(X, 5)
            .cooldown_everywhere(X)
            .pos(),
        // Locks on both sides, one lock left for nobody; charges low.
        Spec::new(O)
            .at("d4 x2*, c3 o2*, e5 x2, c4 o1, d5 o1, e4 x1, b2 o2")
            .charges(X, 1)
            .charges(O, 2)
            .pos(),
        // Lowering budget spent and an Echo-Capture target ready.
        Spec::new(X)
            .stones(X, 2, "d3 c4 e5")
            .stones(O, 1, "d4 c3 e4 d5")
            .lowers_left(X, 0)
            .pos(),
        // No charges left at all.
        Spec::new(X)
            .stones(X, 1, "a1 b2")
            .stones(O, 1, "a2 b3")
            .charges(X, 0)
            .pos(),
        // X has not made a first Place (centre forbidden), O has.
        Spec::new(X).stones(O, 2, "e5 e4").pos(),
        // Cooldown that leaves some Places (no Skip).
        Spec::new(O)
            .stones(X, 1, "d4 c3 c4")
            .stones(O, 0, "g7")
            .reserve(O, 6)
            .cooldown(O, "d5")
            .pos(),
    ]
}

#[test]
fn i6_generator_matches_brute_force_on_constructed_positions() {
    for p in constructed() {
        assert_generator_agrees(&p);
    }
}

#[test]
fn i6_generator_matches_brute_force_along_random_games() {
    let positions = random_positions(&[1, 2, 3, 4, 5, 6], 9);
    assert!(positions.len() > 30);
    for p in &positions {
        assert_generator_agrees(p);
    }
}
