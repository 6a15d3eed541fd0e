//! The most turn sequences a position can have at a depth: a perft count
//! above it is impossible, whatever the position (N1).

use hexodic_rules::Cell;

const CELLS: u64 = Cell::COUNT as u64;

/// How many turns the notation can write: every Project (a Place on each
/// cell, a Move from one cell to another, the Skip), each with or without a
/// Shape (raise or lower a cell) and with or without an Echo (lock or aim
/// at a cell). No position has more legal turns (T1).
pub const TURNS_WRITABLE: u64 =
    (CELLS + CELLS * (CELLS - 1) + 1) * (1 + 2 * CELLS) * (1 + 2 * CELLS);

/// The most turn sequences of `depth` turns any position can have:
/// [`TURNS_WRITABLE`] to the power `depth` (the largest count a perft
/// reply can hold when that overflows).
///
/// ```
/// use hexodic_report::bound::{perft_bound, TURNS_WRITABLE};
/// assert_eq!(perft_bound(0), 1);
/// assert_eq!(perft_bound(1), TURNS_WRITABLE);
/// assert!(perft_bound(2) < 1 << 63);
/// ```
pub fn perft_bound(depth: u32) -> u64 {
    TURNS_WRITABLE.saturating_pow(depth)
}

/// Whether `count` sequences of `depth` turns cannot exist in any position.
pub fn impossible_count(depth: u32, count: u64) -> bool {
    count > perft_bound(depth)
}
