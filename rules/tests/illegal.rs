//! V2: every reason code, each triggered alone, and turns that break several
//! rules, judged part by part.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::{Game, Position, Reason};
use std::collections::BTreeSet;

/// X to move with an empty reserve: Moves only. d3 is an empty locked cell.
fn moves() -> Position {
    Spec::new(X)
        .at("d4 x2, c3 x1, e5 x, a1 x, a2 x, g7 x, g6 x")
        .at("d5 o1, e4 o2, c4 o, f3 o, f4 o, b5 o, a4 o")
        .at("d3 .2*")
        .pos()
}

/// X to move with stones in reserve, a locked empty d3, a tier-2 d5.
fn reserve() -> Position {
    Spec::new(X)
        .at("c3 x, e5 o1, d3 .2*, d5 .2, g4 x1, e7 o2")
        .lock_used(O, true)
        .pos()
}

fn forced_skip() -> Position {
    Spec::new(X)
        .stones(O, 0, "a1 a2 a3 a4 b1 b2 b3")
        .at("b4 x1, b5 x2")
        .reserve(X, 5)
        .cooldown_everywhere(X)
        .pos()
}

fn corner(o: &str) -> Position {
    Spec::new(X).at(&format!("a1 {o}, b1 x, a2 x, g7 o")).pos()
}

/// (position, turn, the one reason expected)
fn single_reason_cases() -> Vec<(Position, &'static str, &'static str)> {
    let start = pos(START);
    let over = pos(&format!("{START} =x:cap1"));
    let cooled = Spec::new(X).at("e5 o, g7 x").cooldown(X, "c3").pos();
    let no_lowers = Spec::new(X).at("d3 .2, g7 o").lowers_left(X, 0).pos();
    let lock_used = Spec::new(X).at("g4 x2*, d2 x2, e5 o2, g6 x1").pos();
    let o_locked = Spec::new(X)
        .at("d2 x2*, e5 o")
        .lock_used(O, true)
        .lock_used(X, false)
        .pos();
    let own_cluster = Spec::new(X).at("a1 x1, a2 x, b1 x, b2 x, g7 o").pos();
    let no_charge = Spec::new(X)
        .at("a1 o1, b1 x, a2 x, g7 o")
        .charges(X, 0)
        .pos();
    let not_adjacent = Spec::new(X).at("a1 o1, a2 o, b1 o, b2 o, g7 x").pos();
    vec![
        (over, "a1 +a1", "game-over"),
        (moves(), "b2 +b2", "place-without-reserve"),
        (reserve(), "c3-c4 +c4", "move-with-reserve"),
        (reserve(), "e5 +e4", "place-occupied"),
        (reserve(), "d3 +d2", "place-locked"),
        (start, "d4 +d4", "place-centre-first"),
        (cooled, "c2 +c2", "place-cooldown"),
        (start, "skip", "skip-not-allowed"),
        (moves(), "f5-f6 +f6", "move-from-not-own"),
        (moves(), "d4-d6 +d6", "move-not-adjacent"),
        (moves(), "c3-d4 +c3", "move-onto-own"),
        (moves(), "d4-e4 +f5", "move-capture-not-lower"),
        (forced_skip(), "skip +c5", "shape-on-skip"),
        (start, "a1 +d4", "shape-out-of-range"),
        (reserve(), "d2 -d3", "shape-locked"),
        (reserve(), "d4 +d5", "raise-at-top"),
        (start, "a1 -a1", "lower-at-bottom"),
        (no_lowers, "d2 -d3", "no-lowers-left"),
        (start, "c3", "shape-required"),
        (no_charge, "b2 +c2 @a1", "no-charge"),
        (lock_used, "c3 +c3 =d2", "lock-used"),
        (reserve(), "d4 +d4 =e7", "lock-not-own-stone"),
        (reserve(), "d4 +d4 =g4", "lock-not-tier-2"),
        (o_locked, "c3 +c3 =d2", "lock-already-locked"),
        (own_cluster, "c3 +c3 @a1", "echo-target-not-enemy"),
        (corner("o"), "b2 +c2 @a1", "echo-target-tier-0"),
        (corner("o1"), "c2 +c2 @a1", "echo-target-empty-neighbour"),
        (not_adjacent, "d4 +d4 @a1", "echo-target-not-adjacent"),
    ]
}

