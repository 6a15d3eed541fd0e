//! I6: the engine's legal-turn generator against a brute force that tries
//! every syntactically possible turn through `illegal_reasons` alone.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::random::Rng;
use hexodic_rules::{Echo, Game, Position, Project, Shape};

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
        moves_only(),
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
        // Shapes optional: every legal Shape of a Place on a1 is on X's own stones.
        Spec::new(X)
            .stones(X, 0, "a2 a3 b1 b2 b3 c1")
            .at("c2 .2, c3 .2, g7 o")
            .lowers_left(X, 0)
            .pos(),
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
    let mut kinds = std::collections::BTreeSet::new();
    for p in constructed() {
        assert_generator_agrees(&p);
        for t in brute_force_legal(&p) {
            kinds.insert(match t.project {
                Project::Skip => "skip",
                Project::Place(_) => "place",
                Project::Move { to, .. } if p.stone_at(to).is_some() => "move-capture",
                Project::Move { .. } => "move",
            });
            kinds.insert(match t.shape {
                None if t.project != Project::Skip => "no-shape",
                None => "skip-no-shape",
                Some(Shape::Raise(_)) => "raise",
                Some(Shape::Lower(_)) => "lower",
            });
            kinds.insert(match t.echo {
                None => "no-echo",
                Some(Echo::Lock(_)) => "lock",
                Some(Echo::Capture(_)) => "echo-capture",
            });
        }
    }
    // The constructed positions exercise every kind of part.
    let all = [
        "skip",
        "place",
        "move",
        "move-capture",
        "no-shape",
        "skip-no-shape",
        "raise",
        "lower",
        "no-echo",
        "lock",
        "echo-capture",
    ];
    for k in all {
        assert!(kinds.contains(k), "no {k} among the constructed positions");
    }
}

#[test]
fn i6_generator_matches_brute_force_along_random_games() {
    let seeds: Vec<u64> = (1..=12).collect();
    let positions = random_positions(&seeds, 5);
    assert!(positions.len() > 100);
    for p in &positions {
        assert_generator_agrees(p);
    }
}

#[test]
fn i6_generator_matches_brute_force_along_games_from_perft_positions() {
    let mut n = 0;
    for line in include_str!("data/perft.txt").lines() {
        let Some(text) = line.strip_prefix("position ") else {
            continue;
        };
        for seed in 0..3 {
            let mut rng = Rng::new(seed);
            let mut game = Game::from_position(pos(text));
            let mut ply = 0;
            loop {
                let p = *game.position();
                if ply % 4 == 0 {
                    assert_generator_agrees(&p);
                    n += 1;
                }
                if p.is_over() || ply >= 16 {
                    break;
                }
                game.play(p.nth_legal(rng.below(p.count_legal())).unwrap())
                    .unwrap();
                ply += 1;
            }
        }
    }
    assert!(n > 100, "{n} positions");
}
