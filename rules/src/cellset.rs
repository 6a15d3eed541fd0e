//! [`CellSet`]: a set of cells as a bitboard over `u64`, with set operators
//! and constant neighbourhood tables.

use crate::cell::{Cell, DISTANCE};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// A set of cells. Bit `cell.bit()` is set when the cell is in the set; bits
/// outside the 37 board cells are always clear.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet(u64);

const fn board_mask() -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < 37 {
        m |= 1u64 << Cell::ALL[i].bit();
        i += 1;
    }
    m
}

const fn build_within(radius: u8) -> [CellSet; 64] {
    let mut out = [CellSet(0); 64];
    let mut i = 0;
    while i < 37 {
        let mut m = 0u64;
        let mut j = 0;
        while j < 37 {
            let d = DISTANCE[i][j];
            if d <= radius && !(radius == 1 && d == 0) {
                m |= 1u64 << Cell::ALL[j].bit();
            }
            j += 1;
        }
        out[Cell::ALL[i].bit() as usize] = CellSet(m);
        i += 1;
    }
    out
}

/// The (up to six) neighbours of each cell, by bit.
const NEIGHBOURS: [CellSet; 64] = build_within(1);
/// The cells within distance 2 of each cell (itself included), by bit.
const WITHIN_TWO: [CellSet; 64] = build_within(2);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 37 cells.
    pub const ALL: CellSet = CellSet(board_mask());

    /// The set holding just `cell`.
    pub const fn from_cell(cell: Cell) -> CellSet {
        CellSet(1u64 << cell.bit())
    }

    /// The raw bits (padded layout, see [`Cell::bit`]).
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Build from raw bits; bits off the board are dropped.
    pub const fn from_bits(bits: u64) -> CellSet {
        CellSet(bits & board_mask())
    }

    /// Whether `cell` is in the set.
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & (1u64 << cell.bit()) != 0
    }

    /// Add a cell.
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1u64 << cell.bit();
    }

    /// Remove a cell.
    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1u64 << cell.bit());
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set is not empty.
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of cells in the set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The first cell (lowest index), if any.
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Some(Cell::from_bit(self.0.trailing_zeros()))
        }
    }

    /// The neighbours of `cell`.
    pub const fn neighbours(cell: Cell) -> CellSet {
        NEIGHBOURS[cell.bit() as usize]
    }

    /// The cells within distance 2 of `cell`, `cell` included (the Shape range, S2).
    pub const fn within_two(cell: Cell) -> CellSet {
        WITHIN_TWO[cell.bit() as usize]
    }

    /// Every cell adjacent to at least one cell of the set (the set itself not
    /// included unless a member is adjacent to another member).
    pub const fn dilate(self) -> CellSet {
        let s = self.0;
        CellSet(((s << 1) | (s >> 1) | (s << 8) | (s >> 8) | (s << 9) | (s >> 9)) & board_mask())
    }

    /// The connected component of `seed` inside `self` (adjacency through
    /// neighbouring cells). Empty when `seed` is not in the set.
    pub const fn component(self, seed: Cell) -> CellSet {
        if !self.contains(seed) {
            return CellSet::EMPTY;
        }
        let mut grown = CellSet::from_cell(seed).0;
        loop {
            let next = (grown | CellSet(grown).dilate().0) & self.0;
            if next == grown {
                return CellSet(grown);
            }
            grown = next;
        }
    }

    /// The size of the largest connected component.
    pub fn largest_component(self) -> u32 {
        let mut rest = self;
        let mut best = 0;
        while let Some(c) = rest.first() {
            let comp = rest.component(c);
            best = best.max(comp.count());
            rest = rest - comp;
        }
        best
    }

    /// Iterate over the cells, lowest index first.
    pub const fn iter(self) -> CellSetIter {
        CellSetIter(self.0)
    }
}

/// Iterator over the cells of a [`CellSet`].
#[derive(Clone)]
pub struct CellSetIter(u64);

impl Iterator for CellSetIter {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            let b = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(Cell::from_bit(b))
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellSetIter {}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<T: IntoIterator<Item = Cell>>(iter: T) -> Self {
        let mut s = CellSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl From<Cell> for CellSet {
    fn from(c: Cell) -> Self {
        CellSet::from_cell(c)
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for CellSet {
            type Output = CellSet;
            #[inline]
            fn $f(self, rhs: CellSet) -> CellSet {
                CellSet(self.0 $op rhs.0)
            }
        }
        impl $atr for CellSet {
            #[inline]
            fn $af(&mut self, rhs: CellSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for CellSet {
    type Output = CellSet;
    #[inline]
    fn sub(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 & !rhs.0)
    }
}

impl Not for CellSet {
    type Output = CellSet;
    #[inline]
    fn not(self) -> CellSet {
        CellSet(!self.0 & board_mask())
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dilate_matches_neighbour_table() {
        for c in Cell::ALL {
            assert_eq!(
                CellSet::from_cell(c).dilate(),
                CellSet::neighbours(c),
                "{c}"
            );
            let by_step: CellSet = (0..6).filter_map(|d| c.step(d)).collect();
            assert_eq!(by_step, CellSet::neighbours(c));
            assert_eq!(
                CellSet::neighbours(c).count() + c.edge_slots() as u32,
                6,
                "{c}"
            );
        }
    }

    #[test]
    fn within_two_sizes() {
        assert_eq!(CellSet::within_two(Cell::CENTRE).count(), 19);
        let a1 = Cell::from_name("a1").unwrap();
        assert_eq!(CellSet::within_two(a1).count(), 9);
        assert_eq!(CellSet::ALL.count(), 37);
        assert_eq!((!CellSet::EMPTY), CellSet::ALL);
    }

    #[test]
    fn components() {
        let s: CellSet = ["a1", "a2", "b2", "d4", "e5"]
            .iter()
            .map(|n| Cell::from_name(n).unwrap())
            .collect();
        assert_eq!(s.component(Cell::from_name("a1").unwrap()).count(), 3);
        assert_eq!(s.component(Cell::CENTRE).count(), 2);
        assert_eq!(s.largest_component(), 3);
    }
}
