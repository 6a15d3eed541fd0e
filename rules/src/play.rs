//! Playing a turn: legality with every reason (V2), then Project, Shape,
//! Echo, the capture checks (C1, E4) and the end-of-turn checks in order (G0-G7).

use crate::cell::Cell;
use crate::cellset::CellSet;
use crate::illegal::{Reason, ReasonSet};
use crate::outcome::{EndRule, Outcome, TiebreakStep};
use crate::player::Player;
use crate::position::Position;
use crate::repetition::RepetitionKey;
use crate::ruleset::RS;
use crate::turn::{Echo, Project, Shape, Turn};
use std::cmp::Ordering;

// The constant tables encode these parameters; keep them in step (RS1).
const _: () = assert!(
    RS.shape_range == 2,
    "CellSet::within_two encodes the Shape range"
);
const _: () = assert!(RS.cooldown_distance == 2, "cooldown uses one dilation");
const _: () = assert!(
    RS.opening_distance == 1,
    "opening restriction excludes the centre only"
);
const _: () = assert!(RS.max_tier == 2, "tiers are two bitboards");

/// What a played turn did besides its parts: the captures of each kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TurnReport {
    /// The enemy stone captured by a Move (T6, C3).
    pub move_capture: Option<Cell>,
    /// Stones captured by encirclement (C1).
    pub encircled: CellSet,
    /// Stones captured by the Echo-Capture group check (E4).
    pub echo_captured: CellSet,
}

impl TurnReport {
    /// Every cell whose stone was captured this turn.
    pub fn captured(&self) -> CellSet {
        let mut s = self.encircled | self.echo_captured;
        if let Some(c) = self.move_capture {
            s.insert(c);
        }
        s
    }
}

impl Position {
    /// The cells `player` could Place on if it had a stone: empty, unlocked,
    /// not the centre before a first Place, and at least the cooldown distance
    /// from every cooldown cell (T4).
    pub fn place_targets(&self, player: Player) -> CellSet {
        let c = &self.counters[player.index()];
        let mut t = self.place_space(player);
        if c.cooldown.any() {
            t = t - cooldown_zone(c.cooldown);
        }
        t
    }

    /// `E` of T5: the empty, unlocked cells, without the centre while the
    /// player has not made a first Place.
    pub fn place_space(&self, player: Player) -> CellSet {
        let mut t = self.empty() - self.locked;
        if !self.counters[player.index()].first_placed {
            t.remove(Cell::CENTRE);
        }
        t
    }

    /// Whether the player to move is forced to Skip (T5).
    pub fn must_skip(&self) -> bool {
        self.must_skip_for(self.to_move)
    }

    pub(crate) fn must_skip_for(&self, p: Player) -> bool {
        let c = &self.counters[p.index()];
        c.reserve > 0
            && c.cooldown.any()
            && self.place_space(p).any()
            && self.place_targets(p).is_empty()
    }

    /// Where the stone on `from` may Move (T6): empty neighbours (locked or
    /// not) and enemy stones on a strictly lower tier. Assumes `from` holds a
    /// stone of `player`.
    pub fn move_targets(&self, player: Player, from: Cell) -> CellSet {
        let lower = match self.tier(from) {
            0 => CellSet::EMPTY,
            1 => !self.raised,
            _ => !self.top,
        };
        CellSet::neighbours(from) & (self.empty() | (self.stones[player.other().index()] & lower))
    }

    /// Whether `player` has a legal Project (G4): with stones in reserve, `E`
    /// (T5) is not empty (a cooldown Skip counts); otherwise some stone has a Move.
    pub fn has_legal_project(&self, player: Player) -> bool {
        if self.counters[player.index()].reserve > 0 {
            self.place_space(player).any()
        } else {
            self.stones[player.index()]
                .iter()
                .any(|f| self.move_targets(player, f).any())
        }
    }

    /// The legal Shapes (S2) around `anchor` for the player to move, on this
    /// board: `(raises, lowers)`.
    pub(crate) fn shape_targets(&self, anchor: Cell) -> (CellSet, CellSet) {
        let zone = CellSet::within_two(anchor) - self.locked;
        let raise = zone - self.top;
        let lower = if self.counters[self.to_move.index()].lowers_left > 0 {
            zone & self.raised
        } else {
            CellSet::EMPTY
        };
        (raise, lower)
    }

