//! Playing a legal turn: the Project, Shape and Echo (T1-T7, S4, E1-E2), the
//! capture checks (C1, then the Echo-Capture group check E4, C3, C4), and
//! the end-of-turn checks in order (G0-G7) with the repetition key (G5).

use super::board::{edge_slots, neighbours, stone, tier, CELLS};
use super::legality::{shape_board, RS};
use super::{Played, Rules};
use crate::bug::Bug;
use hexodic_rules::{
    Cell, CellSet, Echo, EndRule, Outcome, Player, Project, Setup, Shape, TiebreakStep, Turn,
};

/// The repetition key (G5) as plain bytes: each cell's stone, tier and lock;
/// each player's reserve, charges, captures, raises, lowers left,
/// has-made-first-Place and Echo-Lock-used; the player to move. Cooldown sets
/// and the half-move count are not in it.
pub(crate) type Key = [u8; CELLS + 14 + 1];

/// The key of a position (G5) under `rules`.
pub(crate) fn key(rules: Rules, s: &Setup) -> Key {
    let mut k = [0u8; CELLS + 15];
    for (i, c) in s.cells.iter().enumerate() {
        let st = match c.stone {
            None => 0,
            Some(Player::X) => 1,
            Some(Player::O) => 2,
        };
        k[i] = st | (c.tier.min(15) << 2) | (u8::from(c.locked) << 6);
    }
    for (p, c) in s.counters.iter().enumerate() {
        let o = CELLS + 7 * p;
        k[o] = c.reserve;
        if !rules.has(Bug::KeyIgnoresCharges) {
            k[o + 1] = c.charges;
        }
        k[o + 2] = c.captures;
        k[o + 3] = c.raises;
        k[o + 4] = c.lowers_left;
        k[o + 5] = u8::from(c.first_placed);
        k[o + 6] = u8::from(c.lock_used);
    }
    k[CELLS + 14] = s.to_move.index() as u8;
    k
}

