//! E1-E4: the optional Echo, Echo-Lock and Echo-Capture.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::{Echo, Position, Project, Turn, TurnParseErrorKind};

/// O's tier-1 stone on the corner a1 with X on a2 and b1: X's Place on b2
/// closes its last empty neighbour.
fn corner(o_tier: u8, b1_tier: u8) -> Position {
    Spec::new(X)
        .at(&format!("a1 o{o_tier}, b1 x{b1_tier}, a2 x, g7 o"))
        .pos()
}

#[test]
fn e1_the_echo_is_optional_costs_one_charge_and_needs_one() {
    let p = Spec::new(X).at("d2 x1, g7 o").charges(X, 1).pos();
    assert!(reasons(&p, "d3 +d2").is_empty(), "no Echo");
    let (after, _) = play(&p, "d3 +d2 =d2");
    assert_eq!(counters(&after, X).charges, 0);
    // With no charge left a target that would otherwise do is refused.
    let mut spec = Spec::new(X).at("a1 o1, b1 x, a2 x, g7 o").charges(X, 0);
    let q = spec.pos();
    assert_eq!(reasons(&q, "b2 +c2 @a1"), ["no-charge"]);
    assert!(q.legal_turns().iter().all(|t| t.echo.is_none()));
    spec = spec.charges(X, 1);
    assert!(listed(&spec.pos(), "b2 +c2 @a1"));
    // One Echo per turn: the notation has no room for a second.
    assert!(matches!(
        Turn::parse("c3 +c3 =c3 @d4").unwrap_err().kind,
        TurnParseErrorKind::SecondEcho(_)
    ));
}

#[test]
fn e1_the_echo_is_judged_after_the_shape() {
    // d2 is tier 1 under X: raise it to 2, then lock it, in one turn.
    let p = Spec::new(X).at("d2 x1, g7 o").pos();
    assert!(reasons(&p, "d3 +d2 =d2").is_empty());
    assert_eq!(reasons(&p, "d3 +d3 =d2"), ["lock-not-tier-2"]);
    // Place, raise that cell to tier 2 and lock it (E1's example).
    let p = Spec::new(X).at("d2 .1, g7 o").pos();
    let (after, _) = play(&p, "d2 +d2 =d2");
    assert!(after.is_locked(cell("d2")));
    // A raise can also make an Echo-Capture target of a tier-0 stone.
    let p = corner(0, 0);
    assert_eq!(reasons(&p, "b2 +c2 @a1"), ["echo-target-tier-0"]);
    assert!(reasons(&p, "b2 +a1 @a1").is_empty());
}

#[test]
fn e1_an_echo_is_allowed_on_a_skip_turn() {
    let p = Spec::new(X)
        .stones(O, 0, "a1 a2 a3 a4 b1 b2 b3")
        .at("b4 x1, b5 x2, d4 .2*")
        .lock_used(O, true)
        .reserve(X, 5)
        .cooldown_everywhere(X)
        .pos();
    assert!(p.must_skip());
    assert!(listed(&p, "skip =b5"));
    let (after, _) = play(&p, "skip =b5");
    assert!(after.is_locked(cell("b5")));
    assert_eq!(counters(&after, X).charges, 2);
}

#[test]
fn e2_echo_lock_needs_own_stone_on_tier_2_and_one_per_game() {
    let p = Spec::new(X).at("g7 x2, e5 o2, g4 x1").pos();
    // Anywhere on the board: g7 is far from the anchor a1.
    assert!(reasons(&p, "a1 +a1 =g7").is_empty());
    assert_eq!(reasons(&p, "a1 +a1 =e5"), ["lock-not-own-stone"]);
    assert_eq!(reasons(&p, "a1 +a1 =g4"), ["lock-not-tier-2"]);
    assert_eq!(
        reasons(&p, "a1 +a1 =d4"),
        ["lock-not-own-stone", "lock-not-tier-2"]
    );
    let (after, _) = play(&p, "a1 +a1 =g7");
    assert!(after.is_locked(cell("g7")));
    let c = counters(&after, X);
    assert!(c.lock_used);
    assert_eq!(c.charges, 2);
    // X gets no second Echo-Lock, even with charges left.
    let after = *play_all(&after, &["b1 +b1", "f4 +g4", "c1 +c1"]).position();
    assert_eq!(after.tier(cell("g4")), 2);
    assert_eq!(reasons(&after, "a2 +a2 =g4"), ["lock-used"]);
    assert!(after
        .legal_turns()
        .iter()
        .all(|t| !matches!(t.echo, Some(Echo::Lock(_)))));
}