    /// Whether a Shape is mandatory (S3): some legal Shape targets a cell not
    /// holding the mover's own stone.
    pub(crate) fn shape_mandatory(&self, raise: CellSet, lower: CellSet) -> bool {
        ((raise | lower) - self.stones[self.to_move.index()]).any()
    }

    /// Echo-Capture targets (E3) on this board for the player to move.
    pub(crate) fn echo_targets(&self) -> CellSet {
        let me = self.stones[self.to_move.index()];
        let opp = self.stones[self.to_move.other().index()];
        opp & self.raised & !self.empty().dilate() & me.dilate()
    }

    /// Echo-Lock targets (E2) on this board for the player to move.
    pub(crate) fn lock_targets(&self) -> CellSet {
        if self.counters[self.to_move.index()].lock_used {
            CellSet::EMPTY
        } else {
            self.stones[self.to_move.index()] & (self.top - self.locked)
        }
    }

    /// Every rule `turn` breaks, judged part by part (V2). Empty when legal.
    pub fn illegal_reasons(&self, turn: Turn) -> ReasonSet {
        let mut r = ReasonSet::EMPTY;
        if self.outcome.is_some() {
            r.insert(Reason::GameOver);
            return r;
        }
        let me = self.to_move;
        let mi = me.index();
        let c = self.counters[mi];
        let mut b = *self;
        match turn.project {
            Project::Skip => {
                if !self.must_skip() {
                    r.insert(Reason::SkipNotAllowed);
                }
            }
            Project::Place(cell) => {
                if c.reserve == 0 {
                    r.insert(Reason::PlaceWithoutReserve);
                }
                if self.locked.contains(cell) {
                    r.insert(Reason::PlaceLocked);
                }
                if self.stone_at(cell).is_some() {
                    r.insert(Reason::PlaceOccupied);
                } else {
                    b.put_stone(me, cell);
                }
                if !c.first_placed && cell.distance(Cell::CENTRE) < RS.opening_distance {
                    r.insert(Reason::PlaceCentreFirst);
                }
                if cooldown_zone(c.cooldown).contains(cell) {
                    r.insert(Reason::PlaceCooldown);
                }
            }
            Project::Move { from, to } => {
                if c.reserve > 0 {
                    r.insert(Reason::MoveWithReserve);
                }
                let from_own = self.stones[mi].contains(from);
                if !from_own {
                    r.insert(Reason::MoveFromNotOwn);
                }
                if !CellSet::neighbours(from).contains(to) {
                    r.insert(Reason::MoveNotAdjacent);
                }
                match self.stone_at(to) {
                    Some(p) if p == me => r.insert(Reason::MoveOntoOwn),
                    Some(_) if self.tier(to) >= self.tier(from) => {
                        r.insert(Reason::MoveCaptureNotLower)
                    }
                    _ => {}
                }
                if from_own && self.stone_at(to) != Some(me) {
                    if self.stone_at(to).is_some() {
                        b.take_stone(me.other(), to);
                    }
                    b.take_stone(me, from);
                    b.put_stone(me, to);
                }
            }
        }
        match (turn.project.anchor(), turn.shape) {
            (None, Some(_)) => r.insert(Reason::ShapeOnSkip),
            (None, None) => {}
            (Some(anchor), Some(shape)) => {
                let before = r.len();
                let cell = shape.cell();
                if anchor.distance(cell) > RS.shape_range {
                    r.insert(Reason::ShapeOutOfRange);
                }
                if b.locked.contains(cell) {
                    r.insert(Reason::ShapeLocked);
                }
                match shape {
                    Shape::Raise(_) => {
                        if b.tier(cell) >= RS.max_tier {
                            r.insert(Reason::RaiseAtTop);
                        }
                    }
                    Shape::Lower(_) => {
                        if b.tier(cell) == 0 {
                            r.insert(Reason::LowerAtBottom);
                        }
                        if c.lowers_left == 0 {
                            r.insert(Reason::NoLowersLeft);
                        }
                    }
                }
                if r.len() == before {
                    match shape {
                        Shape::Raise(c) => b.raise(c),
                        Shape::Lower(c) => b.lower(c),
                    }
                }
            }
            (Some(anchor), None) => {
                let (raise, lower) = b.shape_targets(anchor);
                if b.shape_mandatory(raise, lower) {
                    r.insert(Reason::ShapeRequired);
                }
            }
        }
        if let Some(echo) = turn.echo {
            if c.charges == 0 {
                r.insert(Reason::NoCharge);
            }
            match echo {
                Echo::Lock(cell) => {
                    if c.lock_used {
                        r.insert(Reason::LockUsed);
                    }
                    if !b.stones[mi].contains(cell) {
                        r.insert(Reason::LockNotOwnStone);
                    }
                    if b.tier(cell) != RS.max_tier {
                        r.insert(Reason::LockNotTop);
                    }
                    if b.locked.contains(cell) {
                        r.insert(Reason::LockAlreadyLocked);
                    }
                }
                Echo::Capture(t) => {
                    if !b.stones[me.other().index()].contains(t) {
                        r.insert(Reason::EchoTargetNotEnemy);
                    }
                    if b.tier(t) == 0 {
                        r.insert(Reason::EchoTargetTierZero);
                    }
                    if (CellSet::neighbours(t) & b.empty()).any() {
                        r.insert(Reason::EchoTargetHasEmptyNeighbour);
                    }
                    if (CellSet::neighbours(t) & b.stones[mi]).is_empty() {
                        r.insert(Reason::EchoTargetNotAdjacent);
                    }
                }
            }
        }
        r
    }

