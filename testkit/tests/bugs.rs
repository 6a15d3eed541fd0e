//! Every planted bug is live: for each one a constructed position and turns
//! on which the buggy model and the reference engine disagree (at the last
//! turn, on its verdict, the position after it or its captures), while the
//! clean model agrees with the reference on the same turns. Also: each
//! buggy model lists exactly the turns it accepts (I6) and plays whole
//! games without failing.

mod common;

use common::*;
use hexodic_rules::random::Rng;
use hexodic_rules::{Cell, Reason, Setup, Turn};
use hexodic_testkit::diff::play_both;
use hexodic_testkit::positions::random_setup;
use hexodic_testkit::{Bug, ModelGame};
use std::collections::HashSet;

/// The repetition arena: every cell on tier 2, no lowers, no charges, empty
/// reserves, so every turn is a bare Move (G5 can be reached).
fn arena(half_moves: u16) -> Setup {
    build(
        "a1 x2, a4 x2, c1 x2, c6 x2, e2 x2, e7 x2, g4 x2, g7 o2, d4 o2, b3 o2, f4 o2, d7 o2, b5 o2, f3 o2",
        &format!("x {half_moves} x:r0c0k0u43l0P o:r0c0k0u43l0P"),
        2,
    )
}

/// `X`'s corner encirclement of the worked examples: `O` on `a1` (tier 1),
/// `X` on `a2` and `b1`; `X` to move.
const CORNER: &str = "..../...../....../......./....../x..../o1x.. x 4 x:r5c3k0u0l6P o:r6c3k0u1l6P";
/// The sealed group `a1`, `a2` of the worked examples (E4).
const GROUP: &str =
    "..../...../....../......./....../xxx../o1o1x. x 10 x:r3c3k0u0l6P o:r5c3k0u2l6P";
/// `O` cornered with an empty reserve; `X`'s `c4` leaves it no Move (G4).
fn cornered(half_moves: u16) -> Setup {
    exact(&format!(
        "..../...../....../......./xxx.../oooxx/oooo x {half_moves} x:r2c3k0u0l6P o:r0c3k0u0l6P"
    ))
}
/// Every cell without a stone, as a cooldown set.
fn free_cells(s: &Setup) -> hexodic_rules::CellSet {
    Cell::ALL
        .into_iter()
        .filter(|c| s.cell(*c).stone.is_none())
        .collect()
}