#[test]
fn e3_echo_capture_target_conditions() {
    // The target: O's tier-1 stone on a1 once b2 is filled.
    let p = corner(1, 0);
    assert!(reasons(&p, "b2 +c2 @a1").is_empty());
    assert_eq!(reasons(&p, "c2 +c2 @a1"), ["echo-target-empty-neighbour"]);
    assert_eq!(
        reasons(&p, "b2 +c2 @g7"),
        [
            "echo-target-tier-0",
            "echo-target-empty-neighbour",
            "echo-target-not-adjacent"
        ]
    );
    assert_eq!(
        reasons(&p, "b2 +c2 @a2"),
        [
            "echo-target-not-enemy",
            "echo-target-tier-0",
            "echo-target-empty-neighbour"
        ]
    );
    // None of the mover's stones adjacent.
    let q = Spec::new(X).at("a1 o1, a2 o, b1 o, b2 o, g7 x").pos();
    assert_eq!(reasons(&q, "d4 +d4 @a1"), ["echo-target-not-adjacent"]);
}

#[test]
fn c0_e3_an_empty_locked_neighbour_stops_an_echo_capture_target() {
    let p = Spec::new(X)
        .at("a1 o1, b1 x, a2 x, b2 .2*, g7 o")
        .lock_used(O, true)
        .pos();
    assert_eq!(reasons(&p, "c2 +c2 @a1"), ["echo-target-empty-neighbour"]);
}

#[test]
fn e3_the_charge_is_spent_even_when_nothing_is_captured() {
    // a1 weighs (1+1) x 3 + 0 = 6: not more than 6, so nothing falls.
    let p = corner(1, 0);
    let (after, rep) = play(&p, "b2 +c2 @a1");
    assert!(rep.captured().is_empty());
    assert_eq!(after.stone_at(cell("a1")), Some(O));
    assert_eq!(counters(&after, X).charges, 2);
    assert_eq!(counters(&after, X).captures, 0);
}

/// O's tier-1 pair a1-a2 on the edge, X around it on tier 0 except b3 (X places it).
fn pair() -> Position {
    Spec::new(X)
        .at("a1 o1, a2 o1, b1 x, b2 x, a3 x, g7 o")
        .pos()
}

#[test]
fn e4_an_enemy_neighbour_counts_as_a_wall_for_the_group() {
    let p = pair();
    // C1 alone takes nothing: each stone has a stone of its own side next to it.
    let (_, rep) = play(&p, "b3 +c3");
    assert!(rep.captured().is_empty());
    // Echo-Capture at a1: a1 weighs 2 x (3 edges + 1 wall) = 8 > 6 and falls;
    // a2 weighs 2 x (2 + 1) = 6 and stays.
    let (after, rep) = play(&p, "b3 +c3 @a1");
    assert_eq!(rep.echo_captured, cells("a1"));
    assert!(rep.encircled.is_empty());
    assert_eq!(after.stone_at(cell("a2")), Some(O));
    assert_eq!(counters(&after, X).captures, 1);
    assert_eq!(counters(&after, O).cooldown, cells("a1"));
    // Raising b3 adds 1 to a2's weight: 7 > 6, both fall at once.
    let (after, rep) = play(&p, "b3 +b3 @a1");
    assert_eq!(rep.echo_captured, cells("a1 a2"));
    assert_eq!(counters(&after, X).captures, 2);
    assert_eq!(counters(&after, O).reserve, 6);
}

/// O's tier-2 stone on d4 between O's d3 and d5 and four X stones.
fn interior(c4_tier: u8) -> Position {
    Spec::new(X)
        .at(&format!(
            "d4 o2, d3 o, d5 o, e4 x2, e5 x2, c3 x2, c4 x{c4_tier}, g7 o"
        ))
        .pos()
}

#[test]
fn e4_takes_a_tier_2_interior_stone_that_c1_never_could() {
    // 2 + 2 + 2 + 1 from X plus 3 x 2 walls = 13 > 12.
    let (after, rep) = play(&interior(1), "a1 +a1 @d4");
    assert_eq!(rep.echo_captured, cells("d4"));
    assert_eq!(after.stone_at(cell("d4")), None);
    // With c4 on tier 0 the weight is 12: the charge goes, the stone stays.
    let (after, rep) = play(&interior(0), "a1 +a1 @d4");
    assert!(rep.captured().is_empty());
    assert_eq!(after.stone_at(cell("d4")), Some(O));
    assert_eq!(counters(&after, X).charges, 2);
}

#[test]
fn e4_a_target_already_taken_by_c1_yields_nothing_more() {
    // b1 on tier 1: placing b2 makes a1 weigh 1 + 6 = 7, so C1 takes it first.
    let p = corner(1, 1);
    let (after, rep) = play(&p, "b2 +c2 @a1");
    assert_eq!(rep.encircled, cells("a1"));
    assert!(rep.echo_captured.is_empty());
    assert_eq!(counters(&after, X).captures, 1);
    assert_eq!(counters(&after, X).charges, 2);
    assert!(matches!(turn("b2 +c2 @a1").project, Project::Place(_)));
}
