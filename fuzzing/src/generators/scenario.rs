//! Built scenarios for the rules random play never reaches: Strangle,
//! repetition, Network, Takeover, forced Skip, and each of them on the
//! capping turn.

use super::script::{apply_script, Edit};
use crate::choose::Choose;
use hexodic_rules::{Cell, CellSet, Player, Position, Ruleset, Setup};

/// A random cell.
fn any_cell(rng: &mut dyn Choose) -> Cell {
    Cell::ALL[rng.below(Cell::COUNT as u64) as usize]
}

/// `p`'s stones on free cells until it has `total` on the board, each on
/// a cell chosen among the free ones (so the choices always progress, even
/// when they have run out and every choice is 0).
fn fill(rng: &mut dyn Choose, s: &mut Setup, p: Player, total: usize) {
    let mut placed = Cell::ALL
        .iter()
        .filter(|c| s.cell(**c).stone == Some(p))
        .count();
    while placed < total {
        let free: Vec<Cell> = Cell::ALL
            .iter()
            .copied()
            .filter(|c| s.cell(*c).stone.is_none())
            .collect();
        let Some(c) = crate::choose::pick(rng, &free) else {
            return;
        };
        s.cell_mut(c).stone = Some(p);
        placed += 1;
    }
}

/// Either player, evenly.
fn any_player(rng: &mut dyn Choose) -> Player {
    if rng.below(2) == 0 {
        Player::X
    } else {
        Player::O
    }
}

/// A Strangle in waiting (G4): the player not to move has all seven stones
/// on the board, boxed in by the mover's stones and the edge, so most turns
/// of the mover leave it without a legal Project.
pub(super) fn strangle_scenario(rng: &mut dyn Choose) -> Option<Position> {
    let mover = any_player(rng);
    let boxed = mover.other();
    // Grow a cluster of seven cells from a corner, each time taking a cell
    // that keeps the ring around it (the mover's wall) small: with at most
    // six wall stones the mover keeps a stone in reserve, so it can Place
    // elsewhere and leave the box shut.
    let corners: Vec<Cell> = Cell::ALL
        .iter()
        .copied()
        .filter(|c| c.edge_slots() == 3)
        .collect();
    let mut cluster = CellSet::from_cell(corners[rng.below(corners.len() as u64) as usize]);
    while cluster.count() < 7 {
        let frontier: Vec<Cell> = (cluster.dilate() - cluster).iter().collect();
        let wall_with = |c: Cell| {
            let mut k = cluster;
            k.insert(c);
            (k.dilate() - k).count()
        };
        let best = frontier.iter().map(|c| wall_with(*c)).min().unwrap_or(0);
        let pool: Vec<Cell> = frontier
            .iter()
            .copied()
            .filter(|c| wall_with(*c) <= best + rng.below(2) as u32)
            .collect();
        cluster.insert(pool[rng.below(pool.len() as u64) as usize]);
    }
    let wall = cluster.dilate() - cluster;
    if wall.count() > 7 {
        return None;
    }
    let mut s = Setup::default();
    for c in cluster {
        s.cell_mut(c).stone = Some(boxed);
    }
    for c in wall {
        s.cell_mut(c).stone = Some(mover);
    }
    let mine = wall.count() as u8;
    let b = &mut s.counters[boxed.index()];
    b.reserve = 0;
    b.first_placed = true;
    b.captures = rng.below(4) as u8;
    let m = &mut s.counters[mover.index()];
    m.reserve = 7 - mine;
    m.first_placed = true;
    m.captures = rng.below(4) as u8;
    s.to_move = mover;
    s.half_moves = 10 + rng.below(40) as u16;
    s.validate().ok()
}

/// A repetition arena (G5): every cell on tier 2 and no lowers left, so no
/// Shape is ever legal and turns can undo each other; both reserves empty.
pub(super) fn repetition_scenario(rng: &mut dyn Choose) -> Option<Position> {
    let mut s = Setup::default();
    for c in Cell::ALL {
        s.cell_mut(c).tier = 2;
    }
    for p in Player::BOTH {
        fill(rng, &mut s, p, 7);
        let c = &mut s.counters[p.index()];
        c.reserve = 0;
        c.first_placed = true;
        c.lowers_left = 0;
        c.raises = 43;
        c.charges = rng.below(2) as u8;
        c.captures = rng.below(3) as u8;
    }
    s.to_move = any_player(rng);
    s.half_moves = rng.below(40) as u16;
    s.validate().ok()
}

/// A Network in one (G1): the mover has four stones on connected tier-2
/// cells and a tier-1 cell beside them to Place on and raise.
fn network_scenario(rng: &mut dyn Choose) -> Option<Position> {
    let mover = any_player(rng);
    let mut chain = CellSet::from_cell(any_cell(rng));
    while chain.count() < 5 {
        let frontier: Vec<Cell> = (chain.dilate() - chain).iter().collect();
        chain.insert(frontier[rng.below(frontier.len() as u64) as usize]);
    }
    let last = chain.iter().nth(rng.below(5) as usize)?;
    let mut s = Setup::default();
    for c in chain {
        s.cell_mut(c).tier = 2;
        if c != last {
            s.cell_mut(c).stone = Some(mover);
        }
    }
    s.cell_mut(last).tier = 1;
    let m = &mut s.counters[mover.index()];
    m.reserve = 3;
    m.first_placed = true;
    m.raises = 9;
    s.to_move = mover;
    s.validate().ok()
}