    fn capture(&mut self, owner: Player, cell: Cell) {
        self.take_stone(owner, cell);
        let o = &mut self.counters[owner.index()];
        o.reserve = o.reserve.saturating_add(1);
        o.cooldown.insert(cell);
        let m = &mut self.counters[owner.other().index()];
        m.captures = m.captures.saturating_add(1);
    }

    /// The enemy stones that the encirclement check (C1) captures now, with
    /// `mover` to have just moved.
    pub fn encircled_by(&self, mover: Player) -> CellSet {
        let me = self.stones[mover.index()];
        let opp = self.stones[mover.other().index()];
        let cand = opp & self.raised & !self.empty().dilate() & !opp.dilate();
        let mut out = CellSet::EMPTY;
        for s in cand {
            let n = CellSet::neighbours(s) & me;
            let t = self.tier(s) as u32;
            // C1: each edge slot weighs the stone's tier + 1.
            let weight = (n & self.raised).count()
                + (n & self.top).count()
                + (t + 1) * s.edge_slots() as u32;
            if weight > RS.encirclement_factor as u32 * t {
                out.insert(s);
            }
        }
        out
    }

    /// The stones that an Echo-Capture aimed at `target` takes (E4) on this
    /// board, with `mover` moving: every stone of the target's group that
    /// passes the weighing with enemy neighbours counting as walls.
    pub fn echo_group_captures(&self, mover: Player, target: Cell) -> CellSet {
        let me = self.stones[mover.index()];
        let opp = self.stones[mover.other().index()];
        let group = opp.component(target);
        let open = self.empty().dilate();
        let mut out = CellSet::EMPTY;
        for s in group - open {
            let t = self.tier(s) as u32;
            if t == 0 {
                continue;
            }
            let n = CellSet::neighbours(s);
            let walls = s.edge_slots() as u32 + (n & opp).count();
            let weight =
                (n & me & self.raised).count() + (n & me & self.top).count() + (t + 1) * walls;
            if weight > RS.encirclement_factor as u32 * t {
                out.insert(s);
            }
        }
        out
    }

    fn tiebreak(&self) -> Outcome {
        let measure = |p: Player, step: TiebreakStep| -> u32 {
            let c = &self.counters[p.index()];
            match step {
                TiebreakStep::Tier2Stones => self.stones_on_unlocked_top(p),
                TiebreakStep::TierSum => self.tier_sum_under(p),
                TiebreakStep::Captures => c.captures as u32,
                TiebreakStep::Raises => c.raises as u32,
            }
        };
        for step in TiebreakStep::ALL {
            let (x, o) = (measure(Player::X, step), measure(Player::O, step));
            let winner = match x.cmp(&o) {
                Ordering::Greater => Player::X,
                Ordering::Less => Player::O,
                Ordering::Equal => continue,
            };
            return Outcome {
                winner: Some(winner),
                rule: EndRule::Cap(Some(step)),
            };
        }
        Outcome {
            winner: None,
            rule: EndRule::Cap(None),
        }
    }

