//! A game state in this engine's own types.

use crate::hex::Hex;
use std::ops::{Index, IndexMut};

/// The two sides; `First` moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// The side that moves first.
    First,
    /// The other side.
    Second,
}

impl Side {
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// One square of the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Square {
    /// The stone on it.
    pub stone: Option<Side>,
    /// Its height (0 to 2 on a valid board).
    pub height: u8,
    /// Whether it is locked.
    pub locked: bool,
}

/// The 37 squares, by [`Hex::index`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    squares: [Square; Hex::COUNT],
}

/// An empty, flat board.
impl Default for Board {
    fn default() -> Board {
        Board {
            squares: [Square::default(); Hex::COUNT],
        }
    }
}

impl Index<Hex> for Board {
    type Output = Square;
    fn index(&self, h: Hex) -> &Square {
        &self.squares[h.index()]
    }
}

impl IndexMut<Hex> for Board {
    fn index_mut(&mut self, h: Hex) -> &mut Square {
        &mut self.squares[h.index()]
    }
}

/// What one side holds besides its stones on the board.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Stock {
    /// Stones not yet placed.
    pub in_hand: u8,
    /// Echo charges left.
    pub echoes: u8,
    /// Enemy stones taken so far.
    pub taken: u8,
    /// Raises made.
    pub raised: u8,
    /// Lowers left.
    pub lowers: u8,
    /// Whether the side has placed a stone yet.
    pub has_placed: bool,
    /// Whether its Echo-Lock is spent.
    pub lock_spent: bool,
    /// Where its stones were taken since its last Place or Skip.
    pub cooldown: Vec<Hex>,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndBy {
    /// A Network of top stones.
    Network,
    /// Enough stones taken.
    Takeover,
    /// The side to move cannot move.
    Strangle,
    /// A position repeated by the side that lost.
    Repetition,
    /// A position seen three times: a draw.
    Threefold,
    /// The move cap; the tiebreak step (1 to 4) that decided, or none for a
    /// draw.
    Cap {
        /// The deciding step.
        tiebreak: Option<u8>,
    },
}

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Ending {
    /// The winner; none for a draw.
    pub winner: Option<Side>,
    /// How it ended.
    pub by: EndBy,
}

/// A game state. Any value can be written down; [`crate::ExampleEngine::load`]
/// says whether it is a position a game can reach.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// The squares.
    pub board: Board,
    /// Each side's stock, `First` then `Second`.
    pub stock: [Stock; 2],
    /// The side to move.
    pub to_move: Side,
    /// Half-moves played.
    pub ply: u16,
    /// The result, once the game is over.
    pub ending: Option<Ending>,
}

impl Position {
    /// The stock of `side`.
    pub fn stock(&self, side: Side) -> &Stock {
        match side {
            Side::First => &self.stock[0],
            Side::Second => &self.stock[1],
        }
    }
}
