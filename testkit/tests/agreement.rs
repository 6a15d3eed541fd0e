//! With no bug the model agrees with the reference engine exactly: on the
//! reasons of any turn (V2), the position after every legal turn (results
//! included), the captures by kind (C3), the legal lists (N1, as sets) and
//! perft. Games are played from the start, from the rules' worked examples
//! and perft positions, from random boards, from edits that reach forced
//! Skips, empty reserves, the cap and locks, and in the repetition arena;
//! the tallies show the rare rules were actually reached.

mod common;

use common::*;
use hexodic_rules::random::Rng;
use hexodic_rules::Setup;
use hexodic_testkit::diff::{check_legal, compare_game, every_legal_turn_after, Options, Tally};
use hexodic_testkit::positions::{arena, random_setup, ring, variants};
use hexodic_testkit::ModelGame;

const FULL: Options = Options {
    legal_sample: 6,
    arbitrary: 12,
    near: 12,
    lists: true,
    steer: true,
};

fn games(starts: &[Setup], seed: u64, opts: &Options) -> Tally {
    let mut tally = Tally::default();
    for (n, s) in starts.iter().enumerate() {
        compare_game(s, seed + n as u64, opts, &mut tally).unwrap_or_else(|e| panic!("{e}"));
    }
    eprintln!("{tally:?}");
    tally
}

#[test]
fn the_start_is_p2() {
    assert_eq!(*ModelGame::new(None).position(), exact(START));
    assert_eq!(*ModelGame::new(None).position(), Setup::default());
}

#[test]
fn perft_2_from_the_start_is_230100() {
    let g = ModelGame::new(None);
    assert_eq!(g.perft(0), 1);
    assert_eq!(g.perft(1), 480);
    let div = g.divide(2);
    assert_eq!(div.len(), 480);
    assert_eq!(div.iter().map(|(_, n)| n).sum::<u64>(), 230_100);
    assert_eq!(g.perft(2), 230_100);
    assert!(g.divide(0).is_empty());
}

