//! C0-C4: encirclement, what a capture does, and the mover's immunity.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::Position;

/// O on the corner a1 at `o` tier; X on a2 and b1; X's next Place goes to b2.
fn corner(o: &str, a2: &str, b1: &str) -> Position {
    Spec::new(X)
        .at(&format!("a1 {o}, a2 {a2}, b1 {b1}, g7 o"))
        .pos()
}

#[test]
fn c1_weight_exactly_six_times_tier_is_not_a_capture() {
    // (1 + 1) x 3 edge slots + 0 = 6 = 6 x 1.
    let (after, rep) = play(&corner("o1", "x", "x"), "b2 +c2");
    assert!(rep.encircled.is_empty());
    assert_eq!(after.stone_at(cell("a1")), Some(O));
}

#[test]
fn c1_one_more_than_six_times_tier_is_a_capture() {
    // b1 on tier 1: 6 + 1 = 7 > 6.
    let (after, rep) = play(&corner("o1", "x", "x1"), "b2 +c2");
    assert_eq!(rep.encircled, cells("a1"));
    assert_eq!(after.stone_at(cell("a1")), None);
}

#[test]
fn c1_tier_0_is_never_encircled() {
    let (after, rep) = play(&corner("o", "x2", "x2"), "b2 +b2");
    assert!(rep.encircled.is_empty());
    assert_eq!(after.stone_at(cell("a1")), Some(O));
}

#[test]
fn c1_a_stone_of_its_own_side_next_to_it_saves_it() {
    let p = Spec::new(X).at("a1 o1, a2 o, b1 x2, g7 o").pos();
    let (_, rep) = play(&p, "b2 +b2");
    assert!(rep.encircled.is_empty());
}

#[test]
fn c1_edge_slots_count_tier_plus_one() {
    // A tier-1 stone on the side cell a2 (2 edge slots) with X on a1, a3, b2
    // (tier 1) and b3 (tier 0): 3 + (1 + 1) x 2 = 7 > 6. Counting the edge
    // slots at the tier alone would give 3 + 2 = 5 and no capture.
    let p = Spec::new(X).at("a2 o1, a1 x1, a3 x1, b2 x1, g7 o").pos();
    let (_, rep) = play(&p, "b3 +c3");
    assert_eq!(rep.encircled, cells("a2"));
    // One tier less (b2 on tier 0): 2 + 4 = 6, no capture.
    let p = Spec::new(X).at("a2 o1, a1 x1, a3 x1, b2 x, g7 o").pos();
    let (_, rep) = play(&p, "b3 +c3");
    assert!(rep.encircled.is_empty());
    // A tier-2 corner stone: 2 + 1 + 1 + (2 + 1) x 3 = 13 > 12.
    let p = Spec::new(X).at("a1 o2, a2 x2, b1 x1, g7 o").pos();
    let (_, rep) = play(&p, "b2 +b2");
    assert_eq!(rep.encircled, cells("a1"));
    let (_, rep) = play(&p, "b2 +c2");
    assert!(rep.encircled.is_empty(), "12 is not more than 12");
}

/// O's tier-1 stone on d4, ringed by X on tier 1 except e4 (empty, tier 1).
fn tier1_ring() -> Position {
    Spec::new(X)
        .at("d4 o1, d3 x1, d5 x1, c3 x1, c4 x1, e5 x1, e4 .1, g7 o")
        .pos()
}

#[test]
fn c2_a_tier_1_interior_stone_needs_a_neighbour_above_tier_1() {
    let (after, rep) = play(&tier1_ring(), "e4 +f6");
    assert!(rep.encircled.is_empty(), "six tier-1 neighbours weigh 6");
    assert_eq!(after.stone_at(cell("d4")), Some(O));
    let (_, rep) = play(&tier1_ring(), "e4 +e4");
    assert_eq!(rep.encircled, cells("d4"), "one tier-2 neighbour makes 7");
}

