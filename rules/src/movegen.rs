//! Legal-turn generation (N1): the complete list, a bulk count, and the n-th
//! turn of the list without building it.
//!
//! The list order is fixed: Projects (the Skip; or Places by cell; or Moves by
//! start then destination cell), then for each Project the Shapes (none where
//! S3 allows it, raises by cell, lowers by cell), then for each Shape the Echoes
//! (none, Echo-Locks by cell, Echo-Captures by cell).
//!
//! Counting works on the two stone bitboards a Project leaves (`Stones`):
//! a Project never changes tiers, locks or counters, so the rest of the
//! position is read from the position itself and shared by every Project.

use crate::cell::Cell;
use crate::cellset::CellSet;
use crate::position::Position;
use crate::ruleset::RS;
use crate::turn::{Echo, Project, Shape, Turn};

mod index;

/// The stones after a Project: the mover's and the opponent's.
#[derive(Clone, Copy)]
struct Stones {
    me: CellSet,
    opp: CellSet,
}

/// What every Project's count shares: the facts about the position that no
/// Project changes.
struct CountCtx {
    /// The mover has a charge (E1).
    echo_ok: bool,
    /// The mover has a charge and an unused Echo-Lock (E2).
    lockable: bool,
    /// The mover has lowers left (S2).
    lowers: bool,
    /// Unlocked cells.
    free: CellSet,
    raised: CellSet,
    top: CellSet,
    tier1: CellSet,
    /// Unlocked tier-2 cells (Echo-Lock candidates when they hold a mover's stone).
    open_top: CellSet,
}

/// Room for every Project of a position: at most one Place per cell, or six
/// Moves per stone.
pub(crate) const MAX_PROJECTS: usize = 64;
const _: () = assert!(Cell::COUNT <= MAX_PROJECTS && RS.stones as usize * 6 <= MAX_PROJECTS);

impl Position {
    /// Call `f` with every legal Project and the stones it leaves.
    fn for_each_project_stones(&self, mut f: impl FnMut(Project, Stones)) {
        if self.outcome.is_some() {
            return;
        }
        let me = self.to_move;
        let mi = me.index();
        let oi = me.other().index();
        let here = Stones {
            me: self.stones[mi],
            opp: self.stones[oi],
        };
        if self.must_skip() {
            f(Project::Skip, here);
            return;
        }
        if self.counters[mi].reserve > 0 {
            for cell in self.place_targets(me) {
                let mut s = here;
                s.me.insert(cell);
                f(Project::Place(cell), s);
            }
        } else {
            for from in here.me {
                let mut s = here;
                s.me.remove(from);
                for to in self.move_targets(me, from) {
                    let mut t = s;
                    t.opp.remove(to);
                    t.me.insert(to);
                    f(Project::Move { from, to }, t);
                }
            }
        }
    }

    /// The board a Project leaves (stones only; counters untouched).
    fn board_after(&self, s: Stones) -> Position {
        let mut b = *self;
        let mi = self.to_move.index();
        b.stones[mi] = s.me;
        b.stones[1 - mi] = s.opp;
        b
    }

    /// Call `f` with every legal Project and the board it leaves (stones
    /// only; counters untouched).
    pub(crate) fn for_each_project(&self, mut f: impl FnMut(Project, &Position)) {
        self.for_each_project_stones(|p, s| f(p, &self.board_after(s)));
    }

    fn count_ctx(&self) -> CountCtx {
        let c = &self.counters[self.to_move.index()];
        let echo_ok = c.charges > 0;
        CountCtx {
            echo_ok,
            // The same conditions as `lock_targets` (play.rs).
            lockable: echo_ok && !c.lock_used,
            lowers: c.lowers_left > 0,
            free: !self.locked,
            raised: self.raised,
            top: self.top,
            tier1: self.raised - self.top,
            open_top: self.top - self.locked,
        }
    }

    /// The legal turns sharing one Project, counted from its stones `s`.
    /// Returns the count and, for [`Position::select_in_project`], the facts
    /// it was built from.
    #[inline(always)]
    fn count_project(x: &CountCtx, s: Stones, anchor: Option<Cell>) -> (u64, ProjectCount) {
        // Echo-Capture targets on tier 0 or 1 and above (E3); Echo-Lock targets (E2).
        let core = if x.echo_ok {
            s.opp & !(!(s.me | s.opp)).dilate() & s.me.dilate()
        } else {
            CellSet::EMPTY
        };
        let locks = if x.lockable {
            s.me & x.open_top
        } else {
            CellSet::EMPTY
        };
        // Lock targets are the mover's stones, capture targets the opponent's: disjoint.
        let echoes = locks | (core & x.raised);
        let base = 1 + if echoes.any() {
            echoes.count() as u64
        } else {
            0
        };
        let Some(anchor) = anchor else {
            let pc = ProjectCount {
                base,
                optional: true,
                raise: CellSet::EMPTY,
                lower: CellSet::EMPTY,
                gain: CellSet::EMPTY,
                loss: CellSet::EMPTY,
            };
            return (base, pc);
        };
        let zone = CellSet::within_two(anchor) & x.free;
        let raise = zone - x.top;
        let lower = if x.lowers {
            zone & x.raised
        } else {
            CellSet::EMPTY
        };
        let mut n = (raise.count() + lower.count()) as u64 * base;
        let (mut gain, mut loss) = (CellSet::EMPTY, CellSet::EMPTY);
        if x.echo_ok {
            // A raise can make a tier-1 own stone lockable or a tier-0 core stone a target;
            // a lower can take a lockable stone off tier 2 or a tier-1 target to tier 0.
            gain = core - x.raised;
            loss = core & x.tier1;
            if x.lockable {
                gain |= s.me & x.tier1;
                loss |= s.me & x.top;
            }
            let (up, down) = (raise & gain, lower & loss);
            if (up | down).any() {
                n += up.count() as u64;
                n -= down.count() as u64;
            }
        }
        // S3: no Shape is a legal choice when every legal Shape is on the mover's own stone.
        let optional = ((raise | lower) - s.me).is_empty();
        if optional {
            n += base;
        }
        let pc = ProjectCount {
            base,
            optional,
            raise,
            lower,
            gain,
            loss,
        };
        (n, pc)
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
        let x = self.count_ctx();
        let mut n = 0;
        self.for_each_project_stones(|p, s| n += Self::count_project(&x, s, p.anchor()).0);
        n
    }

    /// Whether `turn` is legal here.
    pub fn is_legal(&self, turn: Turn) -> bool {
        self.illegal_reasons(turn).is_empty()
    }
}

/// How the turns of one Project divide among its Shapes: `base` turns (no Echo,
/// or one) per Shape, one more for a raise in `gain`, one fewer for a lower in
/// `loss`; and a group for "no Shape" first when it is `optional`.
struct ProjectCount {
    base: u64,
    optional: bool,
    raise: CellSet,
    lower: CellSet,
    gain: CellSet,
    loss: CellSet,
}