#[test]
fn perft_agrees_with_the_perft_file() {
    let mut position = None;
    let mut checked = 0;
    for line in include_str!("../../rules/tests/data/perft.txt").lines() {
        if let Some(text) = line.strip_prefix("position ") {
            position = Some(ModelGame::from_setup(&exact(text), None).unwrap());
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (d, n) = rest.split_once(' ').unwrap();
            let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
            if d <= 2 {
                let g = position.as_ref().unwrap();
                assert_eq!(g.perft(d), n, "perft {d} of {}", g.position().to_notation());
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "{checked}");
}

#[test]
fn agrees_along_random_games_from_the_start() {
    let t = games(&vec![Setup::default(); 12], 1, &FULL);
    assert!(t.played > 500 && t.turns > 15_000, "{t:?}");
    assert!(
        t.echo_captured > 0 && t.locks > 0 && t.move_captures > 0,
        "{t:?}"
    );
}

#[test]
fn agrees_from_the_known_positions_and_their_edits() {
    let mut rng = Rng::new(5);
    let mut starts = known_positions();
    for s in known_positions() {
        starts.extend(variants(&s, &mut rng));
    }
    let t = games(&starts, 100, &FULL);
    assert!(starts.len() > 60, "{}", starts.len());
    assert!(
        t.skips > 0 && t.strangle > 0 && t.network > 0 && t.takeover > 0,
        "{t:?}"
    );
}

#[test]
fn agrees_from_random_boards() {
    let mut rng = Rng::new(11);
    let starts: Vec<Setup> = (0..150).map(|_| random_setup(&mut rng)).collect();
    let t = games(&starts, 1000, &FULL);
    assert!(
        t.encircled > 5 && t.echo_captured > 20 && t.move_captures > 100,
        "{t:?}"
    );
}

#[test]
fn agrees_from_edits_of_played_positions() {
    // Positions along games from the start and from random boards, edited
    // into forced Skips, empty reserves, the cap, spent budgets and locks.
    let mut rng = Rng::new(23);
    let mut starts = Vec::new();
    for n in 0..40 {
        let mut g = ModelGame::from_setup(
            &if n % 2 == 0 {
                Setup::default()
            } else {
                random_setup(&mut rng)
            },
            None,
        )
        .unwrap();
        let plies = rng.below(40);
        for _ in 0..plies {
            let list = g.legal_turns();
            if list.is_empty() {
                break;
            }
            g.play(list[rng.below(list.len() as u64) as usize]).unwrap();
        }
        if g.outcome().is_none() {
            starts.extend(variants(g.position(), &mut rng));
        }
    }
    let t = games(&starts, 5000, &FULL);
    assert!(starts.len() > 100, "{}", starts.len());
    assert!(t.skips > 0 && t.cap > 0, "{t:?}");
}

#[test]
fn agrees_from_encirclements_in_the_making() {
    let mut rng = Rng::new(17);
    let starts: Vec<Setup> = (0..150).map(|_| ring(&mut rng)).collect();
    let t = games(&starts, 3000, &FULL);
    assert!(t.interior_encircled > 10 && t.echo_captured > 10, "{t:?}");
}

#[test]
fn agrees_in_the_repetition_arena() {
    let mut rng = Rng::new(3);
    let starts: Vec<Setup> = (0..150).map(|_| arena(&mut rng)).collect();
    let t = games(&starts, 77, &FULL);
    assert!(t.repetition > 10, "{t:?}");
}

#[test]
fn agrees_on_every_legal_turn_of_the_rule_positions() {
    // The repetition arena: O's g6-g7 returns to the recorded start.
    let flat = build(
        "a1 x2, a4 x2, c1 x2, c6 x2, e2 x2, e7 x2, g4 x2, g7 o2, d4 o2, b3 o2, f4 o2, d7 o2, b5 o2, f3 o2",
        "x 0 x:r0c0k0u43l0P o:r0c0k0u43l0P",
        2,
    );
    let n = every_legal_turn_after(&flat, &turns(&["a1-a2", "g7-g6", "a2-a1"])).unwrap();
    assert!(n > 0);
    // Strangle on the capping turn.
    let cornered = build(
        "a1 o, a2 o, a3 o, b1 o, b2 o, b3 o, c1 o, a4 x, b4 x, c2 x, c3 x, c4 x, d1 x",
        "x 59 x:r0c3k0u0l6P o:r0c3k0u0l6P",
        0,
    );
    assert!(every_legal_turn_after(&cornered, &[]).unwrap() > 0);
    // Echo-Capture groups, a tier-2 interior target and encirclement.
    let groups = build(
        "a1 o1, a2 o1, b1 x, b2 x, a3 x, d4 o2, d3 o, d5 o, e4 x2, e5 x2, c3 x2",
        "x 8 x:r0c3k0u0l6P o:r0c3k0u0l6P",
        0,
    );
    assert!(every_legal_turn_after(&groups, &[]).unwrap() > 0);
    // A forced Skip with a lock and a capture on the Skip turn.
    let mut skip = build(
        "a1 o, a2 o, a3 o, a4 o, b1 o, b2 o, g7 o1, g6 x1, f6 x, f7 x, b4 x1, b5 x2",
        "x 10 x:r0c3k0u0l6P o:r0c3k0u0l6P",
        0,
    );
    skip.counters[0].cooldown = hexodic_rules::Cell::ALL
        .into_iter()
        .filter(|c| skip.cell(*c).stone.is_none())
        .collect();
    assert!(every_legal_turn_after(&skip, &turns(&["skip =b5"])).unwrap() > 0);
}

#[test]
fn legal_lists_agree_on_hundreds_of_positions() {
    let mut rng = Rng::new(99);
    let mut n = 0;
    let mut turns = 0;
    for k in 0..400 {
        let s = match k % 4 {
            0 => random_setup(&mut rng),
            1 => arena(&mut rng),
            _ => {
                let base = random_setup(&mut rng);
                let v = variants(&base, &mut rng);
                if v.is_empty() {
                    base
                } else {
                    v[rng.below(v.len() as u64) as usize]
                }
            }
        };
        let m = ModelGame::from_setup(&s, None).unwrap();
        turns += check_legal(&m, &reference(&s)).unwrap_or_else(|e| panic!("{e}"));
        n += 1;
    }
    eprintln!("{n} positions, {turns} legal turns");
    assert_eq!(n, 400);
}