#[test]
fn c2_a_tier_2_interior_stone_is_immune_to_encirclement() {
    // Six tier-2 neighbours weigh exactly 12. (The ring is also a Network.)
    let p = Spec::new(X)
        .at("d4 o2, d3 x2, d5 x2, c3 x2, c4 x2, e5 x2, e4 .2, g7 o")
        .pos();
    let (after, rep) = play(&p, "e4 +f6");
    assert!(rep.encircled.is_empty());
    assert_eq!(after.stone_at(cell("d4")), Some(O));
    assert_eq!(after.outcome().unwrap().to_string(), "x:network");
}

#[test]
fn c0_an_empty_locked_cell_saves_a_stone_like_any_empty_cell() {
    let p = Spec::new(X)
        .at("a1 o1, a2 x2, b1 x2, b2 .2*, g7 o")
        .lock_used(O, true)
        .pos();
    let (after, rep) = play(&p, "c2 +c2");
    assert!(rep.encircled.is_empty());
    assert_eq!(after.stone_at(cell("a1")), Some(O));
    // A Move onto the locked cell fills it; then the stone falls.
    let q = Spec::new(X)
        .at("a1 o1, a2 x2, b1 x2, b2 .2*, c2 x")
        .stones(X, 0, "g4 g5 g6 g7")
        .stones(O, 0, "e2 e3 f3 f4 e7 f7")
        .lock_used(O, true)
        .pos();
    let (_, rep) = play(&q, "c2-b2 +c2");
    assert_eq!(rep.encircled, cells("a1"));
}

#[test]
fn c3_simultaneous_captures_return_to_reserve_count_and_cool_down() {
    // Placing a2 closes a1 (6 + 1 = 7) and a3 (4 + 3 = 7) at once.
    let p = Spec::new(X)
        .at("a1 o1, a3 o1, b1 x, b2 x1, a4 x1, b3 x1, b4 x1, g7 o")
        .pos();
    let (after, rep) = play(&p, "a2 +c2");
    assert_eq!(rep.encircled, cells("a1 a3"));
    assert_eq!(counters(&after, X).captures, 2);
    let o = counters(&after, O);
    assert_eq!((o.reserve, o.cooldown), (6, cells("a1 a3")));
    // O's next Place keeps the cooldown distance from both cells.
    assert_eq!(reasons(&after, "a3 +a3"), ["place-cooldown"]);
    assert!(reasons(&after, "c5 +c5").is_empty());
}

#[test]
fn c3_a_move_capture_and_an_encirclement_in_one_turn_both_count() {
    // b3 (tier 1) takes a2 (tier 0); a1 then has X all round: 1 + 6 = 7.
    let p = Spec::new(X)
        .at("a1 o1, a2 o, b1 x1, b2 x, b3 x1")
        .stones(X, 0, "g4 g5 g6 g7")
        .stones(O, 0, "e2 e3 f3 f4 f7")
        .pos();
    let (after, rep) = play(&p, "b3-a2 +c2");
    assert_eq!(rep.move_capture, Some(cell("a2")));
    assert_eq!(rep.encircled, cells("a1"));
    assert_eq!(counters(&after, X).captures, 2);
    assert_eq!(counters(&after, O).reserve, 2);
    assert_eq!(counters(&after, O).cooldown, cells("a1 a2"));
}

#[test]
fn c4_the_movers_stones_are_never_captured_on_its_own_turn() {
    // X places into a corner held by O's tier-1 stones: weight 3 + 6 = 9.
    let p = Spec::new(X).at("a1 .1, a2 o1, b1 o1, b2 o1").pos();
    let (after, rep) = play(&p, "a1 +c2");
    assert!(rep.captured().is_empty());
    assert_eq!(after.stone_at(cell("a1")), Some(X));
    // On O's turn X's stone is checked, and falls.
    let (after, rep) = play(&after, "g7 +g7");
    assert_eq!(rep.encircled, cells("a1"));
    assert_eq!(counters(&after, O).captures, 1);
}
