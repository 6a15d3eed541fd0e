//! Where a game of the fuzzer starts: play, a mutation script aimed at rare
//! situations, or a built scenario.

use super::scenario::{
    cap_scenario, repetition_scenario, sealed_arena_scenario, strangle_scenario,
};
use super::script::{apply_script, Edit};
use crate::choose::Choose;
use hexodic_rules::{Game, Position};

fn random_edit(rng: &mut dyn Choose) -> Edit {
    let cell = rng.below(37) as u8;
    let x = rng.below(2) == 0;
    let n = rng.below(256) as u8;
    // Weighted toward the edits that reach rare rules.
    match rng.below(20) {
        0 | 1 => Edit::Place { cell, x },
        2 => Edit::Remove { cell },
        3 | 4 => Edit::Raise { cell, x },
        5 => Edit::Lower { cell, x },
        6 => Edit::Lock { cell, x },
        7 => Edit::Charges { x, n },
        8 => Edit::Captures { x, n: 3 + n % 3 },
        9 => Edit::LowersLeft { x, n },
        10 | 11 => Edit::NearCap { n },
        12 => Edit::Cooldown { cell, x },
        13 | 14 => Edit::ForceSkip { x },
        15 | 16 => Edit::EmptyReserve { x, seed: n },
        17 | 18 => Edit::Surround { cell, x },
        _ => Edit::ToMove { x },
    }
}

/// The start of game `seed`: the starting position, a random prefix of play,
/// either edited by a mutation script aimed at rare situations, or a built
/// scenario for the rules random play never reaches (Strangle, repetition,
/// the ends on the capping turn).
pub fn start_position(rng: &mut dyn Choose) -> Position {
    let mut game = Game::new();
    let kind = rng.below(14);
    if kind >= 12 {
        if let Some(p) = cap_scenario(rng) {
            return p;
        }
    }
    if kind == 10 {
        if let Some(p) = (0..20).find_map(|_| strangle_scenario(rng)) {
            return p;
        }
    }
    if kind == 11 {
        let sealed = rng.below(2) == 0;
        let build = |rng: &mut dyn Choose| match sealed {
            true => sealed_arena_scenario(rng),
            false => repetition_scenario(rng),
        };
        if let Some(p) = (0..20).find_map(|_| build(rng)) {
            return p;
        }
    }
    if kind >= 2 {
        let k = rng.below(40);
        for _ in 0..k {
            let p = *game.position();
            if p.is_over() {
                break;
            }
            if let Some(t) = p.nth_legal(rng.below(p.count_legal())) {
                game.play_legal(t);
            }
        }
    }
    let mut p = *game.position();
    if p.is_over() {
        p = Position::start();
    }
    if kind >= 3 {
        let edits: Vec<Edit> = (0..1 + rng.below(14)).map(|_| random_edit(rng)).collect();
        p = apply_script(&p, &edits);
    }
    p
}
