//! Checkers for the invariants every correct engine keeps (I1-I9), used by
//! tests, `play --check` and the fuzz targets.

use crate::cell::Cell;
use crate::game::Game;
use crate::play::TurnReport;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::RS;
use crate::setup::Setup;
use crate::symmetry::Symmetry;
use crate::turn::{Echo, Project, Shape, Turn};
use std::collections::HashSet;

/// A broken invariant: which one and what was seen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{invariant} broken: {message}")]
pub struct Violation {
    /// The invariant ID, `I1` to `I9`.
    pub invariant: &'static str,
    /// What was seen.
    pub message: String,
}

fn fail(invariant: &'static str, message: String) -> Result<(), Violation> {
    Err(Violation { invariant, message })
}

macro_rules! ensure {
    ($cond:expr, $inv:literal, $($fmt:tt)*) => {
        if !$cond {
            return fail($inv, format!($($fmt)*));
        }
    };
}

/// Check one position on its own: I1, I2, I3, the ranges of I4, I7 and I9.
pub fn check_position(p: &Position) -> Result<(), Violation> {
    ensure!(
        (p.stones(Player::X) & p.stones(Player::O)).is_empty(),
        "I1",
        "a cell holds two stones"
    );
    for pl in Player::BOTH {
        let c = p.counters(pl);
        let n = p.stones(pl).count() + c.reserve as u32;
        ensure!(n == RS.stones as u32, "I1", "{pl} has {n} stones in all");
        ensure!(
            c.charges <= RS.charges,
            "I4",
            "{pl} has {} charges",
            c.charges
        );
        ensure!(
            c.lowers_left <= RS.lowers,
            "I4",
            "{pl} has {} lowers left",
            c.lowers_left
        );
    }
    ensure!(
        (p.top - p.raised()).is_empty(),
        "I2",
        "a tier-2 cell is not raised"
    );
    ensure!(
        (p.locked() - p.tier_set(2)).is_empty(),
        "I2",
        "a locked cell is not tier 2"
    );
    let used = Player::BOTH
        .iter()
        .filter(|pl| p.counters(**pl).lock_used)
        .count() as u32;
    ensure!(
        p.locked().count() == used,
        "I2",
        "{} locked cells, {used} Echo-Locks used",
        p.locked().count()
    );
    let made: i64 = Player::BOTH
        .iter()
        .map(|pl| p.counters(*pl).raises as i64 - (RS.lowers - p.counters(*pl).lowers_left) as i64)
        .sum();
    ensure!(
        p.tier_total() as i64 == made,
        "I3",
        "tiers add to {}, raises minus lowers is {made}",
        p.tier_total()
    );
    // A finished position given directly may carry any count (V1); play
    // never passes the cap, which check_transition checks.
    ensure!(
        p.is_over() || p.half_moves() < RS.half_move_cap,
        "I7",
        "unfinished game at half-move count {}",
        p.half_moves()
    );
    let n = p.count_legal();
    if p.is_over() {
        ensure!(n == 0, "I7", "a finished game has {n} legal turns");
    } else {
        ensure!(n > 0, "I7", "an unfinished game has no legal turn");
    }
    let s = p.to_notation();
    match Position::from_notation(&s) {
        Ok(q) => ensure!(q == *p, "I9", "`{s}` reads back as a different position"),
        Err(e) => return fail("I9", format!("`{s}` does not read back: {e}")),
    }
    Ok(())
}

/// Check the legal list (I6): no duplicates, every listed turn accepted,
/// the bulk count and the n-th turn agree with the list, and every turn
/// round-trips through its notation (I9).
pub fn check_legal_list(p: &Position) -> Result<(), Violation> {
    let list = p.legal_turns();
    ensure!(
        list.len() as u64 == p.count_legal(),
        "I6",
        "list has {} turns, count says {}",
        list.len(),
        p.count_legal()
    );
    let mut seen = HashSet::with_capacity(list.len());
    for (i, t) in list.iter().enumerate() {
        ensure!(seen.insert(*t), "I6", "{t} listed twice");
        let r = p.illegal_reasons(*t);
        ensure!(r.is_empty(), "I6", "listed turn {t} is rejected: {r:?}");
        ensure!(
            p.nth_legal(i as u64) == Some(*t),
            "I6",
            "nth_legal({i}) is not {t}"
        );
        let text = t.to_string();
        ensure!(
            Turn::parse(&text).ok() == Some(*t),
            "I9",
            "turn `{text}` does not read back"
        );
    }
    ensure!(
        p.nth_legal(list.len() as u64).is_none(),
        "I6",
        "nth_legal past the end returned a turn"
    );
    Ok(())
}

