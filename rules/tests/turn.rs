//! T1-T7: the turn, its Projects (Place, Move, Skip) and locked cells.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::{Cell, CellSet, Position, Project};

/// X to move with an empty reserve: Moves only. d3 is an empty locked cell.
fn moves() -> Position {
    Spec::new(X)
        .at("d4 x2, c3 x1, e5 x, a1 x, a2 x, g7 x, g6 x")
        .at("d5 o1, e4 o2, c4 o, f3 o, f4 o, b5 o, a4 o")
        .at("d3 .2*")
        .pos()
}

/// X to move with stones in reserve; O stands on the corner a1 on tier 1.
fn corner() -> Position {
    Spec::new(X).at("a1 o1, b1 x, a2 x, g7 o").pos()
}

#[test]
fn t1_one_turn_is_one_half_move_and_the_capture_check_sees_the_shape() {
    let p = corner();
    // Placing b2 and raising it puts the weight on a1 at 1 + 2 x 3 = 7 > 6.
    let (after, rep) = play(&p, "b2 +b2");
    assert_eq!(rep.encircled, cells("a1"));
    assert_eq!(after.half_moves(), p.half_moves() + 1);
    assert_eq!(after.to_move(), O);
    // The same Place with the raise elsewhere leaves the weight at 6.
    let (after, rep) = play(&p, "b2 +c2");
    assert!(rep.captured().is_empty());
    assert_eq!(after.stone_at(cell("a1")), Some(O));
}

#[test]
fn t2_projects_are_place_move_or_skip_and_skip_only_when_forced() {
    let start = pos(START);
    assert_eq!(reasons(&start, "skip"), ["skip-not-allowed"]);
    let kinds = |p: &Position| {
        let mut k: Vec<&str> = p
            .legal_turns()
            .iter()
            .map(|t| match t.project {
                Project::Place(_) => "place",
                Project::Move { .. } => "move",
                Project::Skip => "skip",
            })
            .collect();
        k.dedup();
        k
    };
    assert_eq!(kinds(&start), ["place"]);
    assert_eq!(kinds(&moves()), ["move"]);
    assert_eq!(kinds(&forced_skip()), ["skip"]);
}

#[test]
fn t3_a_move_needs_an_empty_reserve_and_a_place_a_stone_in_reserve() {
    // One stone left in reserve is enough to forbid Moves.
    let p = Spec::new(X)
        .at("c3 x, c4 x, d2 x, d3 x, d5 x, e3 x, g7 o")
        .pos();
    assert_eq!(counters(&p, X).reserve, 1);
    assert_eq!(reasons(&p, "c3-b2 +b2"), ["move-with-reserve"]);
    assert!(reasons(&p, "b2 +b2").is_empty());
    // With the reserve empty a Place is illegal and Moves are legal.
    let m = moves();
    assert_eq!(reasons(&m, "b2 +b2"), ["place-without-reserve"]);
    assert!(reasons(&m, "a2-b2 +b2").is_empty());
}

#[test]
fn t4_place_needs_an_empty_unlocked_cell() {
    let p = Spec::new(X)
        .at("c3 o, d3 .2*, e5 x")
        .lock_used(O, true)
        .pos();
    assert_eq!(reasons(&p, "c3 +c4"), ["place-occupied"]);
    assert_eq!(reasons(&p, "d3 +d2"), ["place-locked"]);
    assert!(reasons(&p, "d2 +d2").is_empty());
}

#[test]
fn t4_centre_first_place_is_illegal_but_a_later_place_may_take_the_centre() {
    let start = pos(START);
    assert_eq!(reasons(&start, "d4 +d4"), ["place-centre-first"]);
    assert!(
        reasons(&start, "d3 +d3").is_empty(),
        "distance 1 is allowed"
    );
    let (p, _) = play(&start, "d3 +d3");
    // O has not placed yet: the centre is still closed to O.
    assert_eq!(reasons(&p, "d4 +d4"), ["place-centre-first"]);
    let (p, _) = play(&p, "a1 +a1");
    assert!(counters(&p, X).first_placed);
    assert!(reasons(&p, "d4 +d4").is_empty(), "X's second Place");
    let (p, _) = play(&p, "d4 +d4");
    assert_eq!(p.stone_at(Cell::CENTRE), Some(X));
}

