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
