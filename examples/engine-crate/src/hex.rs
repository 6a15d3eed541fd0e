//! The board's cells by this engine's own coordinates.

/// How many cells each row holds, top row first.
const ROW_LEN: [u8; 7] = [4, 5, 6, 7, 6, 5, 4];

/// A cell of the hexagonal board: `row` 0 is the top row of the printed
/// board (the protocol's row `g`), `col` 0 the leftmost cell of its row.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Hex {
    row: u8,
    col: u8,
}

impl Hex {
    /// Number of cells on the board.
    pub const COUNT: usize = 37;
    /// Number of rows.
    pub const ROWS: u8 = 7;
    /// The centre of the board.
    pub const CENTRE: Hex = Hex { row: 3, col: 3 };

    /// The cell at `row`, `col`, if the board has it.
    pub const fn new(row: u8, col: u8) -> Option<Hex> {
        if row < Hex::ROWS && col < ROW_LEN[row as usize] {
            Some(Hex { row, col })
        } else {
            None
        }
    }

    /// Its row, 0 (top) to 6.
    pub const fn row(self) -> u8 {
        self.row
    }

    /// Its place in the row, 0 (left) onward.
    pub const fn col(self) -> u8 {
        self.col
    }

    /// How many cells the row `row` holds (0 past the last row).
    pub const fn row_len(row: u8) -> u8 {
        if row < Hex::ROWS {
            ROW_LEN[row as usize]
        } else {
            0
        }
    }

    /// Its place `0..37` on the [`Board`](crate::Board), row by row from
    /// the top.
    pub fn index(self) -> usize {
        let before: u8 = ROW_LEN[..self.row as usize].iter().sum();
        usize::from(before + self.col)
    }

    /// The cell at place `i` of the board, if `i < 37`.
    pub fn from_index(i: usize) -> Option<Hex> {
        let mut left = i;
        for (row, len) in (0u8..).zip(ROW_LEN) {
            let len = usize::from(len);
            if left < len {
                return Hex::new(row, u8::try_from(left).ok()?);
            }
            left -= len;
        }
        None
    }

    /// Every cell, in board order.
    pub fn all() -> impl Iterator<Item = Hex> {
        (0u8..Hex::ROWS).flat_map(|row| (0..ROW_LEN[row as usize]).map(move |col| Hex { row, col }))
    }
}

#[cfg(test)]
mod tests {
    use super::Hex;

    #[test]
    fn index_and_from_index_agree_on_every_cell() {
        let all: Vec<Hex> = Hex::all().collect();
        assert_eq!(all.len(), Hex::COUNT);
        for (i, h) in all.iter().enumerate() {
            assert_eq!(h.index(), i);
            assert_eq!(Hex::from_index(i), Some(*h));
        }
        assert_eq!(Hex::from_index(Hex::COUNT), None);
        assert_eq!(Hex::new(0, 4), None);
        assert_eq!(Hex::new(3, 6).map(Hex::index), Some(21));
    }
}
