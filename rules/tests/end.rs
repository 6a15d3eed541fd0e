//! G0-G8: the end-of-turn checks, in order, and the result.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::{EndRule, Game, Outcome, Position, TiebreakStep};

fn outcome(p: &Position) -> String {
    p.outcome().map(|o| o.to_string()).unwrap_or_default()
}

/// X's tier-2 row d1, d2 (locked), d3 and, if `with_d5`, d5; d4 is empty on tier 1.
fn row(with_d5: bool, x_captures: u8) -> Position {
    let mut s = Spec::new(X)
        .at("d1 x2, d2 x2*, d3 x2, d4 .1, g7 o")
        .captures(X, x_captures);
    if with_d5 {
        s = s.at("d5 x2");
    }
    s.half_moves(20).pos()
}

#[test]
fn g1_network_of_five_on_tier_2_with_a_locked_cell_wins() {
    let p = row(true, 0);
    let (after, _) = play(&p, "d4 +d4");
    assert_eq!(outcome(&after), "x:network");
    assert_eq!(after.network_size(X), 5);
}

#[test]
fn g1_four_is_not_a_network() {
    let (after, _) = play(&row(false, 0), "d4 +d4");
    assert_eq!(after.network_size(X), 4);
    assert!(!after.is_over());
}

#[test]
fn g1_a_tier_1_stone_does_not_link_the_group() {
    // d4 stays on tier 1: d1-d3 and d5 are two groups.
    let (after, _) = play(&row(true, 0), "d4 +c3");
    assert_eq!(after.network_size(X), 3);
    assert!(!after.is_over());
}

#[test]
fn g0_network_keeps_the_winner_to_move_and_the_half_move_count() {
    let p = row(true, 0);
    let (after, _) = play(&p, "d4 +d4");
    assert_eq!(after.to_move(), X);
    assert_eq!(after.half_moves(), 20);
    // G1 comes before G2: e4 (tier 2) takes O's tier-1 stone on d4, the
    // sixth capture, and raising d4 completes the Network.
    let p = Spec::new(X)
        .at("d1 x2, d2 x2*, d3 x2, d5 x2, e4 x2, d4 o1, g4 x, g5 x, g7 o")
        .captures(X, 5)
        .pos();
    let (after, rep) = play(&p, "e4-d4 +d4");
    assert_eq!(rep.move_capture, Some(cell("d4")));
    assert_eq!(counters(&after, X).captures, 6);
    assert_eq!(outcome(&after), "x:network");
    let (after, _) = play(&p, "e4-d4 +c3");
    assert_eq!(outcome(&after), "x:takeover");
}

/// O's tier-1 stone on a1 falls when X places b2 (weight 7); X has `k` captures.
fn takeover(k: u8) -> Position {
    Spec::new(X)
        .at("a1 o1, a2 x, b1 x1, g7 o")
        .captures(X, k)
        .half_moves(31)
        .pos()
}

#[test]
fn g2_takeover_at_six_captures_keeps_the_winner_to_move() {
    let (after, _) = play(&takeover(5), "b2 +c2");
    assert_eq!(outcome(&after), "x:takeover");
    assert_eq!((after.to_move(), after.half_moves()), (X, 31));
}

#[test]
fn g2_five_captures_is_not_a_takeover() {
    let (after, _) = play(&takeover(4), "b2 +c2");
    assert_eq!(counters(&after, X).captures, 5);
    assert!(!after.is_over());
    assert_eq!((after.to_move(), after.half_moves()), (O, 32));
}

/// O's seven tier-0 stones in the a1 corner; X holds six of the seven cells
/// around them and has one stone left for d2.
fn cornered(half_moves: u16) -> Position {
    Spec::new(X)
        .stones(O, 0, "a1 a2 a3 b1 b2 b3 c1")
        .stones(X, 0, "a4 b4 c2 c3 c4 d1")
        .half_moves(half_moves)
        .pos()
}

#[test]
fn g4_strangle_when_the_opponent_has_no_legal_move() {
    let mut g = Game::from_position(cornered(10));
    g.play(turn("d2 +d2")).unwrap();
    let p = *g.position();
    assert_eq!(outcome(&p), "x:strangle");
    assert_eq!((p.to_move(), p.half_moves()), (O, 11), "G3 ran before G4");
    assert_eq!(g.history().len(), 1, "G4 ends the game before G5 records");
}

