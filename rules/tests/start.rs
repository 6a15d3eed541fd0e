//! P1 (two players, X first) and P2 (the starting state).
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::{Cell, Game, Position};

#[test]
fn p1_x_moves_first_and_turns_alternate() {
    let p = Position::start();
    assert_eq!(p.to_move(), X);
    let (p, _) = play(&p, "c3 +c3");
    assert_eq!(p.to_move(), O);
    assert_eq!(p.stones(X).count(), 1);
    let (p, _) = play(&p, "e5 +e5");
    assert_eq!(p.to_move(), X);
    assert_eq!(p.stones(O).count(), 1);
}

#[test]
fn p2_the_starting_state() {
    let p = Position::start();
    for c in Cell::ALL {
        assert_eq!(p.tier(c), 0, "{c}");
        assert!(!p.is_locked(c));
        assert_eq!(p.stone_at(c), None);
    }
    for pl in [X, O] {
        let c = counters(&p, pl);
        assert_eq!(
            (c.reserve, c.charges, c.lowers_left, c.raises, c.captures),
            (7, 3, 6, 0, 0)
        );
        assert!(!c.first_placed && !c.lock_used && c.cooldown.is_empty());
    }
    assert_eq!(p.half_moves(), 0);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.to_notation(), START);
    assert_eq!(pos(START), p);
    assert_eq!(Game::new().position(), &p);
    assert_eq!(
        Game::new().history(),
        &[p.key()],
        "the start is recorded (G5)"
    );
}

#[test]
fn p2_the_first_turn_leaves_the_starting_state() {
    let (p, _) = play(&Position::start(), "c3 +c3");
    assert_ne!(p, Position::start());
    let c = counters(&p, X);
    assert_eq!((c.reserve, c.raises, c.first_placed), (6, 1, true));
    assert_eq!(counters(&p, O), counters(&Position::start(), O));
    assert_eq!(p.half_moves(), 1);
}
