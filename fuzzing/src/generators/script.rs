//! Mutation scripts: edits applied to a [`Setup`], each kept only when the
//! result is a valid position (V1), aimed at situations uniform play never
//! reaches.

use hexodic_rules::{Cell, CellSet, Player, Position, Ruleset, Setup};

const RS: Ruleset = Ruleset::STANDARD;

/// One edit of a mutation script, applied to a [`Setup`]. Cells are given
/// as indices modulo 37 ([`Cell::ALL`]); `x: true` means player `X`. Every
/// edit keeps the stone count (I1), the tier sum (I3) and the lock count (I2)
/// consistent by adjusting counters, so only the end-of-game checks of V1
/// can reject it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Put a reserve stone of the player on the cell, if it is empty.
    Place {
        /// Cell index.
        cell: u8,
        /// `X` when true.
        x: bool,
    },
    /// Take the stone off the cell, back to its owner's reserve.
    Remove {
        /// Cell index.
        cell: u8,
    },
    /// Raise an unlocked cell one tier, counted as a raise of the player.
    Raise {
        /// Cell index.
        cell: u8,
        /// `X` when true.
        x: bool,
    },
    /// Lower an unlocked cell one tier, spending one of the player's lowers.
    Lower {
        /// Cell index.
        cell: u8,
        /// `X` when true.
        x: bool,
    },
    /// Raise the cell to tier 2 and lock it with the player's Echo-Lock.
    Lock {
        /// Cell index.
        cell: u8,
        /// `X` when true.
        x: bool,
    },
    /// Set the player's charges (modulo 4).
    Charges {
        /// `X` when true.
        x: bool,
        /// Charges, modulo 4.
        n: u8,
    },
    /// Set the player's capture count (modulo 7).
    Captures {
        /// `X` when true.
        x: bool,
        /// Captures, modulo 7.
        n: u8,
    },
    /// Set the player's lowers left (modulo 7), adjusting raises to keep I3.
    LowersLeft {
        /// `X` when true.
        x: bool,
        /// Lowers left, modulo 7.
        n: u8,
    },
    /// Set the half-move count near the cap: `40 + n % 20`.
    NearCap {
        /// Offset.
        n: u8,
    },
    /// Add a cell to the player's cooldown set.
    Cooldown {
        /// Cell index.
        cell: u8,
        /// `X` when true.
        x: bool,
    },
    /// Make the cooldown set cover every cell the player could Place on,
    /// which forces a Skip while it has stones in reserve (T5).
    ForceSkip {
        /// `X` when true.
        x: bool,
    },
    /// Place every reserve stone of the player, spread by `seed`, so that it
    /// must Move (T3).
    EmptyReserve {
        /// `X` when true.
        x: bool,
        /// Spreads the stones.
        seed: u8,
    },
    /// Fill the cell's empty neighbours with the player's reserve stones and
    /// raise them, to build interior encirclements (C1, C2).
    Surround {
        /// Cell index.
        cell: u8,
        /// `X` when true.
        x: bool,
    },
    /// Raise every unlocked cell within 2 steps of the cell to tier 2 and
    /// spend the player's lowers: with no legal Shape around, turns without
    /// a Shape (S3) and so repeated positions (G5) become possible.
    Plateau {
        /// Cell index.
        cell: u8,
        /// `X` when true.
        x: bool,
    },
    /// Set the player to move.
    ToMove {
        /// `X` when true.
        x: bool,
    },
}

fn cell(i: u8) -> Cell {
    Cell::ALL[i as usize % Cell::COUNT]
}

fn player(x: bool) -> Player {
    if x {
        Player::X
    } else {
        Player::O
    }
}

fn put(s: &mut Setup, c: Cell, p: Player) -> bool {
    let k = &mut s.counters[p.index()];
    if s.cells[c.index()].stone.is_some() || k.reserve == 0 {
        return false;
    }
    k.reserve -= 1;
    k.first_placed = true;
    s.cells[c.index()].stone = Some(p);
    true
}

fn raise(s: &mut Setup, c: Cell, p: Player) {
    let sc = &mut s.cells[c.index()];
    if sc.tier < RS.max_tier && !sc.locked {
        sc.tier += 1;
        let k = &mut s.counters[p.index()];
        k.raises = k.raises.saturating_add(1);
    }
}

/// The cells `p` could Place on, cooldown aside (`E` of T5).
fn place_space(s: &Setup, p: Player) -> CellSet {
    let first = s.counters[p.index()].first_placed;
    Cell::ALL
        .iter()
        .copied()
        .filter(|c| {
            let sc = s.cell(*c);
            sc.stone.is_none() && !sc.locked && (first || *c != Cell::CENTRE)
        })
        .collect()
}