/// The position and turns that show `bug`; the last turn is where the buggy
/// model parts from the reference.
fn case(bug: Bug) -> (Setup, Vec<Turn>) {
    let moves = |list: &[&str]| turns(list);
    match bug {
        // The 59th half-move ends the game.
        Bug::CapAt59 => (
            build("c3 x, e5 o", "x 58 x:r0c3k0u0l6P o:r0c3k0u0l6P", 0),
            moves(&["c4 +c4"]),
        ),
        // A Strangle on the capping turn (G4 before G7).
        Bug::CapBeforeStrangle => (cornered(59), moves(&["c4 +c4"])),
        // A repetition on the capping turn (G5 before G7): O's g6-g7 is the 60th half-move.
        Bug::CapBeforeRepetition => (arena(56), moves(&["a1-a2", "g7-g6", "a2-a1", "g6-g7"])),
        Bug::CentreFirstPlace => (exact(START), moves(&["d4 +d4"])),
        // O's cooldown cell c3; c4 is one step from it.
        Bug::CooldownDistanceOne => {
            let mut s = build("d4 x, e4 x, g7 x, a1 o", "o 6 x:r0c3k0u0l6P o:r0c3k0u0l6P", 0);
            s.counters[1].cooldown = [Cell::from_name("c3").unwrap()].into_iter().collect();
            (exact(&s.to_notation()), moves(&["c4 +c4"]))
        }
        // O's cooldown cell c3; f5 is far from it, and the Place clears it.
        Bug::PlaceKeepsCooldown => {
            let mut s = build("d4 x, e4 x, g7 x, a1 o", "o 6 x:r0c3k0u0l6P o:r0c3k0u0l6P", 0);
            s.counters[1].cooldown = [Cell::from_name("c3").unwrap()].into_iter().collect();
            (exact(&s.to_notation()), moves(&["f5 +f5"]))
        }
        // The worked example's forced Skip: it clears O's cooldown set.
        Bug::SkipKeepsCooldown => (
            exact("..../...../....../......./...x../...../.... o 10 x:r6c3k0u0l6P o:r7c3k0u0l6P[a1,a4,c3,d1,d6,f4,f6]"),
            moves(&["skip"]),
        ),
        // d4 and d5 both on tier 1.
        Bug::MoveCaptureEqualTier => (
            build(
                "d4 x1, a1 x, a2 x, a3 x, a4 x, b1 x, b2 x, d5 o1, g7 o",
                "x 20 x:r0c3k0u0l6P o:r0c3k0u0l6P",
                0,
            ),
            moves(&["d4-d5 +d4"]),
        ),
        // d5 is empty and locked.
        Bug::LockedMoveRefused => (
            build(
                "d4 x, a1 x, a2 x, a3 x, a4 x, b1 x, b2 x, d5 .2*, g7 o",
                "x 20 x:r0c2k0u0l6P o:r0c3k0u0l6P",
                0,
            ),
            moves(&["d4-d5 +d4"]),
        ),
        Bug::ShapeNeverMandatory => (exact(START), moves(&["c3"])),
        // f6 is three steps from c3.
        Bug::ShapeRangeThree => (exact(START), moves(&["c3 +f6"])),
        // X has no lowers left; d4 is on tier 1.
        Bug::LowerBudgetIgnored => (
            build("d4 .1, g7 o", "x 4 x:r0c3k0u0l0P o:r0c3k0u0l6P", 0),
            moves(&["c3 -d4"]),
        ),
        // Place on the tier-1 c5, raise it to tier 2 and lock it (E1 ruling).
        Bug::EchoBeforeShape => (
            exact("...o/o..../....../......./x2x2x2x2.1./...../.... x 14 x:r3c3k0u5l6P o:r5c3k0u4l6P"),
            moves(&["c5 +c5 =c5"]),
        ),
        // X has used its lock on g7 and has another tier-2 stone on g4.
        Bug::EchoLockTwice => (
            build("g7 x2*, g4 x2, e5 o", "x 10 x:r0c2k0u0l6PL o:r0c3k0u0l6P", 0),
            moves(&["c3 +c3 =g4"]),
        ),
        // Place c3, raise it to tier 1 and lock it.
        Bug::LockOnTierOne => (
            build("c1 x, e5 o", "x 2 x:r0c3k0u0l6P o:r0c3k0u0l6P", 0),
            moves(&["c3 +c3 =c3"]),
        ),
        // O's a1 is on tier 0, every neighbour filled by X.
        Bug::EchoTargetTierZero => (
            build("a1 o, a2 x, b1 x, b2 x", "x 6 x:r0c3k0u0l6P o:r0c3k0u0l6P", 0),
            moves(&["c3 +c3 @a1"]),
        ),
        // O's a1 (tier 1) closed in by tier-0 X stones weighs 2 x 3 = 6: the
        // Echo-Capture takes nothing, and the charge is spent all the same.
        Bug::ChargeKeptOnMiss => (
            build("a1 o1, a2 x, b1 x, b2 x", "x 6 x:r0c3k0u0l6P o:r0c3k0u0l6P", 0),
            moves(&["c3 +c3 @a1"]),
        ),
        // The worked example: the group a1, a2 falls to the Echo-Capture.
        Bug::EchoGroupNeighbourSaves => (exact(GROUP), moves(&["c2 +b2 @a1"])),
        // The worked example: a forced Skip with an Echo-Lock.
        Bug::NoEchoOnSkip => (
            exact("...o2/...../....../......./...x../...../.... o 10 x:r6c3k0u0l6P o:r6c3k0u2l6P[a1,a4,c3,d1,d6,f4,f6]"),
            moves(&["skip =g7"]),
        ),
        // O's tier-0 a1 closed in by X.
        Bug::TierZeroEncircled => (
            build("a1 o, a2 x, b1 x", "x 4 x:r0c3k0u0l6P o:r0c3k0u0l6P", 0),
            moves(&["b2 +d4"]),
        ),
        // O's a2 saves a1 (tier 1); as a wall it would make the weight 2 x 4 = 8.
        Bug::OwnNeighbourWalls => (
            build("a1 o1, a2 o, b1 x, b2 x", "x 6 x:r0c3k0u0l6P o:r0c3k0u0l6P", 0),
            moves(&["e5 +e5"]),
        ),
        // Weight 1 + 2 x 3 = 7 > 6 takes a1; with edges at tier 1 it is 4.
        Bug::EdgeCountsTier => (exact(CORNER), moves(&["b2 +b2"])),
        // Weight 0 + 2 x 3 = 6, exactly 6 x tier.
        Bug::WeightAtLeast => (exact(CORNER), moves(&["b2 +d4"])),
        // b2 is empty and locked: it saves a1 (C0); as a wall it would weigh 2.
        Bug::EmptyLockedCellWalls => (
            build("a1 o1, a2 x, b1 x, b2 .2*, g7 o", "x 6 x:r0c2k0u0l6P o:r0c3k0u0l6P", 0),
            moves(&["e5 +e5"]),
        ),
        // X's own a1 (tier 1) is closed in by O: weight 1 + 2 x 3 = 7.
        Bug::MoverCaptured => (
            build("a1 x1, a2 o, b1 o, b2 o1", "x 6 x:r0c3k0u0l6P o:r0c3k0u0l6P", 0),
            moves(&["e5 +e5"]),
        ),
        // The capture of a1 puts a1 into O's cooldown set.
        Bug::CaptureNoCooldown => (exact(CORNER), moves(&["b2 +b2"])),
        // Two stones by Echo-Capture: X's captures go from 0 to 2.
        Bug::EchoCaptureNotCounted => (exact(GROUP), moves(&["c2 +b2 @a1"])),
        // c1 c2 (tier 2), c3 (tier 1), c4 c5 c6 (tier 2 after the raise).
        Bug::NetworkThroughAnyStone => (
            build(
                "c1 x2, c2 x2, c3 x1, c4 x2, c5 x2, c6 .1, g7 o, g6 o",
                "x 14 x:r0c3k0u0l6P o:r0c3k0u0l6P",
                0,
            ),
            moves(&["c6 +c6"]),
        ),
        // c1 c2 c3 (tier 2) and c4 (tier 2 after the raise): four stones.
        Bug::NetworkOfFour => (
            build(
                "c1 x2, c2 x2, c3 x2, c4 .1, g7 o, g6 o",
                "x 14 x:r0c3k0u0l6P o:r0c3k0u0l6P",
                0,
            ),
            moves(&["c4 +c4"]),
        ),
        // X's fifth capture.
        Bug::TakeoverAtFive => (
            exact("..../...../....../......./....../x..../o1x.. x 4 x:r5c3k4u0l6P o:r6c3k0u1l6P"),
            moves(&["b2 +b2"]),
        ),
        // Two forced Skips bring back the recorded start (only a checked
        // Skip can see it).
        Bug::SkipRecorded => {
            let mut s = build(
                "b4 x1, b5 x2, a1 o, a2 o, a3 o, a4 o, b1 o, b2 o",
                "x 10 x:r0c3k0u0l6P o:r0c3k0u0l6P",
                0,
            );
            let free = free_cells(&s);
            s.counters[0].cooldown = free;
            s.counters[1].cooldown = free;
            (exact(&s.to_notation()), moves(&["skip", "skip"]))
        }
        // O's g6-g7 returns to the recorded start of the arena.
        Bug::StartNotRecorded => (arena(10), moves(&["a1-a2", "g7-g6", "a2-a1", "g6-g7"])),
        // Every cell on tier 2 but O's a1 (tier 1) and X's a2 b1 b2 (tier 0),
        // no lowers: no Shape near g4 or d7. X's Echo-Capture of a1 takes
        // nothing (weight 6) but spends a charge, so O's e7-d7 brings back the
        // start with X's charges 2 instead of 3.
        Bug::KeyIgnoresCharges => (
            build(
                "a1 o1, a2 x, b1 x, b2 x, g4 x2, c6 x2, e2 x2, a4 x2, g7 o2, d4 o2, f4 o2, d7 o2, b5 o2, f3 o2",
                "x 10 x:r0c3k0u0l0P o:r0c3k0u0l0P",
                2,
            ),
            moves(&["g4-g5 @a1", "d7-e7", "g5-g4", "e7-d7"]),
        ),
        // X's g7 is locked: step 1 is 0 against 0, step 2 favours X (3 against 0).
        Bug::TiebreakCountsLocked => (
            build("g7 x2*, e5 o", "x 59 x:r0c2k0u0l6PL o:r0c3k0u0l6P", 0),
            moves(&["c3 +c3"]),
        ),
        // Step 2 favours X (tiers 3 against 1), step 3 favours O (1 capture).
        Bug::TiebreakCapturesFirst => (
            exact("..../...../...oo./....1o1../..x1x1../..x../.... x 59 x:r4c3k0u3l6P o:r4c3k1u2l5P"),
            moves(&["c5 +c5"]),
        ),
        // The worked example: X's sixth capture, by a Move.
        Bug::HalfMoveOnWin => (
            exact("...o/...../....../...x1o../....../xx.../xxxx x 30 x:r0c3k5u1l6P o:r5c3k0u0l6P"),
            moves(&["d4-d5 +d4"]),
        ),
        // O has no reserve and no Move, but free cells remain.
        Bug::StrangleIgnoresMoves => (cornered(20), moves(&["c4 +c4"])),
        // The capping turn ends the game; O's turn after it must be refused.
        Bug::PlayAfterEnd => (
            build("c3 x, e5 o", "x 59 x:r0c3k0u0l6P o:r0c3k0u0l6P", 0),
            moves(&["c4 +c4", "e4 +e4"]),
        ),
        // Shown by `capped_position_accepted`: the start is one short of the cap.
        Bug::CappedPositionAccepted => (
            build("c3 x, e5 o", "x 59 x:r0c3k0u0l6P o:r0c3k0u0l6P", 0),
            moves(&["c4 +c4"]),
        ),
        // d4 and d5 both on tier 1: the Move breaks T6 (not lower), not onto own.
        Bug::CaptureNotLowerMisnamed => (
            build(
                "d4 x1, a1 x, a2 x, a3 x, a4 x, b1 x, b2 x, d5 o1, g7 o",
                "x 20 x:r0c3k0u0l6P o:r0c3k0u0l6P",
                0,
            ),
            moves(&["d4-d5 +d4"]),
        ),
        // Shown by `duplicate_legal_turn`: X may Echo-Lock g4.
        Bug::DuplicateLegalTurn => (
            build("g4 x2, e5 o", "x 10 x:r0c3k0u0l6P o:r0c3k0u0l6P", 0),
            moves(&["c3 +c3 =g4"]),
        ),
        // X's cooldown leaves it only g4, an empty cell O has locked: X must Skip.
        Bug::LockedCellOpen => (
            exact(".2*.xo/o..oo/....../...x2*.../....../...../.... x 0 x:r5c2k0u2l6PL[b2,b4,d2,d6,f5] o:r3c2k5u2l6PL"),
            moves(&["skip"]),
        ),
    }
}

