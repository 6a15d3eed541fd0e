//! [`Player`]: `X`, who moves first, and `O` (P1).

use std::fmt;

/// One of the two players (P1). `X` moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Player {
    /// The first player.
    X = 0,
    /// The second player.
    O = 1,
}

impl Player {
    /// Both players, `X` first.
    pub const BOTH: [Player; 2] = [Player::X, Player::O];

    /// The other player.
    #[inline]
    pub const fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// `0` for `X`, `1` for `O`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lowercase letter used by the notations: `x` or `o`.
    pub const fn char(self) -> char {
        match self {
            Player::X => 'x',
            Player::O => 'o',
        }
    }

    /// Parse `x`/`X` or `o`/`O`.
    pub const fn from_char(c: char) -> Option<Player> {
        match c {
            'x' | 'X' => Some(Player::X),
            'o' | 'O' => Some(Player::O),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::X => "X",
            Player::O => "O",
        })
    }
}
