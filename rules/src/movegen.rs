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
const MAX_PROJECTS: usize = 64;
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

    /// [`Position::count_project`] for the one Project a selection lands on,
    /// kept out of line so that the counting loop stays compact.
    #[inline(never)]
    fn count_project_cold(x: &CountCtx, s: Stones, anchor: Option<Cell>) -> (u64, ProjectCount) {
        Self::count_project(x, s, anchor)
    }

    /// The turn at position `n` among the turns sharing `project`, `s` being
    /// the stones it leaves and `pc` its count's facts.
    fn select_in_project(
        &self,
        project: Project,
        s: Stones,
        pc: &ProjectCount,
        mut n: u64,
    ) -> Option<Turn> {
        let mut b = self.board_after(s);
        let mut shape = None;
        'found: {
            if pc.optional {
                if n < pc.base {
                    break 'found;
                }
                n -= pc.base;
            }
            for c in pc.raise {
                let k = pc.base + pc.gain.contains(c) as u64;
                if n < k {
                    b.raise(c);
                    shape = Some(Shape::Raise(c));
                    break 'found;
                }
                n -= k;
            }
            for c in pc.lower {
                let k = pc.base - pc.loss.contains(c) as u64;
                if n < k {
                    b.lower(c);
                    shape = Some(Shape::Lower(c));
                    break 'found;
                }
                n -= k;
            }
            return None;
        }
        let t = Turn {
            project,
            shape,
            echo: None,
        };
        if n == 0 {
            return Some(t);
        }
        n -= 1;
        let locks = b.lock_targets();
        let echo = match nth_cell(locks, n) {
            Some(c) => Echo::Lock(c),
            None => Echo::Capture(nth_cell(b.echo_targets(), n - locks.count() as u64)?),
        };
        Some(t.with_echo(echo))
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

    /// The legal Projects, each with the number of legal turns that share it.
    pub fn projects_with_counts(&self) -> Vec<(Project, u64)> {
        let x = self.count_ctx();
        let mut v = Vec::new();
        self.for_each_project_stones(|p, s| v.push((p, Self::count_project(&x, s, p.anchor()).0)));
        v
    }

    /// The turn at position `n` of [`Position::legal_turns`], found without
    /// listing any turns: Projects are counted in bulk up to the one holding
    /// turn `n`, and within it Shapes are counted until the right one.
    pub fn nth_legal(&self, mut n: u64) -> Option<Turn> {
        let x = self.count_ctx();
        let mut found = None;
        let mut done = false;
        self.for_each_project_stones(|p, s| {
            if done {
                return;
            }
            let (k, pc) = Self::count_project(&x, s, p.anchor());
            if n >= k {
                n -= k;
                return;
            }
            done = true;
            found = self.select_in_project(p, s, &pc, n);
        });
        found
    }

    /// Count the legal turns, let `choose` pick an index below the count, and
    /// return the turn at that index of [`Position::legal_turns`]. The same as
    /// `nth_legal(choose(count_legal()))` with a single counting pass. `None`
    /// once the game is over (`choose` is then not called) or when `choose`
    /// returns an index past the end.
    pub fn choose_legal(&self, choose: impl FnOnce(u64) -> u64) -> Option<Turn> {
        let x = self.count_ctx();
        let mut counts = [0u64; MAX_PROJECTS];
        let mut projects = 0;
        let mut total = 0;
        self.for_each_project_stones(|p, s| {
            let k = Self::count_project(&x, s, p.anchor()).0;
            if let Some(slot) = counts.get_mut(projects) {
                *slot = k;
            }
            projects += 1;
            total += k;
        });
        if projects == 0 {
            return None;
        }
        let mut n = choose(total);
        if projects > MAX_PROJECTS {
            return self.nth_legal(n);
        }
        let mut found = None;
        let mut i = 0;
        let mut done = false;
        self.for_each_project_stones(|p, s| {
            if done {
                return;
            }
            let k = counts.get(i).copied().unwrap_or(0);
            i += 1;
            if n >= k {
                n -= k;
                return;
            }
            done = true;
            let (_, pc) = Self::count_project_cold(&x, s, p.anchor());
            found = self.select_in_project(p, s, &pc, n);
        });
        found
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

/// The `n`-th cell of a set (lowest index first).
fn nth_cell(s: CellSet, n: u64) -> Option<Cell> {
    s.iter().nth(usize::try_from(n).ok()?)
}

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use crate::random::Rng;

    /// Along seeded random games, every index gives the same turn by
    /// `nth_legal`, by `choose_legal` and by the full list, and `choose_legal`
    /// is offered the bulk count.
    #[test]
    fn nth_and_choose_agree_with_the_list() {
        let mut rng = Rng::new(11);
        let mut positions = 0;
        for _ in 0..3 {
            let mut game = Game::new();
            while !game.position().is_over() {
                let p = *game.position();
                let list = p.legal_turns();
                let count = p.count_legal();
                assert_eq!(list.len() as u64, count);
                for (i, t) in list.iter().enumerate() {
                    let i = i as u64;
                    assert_eq!(p.nth_legal(i), Some(*t), "nth_legal({i})");
                    if !i.is_multiple_of(5) && i + 1 != count {
                        continue;
                    }
                    let mut offered = 0;
                    let chosen = p.choose_legal(|n| {
                        offered = n;
                        i
                    });
                    assert_eq!(chosen, Some(*t), "choose_legal({i})");
                    assert_eq!(offered, count);
                }
                assert_eq!(p.nth_legal(count), None);
                assert_eq!(p.choose_legal(|n| n), None);
                let t = list[rng.below(count) as usize];
                game.play(t).expect("a listed turn is legal");
                positions += 1;
            }
            assert_eq!(game.position().count_legal(), 0);
            assert_eq!(game.position().choose_legal(|_| 0), None);
        }
        assert!(positions > 100);
    }
}