/// Play `turns` from `start` in the model (with `bug`) and the reference;
/// the first turn on which they disagree (on the reasons, the position
/// after it or its captures), and how. Only the last turn may be refused.
fn first_difference(bug: Option<Bug>, start: &Setup, turns: &[Turn]) -> Option<(usize, String)> {
    let mut model = ModelGame::from_setup(start, bug).unwrap();
    let mut game = reference(start);
    for (i, t) in turns.iter().enumerate() {
        match play_both(&mut model, &mut game, *t) {
            Err(e) => return Some((i, e)),
            Ok(None) if i + 1 < turns.len() => panic!("`{t}` is illegal in both"),
            Ok(_) => {}
        }
    }
    None
}

fn assert_live(bug: Bug) {
    let (start, turns) = case(bug);
    if let Some((i, e)) = first_difference(None, &start, &turns) {
        panic!("{bug}: the clean model disagrees at turn {i}: {e}");
    }
    match first_difference(Some(bug), &start, &turns) {
        Some((i, e)) => {
            assert_eq!(i, turns.len() - 1, "{bug}: disagrees early: {e}");
            eprintln!("{bug} [{}]: {e}", bug.rules()[0]);
        }
        None => panic!("{bug}: the buggy model agrees with the reference"),
    }
}

#[test]
fn cap_at_59() {
    assert_live(Bug::CapAt59);
}

