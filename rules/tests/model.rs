//! The independent plain model of the rules (`hexodic-testkit`'s
//! `ModelGame`, written from RULINGS without the engine's bitboards)
//! compared with the engine: the reasons a turn is illegal (V2) and
//! everything a legal turn does (T1-T7, S1-S4, E1-E4, C0-C4, G0-G7).
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::{Position, Setup};
use hexodic_testkit::diff::{compare_game, every_legal_turn_after, Options, Tally};

/// Play a seeded game from `start`, comparing at every position a sample of
/// legal turns, random turns and near-legal turns, and the turn played.
/// Returns the number of turns compared.
fn run(start: Position, seed: u64, legal_sample: usize, arbitrary: usize) -> u32 {
    let opts = Options {
        legal_sample,
        arbitrary,
        near: arbitrary / 3,
        lists: false,
        steer: false,
    };
    let mut tally = Tally::default();
    compare_game(&Setup::from(&start), seed, &opts, &mut tally).unwrap_or_else(|e| panic!("{e}"));
    tally.turns
}

/// Play `turns` from `start` in both, then compare every legal turn.
fn every_legal_after(start: Position, turns: &[&str]) -> usize {
    let turns: Vec<_> = turns.iter().map(|t| turn(t)).collect();
    every_legal_turn_after(&Setup::from(&start), &turns).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn model_agrees_with_the_engine_along_random_games() {
    let mut n = 0;
    for seed in 0..16 {
        n += run(Position::start(), seed, 12, 30);
    }
    assert!(n > 5000, "{n}");
}

#[test]
fn model_agrees_with_the_engine_from_the_perft_positions() {
    let mut n = 0;
    for line in include_str!("data/perft.txt").lines() {
        if let Some(text) = line.strip_prefix("position ") {
            n += run(pos(text), 99, 12, 30);
        }
    }
    assert!(n > 5000, "{n}");
}

#[test]
fn model_agrees_on_every_legal_turn_of_the_rule_positions() {
    // Repetition: all tier 2, no Shapes, no Echoes; O's g6-g7 repeats the start.
    assert!(every_legal_after(flat(0).pos(), &["a1-a2", "g7-g6", "a2-a1"]) > 0);
    // Strangle on the capping turn.
    let cornered = Spec::new(X)
        .stones(O, 0, "a1 a2 a3 b1 b2 b3 c1")
        .stones(X, 0, "a4 b4 c2 c3 c4 d1")
        .half_moves(59)
        .pos();
    assert!(every_legal_after(cornered, &[]) > 0);
    // Echo-Capture groups, a tier-2 interior target and encirclement.
    let groups = Spec::new(X)
        .at("a1 o1, a2 o1, b1 x, b2 x, a3 x, d4 o2, d3 o, d5 o, e4 x2, e5 x2, c3 x2")
        .pos();
    assert!(every_legal_after(groups, &[]) > 0);
    // A forced Skip with a lock and a capture on the Skip turn.
    let skip = Spec::new(X)
        .stones(O, 0, "a1 a2 a3 a4 b1 b2")
        .at("g7 o1, g6 x1, f6 x, f7 x, b4 x1, b5 x2")
        .cooldown_everywhere(X)
        .pos();
    assert!(every_legal_after(skip, &["skip =b5"]) > 0);
}
