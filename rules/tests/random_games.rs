//! Seeded random games checked against every invariant after every turn.
#![allow(clippy::unwrap_used)]

use hexodic_rules::invariants::{
    check_legal_list, check_position, check_symmetry, check_transition,
};
use hexodic_rules::random::Rng;
use hexodic_rules::Game;

#[test]
fn seeded_random_games_keep_all_invariants() {
    let mut rng = Rng::new(7);
    let mut ended = 0;
    for g in 0..40 {
        let mut game = Game::new();
        while !game.position().is_over() {
            let p = *game.position();
            check_position(&p).unwrap_or_else(|v| panic!("game {g}: {v}\n{}", p.diagram()));
            if g < 4 {
                check_legal_list(&p).unwrap_or_else(|v| panic!("game {g}: {v}\n{}", p.diagram()));
                check_symmetry(&game, 3)
                    .unwrap_or_else(|v| panic!("game {g}: {v}\n{}", p.diagram()));
            }
            let n = p.count_legal();
            let t = p.nth_legal(rng.below(n)).expect("index below count");
            let rep = game
                .play(t)
                .unwrap_or_else(|e| panic!("game {g}: listed {t} rejected: {e}"));
            check_transition(&p, t, &rep, game.position())
                .unwrap_or_else(|v| panic!("game {g}: {v}"));
        }
        check_position(game.position()).unwrap();
        ended += 1;
    }
    assert_eq!(ended, 40);
}
