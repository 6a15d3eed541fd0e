//! Legal-turn generation (N1): the complete list, a bulk count, and the n-th
//! turn of the list without building it.
//!
//! The list order is fixed: Projects (the Skip; or Places by cell; or Moves by
//! start then destination cell), then for each Project the Shapes (none where
//! S3 allows it, raises by cell, lowers by cell), then for each Shape the Echoes
//! (none, Echo-Locks by cell, Echo-Captures by cell).

use crate::cell::Cell;
use crate::cellset::CellSet;
use crate::position::Position;
use crate::turn::{Echo, Project, Shape, Turn};

impl Position {
    /// Call `f` with every legal Project and the board it leaves (stones
    /// only; counters untouched).
    pub(crate) fn for_each_project(&self, mut f: impl FnMut(Project, &Position)) {
        if self.outcome.is_some() {
            return;
        }
        let me = self.to_move;
        let mi = me.index();
        let oi = me.other().index();
        if self.must_skip() {
            f(Project::Skip, self);
            return;
        }
        if self.counters[mi].reserve > 0 {
            for cell in self.place_targets(me) {
                let mut b = *self;
                b.stones[mi].insert(cell);
                f(Project::Place(cell), &b);
            }
        } else {
            for from in self.stones[mi] {
                for to in self.move_targets(me, from) {
                    let mut b = *self;
                    b.stones[oi].remove(to);
                    b.stones[mi].remove(from);
                    b.stones[mi].insert(to);
                    f(Project::Move { from, to }, &b);
                }
            }
        }
    }

    /// Number of legal turns that share one Project, `b` being the board after it.
    fn count_for_project(&self, b: &Position, anchor: Option<Cell>) -> u64 {
        let mi = self.to_move.index();
        let c = &self.counters[mi];
        let echo_ok = c.charges > 0;
        let me = b.stones[mi];
        let core = if echo_ok {
            b.stones[1 - mi] & !b.empty().dilate() & me.dilate()
        } else {
            CellSet::EMPTY
        };
        let locks = if echo_ok {
            b.lock_targets()
        } else {
            CellSet::EMPTY
        };
        let base = 1 + (locks.count() + (core & b.raised).count()) as u64;
        let Some(anchor) = anchor else {
            return base;
        };
        let (raise, lower) = b.shape_targets(anchor);
        let mut n = (raise.count() + lower.count()) as u64 * base;
        if echo_ok {
            let lockable = !c.lock_used;
            let tier1 = b.raised - b.top;
            // A raise can make a tier-1 own stone lockable or a tier-0 core stone a target.
            let gain_set = if lockable { me & tier1 } else { CellSet::EMPTY } | (core - b.raised);
            // A lower can take a lockable stone off tier 2 or a tier-1 target to tier 0.
            let loss_set = if lockable { me & b.top } else { CellSet::EMPTY } | (core & tier1);
            n += (raise & gain_set).count() as u64;
            n -= (lower & loss_set).count() as u64;
        }
        if !b.shape_mandatory(raise, lower) {
            n += base;
        }
        n
    }

    /// Call `f` with every legal turn sharing `project`, `b` being the board after it.
    fn turns_for_project(&self, project: Project, b: &Position, f: &mut impl FnMut(Turn)) {
        let echo_ok = self.counters[self.to_move.index()].charges > 0;
        let mut with_echoes = |shape: Option<Shape>, board: &Position| {
            let t = Turn {
                project,
                shape,
                echo: None,
            };
            f(t);
            if echo_ok {
                for c in board.lock_targets() {
                    f(t.with_echo(Echo::Lock(c)));
                }
                for c in board.echo_targets() {
                    f(t.with_echo(Echo::Capture(c)));
                }
            }
        };
        let Some(anchor) = project.anchor() else {
            with_echoes(None, b);
            return;
        };
        let (raise, lower) = b.shape_targets(anchor);
        if !b.shape_mandatory(raise, lower) {
            with_echoes(None, b);
        }
        for c in raise {
            let mut b2 = *b;
            b2.raise(c);
            with_echoes(Some(Shape::Raise(c)), &b2);
        }
        for c in lower {
            let mut b2 = *b;
            b2.lower(c);
            with_echoes(Some(Shape::Lower(c)), &b2);
        }
    }

    /// Call `f` with every legal turn, in list order, without allocating.
    pub fn for_each_legal_turn(&self, mut f: impl FnMut(Turn)) {
        self.for_each_project(|p, b| self.turns_for_project(p, b, &mut f));
    }

    /// The complete list of legal turns (N1), in list order. Empty once the game is over.
    pub fn legal_turns(&self) -> Vec<Turn> {
        let mut v = Vec::with_capacity(512);
        self.for_each_legal_turn(|t| v.push(t));
        v
    }

    /// The number of legal turns, counted in bulk without listing them.
    pub fn count_legal(&self) -> u64 {
        let mut n = 0;
        self.for_each_project(|p, b| n += self.count_for_project(b, p.anchor()));
        n
    }

    /// The legal Projects, each with the number of legal turns that share it.
    pub fn projects_with_counts(&self) -> Vec<(Project, u64)> {
        let mut v = Vec::new();
        self.for_each_project(|p, b| v.push((p, self.count_for_project(b, p.anchor()))));
        v
    }

    /// The turn at position `n` of [`Position::legal_turns`], found without
    /// listing the turns of other Projects.
    pub fn nth_legal(&self, mut n: u64) -> Option<Turn> {
        let mut found = None;
        self.for_each_project(|p, b| {
            if found.is_some() {
                return;
            }
            let k = self.count_for_project(b, p.anchor());
            if n >= k {
                n -= k;
                return;
            }
            let mut i = 0;
            self.turns_for_project(p, b, &mut |t| {
                if i == n {
                    found = Some(t);
                }
                i += 1;
            });
        });
        found
    }

    /// Whether `turn` is legal here.
    pub fn is_legal(&self, turn: Turn) -> bool {
        self.illegal_reasons(turn).is_empty()
    }
}
