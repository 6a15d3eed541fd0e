//! Replays `tests/data/perft.txt` (N1). In debug builds only counts below
//! two million are recomputed unless `HEXODIC_PERFT_FULL=1` is set; depth 1
//! of every entry is also checked against the brute-force generator (I6).
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::perft::{divide, perft};
use hexodic_rules::{Game, Position, Setup, Turn};
use hexodic_testkit::ModelGame;

struct Entry {
    id: String,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn entries() -> Vec<Entry> {
    let text = include_str!("data/perft.txt");
    let mut out: Vec<Entry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => out.push(Entry {
                id: rest.to_owned(),
                position: String::new(),
                counts: Vec::new(),
            }),
            "position" => out.last_mut().unwrap().position = rest.to_owned(),
            "perft" => {
                let (d, c) = rest.split_once(' ').unwrap();
                let e = out.last_mut().unwrap();
                e.counts.push((d.parse().unwrap(), c.parse().unwrap()));
            }
            other => panic!("perft.txt line {}: unknown key `{other}`", n + 1),
        }
    }
    out
}

fn full() -> bool {
    !cfg!(debug_assertions) || std::env::var("HEXODIC_PERFT_FULL").is_ok_and(|v| v == "1")
}

#[test]
fn n1_perft_file_is_well_formed_and_varied() {
    let list = entries();
    assert!(list.len() >= 10, "{} entries", list.len());
    let mut ids = std::collections::HashSet::new();
    for e in &list {
        assert!(ids.insert(e.id.clone()), "duplicate id {}", e.id);
        let p = pos(&e.position);
        assert_eq!(p.to_notation(), e.position, "{}: not canonical", e.id);
        let depths: Vec<u32> = e.counts.iter().map(|c| c.0).collect();
        assert_eq!(
            depths,
            (1..=depths.len() as u32).collect::<Vec<_>>(),
            "{}",
            e.id
        );
    }
    // The features the file is meant to cover.
    let all: Vec<Position> = list.iter().map(|e| pos(&e.position)).collect();
    assert!(all.iter().any(|p| p.is_over()), "a finished game");
    assert!(all.iter().any(|p| p.must_skip()), "a forced Skip");
    assert!(all.iter().any(|p| p.locked().any()), "locks");
    assert!(all.iter().any(|p| p.half_moves() >= 58), "near the cap");
    assert!(
        all.iter().any(|p| p.counters(p.to_move()).lowers_left == 0),
        "lowering budget spent"
    );
    assert!(
        all.iter().any(|p| p.counters(p.to_move()).reserve == 0),
        "Moves"
    );
}

#[test]
fn n1_perft_counts_match_the_file() {
    let limit = if full() { u64::MAX } else { 2_000_000 };
    let mut checked = 0;
    for e in entries() {
        let game = Game::from_position(pos(&e.position));
        for &(d, expected) in &e.counts {
            if expected >= limit {
                continue;
            }
            assert_eq!(perft(&game, d), expected, "{} perft {d}", e.id);
            checked += 1;
        }
    }
    assert!(checked >= 25, "only {checked} counts checked");
}

#[test]
fn n1_perft_depth_one_matches_brute_force() {
    for e in entries() {
        let p = pos(&e.position);
        let (d, expected) = e.counts[0];
        assert_eq!(d, 1);
        assert_eq!(brute_force_legal(&p).len() as u64, expected, "{}", e.id);
        assert_generator_agrees(&p);
    }
}

#[test]
fn n1_divide_sums_to_perft_and_a_line_that_ends_early_counts_nothing() {
    let e = entries()
        .into_iter()
        .find(|e| e.id == "near-cap-ply59")
        .unwrap();
    let game = Game::from_position(pos(&e.position));
    // Every turn from half-move 59 ends the game at the cap: depth 2 counts nothing.
    let div = divide(&game, 2);
    assert_eq!(div.len() as u64, e.counts[0].1);
    assert!(div.iter().all(|(_, n)| *n == 0));
    let game = Game::new();
    let div = divide(&game, 2);
    assert_eq!(div.iter().map(|(_, n)| n).sum::<u64>(), perft(&game, 2));
    assert_eq!(perft(&game, 0), 1);
    assert!(divide(&game, 0).is_empty());
}

/// The number of legal turns after `t`, without the engine's generator or
/// `apply`: the independent model plays `t`, the brute force counts.
fn independent_child_count(p: &Position, t: Turn) -> u64 {
    let mut model = ModelGame::from_setup(&Setup::from(p), None).unwrap();
    model.play(t).unwrap();
    if model.outcome().is_some() {
        return 0;
    }
    brute_force_legal(&model.position().validate().unwrap()).len() as u64
}

#[test]
fn n1_perft_2_checked_independently_on_a_sample() {
    for e in entries()
        .into_iter()
        .filter(|e| e.counts.len() >= 2 && e.counts[0].1 > 0)
    {
        let p = pos(&e.position);
        let game = Game::from_position(p);
        let div = divide(&game, 2);
        assert_eq!(div.iter().map(|(_, n)| n).sum::<u64>(), e.counts[1].1);
        // About a dozen children of each position.
        let step = (div.len() / 12).max(1);
        for (t, n) in div.iter().step_by(step) {
            assert_eq!(independent_child_count(&p, *t), *n, "{} after {t}", e.id);
        }
    }
}
