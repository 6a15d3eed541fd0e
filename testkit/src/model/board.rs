//! Board geometry (B1, B4) as plain tables built with loops from the axial
//! coordinates, and small accessors on a [`Setup`]'s cells. Cells are used
//! by their dense index `0..37` (the order of [`Cell::ALL`]).

use hexodic_rules::{Cell, Player, Setup};

/// Number of cells (glossary: Cell).
pub(crate) const CELLS: usize = 37;

/// Marks an edge slot in [`NEIGHBOURS`].
const EDGE: u8 = u8::MAX;

/// The six neighbour offsets of B1.
const DIRS: [(i8, i8); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)];

/// B1: a cell exists iff `|x| <= 3`, `|y| <= 3` and `|x - y| <= 3`.
const fn on_board(x: i8, y: i8) -> bool {
    x >= -3 && x <= 3 && y >= -3 && y <= 3 && x - y >= -3 && x - y <= 3
}

/// The dense index of `(x, y)`, or [`EDGE`] off the board.
const fn index_of(x: i8, y: i8) -> u8 {
    if !on_board(x, y) {
        return EDGE;
    }
    let mut i = 0;
    while i < CELLS {
        if Cell::ALL[i].x() == x && Cell::ALL[i].y() == y {
            return i as u8;
        }
        i += 1;
    }
    EDGE
}

const fn build_neighbours() -> [[u8; 6]; CELLS] {
    let mut out = [[EDGE; 6]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (x, y) = (Cell::ALL[i].x(), Cell::ALL[i].y());
        let mut d = 0;
        while d < 6 {
            out[i][d] = index_of(x + DIRS[d].0, y + DIRS[d].1);
            d += 1;
        }
        i += 1;
    }
    out
}

const fn build_edge_slots() -> [u8; CELLS] {
    let mut out = [0; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 6 {
            if NEIGHBOURS[i][d] == EDGE {
                out[i] += 1;
            }
            d += 1;
        }
        i += 1;
    }
    out
}

const fn abs(v: i8) -> u8 {
    if v < 0 {
        (-v) as u8
    } else {
        v as u8
    }
}

const fn build_distance() -> [[u8; CELLS]; CELLS] {
    let mut out = [[0; CELLS]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut j = 0;
        while j < CELLS {
            let dx = Cell::ALL[j].x() - Cell::ALL[i].x();
            let dy = Cell::ALL[j].y() - Cell::ALL[i].y();
            let (a, b, c) = (abs(dx), abs(dy), abs(dx - dy));
            let m = if a > b { a } else { b };
            out[i][j] = if m > c { m } else { c };
            j += 1;
        }
        i += 1;
    }
    out
}

/// Each cell's six slots: a neighbour's index or [`EDGE`] (B1, B4).
const NEIGHBOURS: [[u8; 6]; CELLS] = build_neighbours();
/// Each cell's number of edge slots (B4).
const EDGE_SLOTS: [u8; CELLS] = build_edge_slots();
/// Distances between cells (B1).
const DISTANCE: [[u8; CELLS]; CELLS] = build_distance();
/// The centre `(0, 0)` (B1).
pub(crate) const CENTRE: usize = index_of(0, 0) as usize;

/// The neighbours of cell `i` that are on the board (B1).
pub(crate) fn neighbours(i: usize) -> impl Iterator<Item = usize> {
    NEIGHBOURS[i]
        .into_iter()
        .filter(|n| *n != EDGE)
        .map(usize::from)
}

/// The number of edge slots of cell `i` (B4).
pub(crate) fn edge_slots(i: usize) -> u32 {
    u32::from(EDGE_SLOTS[i])
}

/// The distance between cells `i` and `j` (B1).
pub(crate) fn dist(i: usize, j: usize) -> u8 {
    DISTANCE[i][j]
}

/// The cell with dense index `i`.
pub(crate) fn cell(i: usize) -> Cell {
    Cell::ALL[i]
}

/// The stone on cell `i`.
pub(crate) fn stone(s: &Setup, i: usize) -> Option<Player> {
    s.cells[i].stone
}

/// The tier of cell `i`.
pub(crate) fn tier(s: &Setup, i: usize) -> u8 {
    s.cells[i].tier
}

/// Whether cell `i` is locked.
pub(crate) fn locked(s: &Setup, i: usize) -> bool {
    s.cells[i].locked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_matches_b1_and_b4() {
        assert_eq!(cell(CENTRE).to_string(), "d4");
        let names = |i: usize| {
            let mut v: Vec<String> = neighbours(i).map(|n| cell(n).to_string()).collect();
            v.sort();
            v.join(" ")
        };
        let d4 = Cell::from_name("d4").unwrap().index();
        assert_eq!(names(d4), "c3 c4 d3 d5 e4 e5");
        let a1 = Cell::from_name("a1").unwrap().index();
        assert_eq!(names(a1), "a2 b1 b2");
        assert_eq!(edge_slots(a1), 3);
        assert_eq!(edge_slots(d4), 0);
        let total: u32 = (0..CELLS).map(edge_slots).sum();
        assert_eq!(total, 6 * 3 + 12 * 2);
        let g7 = Cell::from_name("g7").unwrap().index();
        assert_eq!(dist(a1, g7), 6);
        for i in 0..CELLS {
            for j in 0..CELLS {
                assert_eq!(dist(i, j), dist(j, i));
                assert_eq!(dist(i, j) == 1, neighbours(i).any(|n| n == j));
            }
        }
    }
}