/// The largest Network group of `p` (G1): stones on tier 2 linked through
/// neighbouring cells that each hold one of `p`'s tier-2 stones.
fn network_size(rules: Rules, s: &Setup, p: Player) -> u32 {
    let top = |i: usize| tier(s, i) == RS.max_tier;
    // Which stones a group is built from, and which of them count.
    let member =
        |i: usize| stone(s, i) == Some(p) && (rules.has(Bug::NetworkThroughAnyStone) || top(i));
    let mut seen = [false; CELLS];
    let mut best = 0;
    for start in 0..CELLS {
        if seen[start] || !member(start) {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![start];
        let mut counted = 0;
        while let Some(i) = stack.pop() {
            if top(i) {
                counted += 1;
            }
            for n in neighbours(i) {
                if !seen[n] && member(n) {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        best = best.max(counted);
    }
    best
}

impl Rules {
    /// Take the stone on `i` (C3): back to its owner's reserve, the cell into
    /// the owner's cooldown set, and (when `counted`) one more capture for
    /// the other player.
    fn capture(self, s: &mut Setup, i: usize, counted: bool) {
        let Some(owner) = stone(s, i) else {
            return;
        };
        s.cells[i].stone = None;
        let o = &mut s.counters[owner.index()];
        o.reserve = o.reserve.saturating_add(1);
        if !self.has(Bug::CaptureNoCooldown) {
            o.cooldown.insert(Cell::ALL[i]);
        }
        if counted {
            let m = &mut s.counters[owner.other().index()];
            m.captures = m.captures.saturating_add(1);
        }
    }

    /// The encirclement weighing of the stone on `i` with `by` the encircling
    /// side: C1 (`group` false) or the E4 group weighing (`group` true),
    /// where a neighbour of the stone's own side counts as a wall.
    fn passes(self, s: &Setup, i: usize, by: Player, group: bool) -> bool {
        let t = u32::from(tier(s, i));
        // C1 (b): tier 0 is never encircled; E4 weighs tier-0 members the same way.
        if t == 0 && (group || !self.has(Bug::TierZeroEncircled)) {
            return false;
        }
        let mut mine = 0;
        let mut walls = 0;
        for n in neighbours(i) {
            match stone(s, n) {
                None if self.has(Bug::EmptyLockedCellWalls) && s.cells[n].locked => walls += 1,
                None => return false, // C0: an empty cell saves the stone
                Some(q) if q == by => mine += u32::from(tier(s, n)),
                Some(_) if group && !self.has(Bug::EchoGroupNeighbourSaves) => walls += 1,
                Some(_) if !group && self.has(Bug::OwnNeighbourWalls) => walls += 1,
                Some(_) => return false,
            }
        }
        let edge = if self.has(Bug::EdgeCountsTier) {
            t
        } else {
            t + 1
        };
        let weight = mine + edge * edge_slots(i) + (t + 1) * walls;
        let bar = u32::from(RS.encirclement_factor) * t;
        if self.has(Bug::WeightAtLeast) {
            weight >= bar
        } else {
            weight > bar
        }
    }

    /// Apply a turn known to be legal: Project, Shape, Echo, then C1 and E4.
    /// The end-of-turn checks are [`Rules::end_of_turn`].
    pub(crate) fn apply(self, s: &mut Setup, t: Turn) -> Played {
        let me = s.to_move;
        let opp = me.other();
        let mi = me.index();
        let mut played = Played::default();
        match t.project {
            Project::Place(c) => {
                s.cells[c.index()].stone = Some(me);
                let k = &mut s.counters[mi];
                k.reserve = k.reserve.saturating_sub(1);
                k.first_placed = true;
                if !self.has(Bug::PlaceKeepsCooldown) {
                    k.cooldown = CellSet::EMPTY;
                }
            }
            Project::Move { from, to } => {
                if stone(s, to.index()) == Some(opp) {
                    self.capture(s, to.index(), true);
                    played.by_move = Some(to);
                }
                s.cells[from.index()].stone = None;
                s.cells[to.index()].stone = Some(me);
            }
            Project::Skip => {
                if !self.has(Bug::SkipKeepsCooldown) {
                    s.counters[mi].cooldown = CellSet::EMPTY;
                }
            }
        }
        if let Some(shape) = t.shape {
            shape_board(s, shape);
            let k = &mut s.counters[mi];
            match shape {
                Shape::Raise(_) => k.raises = k.raises.saturating_add(1),
                Shape::Lower(_) => k.lowers_left = k.lowers_left.saturating_sub(1),
            }
        }
        let mut target = None;
        if let Some(echo) = t.echo {
            let k = &mut s.counters[mi];
            k.charges = k.charges.saturating_sub(1);
            match echo {
                Echo::Lock(c) => {
                    s.cells[c.index()].locked = true;
                    s.counters[mi].lock_used = true;
                }
                Echo::Capture(c) => target = Some(c.index()),
            }
        }
        // C1: every stone of the side not moving (C4: not the mover's),
        // decided first, then removed.
        let mut taken = Vec::new();
        for i in 0..CELLS {
            match stone(s, i) {
                Some(p) if p == opp && self.passes(s, i, me, false) => taken.push(i),
                Some(p)
                    if p == me && self.has(Bug::MoverCaptured) && self.passes(s, i, opp, false) =>
                {
                    taken.push(i)
                }
                _ => {}
            }
        }
        for i in taken {
            played.encircled.insert(Cell::ALL[i]);
            self.capture(s, i, true);
        }
        // E4: the Echo-Capture group check, after C1.
        if let Some(t) = target.filter(|t| stone(s, *t) == Some(opp)) {
            let mut group = vec![t];
            let mut k = 0;
            while k < group.len() {
                for n in neighbours(group[k]) {
                    if stone(s, n) == Some(opp) && !group.contains(&n) {
                        group.push(n);
                    }
                }
                k += 1;
            }
            let taken: Vec<usize> = group
                .into_iter()
                .filter(|i| self.passes(s, *i, me, true))
                .collect();
            for i in taken {
                played.echo.insert(Cell::ALL[i]);
                self.capture(s, i, !self.has(Bug::EchoCaptureNotCounted));
            }
        }
        // E3 ruling: the charge is spent even when the Echo-Capture takes
        // nothing (it was taken off above, with every Echo's).
        if target.is_some() && played.echo.is_empty() && self.has(Bug::ChargeKeptOnMiss) {
            let k = &mut s.counters[mi];
            k.charges = k.charges.saturating_add(1);
        }
        played
    }

    /// The tiebreak at the cap (G7).
    fn tiebreak(self, s: &Setup) -> Outcome {
        let measure = |p: Player, step: TiebreakStep| -> u32 {
            let mine = (0..CELLS).filter(|i| stone(s, *i) == Some(p));
            let k = &s.counters[p.index()];
            match step {
                TiebreakStep::Tier2Stones => mine
                    .filter(|i| {
                        tier(s, *i) == RS.max_tier
                            && (!s.cells[*i].locked || self.has(Bug::TiebreakCountsLocked))
                    })
                    .count() as u32,
                TiebreakStep::TierSum => mine.map(|i| u32::from(tier(s, i))).sum(),
                TiebreakStep::Captures => u32::from(k.captures),
                TiebreakStep::Raises => u32::from(k.raises),
            }
        };
        let steps = if self.has(Bug::TiebreakCapturesFirst) {
            [
                TiebreakStep::Tier2Stones,
                TiebreakStep::Captures,
                TiebreakStep::TierSum,
                TiebreakStep::Raises,
            ]
        } else {
            [
                TiebreakStep::Tier2Stones,
                TiebreakStep::TierSum,
                TiebreakStep::Captures,
                TiebreakStep::Raises,
            ]
        };
        for step in steps {
            let (x, o) = (measure(Player::X, step), measure(Player::O, step));
            if x != o {
                return Outcome {
                    winner: Some(if x > o { Player::X } else { Player::O }),
                    rule: EndRule::Cap(Some(step)),
                };
            }
        }
        Outcome {
            winner: None,
            rule: EndRule::Cap(None),
        }
    }

    /// The end-of-turn checks, G1 to G7 in order; the first that fires ends
    /// the game (G0). `history` holds the recorded keys (G5).
    pub(crate) fn end_of_turn(self, s: &mut Setup, skip: bool, history: &mut Vec<Key>) {
        let me = s.to_move;
        let win = |rule| Outcome {
            winner: Some(me),
            rule,
        };
        let takeover = if self.has(Bug::TakeoverAtFive) {
            5
        } else {
            RS.takeover_captures
        };
        let network = if self.has(Bug::NetworkOfFour) {
            4
        } else {
            RS.network_size
        };
        let early = if network_size(self, s, me) >= u32::from(network) {
            Some(EndRule::Network) // G1
        } else if s.counters[me.index()].captures >= takeover {
            Some(EndRule::Takeover) // G2
        } else {
            None
        };
        if let Some(rule) = early {
            if self.has(Bug::HalfMoveOnWin) {
                s.half_moves = s.half_moves.saturating_add(1);
                s.to_move = me.other();
            }
            s.outcome = Some(win(rule));
            return; // G0: G3 does not run
        }
        // G3
        s.half_moves = s.half_moves.saturating_add(1);
        s.to_move = me.other();
        let cap = if self.has(Bug::CapAt59) {
            RS.half_move_cap - 1
        } else {
            RS.half_move_cap
        };
        let strangled = |s: &Setup| !self.has_project(s, me.other());
        // G4
        if !self.has(Bug::CapBeforeStrangle) && strangled(s) {
            s.outcome = Some(win(EndRule::Strangle));
            return;
        }
        if self.has(Bug::CapBeforeRepetition) && s.half_moves >= cap {
            s.outcome = Some(self.tiebreak(s));
            return;
        }
        // G5, G6: a Skip turn is neither checked nor recorded.
        if !skip || self.has(Bug::SkipRecorded) {
            let k = key(self, s);
            let seen = history.iter().filter(|h| **h == k).count();
            history.push(k);
            if seen >= 1 {
                s.outcome = Some(Outcome {
                    winner: Some(me.other()),
                    rule: EndRule::Repetition,
                });
                return;
            }
            // G6: cannot fire while G5 stands; kept as the rules describe it.
            if seen + 1 >= 3 {
                s.outcome = Some(Outcome {
                    winner: None,
                    rule: EndRule::Threefold,
                });
                return;
            }
        }
        // G7
        if s.half_moves >= cap {
            s.outcome = Some(self.tiebreak(s));
            return;
        }
        if self.has(Bug::CapBeforeStrangle) && strangled(s) {
            s.outcome = Some(win(EndRule::Strangle));
        }
    }
}