#[test]
fn cap_before_strangle() {
    assert_live(Bug::CapBeforeStrangle);
}

#[test]
fn cap_before_repetition() {
    assert_live(Bug::CapBeforeRepetition);
}

#[test]
fn centre_first_place() {
    assert_live(Bug::CentreFirstPlace);
}

#[test]
fn cooldown_distance_one() {
    assert_live(Bug::CooldownDistanceOne);
}

#[test]
fn place_keeps_cooldown() {
    assert_live(Bug::PlaceKeepsCooldown);
}

#[test]
fn skip_keeps_cooldown() {
    assert_live(Bug::SkipKeepsCooldown);
}

#[test]
fn move_capture_equal_tier() {
    assert_live(Bug::MoveCaptureEqualTier);
}

#[test]
fn locked_move_refused() {
    assert_live(Bug::LockedMoveRefused);
}

#[test]
fn shape_never_mandatory() {
    assert_live(Bug::ShapeNeverMandatory);
}

#[test]
fn shape_range_three() {
    assert_live(Bug::ShapeRangeThree);
}

#[test]
fn lower_budget_ignored() {
    assert_live(Bug::LowerBudgetIgnored);
}

#[test]
fn echo_before_shape() {
    assert_live(Bug::EchoBeforeShape);
}

#[test]
fn echo_lock_twice() {
    assert_live(Bug::EchoLockTwice);
}