#[test]
fn t4_cooldown_distance_two_allowed_one_refused_and_a_place_clears_it() {
    let p = Spec::new(O)
        .at("d4 x, e4 x, g7 x, a1 o")
        .reserve(O, 6)
        .cooldown(O, "c3")
        .pos();
    assert_eq!(reasons(&p, "c3 +c3"), ["place-cooldown"]);
    assert_eq!(reasons(&p, "c2 +c2"), ["place-cooldown"], "distance 1");
    assert_eq!(cell("e5").distance(cell("c3")), 2);
    assert!(reasons(&p, "e5 +e5").is_empty(), "distance 2");
    let (after, _) = play(&p, "e5 +e5");
    assert!(counters(&after, O).cooldown.is_empty());
    assert!(!p
        .legal_turns()
        .iter()
        .any(|t| t.project == Project::Place(cell("b2"))));
}

/// X must Skip: every free cell is in or next to X's cooldown set.
fn forced_skip() -> Position {
    Spec::new(X)
        .stones(O, 0, "a1 a2 a3 a4 b1 b2 b3")
        .at("b4 x1, b5 x2, d4 .2*")
        .lock_used(O, true)
        .reserve(X, 5)
        .cooldown_everywhere(X)
        .pos()
}

#[test]
fn t5_a_forced_skip_is_the_only_project_has_no_shape_and_clears_the_cooldown() {
    let p = forced_skip();
    assert!(p.must_skip());
    assert!(p.legal_turns().iter().all(|t| t.project == Project::Skip));
    assert!(listed(&p, "skip"));
    assert_eq!(reasons(&p, "skip +c5"), ["shape-on-skip"]);
    assert!(reasons(&p, "c5 +c5").contains(&"place-cooldown"));
    let (after, _) = play(&p, "skip");
    assert!(counters(&after, X).cooldown.is_empty());
    assert_eq!(after.to_move(), O);
    assert_eq!(after.half_moves(), 1);
    assert_eq!(after.stones(X), p.stones(X));
}

#[test]
fn t5_no_skip_while_one_cell_is_far_enough_from_the_cooldown() {
    let mut spec = Spec::new(X)
        .stones(O, 0, "a1 a2 a3 a4 b1 b2 b3")
        .at("b4 x1, b5 x2")
        .reserve(X, 5)
        .cooldown_everywhere(X);
    // Free g7 and g6 from the cooldown: g7 is now at distance 2 from it.
    spec.setup.counters[0].cooldown = spec.setup.counters[0].cooldown - cells("g7 g6 f7 f6 g5");
    let p = spec.pos();
    assert!(!p.must_skip());
    assert_eq!(reasons(&p, "skip"), ["skip-not-allowed"]);
    let projects: CellSet = p
        .legal_turns()
        .iter()
        .filter_map(|t| t.project.anchor())
        .collect();
    assert_eq!(projects, cells("g7"));
}

/// X has not placed; every empty cell but the centre's ring is in X's cooldown.
fn centre_only(first_placed: bool) -> Position {
    let mut spec = Spec::new(X)
        .stones(O, 0, "a1 g7")
        .first_placed(X, first_placed);
    spec.setup.counters[0].cooldown = Cell::ALL
        .iter()
        .copied()
        .filter(|c| c.distance(Cell::CENTRE) >= 2 && !cells("a1 g7").contains(*c))
        .collect();
    spec.pos()
}

#[test]
fn t5_the_centre_does_not_count_before_a_first_place() {
    let p = centre_only(false);
    assert!(
        p.must_skip(),
        "only the centre is far enough, and X may not open there"
    );
    assert_eq!(reasons(&p, "d4 +d4"), ["place-centre-first"]);
    let q = centre_only(true);
    assert!(!q.must_skip());
    assert!(listed(&q, "d4 +d4"));
    assert_eq!(reasons(&q, "skip"), ["skip-not-allowed"]);
}