impl Edit {
    /// Apply the edit; it may leave the setup invalid (checked by the caller).
    // One arm per kind of edit: they share the bookkeeping that keeps I1-I3.
    pub fn apply(self, s: &mut Setup) {
        match self {
            Edit::Place { cell: c, x } => {
                put(s, cell(c), player(x));
            }
            Edit::Remove { cell: c } => {
                let sc = &mut s.cells[cell(c).index()];
                if let Some(p) = sc.stone.take() {
                    let k = &mut s.counters[p.index()];
                    k.reserve = k.reserve.saturating_add(1);
                }
            }
            Edit::Raise { cell: c, x } => raise(s, cell(c), player(x)),
            Edit::Lower { cell: c, x } => {
                let sc = &mut s.cells[cell(c).index()];
                let k = &mut s.counters[player(x).index()];
                if sc.tier > 0 && !sc.locked && k.lowers_left > 0 {
                    sc.tier -= 1;
                    k.lowers_left -= 1;
                }
            }
            Edit::Lock { cell: c, x } => {
                let p = player(x);
                let sc = &mut s.cells[cell(c).index()];
                let k = &mut s.counters[p.index()];
                if !k.lock_used && !sc.locked && k.charges > 0 {
                    k.raises = k
                        .raises
                        .saturating_add(RS.max_tier - sc.tier.min(RS.max_tier));
                    sc.tier = RS.max_tier;
                    sc.locked = true;
                    k.lock_used = true;
                    k.charges = k.charges.min(RS.charges - 1);
                    if sc.stone.is_none() {
                        put(s, cell(c), p);
                    }
                }
            }
            Edit::Charges { x, n } => {
                let k = &mut s.counters[player(x).index()];
                k.charges = n % (RS.charges + 1);
                if k.lock_used {
                    k.charges = k.charges.min(RS.charges - 1);
                }
            }
            Edit::Captures { x, n } => {
                s.counters[player(x).index()].captures = n % (RS.takeover_captures + 1);
            }
            Edit::LowersLeft { x, n } => {
                let k = &mut s.counters[player(x).index()];
                let n = n % (RS.lowers + 1);
                // Lowers made rise by (old - n); raises rise as much to keep I3.
                let more = k.lowers_left as i16 - n as i16;
                let raises = k.raises as i16 + more;
                if (0..=255).contains(&raises) {
                    k.raises = raises as u8;
                    k.lowers_left = n;
                }
            }
            Edit::NearCap { n } => s.half_moves = 40 + (n % 20) as u16,
            Edit::Cooldown { cell: c, x } => {
                s.counters[player(x).index()].cooldown.insert(cell(c));
            }
            Edit::ForceSkip { x } => {
                let p = player(x);
                s.counters[p.index()].cooldown = place_space(s, p);
            }
            Edit::EmptyReserve { x, seed } => {
                let p = player(x);
                let mut step = seed as usize;
                while s.counters[p.index()].reserve > 0 {
                    let free: Vec<Cell> = place_space(s, p).iter().collect();
                    if free.is_empty() {
                        break;
                    }
                    step = step.wrapping_mul(31).wrapping_add(17);
                    put(s, free[step % free.len()], p);
                }
            }
            Edit::Surround { cell: c, x } => {
                let p = player(x);
                let c = cell(c);
                for n in CellSet::neighbours(c) {
                    if put(s, n, p) {
                        raise(s, n, p);
                    }
                }
            }
            Edit::Plateau { cell: c, x } => {
                let p = player(x);
                for n in CellSet::within_two(cell(c)) {
                    raise(s, n, p);
                    raise(s, n, p);
                }
                // Lowers made rise to the whole budget; raises as much (I3).
                let k = &mut s.counters[p.index()];
                k.raises = k.raises.saturating_add(k.lowers_left);
                k.lowers_left = 0;
            }
            Edit::ToMove { x } => s.to_move = player(x),
        }
    }
}

/// Apply a mutation script to `start`: each edit is kept only when the
/// resulting setup is valid (V1), so the result is always a valid position.
pub fn apply_script(start: &Position, edits: &[Edit]) -> Position {
    let mut pos = *start;
    let mut setup = Setup::from(start);
    for e in edits {
        let mut next = setup;
        next.outcome = None;
        e.apply(&mut next);
        if let Ok(p) = next.validate() {
            setup = next;
            pos = p;
        }
    }
    pos
}