/// Check that `turn` is accepted exactly when listed, and that a rejected
/// turn leaves the game unchanged (I6).
pub fn check_turn_agreement(game: &Game, turn: Turn) -> Result<(), Violation> {
    let listed = game.position().legal_turns().contains(&turn);
    let mut g = game.clone();
    match g.play(turn) {
        Ok(_) => ensure!(listed, "I6", "{turn} accepted but not listed"),
        Err(e) => {
            ensure!(!listed, "I6", "{turn} listed but rejected: {e}");
            ensure!(g == *game, "I6", "rejected {turn} changed the game");
        }
    }
    Ok(())
}

/// Check one played turn against the positions before and after: I2 (locks
/// stay), I4 (monotone counters), I5, I7.
pub fn check_transition(
    before: &Position,
    turn: Turn,
    report: &TurnReport,
    after: &Position,
) -> Result<(), Violation> {
    let mover = before.to_move();
    ensure!(
        (before.locked() - after.locked()).is_empty(),
        "I2",
        "a lock was removed by {turn}"
    );
    for pl in Player::BOTH {
        let (b, a) = (before.counters(pl), after.counters(pl));
        ensure!(a.charges <= b.charges, "I4", "{pl}'s charges rose");
        ensure!(a.raises >= b.raises, "I4", "{pl}'s raises fell");
        ensure!(a.captures >= b.captures, "I4", "{pl}'s captures fell");
        ensure!(
            a.lowers_left <= b.lowers_left,
            "I4",
            "{pl}'s lowers left rose"
        );
    }
    let (b, a) = (before.counters(mover), after.counters(mover));
    let echo = turn.echo.is_some() as u8;
    ensure!(
        b.charges - a.charges == echo,
        "I4",
        "charges fell by {} on {turn}",
        b.charges - a.charges
    );
    let raised = matches!(turn.shape, Some(Shape::Raise(_))) as u8;
    let lowered = matches!(turn.shape, Some(Shape::Lower(_))) as u8;
    ensure!(
        a.raises - b.raises == raised,
        "I4",
        "raises changed wrongly on {turn}"
    );
    ensure!(
        b.lowers_left - a.lowers_left == lowered,
        "I4",
        "lowers left changed wrongly on {turn}"
    );
    let captured = report.captured();
    ensure!(
        (a.captures - b.captures) as u32 == captured.count(),
        "I4",
        "captures rose by {} but {} stones were captured",
        a.captures - b.captures,
        captured.count()
    );
    ensure!(
        (captured - before.stones(mover.other())).is_empty(),
        "I5",
        "{turn} captured a cell without an enemy stone before the turn"
    );
    for c in report.encircled {
        ensure!(after.tier(c) >= 1, "I5", "tier-0 stone on {c} encircled");
    }
    let mine_before = before.stones(mover);
    let moved_from = match turn.project {
        Project::Move { from, .. } => Some(from),
        _ => None,
    };
    for c in mine_before {
        if Some(c) != moved_from {
            ensure!(
                after.stones(mover).contains(c),
                "I5",
                "the mover's stone on {c} was captured on its own turn"
            );
        }
    }
    if let Project::Place(c) = turn.project {
        if !b.first_placed {
            ensure!(c != Cell::CENTRE, "I5", "a first Place on the centre");
        }
    }
    if let Some(Echo::Lock(c)) = turn.echo {
        ensure!(after.is_locked(c), "I2", "Echo-Lock on {c} did not lock it");
    }
    ensure!(
        after.half_moves() <= RS.half_move_cap,
        "I7",
        "the game passed the cap"
    );
    Ok(())
}

/// Check I8 at a game state: every symmetry maps the legal list onto the
/// legal list of the mapped position, and maps the result of each of the
/// first `sample` legal turns onto the result of the mapped turn.
pub fn check_symmetry(game: &Game, sample: usize) -> Result<(), Violation> {
    let p = game.position();
    let list = p.legal_turns();
    for s in Symmetry::all() {
        let q = s.position(p);
        ensure!(
            Setup::from(&q) == s.setup(&Setup::from(p)),
            "I8",
            "variant {s} of a valid position is invalid"
        );
        let mapped: HashSet<Turn> = list.iter().map(|t| s.turn(*t)).collect();
        let theirs: HashSet<Turn> = q.legal_turns().into_iter().collect();
        ensure!(
            mapped == theirs,
            "I8",
            "variant {s}: legal lists differ ({} vs {})",
            mapped.len(),
            theirs.len()
        );
        for t in list.iter().take(sample) {
            let mut a = game.clone();
            a.play_legal(*t);
            let mut b = Game::from_position(q);
            b.play_legal(s.turn(*t));
            // The histories differ (b's starts fresh), so positions are
            // compared unless a repetition decided either game.
            let rep = |g: &Game| g.outcome().map(|o| o.rule) == Some(crate::EndRule::Repetition);
            if !rep(&a) && !rep(&b) {
                let expect = s.position(a.position());
                ensure!(
                    expect == *b.position(),
                    "I8",
                    "variant {s}: {t} leads to different positions"
                );
            }
        }
    }
    Ok(())
}
