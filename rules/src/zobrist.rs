//! Zobrist keys for the repetition key (G5), generated at compile time.

use crate::cell::Cell;
use crate::cellset::CellSet;
use crate::player::Player;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// 5 tables of 64 keys: X stone, O stone, tier >= 1, tier 2, lock; then one for the side.
const fn build() -> [[u64; 64]; 6] {
    let mut out = [[0u64; 64]; 6];
    let mut state = 0x4845_584F_4449_4321; // fixed seed
    let mut t = 0;
    while t < 6 {
        let mut i = 0;
        while i < 64 {
            let (s, v) = splitmix(state);
            state = s;
            out[t][i] = v;
            i += 1;
        }
        t += 1;
    }
    out
}

const KEYS: [[u64; 64]; 6] = build();

#[inline]
pub(crate) const fn stone(p: Player, c: Cell) -> u64 {
    KEYS[p.index()][c.bit() as usize]
}
#[inline]
pub(crate) const fn raised(c: Cell) -> u64 {
    KEYS[2][c.bit() as usize]
}
#[inline]
pub(crate) const fn top(c: Cell) -> u64 {
    KEYS[3][c.bit() as usize]
}
#[inline]
pub(crate) const fn lock(c: Cell) -> u64 {
    KEYS[4][c.bit() as usize]
}

/// The board part of the key, from scratch.
pub(crate) fn board(stones: [CellSet; 2], raised_: CellSet, top_: CellSet, locked: CellSet) -> u64 {
    let mut h = 0;
    for c in stones[0] {
        h ^= stone(Player::X, c);
    }
    for c in stones[1] {
        h ^= stone(Player::O, c);
    }
    for c in raised_ {
        h ^= raised(c);
    }
    for c in top_ {
        h ^= top(c);
    }
    for c in locked {
        h ^= lock(c);
    }
    h
}

/// Mix a 64-bit value (the finaliser of splitmix64).
#[inline]
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Combine the board hash with the side to move and both players' packed counters.
#[inline]
pub(crate) const fn finish(board: u64, to_move: Player, cx: u64, co: u64) -> u64 {
    let side = match to_move {
        Player::X => 0,
        Player::O => KEYS[5][0],
    };
    board ^ side ^ mix(cx ^ KEYS[5][1]) ^ mix(co ^ KEYS[5][2]).rotate_left(17)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys come from splitmix64 (its published first outputs from
    /// seed 0), so the table is the well-mixed one the key relies on.
    #[test]
    fn keys_come_from_splitmix64() {
        let (s, first) = splitmix(0);
        assert_eq!(first, 0xe220_a839_7b1d_cdaf);
        assert_eq!(splitmix(s).1, 0x6e78_9e6a_a1b9_65f4);
        // The counters are mixed by the same finaliser.
        assert_eq!(mix(0x9E37_79B9_7F4A_7C15), first);
    }

    /// G5: no two keys a position uses are equal or zero, so no two
    /// positions differing in one stone, tier or lock share a key.
    #[test]
    fn the_keys_a_position_uses_are_distinct_and_non_zero() {
        let mut seen = std::collections::HashSet::new();
        for c in Cell::ALL {
            for k in [
                stone(Player::X, c),
                stone(Player::O, c),
                raised(c),
                top(c),
                lock(c),
            ] {
                assert_ne!(k, 0, "{c}");
                assert!(seen.insert(k), "{c}: a key used twice");
            }
        }
        for k in &KEYS[5][..3] {
            assert!(seen.insert(*k), "a side or counter key used twice");
        }
    }

    /// G5: the board enters the key by XOR alone (the key can be updated
    /// stone by stone), and the side to move and each player's counters
    /// change it.
    #[test]
    fn the_board_enters_the_key_by_xor_and_every_part_counts() {
        let (b1, b2) = (
            stone(Player::X, Cell::ALL[3]),
            raised(Cell::ALL[20]) ^ lock(Cell::ALL[9]),
        );
        for (cx, co) in [(0, 0), (5, 0), (0, 7), (u64::MAX, 12345)] {
            for side in [Player::X, Player::O] {
                assert_eq!(finish(b1, side, cx, co) ^ finish(b2, side, cx, co), b1 ^ b2);
            }
            let k = finish(b1, Player::X, cx, co);
            assert_ne!(k, finish(b1, Player::O, cx, co));
            // Every bit of either player's packed counters counts.
            for bit in 0..48 {
                assert_ne!(k, finish(b1, Player::X, cx ^ 1 << bit, co), "X bit {bit}");
                assert_ne!(k, finish(b1, Player::X, cx, co ^ 1 << bit), "O bit {bit}");
            }
        }
        // X's counters and O's are told apart.
        assert_ne!(finish(0, Player::X, 3, 4), finish(0, Player::X, 4, 3));
    }
}
