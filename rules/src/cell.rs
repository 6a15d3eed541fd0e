//! The 37 cells of the board (B1, B2) and their constant geometry tables.
//!
//! Cells use axial coordinates `(x, y)` with `|x| <= 3`, `|y| <= 3` and
//! `|x - y| <= 3` (B1). Rows are lettered `a`..`g` for `y = -3..3` and cells
//! numbered `1`..`7` for `x = -3..3` (B2). Printed with row `g` on top (B3):
//!
//! ```text
//!        g4  g5  g6  g7
//!      f3  f4  f5  f6  f7
//!    e2  e3  e4  e5  e6  e7
//!  d1  d2  d3 [d4] d5  d6  d7
//!    c1  c2  c3  c4  c5  c6
//!      b1  b2  b3  b4  b5
//!        a1  a2  a3  a4
//! ```
//!
//! `d4` is the centre; its neighbours are `d3`, `d5`, `e4`, `e5`, `c3`, `c4`.
//!
//! Internally a cell is its bit in a padded 7 x 8 layout
//! (`bit = (y + 3) * 8 + (x + 3)`), so that every neighbour direction is one
//! fixed shift of a [`CellSet`](crate::CellSet).

use std::fmt::{self, Write as _};
use std::str::FromStr;

/// Bit index of a cell in the padded layout.
const fn bit_of(x: i8, y: i8) -> u8 {
    ((y + 3) * 8 + (x + 3)) as u8
}

/// Whether `(x, y)` is on the board (B1).
pub const fn on_board(x: i8, y: i8) -> bool {
    x >= -3 && x <= 3 && y >= -3 && y <= 3 && (x - y) >= -3 && (x - y) <= 3
}

/// One of the 37 cells. A small `Copy` value; build it from a name, from
/// coordinates or from [`Cell::ALL`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

/// The six neighbour directions, in a fixed order: `+x`, `+x+y`, `+y`, `-x`,
/// `-x-y`, `-y` (counter-clockwise in the printed diagram, starting right).
pub const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];

const fn build_all() -> [Cell; 37] {
    let mut out = [Cell(0); 37];
    let mut n = 0;
    let mut y = -3i8;
    while y <= 3 {
        let mut x = -3i8;
        while x <= 3 {
            if on_board(x, y) {
                out[n] = Cell(bit_of(x, y));
                n += 1;
            }
            x += 1;
        }
        y += 1;
    }
    out
}

const fn build_dense() -> [u8; 64] {
    let mut out = [u8::MAX; 64];
    let all = build_all();
    let mut i = 0;
    while i < 37 {
        out[all[i].0 as usize] = i as u8;
        i += 1;
    }
    out
}

const DENSE: [u8; 64] = build_dense();

impl Cell {
    /// Number of cells on the board.
    pub const COUNT: usize = 37;
    /// Every cell, ordered by row (`a` first) and then by number: `a1, a2, ..., g7`.
    /// [`Cell::index`] is the position in this array.
    pub const ALL: [Cell; 37] = build_all();
    /// The centre cell `d4`, coordinates `(0, 0)`.
    pub const CENTRE: Cell = Cell(bit_of(0, 0));

    /// The cell at axial coordinates `(x, y)`, if it is on the board.
    pub const fn from_xy(x: i8, y: i8) -> Option<Cell> {
        if on_board(x, y) {
            Some(Cell(bit_of(x, y)))
        } else {
            None
        }
    }

    /// The cell at a dense index `0..37` (the order of [`Cell::ALL`]).
    pub const fn from_index(i: usize) -> Option<Cell> {
        if i < 37 {
            Some(Cell::ALL[i])
        } else {
            None
        }
    }

    /// The cell whose bit in the padded layout is `bit`.
    pub(crate) const fn from_bit(bit: u32) -> Cell {
        Cell(bit as u8)
    }

    /// Dense index `0..37`, the position in [`Cell::ALL`].
    pub const fn index(self) -> usize {
        DENSE[self.0 as usize] as usize
    }

    /// Bit of this cell in the padded layout used by [`CellSet`](crate::CellSet).
    pub const fn bit(self) -> u32 {
        self.0 as u32
    }

    /// Axial `x` coordinate, `-3..=3`.
    pub const fn x(self) -> i8 {
        (self.0 % 8) as i8 - 3
    }

    /// Axial `y` coordinate, `-3..=3`.
    pub const fn y(self) -> i8 {
        (self.0 / 8) as i8 - 3
    }

    /// Row letter `a`..`g` (B2).
    pub const fn row_char(self) -> char {
        (b'a' + (self.y() + 3) as u8) as char
    }

    /// Column number `1`..`7` (B2).
    pub const fn number(self) -> u8 {
        (self.x() + 4) as u8
    }

    /// The cell's name (B2) as two ASCII bytes, `[row letter, number]`.
    pub const fn name_bytes(self) -> [u8; 2] {
        [b'a' + (self.y() + 3) as u8, b'0' + self.number()]
    }

    /// Hex distance (B1): `max(|dx|, |dy|, |dx - dy|)`.
    pub const fn distance(self, other: Cell) -> u8 {
        DISTANCE[self.index()][other.index()]
    }

