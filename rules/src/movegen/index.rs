//! The legal list by index (N1 list order): the turn at a given index and a
//! random choice among the legal turns, found by counting in bulk without
//! listing any turn, and the count of turns per Project. Random play and
//! tools use these; judging a game does not.

use super::{CountCtx, ProjectCount, Stones, MAX_PROJECTS};
use crate::cell::Cell;
use crate::cellset::CellSet;
use crate::position::Position;
use crate::turn::{Echo, Project, Shape, Turn};

impl Position {
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
