//! `Game::play` allocates nothing while the repetition history has spare
//! capacity: the position is `Copy`, turns and reports are plain values, and
//! the only heap state is the history vector (G5).
//!
//! Allocations are counted per thread by the `allocation-counter` crate,
//! which wraps the global allocator.

use allocation_counter::measure;
use hexodic_rules::random::Rng;
use hexodic_rules::{Game, Project, Turn};

/// Random games whose turns are chosen (and recorded) before any counting.
fn recorded_games(seeds: std::ops::Range<u64>) -> Vec<Vec<Turn>> {
    seeds
        .map(|seed| {
            let mut rng = Rng::new(seed);
            let mut game = Game::new();
            let mut turns = Vec::new();
            while let Some(t) = game.position().choose_legal(|n| rng.below(n)) {
                game.play(t).expect("a listed turn is legal");
                turns.push(t);
            }
            assert!(game.position().is_over());
            turns
        })
        .collect()
}

#[test]
fn play_does_not_allocate_with_spare_history() {
    let games = recorded_games(0..8);
    let total: usize = games.iter().map(Vec::len).sum();
    assert!(total >= 300, "only {total} turns recorded");
    for (g, turns) in games.iter().enumerate() {
        // A new game reserves room for a whole game's history (at most 60
        // half-moves, G7, plus the starting position).
        let mut game = Game::new();
        let info = measure(|| {
            for &t in turns {
                game.play(t).expect("a recorded turn is legal");
            }
        });
        assert_eq!(
            info.count_total,
            0,
            "game {g}: {} allocations ({} bytes) in {} turns",
            info.count_total,
            info.bytes_total,
            turns.len()
        );
        assert!(game.position().is_over(), "game {g} did not end");
        assert_eq!(game.history().len(), turns.len() + 1, "game {g}");
    }
}

#[test]
fn rejected_turns_do_not_allocate() {
    let games = recorded_games(8..10);
    let skip = Turn::new(Project::Skip);
    for turns in &games {
        let mut game = Game::new();
        let mut rejected = 0;
        let info = measure(|| {
            for &t in turns {
                if !game.position().is_legal(skip) {
                    rejected += game.play(skip).is_err() as u32;
                }
                game.play(t).expect("a recorded turn is legal");
            }
        });
        assert_eq!(info.count_total, 0, "{} allocations", info.count_total);
        assert!(rejected > 0);
    }
}

#[test]
fn the_counter_sees_allocations() {
    // The measurement is live: listing legal turns builds a vector.
    let game = Game::new();
    let info = measure(|| {
        assert_eq!(game.position().legal_turns().len(), 480);
    });
    assert!(info.count_total >= 1);
}
