//! proptest properties: the invariants I1-I9 along seeded random games
//! (from the start and from the positions of `data/perft.txt`), arbitrary
//! turns against the legal list, and parser robustness on arbitrary text.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::diagram::parse_diagram;
use hexodic_rules::invariants::{
    check_legal_list, check_position, check_symmetry, check_transition, check_turn_agreement,
};
use hexodic_rules::random::Rng;
use hexodic_rules::{Cell, Echo, Game, Position, Project, Setup, Shape, Turn};
use proptest::prelude::*;

/// Unfinished starting points: the start and every unfinished perft position.
fn starts() -> Vec<Position> {
    let mut out = vec![pos(START)];
    for line in include_str!("data/perft.txt").lines() {
        if let Some(p) = line.strip_prefix("position ") {
            let p = pos(p);
            if !p.is_over() {
                out.push(p);
            }
        }
    }
    out
}

/// A turn from arbitrary parts, usually illegal.
fn arb_turn() -> impl Strategy<Value = Turn> {
    let cell = (0..37usize).prop_map(|i| Cell::from_index(i).unwrap());
    let project = prop_oneof![
        cell.clone().prop_map(Project::Place),
        (cell.clone(), cell.clone()).prop_map(|(from, to)| Project::Move { from, to }),
        Just(Project::Skip),
    ];
    let shape = prop_oneof![
        Just(None),
        cell.clone().prop_map(|c| Some(Shape::Raise(c))),
        cell.clone().prop_map(|c| Some(Shape::Lower(c))),
    ];
    let echo = prop_oneof![
        Just(None),
        cell.clone().prop_map(|c| Some(Echo::Lock(c))),
        cell.prop_map(|c| Some(Echo::Capture(c))),
    ];
    (project, shape, echo).prop_map(|(project, shape, echo)| Turn {
        project,
        shape,
        echo,
    })
}

/// Text made mostly of the notations' own characters.
fn notation_text() -> impl Strategy<Value = String> {
    prop_oneof!["[./xo0-9* :rckulPL\\[\\],=a-g\\-+@\n]{0,120}", ".{0,80}",]
}

/// A valid position string with one character replaced, inserted or deleted.
fn mutated() -> impl Strategy<Value = String> {
    let bases: Vec<String> = starts().iter().map(|p| p.to_notation()).collect();
    (
        prop::sample::select(bases),
        any::<prop::sample::Index>(),
        0..3u8,
        prop::sample::select(
            "./xo0123456789* :rckulPL[],=abcdefg"
                .chars()
                .collect::<Vec<_>>(),
        ),
    )
        .prop_map(|(base, at, op, ch)| {
            let mut chars: Vec<char> = base.chars().collect();
            let i = at.index(chars.len());
            match op {
                0 => chars[i] = ch,
                1 => chars.insert(i, ch),
                _ => {
                    chars.remove(i);
                }
            }
            chars.into_iter().collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn i1_to_i8_hold_along_seeded_games(start in 0..20usize, seed in any::<u64>(), probe in 0..60usize) {
        let starts = starts();
        let mut game = Game::from_position(starts[start % starts.len()]);
        let mut rng = Rng::new(seed);
        let mut ply = 0;
        while !game.position().is_over() {
            let p = *game.position();
            check_position(&p).map_err(|v| TestCaseError::fail(format!("{v}\n{}", p.diagram())))?;
            if ply == probe % 20 {
                check_legal_list(&p).map_err(|v| TestCaseError::fail(v.to_string()))?;
                check_symmetry(&game, 2).map_err(|v| TestCaseError::fail(v.to_string()))?;
            }
            let t = p.nth_legal(rng.below(p.count_legal())).unwrap();
            let rep = game.play(t).map_err(|e| TestCaseError::fail(format!("{t}: {e}")))?;
            check_transition(&p, t, &rep, game.position())
                .map_err(|v| TestCaseError::fail(v.to_string()))?;
            ply += 1;
        }
        check_position(game.position()).map_err(|v| TestCaseError::fail(v.to_string()))?;
        prop_assert!(game.position().half_moves() <= 60);
    }

    #[test]
    fn i6_arbitrary_turns_are_accepted_exactly_when_listed(
        start in 0..20usize,
        seed in any::<u64>(),
        plies in 0..40usize,
        turns in prop::collection::vec(arb_turn(), 40),
    ) {
        let starts = starts();
        let mut game = Game::from_position(starts[start % starts.len()]);
        let mut rng = Rng::new(seed);
        for _ in 0..plies {
            let p = *game.position();
            if p.is_over() {
                break;
            }
            game.play_legal(p.nth_legal(rng.below(p.count_legal())).unwrap());
        }
        for t in turns {
            check_turn_agreement(&game, t).map_err(|v| TestCaseError::fail(v.to_string()))?;
            // The reasons are empty exactly for legal turns.
            let legal = game.position().is_legal(t);
            prop_assert_eq!(legal, game.position().illegal_reasons(t).is_empty());
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn parsers_never_panic(text in notation_text()) {
        let _ = Position::from_notation(&text);
        let _ = Turn::parse(&text);
        let _ = parse_diagram(&text);
        if let Ok(s) = Setup::from_notation(&text) {
            prop_assert_eq!(s.to_notation(), text);
        }
    }

}

proptest! {
    // About one mutated string in ten parses, and one in twenty is valid.
    #![proptest_config(ProptestConfig::with_cases(480))]

    #[test]
    fn a_string_that_parses_as_a_setup_prints_back_identically(text in mutated()) {
        if let Ok(s) = Setup::from_notation(&text) {
            prop_assert_eq!(s.to_notation(), text.clone());
            let d = hexodic_rules::diagram::diagram(&s);
            prop_assert_eq!(parse_diagram(&d).unwrap(), s);
            if let Ok(p) = s.validate() {
                // A valid position given directly keeps the invariants and its
                // generator agrees with the brute force.
                if !p.is_over() {
                    check_position(&p).map_err(|v| TestCaseError::fail(format!("{v}: {text}")))?;
                }
                assert_generator_agrees(&p);
            }
        }
    }

    #[test]
    fn turn_text_round_trips(t in arb_turn()) {
        prop_assert_eq!(Turn::parse(&t.to_string()).unwrap(), t);
    }
}

#[test]
fn i6_i8_hold_on_the_constructed_positions() {
    // Locks, cooldowns, forced Skips, empty reserves, spent budgets, near the cap.
    for p in starts() {
        check_legal_list(&p).unwrap_or_else(|v| panic!("{v}\n{}", p.diagram()));
        check_symmetry(&Game::from_position(p), 4)
            .unwrap_or_else(|v| panic!("{v}\n{}", p.diagram()));
    }
}