#[test]
fn v2_every_reason_code_alone() {
    let mut seen = BTreeSet::new();
    for (p, t, code) in single_reason_cases() {
        assert_eq!(reasons(&p, t), [code], "`{t}` at {}", p.to_notation());
        let mut g = Game::from_position(p);
        let e = g.play(turn(t)).unwrap_err();
        assert_eq!(e.primary().code(), code);
        assert_eq!(g.position(), &p, "a rejected turn changes nothing (I6)");
        seen.insert(code);
    }
    let all: BTreeSet<&str> = Reason::ALL.iter().map(|r| r.code()).collect();
    assert_eq!(seen, all, "one case per reason code");
}

#[test]
fn v2_every_reason_names_its_rules() {
    for (code, rules) in [
        ("game-over", vec!["G8"]),
        ("place-cooldown", vec!["T4"]),
        ("shape-locked", vec!["T7", "S2"]),
        ("shape-required", vec!["S3"]),
        ("echo-target-empty-neighbour", vec!["E3", "C0"]),
    ] {
        assert_eq!(Reason::from_code(code).unwrap().rules(), rules.as_slice());
    }
}

#[test]
fn v2_an_illegal_place_still_puts_its_stone() {
    // c2 is next to X's cooldown cell c3; the stone is put anyway, so raising
    // c2 to tier 2 and locking it break nothing more.
    let p = Spec::new(X).at("c2 .1, e5 o, g7 x").cooldown(X, "c3").pos();
    assert_eq!(reasons(&p, "c2 +c2 =c2"), ["place-cooldown"]);
    // A Place on an occupied cell does not: the lock then misses its stone.
    let p = Spec::new(X).at("e5 o1, g7 x").pos();
    assert_eq!(
        reasons(&p, "e5 +e5 =e5"),
        ["place-occupied", "lock-not-own-stone"]
    );
}

#[test]
fn v2_an_illegal_move_still_moves() {
    // One stone in reserve: the Move breaks T3 but still carries c3 to c4.
    let p = Spec::new(X).at("c3 x, c4 .1, g7 o").pos();
    assert_eq!(reasons(&p, "c3-c4 +c4 =c4"), ["move-with-reserve"]);
    // From a cell without the mover's stone nothing moves.
    assert_eq!(
        reasons(&p, "b2-c4 +c4 =c4"),
        [
            "move-with-reserve",
            "move-from-not-own",
            "move-not-adjacent",
            "lock-not-own-stone"
        ]
    );
}

#[test]
fn v2_an_illegal_shape_is_not_made() {
    // The raise of g7 is out of range, so g7 stays on tier 1 for the lock.
    let p = Spec::new(X).at("g7 x1, e5 o").pos();
    assert_eq!(
        reasons(&p, "a1 +g7 =g7"),
        ["shape-out-of-range", "lock-not-tier-2"]
    );
    assert!(reasons(&p, "f6 +g7 =g7").is_empty());
}

#[test]
fn v2_a_missing_shape_breaks_s3_only_when_no_shape_was_given() {
    let start = pos(START);
    assert_eq!(reasons(&start, "c3 +g7"), ["shape-out-of-range"]);
    assert_eq!(reasons(&start, "c3"), ["shape-required"]);
}

#[test]
fn v2_a_raise_of_a_locked_cell_breaks_t7_and_s2() {
    assert_eq!(
        reasons(&reserve(), "d4 +d3"),
        ["shape-locked", "raise-at-top"]
    );
}

#[test]
fn v2_a_turn_breaking_many_rules_lists_them_all() {
    let p = Spec::new(X).at("e5 o, g7 x").charges(X, 0).pos();
    assert_eq!(
        reasons(&p, "e5 -e5 =e5"),
        [
            "place-occupied",
            "lower-at-bottom",
            "no-charge",
            "lock-not-own-stone",
            "lock-not-tier-2"
        ]
    );
}