#[test]
fn lock_on_tier_one() {
    assert_live(Bug::LockOnTierOne);
}

#[test]
fn echo_target_tier_zero() {
    assert_live(Bug::EchoTargetTierZero);
}

#[test]
fn charge_kept_on_miss() {
    assert_live(Bug::ChargeKeptOnMiss);
}

#[test]
fn echo_group_neighbour_saves() {
    assert_live(Bug::EchoGroupNeighbourSaves);
}

#[test]
fn no_echo_on_skip() {
    assert_live(Bug::NoEchoOnSkip);
}

#[test]
fn tier_zero_encircled() {
    assert_live(Bug::TierZeroEncircled);
}

#[test]
fn own_neighbour_walls() {
    assert_live(Bug::OwnNeighbourWalls);
}

#[test]
fn edge_counts_tier() {
    assert_live(Bug::EdgeCountsTier);
}

#[test]
fn weight_at_least() {
    assert_live(Bug::WeightAtLeast);
}

#[test]
fn empty_locked_cell_walls() {
    assert_live(Bug::EmptyLockedCellWalls);
}

#[test]
fn mover_captured() {
    assert_live(Bug::MoverCaptured);
}

#[test]
fn capture_no_cooldown() {
    assert_live(Bug::CaptureNoCooldown);
}

#[test]
fn echo_capture_not_counted() {
    assert_live(Bug::EchoCaptureNotCounted);
}

#[test]
fn network_through_any_stone() {
    assert_live(Bug::NetworkThroughAnyStone);
}

#[test]
fn network_of_four() {
    assert_live(Bug::NetworkOfFour);
}

#[test]
fn takeover_at_five() {
    assert_live(Bug::TakeoverAtFive);
}

#[test]
fn skip_recorded() {
    assert_live(Bug::SkipRecorded);
}

#[test]
fn start_not_recorded() {
    assert_live(Bug::StartNotRecorded);
}

#[test]
fn key_ignores_charges() {
    assert_live(Bug::KeyIgnoresCharges);
}

#[test]
fn tiebreak_captures_first() {
    assert_live(Bug::TiebreakCapturesFirst);
}

#[test]
fn tiebreak_counts_locked() {
    assert_live(Bug::TiebreakCountsLocked);
}

#[test]
fn half_move_on_win() {
    assert_live(Bug::HalfMoveOnWin);
}

#[test]
fn strangle_ignores_moves() {
    assert_live(Bug::StrangleIgnoresMoves);
}

#[test]
fn play_after_end() {
    assert_live(Bug::PlayAfterEnd);
}

#[test]
fn capture_not_lower_misnamed() {
    assert_live(Bug::CaptureNotLowerMisnamed);
}

#[test]
fn locked_cell_open() {
    assert_live(Bug::LockedCellOpen);
}

#[test]
fn capped_position_accepted() {
    let (mut capped, _) = case(Bug::CappedPositionAccepted);
    capped.half_moves = 60;
    let faults: Vec<_> = capped
        .validate()
        .unwrap_err()
        .faults
        .iter()
        .map(|f| f.kind().code())
        .collect();
    assert_eq!(faults, ["already-capped"]);
    assert!(ModelGame::from_setup(&capped, None).is_err());
    assert!(ModelGame::from_setup(&capped, Some(Bug::CappedPositionAccepted)).is_ok());
    // Another fault is still reported.
    capped.counters[0].charges = 4;
    let refused = ModelGame::from_setup(&capped, Some(Bug::CappedPositionAccepted)).unwrap_err();
    assert_eq!(refused, [hexodic_rules::FaultCode::TooManyCharges]);
}