    /// The neighbouring cell in direction `dir` (index into [`DIRECTIONS`]), if on the board.
    pub const fn step(self, dir: usize) -> Option<Cell> {
        let (dx, dy) = DIRECTIONS[dir % 6];
        Cell::from_xy(self.x() + dx, self.y() + dy)
    }

    /// Number of this cell's six slots that lie past the board edge (B4).
    pub const fn edge_slots(self) -> u8 {
        EDGE_SLOTS[self.index()]
    }

    /// Parse a cell name such as `d4`.
    pub fn from_name(s: &str) -> Option<Cell> {
        match s.as_bytes() {
            [row, number] => Cell::from_name_bytes(*row, *number),
            _ => None,
        }
    }

    /// The cell named by a row letter and a number, as bytes (B2): `b'c'`,
    /// `b'3'` is `c3`.
    ///
    /// ```
    /// use hexodic_rules::Cell;
    /// assert_eq!(Cell::from_name_bytes(b'd', b'4'), Cell::from_name("d4"));
    /// assert_eq!(Cell::from_name_bytes(b'a', b'5'), None);
    /// ```
    pub fn from_name_bytes(row: u8, number: u8) -> Option<Cell> {
        let row = row.wrapping_sub(b'a');
        let num = number.wrapping_sub(b'1');
        if row > 6 || num > 6 {
            return None;
        }
        Cell::from_xy(num as i8 - 3, row as i8 - 3)
    }
}

const fn build_distance() -> [[u8; 37]; 37] {
    let all = build_all();
    let mut out = [[0u8; 37]; 37];
    let mut i = 0;
    while i < 37 {
        let mut j = 0;
        while j < 37 {
            let dx = all[j].x() - all[i].x();
            let dy = all[j].y() - all[i].y();
            // The hex distance (B1): the third cube coordinate differs by
            // `dx - dy`; the distance is the largest of the three
            // differences, which is half their sum, as they add up to zero.
            out[i][j] = ((dx.abs() + dy.abs() + (dx - dy).abs()) / 2) as u8;
            j += 1;
        }
        i += 1;
    }
    out
}

const fn build_edge_slots() -> [u8; 37] {
    let all = build_all();
    let mut out = [0u8; 37];
    let mut i = 0;
    while i < 37 {
        let mut n = 0;
        let mut d = 0;
        while d < 6 {
            let (dx, dy) = DIRECTIONS[d];
            if !on_board(all[i].x() + dx, all[i].y() + dy) {
                n += 1;
            }
            d += 1;
        }
        out[i] = n;
        i += 1;
    }
    out
}

/// Distance between every pair of cells, by dense index.
pub const DISTANCE: [[u8; 37]; 37] = build_distance();
/// Edge slots of every cell, by dense index.
pub const EDGE_SLOTS: [u8; 37] = build_edge_slots();

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [row, number] = self.name_bytes();
        f.write_char(char::from(row))?;
        f.write_char(char::from(number))
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The text is not the name of a cell.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a cell name (rows a-g, numbers 1-7, for example d4)")]
pub struct InvalidCell(pub String);

impl FromStr for Cell {
    type Err = InvalidCell;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Cell::from_name(s).ok_or_else(|| InvalidCell(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_have_the_lengths_of_b2() {
        let mut counts = [0; 7];
        for c in Cell::ALL {
            counts[(c.y() + 3) as usize] += 1;
        }
        assert_eq!(counts, [4, 5, 6, 7, 6, 5, 4]);
        assert_eq!(Cell::ALL[0].to_string(), "a1");
        assert_eq!(Cell::ALL[3].to_string(), "a4");
        assert_eq!(Cell::ALL[36].to_string(), "g7");
        assert_eq!(Cell::CENTRE.to_string(), "d4");
    }

    #[test]
    fn names_round_trip_and_index_is_dense() {
        for (i, c) in Cell::ALL.iter().enumerate() {
            assert_eq!(c.index(), i);
            assert_eq!(Cell::from_name(&c.to_string()), Some(*c));
        }
        for bad in ["a5", "g3", "d0", "d8", "h1", "", "d", "d44", "A1"] {
            assert_eq!(Cell::from_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn centre_neighbours_match_b3() {
        let mut n: Vec<String> = (0..6)
            .filter_map(|d| Cell::CENTRE.step(d))
            .map(|c| c.to_string())
            .collect();
        n.sort();
        assert_eq!(n, ["c3", "c4", "d3", "d5", "e4", "e5"]);
    }

    #[test]
    fn edge_slots_and_distances() {
        let total: u32 = Cell::ALL.iter().map(|c| c.edge_slots() as u32).sum();
        // 18 rim cells: 6 corners with 3 edge slots, 12 sides with 2.
        assert_eq!(total, 6 * 3 + 12 * 2);
        let a1 = Cell::from_name("a1").unwrap();
        let g7 = Cell::from_name("g7").unwrap();
        assert_eq!(a1.distance(g7), 6);
        assert_eq!(a1.distance(Cell::CENTRE), 3);
        assert_eq!(Cell::CENTRE.edge_slots(), 0);
    }
}
