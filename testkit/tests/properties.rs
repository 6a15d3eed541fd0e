//! Properties over generated positions and turns (proptest): the clean
//! model gives any turn the reference's verdict and result, and every
//! model, buggy or not, keeps I6 (a refused turn changes nothing, every
//! listed turn is accepted, the list has no duplicates).

use hexodic_rules::random::Rng;
use hexodic_rules::{Cell, Echo, Game, Project, Setup, Shape, Turn};
use hexodic_testkit::diff::check_turn;
use hexodic_testkit::positions::{random_setup, ring};
use hexodic_testkit::{Bug, ModelGame};
use proptest::prelude::*;
use std::collections::HashSet;

fn cell() -> impl Strategy<Value = Cell> {
    (0usize..37).prop_map(|i| Cell::ALL[i])
}

fn project() -> impl Strategy<Value = Project> {
    prop_oneof![
        3 => cell().prop_map(Project::Place),
        2 => (cell(), 0usize..6).prop_map(|(from, d)| Project::Move {
            from,
            to: from.step(d).unwrap_or(from),
        }),
        1 => (cell(), cell()).prop_map(|(from, to)| Project::Move { from, to }),
        1 => Just(Project::Skip),
    ]
}

fn turn() -> impl Strategy<Value = Turn> {
    let shape = prop_oneof![
        Just(None),
        cell().prop_map(|c| Some(Shape::Raise(c))),
        cell().prop_map(|c| Some(Shape::Lower(c))),
    ];
    let echo = prop_oneof![
        2 => Just(None),
        1 => cell().prop_map(|c| Some(Echo::Lock(c))),
        1 => cell().prop_map(|c| Some(Echo::Capture(c))),
    ];
    (project(), shape, echo).prop_map(|(project, shape, echo)| Turn {
        project,
        shape,
        echo,
    })
}

/// A valid position: a random board or an encirclement in the making,
/// after `plies` random legal turns (fewer if the game ends).
fn position(seed: u64, plies: u32) -> Setup {
    let mut rng = Rng::new(seed);
    let start = if seed.is_multiple_of(2) {
        random_setup(&mut rng)
    } else {
        ring(&mut rng)
    };
    let mut game = Game::from_position(start.validate().unwrap());
    for _ in 0..plies {
        let n = game.position().count_legal();
        if n == 0 {
            break;
        }
        let t = game.position().nth_legal(rng.below(n)).unwrap();
        game.play(t).unwrap();
    }
    Setup::from(game.position())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn any_turn_gets_the_reference_verdict_and_result(seed in any::<u64>(), plies in 0u32..12, t in turn()) {
        let s = position(seed, plies);
        let model = ModelGame::from_setup(&s, None).unwrap();
        let game = Game::from_position(s.validate().unwrap());
        if let Err(e) = check_turn(&model, &game, t) {
            prop_assert!(false, "{}", e);
        }
    }

    #[test]
    fn every_model_keeps_i6(bug in proptest::option::of(0usize..Bug::ALL.len()), seed in any::<u64>(), t in turn()) {
        let bug = bug.map(|i| Bug::ALL[i]);
        let s = position(seed, 0);
        let mut g = ModelGame::from_setup(&s, bug).unwrap();
        let list = g.legal_turns();
        let set: HashSet<Turn> = list.iter().copied().collect();
        if bug != Some(Bug::DuplicateLegalTurn) {
            prop_assert_eq!(set.len(), list.len());
        }
        let before = g.clone();
        match g.play(t) {
            Ok(_) => prop_assert!(set.contains(&t), "{:?}: `{}` accepted but not listed", bug, t),
            Err(r) => {
                prop_assert!(!r.is_empty());
                prop_assert!(!set.contains(&t), "{:?}: `{}` listed but refused: {:?}", bug, t, r);
                prop_assert_eq!(&g, &before);
            }
        }
        if let Some(t) = list.first() {
            let mut g = before.clone();
            prop_assert!(g.play(*t).is_ok());
        }
    }
}