#[test]
fn duplicate_legal_turn() {
    let (start, turns) = case(Bug::DuplicateLegalTurn);
    let clean = ModelGame::from_setup(&start, None).unwrap().legal_turns();
    let list = ModelGame::from_setup(&start, Some(Bug::DuplicateLegalTurn))
        .unwrap()
        .legal_turns();
    let set: HashSet<Turn> = list.iter().copied().collect();
    assert_eq!(set, clean.iter().copied().collect::<HashSet<Turn>>());
    assert!(list.len() > set.len());
    assert_eq!(list.iter().filter(|t| **t == turns[0]).count(), 2);
}

/// The legal turns of `g` found by brute force from its own verdicts: a
/// Project is kept when its bare turn breaks nothing or only S3, a Shape when
/// Project + Shape breaks nothing, then every Echo is tried.
fn brute_force(g: &ModelGame) -> HashSet<Turn> {
    use hexodic_rules::{Echo, Project, Shape};
    let mut projects = vec![Project::Skip];
    for from in Cell::ALL {
        projects.push(Project::Place(from));
        for to in Cell::ALL {
            projects.push(Project::Move { from, to });
        }
    }
    let mut shapes = vec![None];
    let mut echoes = vec![None];
    for c in Cell::ALL {
        shapes.extend([Some(Shape::Raise(c)), Some(Shape::Lower(c))]);
        echoes.extend([Some(Echo::Lock(c)), Some(Echo::Capture(c))]);
    }
    let mut out = HashSet::new();
    for project in projects {
        let bare = g.reasons(Turn::new(project));
        if bare.iter().any(|r| *r != Reason::ShapeRequired) {
            continue;
        }
        for shape in &shapes {
            let t = Turn {
                project,
                shape: *shape,
                echo: None,
            };
            if !g.reasons(t).is_empty() {
                continue;
            }
            for echo in &echoes {
                let t = Turn { echo: *echo, ..t };
                if g.reasons(t).is_empty() {
                    out.insert(t);
                }
            }
        }
    }
    out
}

#[test]
fn every_buggy_model_lists_exactly_the_turns_it_accepts() {
    for bug in Bug::ALL.iter().copied().map(Some).chain([None]) {
        // Each bug on its own case and on the case of the next bug.
        let cases = match bug {
            Some(b) => {
                let k = Bug::ALL.iter().position(|x| *x == b).unwrap();
                vec![case(b), case(Bug::ALL[(k + 1) % Bug::ALL.len()])]
            }
            None => Bug::ALL.iter().map(|b| case(*b)).collect(),
        };
        for (start, turns) in cases {
            let mut g = ModelGame::from_setup(&start, bug).unwrap();
            for t in &turns[..turns.len() - 1] {
                g.play(*t).unwrap();
            }
            if bug == Some(Bug::PlayAfterEnd) && g.outcome().is_some() {
                // The bug: turns after the end are accepted but never listed.
                continue;
            }
            let list = g.legal_turns();
            let set: HashSet<Turn> = list.iter().copied().collect();
            if bug != Some(Bug::DuplicateLegalTurn) {
                assert_eq!(set.len(), list.len(), "{bug:?}: duplicates");
            }
            assert_eq!(
                set,
                brute_force(&g),
                "{bug:?} at {}",
                g.position().to_notation()
            );
            let n = g.perft(1);
            assert_eq!(n, list.len() as u64);
        }
    }
}

#[test]
fn every_buggy_model_plays_whole_games() {
    let mut rng = Rng::new(8);
    for bug in Bug::ALL {
        for n in 0..4 {
            let start = if n % 2 == 0 {
                Setup::default()
            } else {
                random_setup(&mut rng)
            };
            let mut g = ModelGame::from_setup(&start, Some(*bug)).unwrap();
            let mut plies = 0;
            while g.outcome().is_none() {
                let list = g.legal_turns();
                assert!(
                    !list.is_empty(),
                    "{bug}: no legal turn at {}",
                    g.position().to_notation()
                );
                let t = list[rng.below(list.len() as u64) as usize];
                g.play(t)
                    .unwrap_or_else(|r| panic!("{bug}: listed `{t}` refused: {r:?}"));
                plies += 1;
                assert!(plies <= 80, "{bug}: the game does not end");
            }
            assert!(g.legal_turns().is_empty());
        }
    }
}

#[test]
fn every_bug_has_a_case_and_a_main_rule() {
    for bug in Bug::ALL {
        let (start, turns) = case(*bug);
        assert!(start.validate().is_ok() && !turns.is_empty(), "{bug}");
        assert!(!bug.rules()[0].is_empty());
    }
}
