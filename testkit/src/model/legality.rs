//! Legality, part by part (V2): the Project (T3-T7), the Shape (S1-S3) and
//! the Echo (E1-E3), each judged on the board the earlier parts would make.
//! Also the tests on a player's Projects used at the end of a turn (T5, G4).

use super::board::{cell, dist, locked, neighbours, stone, tier, CELLS, CENTRE};
use super::Rules;
use crate::bug::Bug;
use hexodic_rules::{Counters, Echo, Player, Project, Reason, Ruleset, Setup, Shape, Turn};

/// The standard parameters (RS1).
pub(crate) const RS: Ruleset = Ruleset::STANDARD;

/// A set of [`Reason`]s as bits (no allocation while generating turns).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Reasons(u64);

impl Reasons {
    pub(crate) fn push(&mut self, r: Reason) {
        self.0 |= 1 << (r as u8);
    }

    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The reasons in code order (the order of `Reason::ALL`).
    pub(crate) fn to_vec(self) -> Vec<Reason> {
        Reason::ALL
            .iter()
            .copied()
            .filter(|r| self.0 & (1 << (*r as u8)) != 0)
            .collect()
    }
}

impl Rules {
    /// The cooldown distance in force (T4).
    fn cooldown_distance(self) -> u8 {
        if self.has(Bug::CooldownDistanceOne) {
            1
        } else {
            RS.cooldown_distance
        }
    }

    /// Whether a Place by `p` on cell `i` is too close to `p`'s cooldown cells (T4).
    pub(crate) fn cooled(self, s: &Setup, p: Player, i: usize) -> bool {
        let d = self.cooldown_distance();
        s.counters[p.index()]
            .cooldown
            .iter()
            .any(|c| dist(c.index(), i) < d)
    }

    /// Whether cell `i` is in `E` of T5 for `p`: empty, unlocked, and not the
    /// centre while `p` has not made a first Place.
    pub(crate) fn in_place_space(self, s: &Setup, p: Player, i: usize) -> bool {
        stone(s, i).is_none()
            && (!locked(s, i) || self.has(Bug::LockedCellOpen))
            && (s.counters[p.index()].first_placed || dist(i, CENTRE) >= RS.opening_distance)
    }

    /// T5: `p`'s only legal Project is a Skip.
    pub(crate) fn must_skip(self, s: &Setup, p: Player) -> bool {
        let k = &s.counters[p.index()];
        if k.reserve == 0 || k.cooldown.is_empty() {
            return false;
        }
        let mut space = false;
        for i in 0..CELLS {
            if self.in_place_space(s, p, i) {
                space = true;
                if !self.cooled(s, p, i) {
                    return false;
                }
            }
        }
        space
    }

    /// T6: whether a Move from a cell of tier `from_tier` may capture an enemy
    /// stone standing on tier `to_tier` (strictly lower).
    fn captures_down(self, to_tier: u8, from_tier: u8) -> bool {
        if self.has(Bug::MoveCaptureEqualTier) {
            to_tier <= from_tier
        } else {
            to_tier < from_tier
        }
    }

    /// T7: a Move onto an empty locked cell is legal (refused only by the bug).
    fn refuses_locked_landing(self, s: &Setup, to: usize) -> bool {
        self.has(Bug::LockedMoveRefused) && stone(s, to).is_none() && locked(s, to)
    }

    /// T6: whether `p`'s stone on `from` may Move to its neighbour `to`.
    pub(crate) fn move_ok(self, s: &Setup, p: Player, from: usize, to: usize) -> bool {
        match stone(s, to) {
            None => !self.refuses_locked_landing(s, to),
            Some(q) if q == p => false,
            Some(_) => self.captures_down(tier(s, to), tier(s, from)),
        }
    }

    /// G4: whether `p` has a legal Project. With stones in reserve: `E` (T5)
    /// is not empty (a cooldown Skip counts); otherwise some stone can Move.
    pub(crate) fn has_project(self, s: &Setup, p: Player) -> bool {
        if s.counters[p.index()].reserve > 0 || self.has(Bug::StrangleIgnoresMoves) {
            return (0..CELLS).any(|i| self.in_place_space(s, p, i));
        }
        (0..CELLS)
            .any(|f| stone(s, f) == Some(p) && neighbours(f).any(|t| self.move_ok(s, p, f, t)))
    }

