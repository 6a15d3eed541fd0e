//! [`Position`]: a validated game state, built only by validating a
//! [`Setup`](crate::Setup) or by playing turns.

use crate::cell::Cell;
use crate::cellset::CellSet;
use crate::outcome::Outcome;
use crate::player::Player;
use crate::ruleset::RS;

/// Per-player counters (P2). The same shape is used by [`Setup`](crate::Setup),
/// where the values may be out of range.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Counters {
    /// Stones in reserve.
    pub reserve: u8,
    /// Echo charges left.
    pub charges: u8,
    /// Enemy stones captured so far (every kind, C3).
    pub captures: u8,
    /// Raises made (S4).
    pub raises: u8,
    /// Lowers left of the lowering budget (S4).
    pub lowers_left: u8,
    /// Whether the player has made a first Place (T4).
    pub first_placed: bool,
    /// Whether the player has used its Echo-Lock (E2).
    pub lock_used: bool,
    /// Cells where the player's stones were captured since its last Place or Skip (T4, T5).
    pub cooldown: CellSet,
}

impl Counters {
    /// The counters at the start of a game (P2).
    pub const START: Counters = Counters {
        reserve: RS.stones,
        charges: RS.charges,
        captures: 0,
        raises: 0,
        lowers_left: RS.lowers,
        first_placed: false,
        lock_used: false,
        cooldown: CellSet::EMPTY,
    };
}

/// A valid Hexodic position: stones, tiers, locks, both players' counters,
/// the player to move, the half-move count and, once the game is over, its
/// [`Outcome`]. At most 128 bytes and `Copy`; the repetition history lives
/// beside it in a [`Game`](crate::Game).
///
/// Tiers are two bitboards: `raised` (tier >= 1) and `top` (tier 2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(crate) stones: [CellSet; 2],
    pub(crate) raised: CellSet,
    pub(crate) top: CellSet,
    pub(crate) locked: CellSet,
    pub(crate) counters: [Counters; 2],
    pub(crate) half_moves: u16,
    pub(crate) to_move: Player,
    pub(crate) outcome: Option<Outcome>,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The starting position (P2): empty board, all tiers 0, `X` to move.
    pub const fn start() -> Position {
        Position {
            stones: [CellSet::EMPTY; 2],
            raised: CellSet::EMPTY,
            top: CellSet::EMPTY,
            locked: CellSet::EMPTY,
            counters: [Counters::START; 2],
            half_moves: 0,
            to_move: Player::X,
            outcome: None,
        }
    }

    /// The player to move (or, after a Network or Takeover, the winner: G0).
    pub const fn to_move(&self) -> Player {
        self.to_move
    }

    /// Half-moves played (G3).
    pub const fn half_moves(&self) -> u16 {
        self.half_moves
    }

    /// The result, once the game is over (G8).
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The cells holding `player`'s stones.
    pub const fn stones(&self, player: Player) -> CellSet {
        self.stones[player.index()]
    }

    /// The cells holding any stone.
    pub fn occupied(&self) -> CellSet {
        self.stones[0] | self.stones[1]
    }

    /// The cells holding no stone, locked or not (C0).
    pub fn empty(&self) -> CellSet {
        !self.occupied()
    }

    /// Who stands on `cell`.
    pub const fn stone_at(&self, cell: Cell) -> Option<Player> {
        if self.stones[0].contains(cell) {
            Some(Player::X)
        } else if self.stones[1].contains(cell) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The tier of `cell`, 0 to 2.
    pub const fn tier(&self, cell: Cell) -> u8 {
        self.raised.contains(cell) as u8 + self.top.contains(cell) as u8
    }

    /// Cells of tier 1 or 2.
    pub const fn raised(&self) -> CellSet {
        self.raised
    }

    /// Cells of tier exactly `tier`.
    pub fn tier_set(&self, tier: u8) -> CellSet {
        match tier {
            0 => !self.raised,
            1 => self.raised - self.top,
            2 => self.top,
            _ => CellSet::EMPTY,
        }
    }

    /// Locked cells (E2).
    pub const fn locked(&self) -> CellSet {
        self.locked
    }

    /// Whether `cell` is locked.
    pub const fn is_locked(&self, cell: Cell) -> bool {
        self.locked.contains(cell)
    }

    /// A player's counters.
    pub const fn counters(&self, player: Player) -> &Counters {
        &self.counters[player.index()]
    }

    /// Sum of the tiers of all cells.
    pub fn tier_total(&self) -> u32 {
        self.raised.count() + self.top.count()
    }

    /// Sum of the tiers under `player`'s stones (tiebreak step 2).
    pub fn tier_sum_under(&self, player: Player) -> u32 {
        let s = self.stones(player);
        (s & self.raised).count() + (s & self.top).count()
    }

    /// `player`'s stones on unlocked tier-2 cells (tiebreak step 1).
    pub fn stones_on_unlocked_top(&self, player: Player) -> u32 {
        (self.stones(player) & (self.top - self.locked)).count()
    }

    /// Size of `player`'s largest group of stones on tier-2 cells (G1).
    pub fn network_size(&self, player: Player) -> u32 {
        (self.stones(player) & self.top).largest_component()
    }

    // ---- state changes used by play ----

    #[inline]
    pub(crate) fn put_stone(&mut self, p: Player, c: Cell) {
        self.stones[p.index()].insert(c);
    }

    #[inline]
    pub(crate) fn take_stone(&mut self, p: Player, c: Cell) {
        self.stones[p.index()].remove(c);
    }

    #[inline]
    pub(crate) fn raise(&mut self, c: Cell) {
        if self.raised.contains(c) {
            self.top.insert(c);
        } else {
            self.raised.insert(c);
        }
    }

    #[inline]
    pub(crate) fn lower(&mut self, c: Cell) {
        if self.top.contains(c) {
            self.top.remove(c);
        } else {
            self.raised.remove(c);
        }
    }

    #[inline]
    pub(crate) fn lock(&mut self, c: Cell) {
        self.locked.insert(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_is_small() {
        assert!(std::mem::size_of::<Position>() <= 128);
    }
}
