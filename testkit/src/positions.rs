//! Varied valid positions (V1) for comparisons: random boards, the
//! repetition arena, and edits of a position that reach the rules random
//! play from the start never shows (forced Skips, empty reserves, the cap,
//! spent budgets, locks). Every position returned passes
//! [`Setup::validate`]; the counters are settled so that I1-I4 hold.

use hexodic_rules::random::Rng;
use hexodic_rules::{Cell, CellSet, Player, Ruleset, Setup};

const RS: Ruleset = Ruleset::STANDARD;

/// Make the counters consistent with the board (I1-I4): reserves from the
/// stones on the board, a first Place for a player with stones out, the
/// Echo-Locks used by the owners of the locked cells, one charge spent per
/// lock, and `X`'s raises set so that the tier sum holds (I3).
pub fn settle(s: &mut Setup) {
    for p in Player::BOTH {
        let on_board = s.cells.iter().filter(|c| c.stone == Some(p)).count() as u8;
        let k = &mut s.counters[p.index()];
        k.reserve = RS.stones.saturating_sub(on_board);
        k.first_placed |= on_board > 0;
        k.lock_used = false;
    }
    let mut locks = 0;
    for i in 0..s.cells.len() {
        if !s.cells[i].locked {
            continue;
        }
        // At most one lock per player (E2), each on tier 2 (I2).
        let owner = match s.cells[i].stone {
            Some(p) if !s.counters[p.index()].lock_used => Some(p),
            _ => Player::BOTH
                .into_iter()
                .find(|p| !s.counters[p.index()].lock_used),
        };
        match owner {
            Some(p) if locks < 2 => {
                s.counters[p.index()].lock_used = true;
                s.cells[i].tier = RS.max_tier;
                locks += 1;
            }
            _ => s.cells[i].locked = false,
        }
    }
    for k in &mut s.counters {
        if k.lock_used && k.charges >= RS.charges {
            k.charges = RS.charges - 1;
        }
        k.charges = k.charges.min(RS.charges);
        k.lowers_left = k.lowers_left.min(RS.lowers);
    }
    let total: i64 = s.cells.iter().map(|c| i64::from(c.tier)).sum();
    let made: i64 = s
        .counters
        .iter()
        .map(|k| i64::from(RS.lowers - k.lowers_left))
        .sum();
    let raises = total + made;
    let o = i64::from(s.counters[1].raises).min(raises);
    s.counters[1].raises = o as u8;
    s.counters[0].raises = (raises - o).clamp(0, 255) as u8;
}

/// `s` settled, if it is then valid (V1).
fn valid(mut s: Setup) -> Option<Setup> {
    settle(&mut s);
    s.validate().ok().map(|_| s)
}

fn pick_cells(rng: &mut Rng, from: &[usize], n: usize) -> Vec<usize> {
    let mut pool = from.to_vec();
    let mut out = Vec::new();
    while out.len() < n && !pool.is_empty() {
        let k = rng.below(pool.len() as u64) as usize;
        out.push(pool.swap_remove(k));
    }
    out
}

fn empty_cells(s: &Setup) -> Vec<usize> {
    (0..s.cells.len())
        .filter(|i| s.cells[*i].stone.is_none() && !s.cells[*i].locked)
        .collect()
}

/// A random valid position: random tiers, up to 7 stones a side, sometimes
/// locks and cooldown sets, random budgets and counts. Dense, raised boards
/// make encirclements (interior ones too), Echo-Captures and Move captures
/// common.
pub fn random_setup(rng: &mut Rng) -> Setup {
    for _ in 0..1000 {
        let mut s = Setup::default();
        for c in s.cells.iter_mut() {
            c.tier = match rng.below(20) {
                0..=7 => 0,
                8..=14 => 1,
                _ => 2,
            };
        }
        let all: Vec<usize> = (0..37).collect();
        let nx = 1 + rng.below(7) as usize;
        let no = 1 + rng.below(7) as usize;
        let cells = pick_cells(rng, &all, nx + no);
        for (n, i) in cells.into_iter().enumerate() {
            s.cells[i].stone = Some(if n < nx { Player::X } else { Player::O });
        }
        for _ in 0..rng.below(3) {
            let i = rng.below(37) as usize;
            s.cells[i].locked = true;
        }
        s.to_move = Player::BOTH[rng.below(2) as usize];
        s.half_moves = if rng.below(4) == 0 {
            55 + rng.below(5) as u16
        } else {
            rng.below(55) as u16
        };
        for k in &mut s.counters {
            k.lowers_left = rng.below(7) as u8;
            k.charges = rng.below(4) as u8;
            k.captures = rng.below(6) as u8;
            k.raises = rng.below(20) as u8;
        }
        if rng.below(3) == 0 {
            let p = Player::BOTH[rng.below(2) as usize];
            let free = empty_cells(&s);
            let n = 1 + rng.below(3) as usize;
            let cool: CellSet = pick_cells(rng, &free, n)
                .into_iter()
                .map(|i| Cell::ALL[i])
                .collect();
            s.counters[p.index()].cooldown = cool;
        }
        if let Some(v) = valid(s) {
            return v;
        }
    }
    Setup::default()
}