    /// The Project part (T2-T7): adds its reasons to `r` and returns the board
    /// it leaves (V2: an illegal Place still puts its stone on an empty cell,
    /// an illegal Move still moves when `from` holds the mover's stone and `to`
    /// does not).
    pub(crate) fn project_part(self, s: &Setup, project: Project, r: &mut Reasons) -> Setup {
        let me = s.to_move;
        let k = &s.counters[me.index()];
        let mut b = *s;
        match project {
            Project::Skip => {
                if !self.must_skip(s, me) {
                    r.push(Reason::SkipNotAllowed);
                }
            }
            Project::Place(c) => {
                let i = c.index();
                if k.reserve == 0 {
                    r.push(Reason::PlaceWithoutReserve);
                }
                if locked(s, i) {
                    r.push(Reason::PlaceLocked);
                }
                if stone(s, i).is_some() {
                    r.push(Reason::PlaceOccupied);
                } else {
                    b.cells[i].stone = Some(me);
                }
                if !k.first_placed
                    && dist(i, CENTRE) < RS.opening_distance
                    && !self.has(Bug::CentreFirstPlace)
                {
                    r.push(Reason::PlaceCentreFirst);
                }
                if self.cooled(s, me, i) {
                    r.push(Reason::PlaceCooldown);
                }
            }
            Project::Move { from, to } => {
                let (f, t) = (from.index(), to.index());
                if k.reserve > 0 {
                    r.push(Reason::MoveWithReserve);
                }
                let own = stone(s, f) == Some(me);
                if !own {
                    r.push(Reason::MoveFromNotOwn);
                }
                if dist(f, t) != 1 {
                    r.push(Reason::MoveNotAdjacent);
                }
                match stone(s, t) {
                    Some(q) if q == me => r.push(Reason::MoveOntoOwn),
                    Some(_) if !self.captures_down(tier(s, t), tier(s, f)) => {
                        r.push(match self.has(Bug::CaptureNotLowerMisnamed) {
                            true => Reason::MoveOntoOwn,
                            false => Reason::MoveCaptureNotLower,
                        })
                    }
                    _ => {}
                }
                if self.refuses_locked_landing(s, t) {
                    r.push(Reason::PlaceLocked);
                }
                if own && stone(s, t) != Some(me) {
                    b.cells[f].stone = None;
                    b.cells[t].stone = Some(me);
                }
            }
        }
        b
    }

    /// The Shape range in force (S2).
    pub(crate) fn shape_range(self) -> u8 {
        if self.has(Bug::ShapeRangeThree) {
            3
        } else {
            RS.shape_range
        }
    }

    /// The reasons a Shape around `anchor` breaks on board `b` (S2, T7); `k`
    /// holds the mover's counters before the turn.
    pub(crate) fn shape_part(
        self,
        b: &Setup,
        k: &Counters,
        anchor: usize,
        shape: Shape,
    ) -> Reasons {
        let mut r = Reasons::default();
        let i = shape.cell().index();
        if dist(anchor, i) > self.shape_range() {
            r.push(Reason::ShapeOutOfRange);
        }
        if locked(b, i) {
            r.push(Reason::ShapeLocked);
        }
        match shape {
            Shape::Raise(_) => {
                if tier(b, i) >= RS.max_tier {
                    r.push(Reason::RaiseAtTop);
                }
            }
            Shape::Lower(_) => {
                if tier(b, i) == 0 {
                    r.push(Reason::LowerAtBottom);
                }
                if k.lowers_left == 0 && !self.has(Bug::LowerBudgetIgnored) {
                    r.push(Reason::NoLowersLeft);
                }
            }
        }
        r
    }

    /// S3: whether some legal Shape around `anchor` targets a cell without the
    /// mover's stone (judged on the board after the Project).
    pub(crate) fn shape_mandatory(self, b: &Setup, k: &Counters, anchor: usize) -> bool {
        if self.has(Bug::ShapeNeverMandatory) {
            return false;
        }
        let me = b.to_move;
        (0..CELLS).any(|i| {
            dist(anchor, i) <= self.shape_range()
                && stone(b, i) != Some(me)
                && [Shape::Raise(cell(i)), Shape::Lower(cell(i))]
                    .into_iter()
                    .any(|sh| self.shape_part(b, k, anchor, sh).is_empty())
        })
    }