// G4 before G5 cannot be seen as "a turn that both strangles and repeats":
// whether the player to move has a legal Project depends only on fields of
// the repetition key, and every recorded key had one (a position given
// directly must, V1; a strangled one is never recorded). What can be seen is
// that a strangling turn records nothing, checked above.

#[test]
fn g4_no_strangle_while_one_move_remains() {
    let (after, _) = play(&cornered(10), "g7 +g7");
    assert!(!after.is_over());
    assert!(listed(&after, "c1-d2 +d2"));
}

#[test]
fn g4_strangle_on_the_capping_turn_beats_the_cap() {
    let (after, _) = play(&cornered(59), "d2 +d2");
    assert_eq!(after.half_moves(), 60);
    assert_eq!(outcome(&after), "x:strangle");
}

#[test]
fn g4_a_cooldown_skip_is_never_a_strangle() {
    // O has a stone in reserve but every free cell is in its cooldown.
    let p = Spec::new(X)
        .stones(O, 0, "a1 a2 a3 b1 b2 b3")
        .stones(X, 0, "g7")
        .cooldown_everywhere(O)
        .pos();
    let (after, _) = play(&p, "g6 +g6");
    assert!(!after.is_over());
    assert!(after.must_skip());
    assert_eq!(after.legal_turns().len(), 1);
}

#[test]
fn g5_recreating_a_recorded_position_loses() {
    let p = flat(10).pos();
    let mut g = play_all(&p, &["a1-a2", "g7-g6", "a2-a1"]);
    assert!(
        !g.position().is_over(),
        "X's return is a new key (O to move)"
    );
    g.play(turn("g6-g7")).unwrap();
    assert_eq!(
        outcome(g.position()),
        "x:repetition",
        "O recreated the start"
    );
    assert_eq!(g.position().half_moves(), 14);
}

#[test]
fn g5_repetition_is_checked_before_the_cap() {
    let mut g = play_all(&flat(56).pos(), &["a1-a2", "g7-g6", "a2-a1"]);
    g.play(turn("g6-g7")).unwrap();
    assert_eq!(g.position().half_moves(), 60);
    assert_eq!(outcome(g.position()), "x:repetition");
}

/// Both players must Skip: each has a stone in reserve and a cooldown over every free cell.
fn double_skip() -> Position {
    Spec::new(X)
        .at("b4 x1, b5 x2")
        .stones(O, 0, "a1 a2 a3 a4 b1 b2")
        .cooldown_everywhere(X)
        .cooldown_everywhere(O)
        .pos()
}

#[test]
fn g5_a_skip_is_neither_checked_nor_recorded() {
    let p = double_skip();
    let mut g = Game::from_position(p);
    g.play(turn("skip")).unwrap();
    assert_eq!(g.history().len(), 1);
    g.play(turn("skip")).unwrap();
    // Back to the recorded key of the start, yet no repetition.
    assert_eq!(g.position().key(), g.history()[0]);
    assert_eq!(g.history().len(), 1);
    assert!(!g.position().is_over());
    // An Echo on the Skip changes the key, and still nothing is recorded.
    let mut g = Game::from_position(p);
    g.play(turn("skip =b5")).unwrap();
    assert_eq!(g.history().len(), 1);
    assert!(g.position().is_locked(cell("b5")));
    // A non-Skip turn is recorded.
    g.play(turn("skip")).unwrap();
    g.play(turn("c6 +c6")).unwrap();
    assert_eq!(g.history().len(), 2);
}

#[test]
fn g7_the_cap_is_60_not_59() {
    let mut g = play_all(&flat(58).o_raises(43).pos(), &["a1-a2"]);
    assert_eq!(g.position().half_moves(), 59);
    assert!(!g.position().is_over());
    assert_eq!(g.history().len(), 2);
    g.play(turn("g7-g6")).unwrap();
    assert_eq!(g.position().half_moves(), 60);
    assert_eq!(
        g.outcome().unwrap().rule,
        EndRule::Cap(None),
        "all four steps equal"
    );
    assert_eq!(g.history().len(), 3, "G5 records before G7 ends the game");
}