/// The repetition arena: every cell on tier 2, 7 stones a side, empty
/// reserves, no lowers and no charges, so every turn is a bare Move with
/// no Shape and no Echo, and positions come back (G5).
pub fn arena(rng: &mut Rng) -> Setup {
    for _ in 0..1000 {
        let mut s = Setup::default();
        for c in s.cells.iter_mut() {
            c.tier = RS.max_tier;
        }
        let all: Vec<usize> = (0..37).collect();
        for (n, i) in pick_cells(rng, &all, 14).into_iter().enumerate() {
            s.cells[i].stone = Some(if n < 7 { Player::X } else { Player::O });
        }
        s.to_move = Player::BOTH[rng.below(2) as usize];
        s.half_moves = rng.below(50) as u16;
        for k in &mut s.counters {
            k.lowers_left = 0;
            k.charges = 0;
            k.raises = 43;
        }
        if let Some(v) = valid(s) {
            return v;
        }
    }
    Setup::default()
}

/// Edits of `s`, each kept when the result is valid: the cap one to four
/// half-moves away; a forced Skip for the side to move (its cooldown set
/// covering every free cell, T5); both reserves emptied onto free cells
/// (Moves only, G4); lowers and charges spent (S2, E1); a tier-2 stone of
/// the side to move Echo-Locked (E2); the other side to move.
pub fn variants(s: &Setup, rng: &mut Rng) -> Vec<Setup> {
    let mut out = Vec::new();
    let me = s.to_move;
    let mut keep = |v: Setup| {
        if let Some(v) = valid(v) {
            if v != *s && !out.contains(&v) {
                out.push(v);
            }
        }
    };
    let mut v = *s;
    v.half_moves = RS.half_move_cap - 1 - rng.below(4) as u16;
    keep(v);
    let mut v = *s;
    v.counters[me.index()].cooldown = empty_cells(s).into_iter().map(|i| Cell::ALL[i]).collect();
    keep(v);
    let mut v = *s;
    for p in Player::BOTH {
        let n = v.counters[p.index()].reserve as usize;
        for i in pick_cells(rng, &empty_cells(&v), n) {
            v.cells[i].stone = Some(p);
        }
        v.counters[p.index()].cooldown = CellSet::EMPTY;
    }
    keep(v);
    let mut v = *s;
    for k in &mut v.counters {
        k.lowers_left = 0;
        k.charges = rng.below(2) as u8;
    }
    keep(v);
    let mut v = *s;
    let tops: Vec<usize> = (0..37)
        .filter(|i| v.cells[*i].stone == Some(me) && v.cells[*i].tier == RS.max_tier)
        .collect();
    if let Some(i) = pick_cells(rng, &tops, 1).first() {
        v.cells[*i].locked = true;
        keep(v);
    }
    let mut v = *s;
    v.to_move = me.other();
    keep(v);
    out
}

/// An encirclement in the making: an enemy stone (tier 1 or 2, often away
/// from the edge) with the side to move's stones on all its neighbouring
/// cells but one, sometimes with a second enemy stone beside it (an
/// Echo-Capture group, E4). Placing on the gap may encircle it (C1, C2).
pub fn ring(rng: &mut Rng) -> Setup {
    for _ in 0..1000 {
        let mut s = Setup::default();
        for c in s.cells.iter_mut() {
            c.tier = rng.below(3) as u8;
        }
        let me = Player::BOTH[rng.below(2) as usize];
        s.to_move = me;
        let interior: Vec<Cell> = Cell::ALL
            .into_iter()
            .filter(|c| rng.below(3) == 0 || c.edge_slots() == 0)
            .collect();
        let target = interior[rng.below(interior.len() as u64) as usize];
        s.cell_mut(target).stone = Some(me.other());
        s.cell_mut(target).tier = 1 + rng.below(2) as u8;
        let around: Vec<Cell> = CellSet::neighbours(target).iter().collect();
        let gap = rng.below(around.len() as u64) as usize;
        let friend = if rng.below(3) == 0 {
            Some((gap + 1) % around.len())
        } else {
            None
        };
        for (n, c) in around.iter().enumerate() {
            if n == gap {
                continue;
            }
            let cell = s.cell_mut(*c);
            if Some(n) == friend {
                cell.stone = Some(me.other());
                cell.tier = 1 + rng.below(2) as u8;
            } else {
                cell.stone = Some(me);
                cell.tier = if rng.below(5) < 3 { 2 } else { 1 };
            }
        }
        let free = empty_cells(&s);
        let extra = rng.below(4) as usize;
        for i in pick_cells(rng, &free, extra) {
            s.cells[i].stone = Some(me.other());
        }
        s.half_moves = rng.below(50) as u16;
        for k in &mut s.counters {
            k.first_placed = true;
            k.charges = 1 + rng.below(3) as u8;
            k.lowers_left = rng.below(7) as u8;
            k.captures = rng.below(4) as u8;
        }
        if let Some(v) = valid(s) {
            if v.counters[me.index()].reserve > 0 {
                return v;
            }
        }
    }
    Setup::default()
}