#[test]
fn t6_move_capture_only_onto_a_strictly_lower_enemy() {
    let p = moves();
    // d4 (tier 2) onto d5 (tier 1): a capture.
    let (after, rep) = play(&p, "d4-d5 +d5");
    assert_eq!(rep.move_capture, Some(cell("d5")));
    assert_eq!(after.stone_at(cell("d5")), Some(X));
    assert_eq!(after.stone_at(cell("d4")), None);
    assert_eq!(counters(&after, X).captures, 1);
    assert_eq!(counters(&after, O).reserve, 1);
    // c3 (tier 1) onto c4 (tier 0): also lower.
    assert!(reasons(&p, "c3-c4 +c4").is_empty());
    // Equal tiers (2 onto 2) and higher (0 onto 2) are refused.
    assert_eq!(reasons(&p, "d4-e4 +f5"), ["move-capture-not-lower"]);
    assert_eq!(reasons(&p, "e5-e4 +e5"), ["move-capture-not-lower"]);
}

#[test]
fn t6_move_shape_of_the_board() {
    let p = moves();
    assert_eq!(reasons(&p, "d4-d6 +d6"), ["move-not-adjacent"]);
    assert_eq!(reasons(&p, "c3-d4 +c3"), ["move-onto-own"]);
    assert_eq!(reasons(&p, "f5-f6 +f6"), ["move-from-not-own"]);
    assert!(
        reasons(&p, "e5-f5 +f5").is_empty(),
        "onto an empty neighbour"
    );
}

#[test]
fn t7_a_locked_cell_takes_moves_but_no_place_or_shape() {
    let p = moves();
    assert!(
        reasons(&p, "d4-d3 +d2").is_empty(),
        "a Move onto a locked cell"
    );
    assert_eq!(reasons(&p, "d4-d3 -d3"), ["shape-locked"]);
    let (after, _) = play(&p, "d4-d3 +d2");
    assert!(after.is_locked(cell("d3")));
    assert_eq!(after.stone_at(cell("d3")), Some(X));
    // The stone on the locked cell may move away again; the lock stays.
    let (after, _) = play(&after, "f4-f5 +f5");
    assert!(reasons(&after, "d3-d4 +e3").is_empty());
    let (after, _) = play(&after, "d3-d4 +e3");
    assert!(after.is_locked(cell("d3")));
    assert_eq!(after.stone_at(cell("d3")), None);
}

#[test]
fn t7_a_stone_on_a_locked_cell_can_still_be_captured() {
    // a1 is locked tier 2 under O; weight (2+1) x 3 + 2 + 1 + 1 = 13 > 12.
    let p = Spec::new(X).at("a1 o2*, a2 x2, b1 x1, g7 o").pos();
    let (after, rep) = play(&p, "b2 +b2");
    assert_eq!(rep.encircled, cells("a1"));
    assert!(after.is_locked(cell("a1")), "the lock outlives the stone");
    // One tier less around it (b2 left at tier 0): 12, not captured.
    let (_, rep) = play(&p, "b2 +c2");
    assert!(rep.captured().is_empty());
}

#[test]
fn t5_the_capture_check_runs_on_a_skip_turn() {
    // O's tier-1 stone on g7 is already closed in (1 + 2 x 3 = 7 > 6): the
    // Skip turn's capture check takes it.
    let p = Spec::new(X)
        .stones(O, 0, "a1 a2 a3 a4 b1 b2")
        .at("g7 o1, g6 x1, f6 x, f7 x, b4 x1, b5 x2")
        .cooldown_everywhere(X)
        .pos();
    assert!(p.must_skip());
    let (after, rep) = play(&p, "skip");
    assert_eq!(rep.encircled, cells("g7"));
    assert_eq!(counters(&after, X).captures, 1);
    assert_eq!(counters(&after, O).cooldown, cells("g7"));
}
