//! The 12 board symmetries (6 rotations about `d4`, with and without a
//! reflection) and the colour swap, as maps on cells, positions, setups,
//! turns and outcomes (I8).

use crate::cell::Cell;
use crate::cellset::CellSet;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::setup::{Setup, SetupCell};
use crate::turn::{Echo, Project, Shape, Turn};
use std::fmt;

/// One of the 24 variants: a rotation by `rotation x 60` degrees after an
/// optional reflection, and optionally the swap of `X` and `O`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Symmetry {
    /// Rotation steps of 60 degrees, 0 to 5.
    pub rotation: u8,
    /// Reflect before rotating.
    pub reflect: bool,
    /// Swap the colours.
    pub swap: bool,
}

const fn rot(x: i8, y: i8) -> (i8, i8) {
    (y, y - x)
}

const fn build_table() -> [[u8; 37]; 12] {
    let mut out = [[0u8; 37]; 12];
    let mut s = 0;
    while s < 12 {
        let mut i = 0;
        while i < 37 {
            let c = Cell::ALL[i];
            let (mut x, mut y) = (c.x(), c.y());
            if s >= 6 {
                y = x - y;
            }
            let mut k = 0;
            while k < s % 6 {
                let r = rot(x, y);
                x = r.0;
                y = r.1;
                k += 1;
            }
            out[s][i] = match Cell::from_xy(x, y) {
                Some(c) => c.index() as u8,
                None => 0,
            };
            i += 1;
        }
        s += 1;
    }
    out
}

const TABLE: [[u8; 37]; 12] = build_table();

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry {
        rotation: 0,
        reflect: false,
        swap: false,
    };

    /// All 24 variants, the identity first.
    pub fn all() -> [Symmetry; 24] {
        let mut out = [Symmetry::IDENTITY; 24];
        for (i, s) in out.iter_mut().enumerate() {
            *s = Symmetry {
                rotation: (i % 6) as u8,
                reflect: (i / 6) % 2 == 1,
                swap: i >= 12,
            };
        }
        out
    }

    /// The 12 board symmetries without the colour swap.
    pub fn board() -> [Symmetry; 12] {
        let all = Symmetry::all();
        let mut out = [Symmetry::IDENTITY; 12];
        out.copy_from_slice(&all[..12]);
        out
    }

    /// Map a cell.
    pub fn cell(self, c: Cell) -> Cell {
        let t = (self.rotation % 6) as usize + if self.reflect { 6 } else { 0 };
        Cell::ALL[TABLE[t][c.index()] as usize]
    }

    /// Map a set of cells.
    pub fn cells(self, s: CellSet) -> CellSet {
        s.iter().map(|c| self.cell(c)).collect()
    }

    /// Map a setup.
    pub fn setup(self, s: &Setup) -> Setup {
        let mut out = *s;
        for c in Cell::ALL {
            let mut sc: SetupCell = s.cells[c.index()];
            if self.swap {
                sc.stone = sc.stone.map(|p| p.other());
            }
            out.cells[self.cell(c).index()] = sc;
        }
        for i in 0..2 {
            out.counters[i].cooldown = self.cells(s.counters[i].cooldown);
        }
        if self.swap {
            out.counters.swap(0, 1);
            out.to_move = s.to_move.other();
            out.outcome = s.outcome.map(Outcome::swapped);
        }
        out
    }

    /// Map a position.
    pub fn position(self, p: &Position) -> Position {
        match self.setup(&Setup::from(p)).validate() {
            Ok(q) => q,
            // The image of a valid position is valid: every check is symmetric.
            Err(_) => *p,
        }
    }

    /// Map a turn.
    pub fn turn(self, t: Turn) -> Turn {
        Turn {
            project: match t.project {
                Project::Place(c) => Project::Place(self.cell(c)),
                Project::Move { from, to } => Project::Move {
                    from: self.cell(from),
                    to: self.cell(to),
                },
                Project::Skip => Project::Skip,
            },
            shape: t.shape.map(|s| match s {
                Shape::Raise(c) => Shape::Raise(self.cell(c)),
                Shape::Lower(c) => Shape::Lower(self.cell(c)),
            }),
            echo: t.echo.map(|e| match e {
                Echo::Lock(c) => Echo::Lock(self.cell(c)),
                Echo::Capture(c) => Echo::Capture(self.cell(c)),
            }),
        }
    }

    /// Map an outcome.
    pub fn outcome(self, o: Outcome) -> Outcome {
        if self.swap {
            o.swapped()
        } else {
            o
        }
    }
}

/// Written `r0`..`r5`, then `m` if reflected, then `s` if colours are swapped:
/// `r0` is the identity, `r2ms` a rotation by 120 degrees after a reflection,
/// with colours swapped.
impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}", self.rotation)?;
        if self.reflect {
            f.write_str("m")?;
        }
        if self.swap {
            f.write_str("s")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Symmetry::all()
            .into_iter()
            .find(|v| v.to_string() == s)
            .ok_or_else(|| format!("`{s}` is not a symmetry (r0..r5, then m, then s)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_distinct_bijections_preserving_adjacency() {
        let mut images = std::collections::HashSet::new();
        for s in Symmetry::board() {
            let img: Vec<Cell> = Cell::ALL.iter().map(|c| s.cell(*c)).collect();
            let set: CellSet = img.iter().copied().collect();
            assert_eq!(set, CellSet::ALL, "{s} is a bijection");
            assert!(images.insert(img), "{s} is distinct");
            assert_eq!(s.cell(Cell::CENTRE), Cell::CENTRE);
            for a in Cell::ALL {
                for b in Cell::ALL {
                    assert_eq!(a.distance(b), s.cell(a).distance(s.cell(b)));
                }
            }
        }
    }
}