/// Two groups of the mover's tier-2 stones (two and three) joined only
/// through its stone on a tier-1 cell: not a Network (G1: only tier-2
/// stones link), whatever the mover plays elsewhere.
fn linked_network_scenario(rng: &mut dyn Choose) -> Option<Position> {
    let mover = any_player(rng);
    let dir = rng.below(6) as usize;
    let mut line = vec![any_cell(rng)];
    while line.len() < 6 {
        let next = line.last()?.step(dir)?;
        line.push(next);
    }
    let mut s = Setup::default();
    for (i, c) in line.iter().enumerate() {
        s.cell_mut(*c).stone = Some(mover);
        s.cell_mut(*c).tier = if i == 2 { 1 } else { 2 };
    }
    let m = &mut s.counters[mover.index()];
    m.reserve = 1;
    m.first_placed = true;
    m.raises = 11;
    s.to_move = mover;
    s.validate().ok()
}

/// A Takeover in one (G2): the mover has five captures, an empty reserve and
/// a stone above an enemy stone it can Move onto.
fn takeover_scenario(rng: &mut dyn Choose) -> Option<Position> {
    let mover = any_player(rng);
    let from = any_cell(rng);
    let to = from.step(rng.below(6) as usize)?;
    let mut s = Setup::default();
    s.cell_mut(from).tier = 1;
    s.cell_mut(from).stone = Some(mover);
    s.cell_mut(to).stone = Some(mover.other());
    fill(rng, &mut s, mover, 7);
    let m = &mut s.counters[mover.index()];
    m.reserve = 0;
    m.first_placed = true;
    m.captures = 5;
    m.raises = 1;
    let o = &mut s.counters[mover.other().index()];
    o.reserve = 6;
    o.first_placed = true;
    s.to_move = mover;
    s.validate().ok()
}

/// A forced Skip (T5) for the player to move.
fn skip_scenario(rng: &mut dyn Choose) -> Option<Position> {
    let x = rng.below(2) == 0;
    let p = apply_script(
        &Position::start(),
        &[Edit::ForceSkip { x }, Edit::ToMove { x }],
    );
    (p.must_skip()).then_some(p)
}

/// One of the end scenarios (Strangle, repetition, Network, Takeover, a
/// forced Skip) moved close to the cap, so that its ending turn can be the
/// capping turn (half-move 60): the order of the end checks (G0, G4, G5
/// before G7) is tested where it matters.
pub fn cap_scenario(rng: &mut dyn Choose) -> Option<Position> {
    let which = rng.below(5);
    let base = (0..200).find_map(|_| match which {
        0 => strangle_scenario(rng),
        1 => repetition_scenario(rng),
        2 if rng.below(2) == 0 => linked_network_scenario(rng),
        2 => network_scenario(rng),
        3 => takeover_scenario(rng),
        _ => skip_scenario(rng),
    })?;
    // A repetition takes four half-moves from a recorded position (the
    // start is recorded, G5); the other ends take one turn.
    let before_cap = match which {
        1 => 4,
        _ => 1 + rng.below(2) as u16 * 2,
    };
    let mut s = Setup::from(&base);
    s.half_moves = Ruleset::STANDARD.half_move_cap - before_cap;
    s.validate().ok()
}

/// A repetition arena (every cell on tier 2, no lowers left, so no Shape)
/// with an enemy stone sealed in a corner: on tier 1, its three neighbours
/// the mover's stones on tier 0. An Echo-Capture aimed at it is legal (E3)
/// but takes nothing (it weighs exactly 6 = 6 x tier, C1), so a position
/// can come back with only the charges changed (the key holds them, G5).
pub(super) fn sealed_arena_scenario(rng: &mut dyn Choose) -> Option<Position> {
    let mover = any_player(rng);
    let corners: Vec<Cell> = Cell::ALL
        .iter()
        .copied()
        .filter(|c| c.edge_slots() == 3)
        .collect();
    let target = corners[rng.below(corners.len() as u64) as usize];
    let mut s = Setup::default();
    for c in Cell::ALL {
        s.cell_mut(c).tier = 2;
    }
    s.cell_mut(target).tier = 1;
    s.cell_mut(target).stone = Some(mover.other());
    let ring = CellSet::neighbours(target);
    for n in ring {
        s.cell_mut(n).tier = 0;
        s.cell_mut(n).stone = Some(mover);
    }
    for p in [mover, mover.other()] {
        fill(rng, &mut s, p, 7);
    }
    let tiers: u32 = s.cells.iter().map(|c| c.tier as u32).sum();
    let raises = tiers + 2 * Ruleset::STANDARD.lowers as u32;
    for p in Player::BOTH {
        let c = &mut s.counters[p.index()];
        c.reserve = 0;
        c.first_placed = true;
        c.lowers_left = 0;
        let mine = if p == Player::X {
            raises - raises / 2
        } else {
            raises / 2
        };
        c.raises = u8::try_from(mine).ok()?;
        c.charges = if p == mover {
            1 + rng.below(3) as u8
        } else {
            rng.below(2) as u8
        };
    }
    s.to_move = mover;
    s.half_moves = rng.below(30) as u16;
    s.validate().ok()
}
