//! Checked play: every turn played through the reference and the
//! transition and the new position checked (I1-I7, I9).

use super::failure::{Check, Trail};
use crate::choose::Choose;
use hexodic_rules::invariants;
use hexodic_rules::{Game, Player, Position, Ruleset, Turn};

const RS: Ruleset = Ruleset::STANDARD;

/// How much of a position to check after each turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Depth {
    /// [`light_check`]: the counters and the key, without the legal-turn
    /// count and the notation round trip.
    Light,
    /// `invariants::check_position`.
    Full,
}

/// The cheap part of `invariants::check_position`: I1, I2, I3, the ranges
/// of I4 and the cap of I7. The rest (the
/// legal-turn count of I7, the notation round trip of I9) costs several
/// times more and runs on the last position of each input.
fn light_check(p: &Position, trail: &Trail) -> Check {
    let fail = |inv: &'static str, msg: String| Err(trail.fail(inv, msg));
    let mut made: i64 = 0;
    let mut used = 0;
    for pl in Player::BOTH {
        let c = p.counters(pl);
        if p.stones(pl).count() + c.reserve as u32 != RS.stones as u32 {
            return fail(
                "I1",
                format!("{pl} does not have {} stones in all", RS.stones),
            );
        }
        if c.charges > RS.charges || c.lowers_left > RS.lowers {
            return fail("I4", format!("{pl}'s counters are out of range"));
        }
        made += c.raises as i64 - (RS.lowers - c.lowers_left) as i64;
        used += c.lock_used as u32;
    }
    if (p.stones(Player::X) & p.stones(Player::O)).any() {
        return fail("I1", "a cell holds two stones".into());
    }
    if (p.locked() - p.tier_set(2)).any() || p.locked().count() != used {
        return fail("I2", "locks disagree with tiers or used Echo-Locks".into());
    }
    if p.tier_total() as i64 != made {
        return fail("I3", format!("tiers add to {}, not {made}", p.tier_total()));
    }
    if p.half_moves() > RS.half_move_cap {
        return fail("I7", format!("half-move count {}", p.half_moves()));
    }
    Ok(())
}

/// Play `turn`, which must be legal, and check the transition and the new
/// position (I1-I7, I9; with [`Depth::Light`], I1-I5 and the cap).
pub(crate) fn play_checked(game: &mut Game, trail: &mut Trail, turn: Turn, depth: Depth) -> Check {
    let before = *game.position();
    let report = game
        .play(turn)
        .map_err(|e| trail.fail("I6", format!("listed turn {turn} rejected: {e}")))?;
    trail.turns.push(turn);
    let after = game.position();
    invariants::check_transition(&before, turn, &report, after).map_err(|v| trail.at(v, None))?;
    match depth {
        Depth::Light => light_check(after, trail),
        Depth::Full => invariants::check_position(after).map_err(|v| trail.at(v, None)),
    }
}

/// Play the legal turn `u` chooses (an index into the list).
pub(crate) fn play_chosen(
    u: &mut dyn Choose,
    game: &mut Game,
    trail: &mut Trail,
    depth: Depth,
) -> Check {
    let n = game.position().count_legal();
    if n == 0 {
        return Err(trail.fail("I7", "an unfinished game has no legal turn".into()));
    }
    let i = u.below(n);
    let Some(t) = game.position().nth_legal(i) else {
        return Err(trail.fail("I6", format!("nth_legal({i}) is none but the count is {n}")));
    };
    play_checked(game, trail, t, depth)
}