    /// Apply a turn known to be legal, with `history` the recorded repetition
    /// keys of the game (G5). Runs the capture checks and the end-of-turn
    /// checks in the order G1, G2, G3, G4, G5, G6, G7.
    pub(crate) fn apply(&mut self, turn: Turn, history: &mut Vec<RepetitionKey>) -> TurnReport {
        let me = self.to_move;
        let opp = me.other();
        let mi = me.index();
        let mut rep = TurnReport::default();
        match turn.project {
            Project::Place(c) => {
                self.put_stone(me, c);
                let m = &mut self.counters[mi];
                m.reserve -= 1;
                m.first_placed = true;
                m.cooldown = CellSet::EMPTY;
            }
            Project::Move { from, to } => {
                if self.stones[opp.index()].contains(to) {
                    self.capture(opp, to);
                    rep.move_capture = Some(to);
                }
                self.take_stone(me, from);
                self.put_stone(me, to);
            }
            Project::Skip => self.counters[mi].cooldown = CellSet::EMPTY,
        }
        match turn.shape {
            Some(Shape::Raise(c)) => {
                self.raise(c);
                let m = &mut self.counters[mi];
                m.raises = m.raises.saturating_add(1);
            }
            Some(Shape::Lower(c)) => {
                self.lower(c);
                self.counters[mi].lowers_left -= 1;
            }
            None => {}
        }
        let mut echo_target = None;
        if let Some(echo) = turn.echo {
            self.counters[mi].charges -= 1;
            match echo {
                Echo::Lock(c) => {
                    self.lock(c);
                    self.counters[mi].lock_used = true;
                }
                Echo::Capture(t) => echo_target = Some(t),
            }
        }
        // C1: decide first, then remove.
        rep.encircled = self.encircled_by(me);
        for c in rep.encircled {
            self.capture(opp, c);
        }
        // E4: the Echo-Capture group check, after C1.
        if let Some(t) = echo_target {
            rep.echo_captured = self.echo_group_captures(me, t);
            for c in rep.echo_captured {
                self.capture(opp, c);
            }
        }
        self.end_of_turn(turn.project == Project::Skip, history);
        rep
    }

    fn end_of_turn(&mut self, skip: bool, history: &mut Vec<RepetitionKey>) {
        let me = self.to_move;
        let win = |rule| Outcome {
            winner: Some(me),
            rule,
        };
        if self.network_size(me) >= RS.network_size as u32 {
            self.outcome = Some(win(EndRule::Network));
            return; // G0: no G3
        }
        if self.counters[me.index()].captures >= RS.takeover_captures {
            self.outcome = Some(win(EndRule::Takeover));
            return;
        }
        self.half_moves = self.half_moves.saturating_add(1);
        self.to_move = me.other();
        if !self.has_legal_project(me.other()) {
            self.outcome = Some(win(EndRule::Strangle));
            return;
        }
        if !skip {
            let key = self.key();
            let seen = history.iter().filter(|k| **k == key).count();
            history.push(key);
            if seen >= 1 {
                self.outcome = Some(Outcome {
                    winner: Some(me.other()),
                    rule: EndRule::Repetition,
                });
                return;
            }
            // G6: unreachable while G5 stands (a second occurrence already
            // ended the game); kept as the safety net the rules describe.
            if seen + 1 >= 3 {
                self.outcome = Some(Outcome {
                    winner: None,
                    rule: EndRule::Threefold,
                });
                return;
            }
        }
        if self.half_moves >= RS.half_move_cap {
            self.outcome = Some(self.tiebreak());
        }
    }
}

/// The cells a Place must avoid after captures: closer than the cooldown
/// distance to a cooldown cell (T4).
fn cooldown_zone(cooldown: CellSet) -> CellSet {
    cooldown | cooldown.dilate()
}