    /// The reasons an Echo breaks on board `b` (E1-E3, C0); `k` holds the
    /// mover's counters before the turn.
    pub(crate) fn echo_part(
        self,
        b: &Setup,
        k: &Counters,
        project: Project,
        echo: Echo,
    ) -> Reasons {
        let mut r = Reasons::default();
        let me = b.to_move;
        if k.charges == 0 {
            r.push(Reason::NoCharge);
        }
        if project == Project::Skip && self.has(Bug::NoEchoOnSkip) {
            r.push(Reason::SkipNotAllowed);
        }
        match echo {
            Echo::Lock(c) => {
                let i = c.index();
                if k.lock_used && !self.has(Bug::EchoLockTwice) {
                    r.push(Reason::LockUsed);
                }
                if stone(b, i) != Some(me) {
                    r.push(Reason::LockNotOwnStone);
                }
                let lockable =
                    tier(b, i) == RS.max_tier || (tier(b, i) == 1 && self.has(Bug::LockOnTierOne));
                if !lockable {
                    r.push(Reason::LockNotTop);
                }
                if locked(b, i) {
                    r.push(Reason::LockAlreadyLocked);
                }
            }
            Echo::Capture(c) => {
                let i = c.index();
                if stone(b, i) != Some(me.other()) {
                    r.push(Reason::EchoTargetNotEnemy);
                }
                if tier(b, i) == 0 && !self.has(Bug::EchoTargetTierZero) {
                    r.push(Reason::EchoTargetTierZero);
                }
                if neighbours(i).any(|n| stone(b, n).is_none()) {
                    r.push(Reason::EchoTargetHasEmptyNeighbour);
                }
                if !neighbours(i).any(|n| stone(b, n) == Some(me)) {
                    r.push(Reason::EchoTargetNotAdjacent);
                }
            }
        }
        r
    }

    /// Every reason `t` breaks in position `s`, part by part (V2, G8).
    pub(crate) fn reasons(self, s: &Setup, t: Turn) -> Reasons {
        let mut r = Reasons::default();
        if s.outcome.is_some() && !self.has(Bug::PlayAfterEnd) {
            r.push(Reason::GameOver);
            return r;
        }
        let k = s.counters[s.to_move.index()];
        let after_project = self.project_part(s, t.project, &mut r);
        let mut after_shape = after_project;
        match (t.project.anchor(), t.shape) {
            (None, Some(_)) => r.push(Reason::ShapeOnSkip),
            (None, None) => {}
            (Some(a), Some(shape)) => {
                let sr = self.shape_part(&after_project, &k, a.index(), shape);
                if sr.is_empty() {
                    shape_board(&mut after_shape, shape);
                }
                r.0 |= sr.0;
            }
            (Some(a), None) => {
                if self.shape_mandatory(&after_project, &k, a.index()) {
                    r.push(Reason::ShapeRequired);
                }
            }
        }
        if let Some(echo) = t.echo {
            let board = self.echo_board(&after_project, &after_shape);
            r.0 |= self.echo_part(board, &k, t.project, echo).0;
        }
        r
    }

    /// The board the Echo is judged on: after the Shape (E1).
    pub(crate) fn echo_board<'a>(
        self,
        after_project: &'a Setup,
        after_shape: &'a Setup,
    ) -> &'a Setup {
        if self.has(Bug::EchoBeforeShape) {
            after_project
        } else {
            after_shape
        }
    }
}

/// The tier change of a Shape (S4), on the board only.
pub(crate) fn shape_board(b: &mut Setup, shape: Shape) {
    match shape {
        Shape::Raise(c) => {
            let t = &mut b.cells[c.index()].tier;
            *t = t.saturating_add(1);
        }
        Shape::Lower(c) => {
            let t = &mut b.cells[c.index()].tier;
            *t = t.saturating_sub(1);
        }
    }
}