fn capped(spec: Spec) -> String {
    let (after, _) = play(&spec.half_moves(59).pos(), "a1-a2");
    assert_eq!(after.half_moves(), 60);
    outcome(&after)
}

#[test]
fn g7_tiebreak_step_1_stones_on_unlocked_tier_2() {
    assert_eq!(capped(flat(0).at("g7 o2*").o_raises(43)), "x:cap1");
    assert_eq!(capped(flat(0).at("a4 x2*").o_raises(43)), "o:cap1");
}

#[test]
fn g7_tiebreak_step_2_tier_sum_under_stones() {
    // Step 1 is 6 all (one X stone locked, one O stone on tier 1); step 2 is 14 to 13.
    assert_eq!(capped(flat(0).at("a4 x2*, g7 o1").o_raises(43)), "x:cap2");
    assert_eq!(capped(flat(0).at("f3 o2*, g4 x1").o_raises(43)), "o:cap2");
}

#[test]
fn g7_tiebreak_step_3_captures() {
    assert_eq!(capped(flat(0).captures(X, 1).o_raises(43)), "x:cap3");
    assert_eq!(
        capped(flat(0).captures(O, 2).captures(X, 1).o_raises(43)),
        "o:cap3"
    );
}

#[test]
fn g7_tiebreak_step_4_raises_and_a_full_tie() {
    assert_eq!(capped(flat(0).o_raises(42)), "x:cap4");
    assert_eq!(capped(flat(0).o_raises(44)), "o:cap4");
    assert_eq!(capped(flat(0).o_raises(43)), "draw:cap");
}

#[test]
fn g8_a_finished_game_has_no_legal_turn_and_names_its_rule() {
    let (after, _) = play(&row(true, 0), "d4 +d4");
    assert!(after.legal_turns().is_empty());
    assert_eq!(after.count_legal(), 0);
    assert_eq!(reasons(&after, "a1 +a1"), ["game-over"]);
    assert_eq!(reasons(&after, "skip"), ["game-over"]);
    let o = after.outcome().unwrap();
    assert_eq!(
        (o.winner, o.rule.name(), o.rule.rule_id()),
        (Some(X), "network", "G1")
    );
    for (text, winner, rule) in [
        ("x:network", Some(X), EndRule::Network),
        ("o:takeover", Some(O), EndRule::Takeover),
        ("x:strangle", Some(X), EndRule::Strangle),
        ("o:repetition", Some(O), EndRule::Repetition),
        ("draw:threefold", None, EndRule::Threefold),
        (
            "x:cap3",
            Some(X),
            EndRule::Cap(Some(TiebreakStep::Captures)),
        ),
        ("draw:cap", None, EndRule::Cap(None)),
    ] {
        let o = Outcome::parse(text).unwrap();
        assert_eq!((o.winner, o.rule), (winner, rule), "{text}");
        assert!(o.is_well_formed());
        assert_eq!(o.to_string(), text);
    }
    assert!(!Outcome::parse("draw:network").unwrap().is_well_formed());
    assert!(!Outcome::parse("x:cap").unwrap().is_well_formed());
    assert!(Outcome::parse("x:cap5").is_none());
}

#[test]
fn g6_threefold_is_a_draw_result_that_a_position_may_carry() {
    // G6 cannot fire while G5 stands; its result form is still accepted (V1).
    let s = format!("{} =draw:threefold", &START);
    let p = pos(&s);
    assert!(p.is_over());
    assert_eq!(p.count_legal(), 0);
    assert_eq!(p.to_notation(), s);
}

/// I7 (checker): a finished position given directly may carry any half-move
/// count (V1 checks only its result's form), so the invariant checker accepts
/// it; an unfinished one at the cap is not a valid position at all.
#[test]
fn i7_checker_accepts_a_finished_position_given_past_the_cap() {
    use hexodic_rules::invariants::check_position;
    use hexodic_rules::Position;
    let done = "..../...../....../......./....../...../.... x 75 x:r7c3k0u0l6 o:r7c3k0u0l6 =x:cap1";
    let p = Position::from_notation(done).unwrap();
    assert_eq!(check_position(&p), Ok(()));
    let open = "..../...../....../......./....../...../.... x 60 x:r7c3k0u0l6 o:r7c3k0u0l6";
    assert!(Position::from_notation(open).is_err());
}
