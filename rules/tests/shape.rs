//! S1-S4: the Shape step.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::{Position, Shape};

/// X to move with an empty reserve; its stone on d4 may step to d5.
fn mover() -> Position {
    Spec::new(X)
        .stones(X, 0, "d4 a1 a2 a3 a4 b1 b5")
        .stones(O, 0, "g4 g5 g6 g7 f3 f7 e2")
        .pos()
}

#[test]
fn s1_the_anchor_is_the_place_cell_or_the_move_destination() {
    let start = pos(START);
    assert!(reasons(&start, "a1 +c3").is_empty(), "c3 is 2 from a1");
    assert_eq!(reasons(&start, "a1 +d4"), ["shape-out-of-range"]);
    let p = mover();
    assert_eq!(
        (
            cell("d7").distance(cell("d5")),
            cell("d7").distance(cell("d4"))
        ),
        (2, 3)
    );
    assert!(reasons(&p, "d4-d5 +d7").is_empty(), "near the destination");
    assert_eq!(
        reasons(&p, "d4-d5 +d2"),
        ["shape-out-of-range"],
        "near the start only"
    );
}

#[test]
fn s2_range_two_including_the_anchor_and_tier_bounds() {
    let p = Spec::new(X)
        .at("c3 o2, c4 x1, d3 .2, b2 .1, e5 .2*")
        .lock_used(O, true)
        .pos();
    assert!(reasons(&p, "d4 +d4").is_empty(), "distance 0");
    assert!(reasons(&p, "d4 +b2").is_empty(), "distance 2");
    assert_eq!(reasons(&p, "d4 +a1"), ["shape-out-of-range"], "distance 3");
    assert_eq!(reasons(&p, "d4 +d3"), ["raise-at-top"]);
    assert!(reasons(&p, "d4 -d3").is_empty());
    assert_eq!(reasons(&p, "d4 -d5"), ["lower-at-bottom"]);
    // Either player's stone, or an empty cell.
    assert!(reasons(&p, "d4 -c3").is_empty(), "lower under the enemy");
    assert!(
        reasons(&p, "d4 +c4").is_empty(),
        "raise under the mover's own stone"
    );
    // A locked cell breaks T7 and S2 both (V2).
    assert_eq!(reasons(&p, "d4 +e5"), ["shape-locked", "raise-at-top"]);
    assert_eq!(reasons(&p, "d4 -e5"), ["shape-locked"]);
}

/// X's next Place on a1 has Shapes only on its own stones unless X may lower c2/c3.
fn crowded(lowers_left: u8) -> Position {
    Spec::new(X)
        .stones(X, 0, "a2 a3 b1 b2 b3 c1")
        .at("c2 .2, c3 .2, g7 o")
        .lowers_left(X, lowers_left)
        .pos()
}

#[test]
fn s3_shape_optional_when_every_legal_shape_is_on_own_stones() {
    let p = crowded(0);
    assert!(reasons(&p, "a1").is_empty());
    assert!(listed(&p, "a1"));
    assert!(listed(&p, "a1 +a2"), "a Shape is still allowed");
    assert_eq!(reasons(&p, "a1 -c2"), ["no-lowers-left"]);
}

#[test]
fn s3_shape_mandatory_when_one_legal_shape_is_off_own_stones_and_any_will_do() {
    let p = crowded(1);
    assert_eq!(reasons(&p, "a1"), ["shape-required"]);
    assert!(!listed(&p, "a1"));
    assert!(listed(&p, "a1 -c2"));
    assert!(
        listed(&p, "a1 +a2"),
        "a Shape on the mover's own stone satisfies S3"
    );
    // At the start every Place has a mandatory Shape.
    assert_eq!(reasons(&pos(START), "c3"), ["shape-required"]);
}

#[test]
fn s3_is_judged_on_the_board_after_the_project() {
    // Around a2 every cell is tier 2 and X has no lowers, except a1 under
    // X's own stone. Moving a1 to a2 empties a1, so raising a1 is now a
    // Shape off X's stones and becomes mandatory.
    let p = Spec::new(X)
        .stones(X, 0, "a1 g4 g5 g6 g7 f7 f6")
        .stones(O, 0, "d1 d2 e2 e3 f3 f4 e7")
        .tiers(2, "a2 a3 a4 b1 b2 b3 b4 c2 c3 c4")
        .lowers_left(X, 0)
        .pos();
    assert_eq!(reasons(&p, "a1-a2"), ["shape-required"]);
    assert!(reasons(&p, "a1-a2 +a1").is_empty());
    let shapes: Vec<String> = p
        .legal_turns()
        .iter()
        .filter(|t| t.project.anchor() == Some(cell("a2")) && t.echo.is_none())
        .map(|t| t.to_string())
        .collect();
    assert_eq!(shapes, ["a1-a2 +a1"]);
}

#[test]
fn s4_raise_and_lower_change_tier_and_counters() {
    let p = Spec::new(X).at("c3 .1, g7 o").pos();
    let before = counters(&p, X);
    let (after, _) = play(&p, "c4 +c3");
    assert_eq!(after.tier(cell("c3")), 2);
    assert_eq!(counters(&after, X).raises, before.raises + 1);
    assert_eq!(counters(&after, X).lowers_left, before.lowers_left);
    let (after, _) = play(&p, "c4 -c3");
    assert_eq!(after.tier(cell("c3")), 0);
    assert_eq!(counters(&after, X).lowers_left, before.lowers_left - 1);
    assert_eq!(counters(&after, X).raises, before.raises);
    assert_eq!(counters(&after, O), counters(&p, O));
}

#[test]
fn s4_the_lowering_budget_runs_out_after_six() {
    let p = Spec::new(X)
        .at("c3 .2, d5 .2, g7 o")
        .lowers_left(X, 1)
        .pos();
    let (after, _) = play(&p, "c4 -c3");
    assert_eq!(counters(&after, X).lowers_left, 0);
    let (after, _) = play(&after, "a1 +a1");
    assert_eq!(reasons(&after, "d4 -d5"), ["no-lowers-left"]);
    assert!(after
        .legal_turns()
        .iter()
        .all(|t| !matches!(t.shape, Some(Shape::Lower(_)))));
    // O's budget is its own.
    assert_eq!(counters(&after, O).lowers_left, 6);
}
