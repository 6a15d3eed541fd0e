//! Starting positions and turn choices steered toward the rare rules.

use super::checks::{apply_script, Edit};
use hexodic_rules::random::Rng;
use hexodic_rules::{
    Cell, CellSet, Game, Player, Position, Project, Setup, Shape, Turn, TurnReport,
};

// ---------------------------------------------------------------------------
// Starting positions
// ---------------------------------------------------------------------------

fn random_edit(rng: &mut Rng) -> Edit {
    let cell = rng.below(37) as u8;
    let x = rng.below(2) == 0;
    let n = rng.below(256) as u8;
    // Weighted toward the edits that reach rare rules.
    match rng.below(20) {
        0 | 1 => Edit::Place { cell, x },
        2 => Edit::Remove { cell },
        3 | 4 => Edit::Raise { cell, x },
        5 => Edit::Lower { cell, x },
        6 => Edit::Lock { cell, x },
        7 => Edit::Charges { x, n },
        8 => Edit::Captures { x, n: 3 + n % 3 },
        9 => Edit::LowersLeft { x, n },
        10 | 11 => Edit::NearCap { n },
        12 => Edit::Cooldown { cell, x },
        13 | 14 => Edit::ForceSkip { x },
        15 | 16 => Edit::EmptyReserve { x, seed: n },
        17 | 18 => Edit::Surround { cell, x },
        _ => Edit::ToMove { x },
    }
}

/// A random cell.
fn any_cell(rng: &mut Rng) -> Cell {
    Cell::ALL[rng.below(Cell::COUNT as u64) as usize]
}

/// A Strangle in waiting (G4): the player not to move has all seven stones
/// on the board, boxed in by the mover's stones and the edge, so most turns
/// of the mover leave it without a legal Project.
fn strangle_scenario(rng: &mut Rng) -> Option<Position> {
    let mover = if rng.below(2) == 0 {
        Player::X
    } else {
        Player::O
    };
    let boxed = mover.other();
    // Grow a cluster of seven cells from a rim cell, preferring the rim.
    let mut cluster = CellSet::from_cell(loop {
        let c = any_cell(rng);
        if c.edge_slots() > 0 {
            break c;
        }
    });
    while cluster.count() < 7 {
        let frontier: Vec<Cell> = (cluster.dilate() - cluster).iter().collect();
        let rim: Vec<Cell> = frontier
            .iter()
            .copied()
            .filter(|c| c.edge_slots() > 0)
            .collect();
        let pool = if !rim.is_empty() && rng.below(3) > 0 {
            rim
        } else {
            frontier
        };
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
fn repetition_scenario(rng: &mut Rng) -> Option<Position> {
    let mut s = Setup::default();
    for c in Cell::ALL {
        s.cell_mut(c).tier = 2;
    }
    for p in Player::BOTH {
        let mut placed = 0;
        while placed < 7 {
            let c = any_cell(rng);
            if s.cell(c).stone.is_none() {
                s.cell_mut(c).stone = Some(p);
                placed += 1;
            }
        }
        let c = &mut s.counters[p.index()];
        c.reserve = 0;
        c.first_placed = true;
        c.lowers_left = 0;
        c.raises = 43;
        c.charges = rng.below(2) as u8;
        c.captures = rng.below(3) as u8;
    }
    s.to_move = if rng.below(2) == 0 {
        Player::X
    } else {
        Player::O
    };
    s.half_moves = rng.below(40) as u16;
    s.validate().ok()
}

/// The start of game `seed`: the starting position, a random prefix of play,
/// either edited by a mutation script aimed at rare situations, or a built
/// scenario for the rules random play never reaches (Strangle, repetition).
pub fn start_position(rng: &mut Rng) -> Position {
    let mut game = Game::new();
    let kind = rng.below(12);
    if kind == 10 {
        if let Some(p) = (0..20).find_map(|_| strangle_scenario(rng)) {
            return p;
        }
    }
    if kind == 11 {
        if let Some(p) = (0..20).find_map(|_| repetition_scenario(rng)) {
            return p;
        }
    }
    if kind >= 2 {
        let k = rng.below(40);
        for _ in 0..k {
            let p = *game.position();
            if p.is_over() {
                break;
            }
            if let Some(t) = p.nth_legal(rng.below(p.count_legal())) {
                game.play_legal(t);
            }
        }
    }
    let mut p = *game.position();
    if p.is_over() {
        p = Position::start();
    }
    if kind >= 3 {
        let edits: Vec<Edit> = (0..1 + rng.below(14)).map(|_| random_edit(rng)).collect();
        p = apply_script(&p, &edits);
    }
    p
}

// ---------------------------------------------------------------------------
// Choosing turns
// ---------------------------------------------------------------------------

fn score(report: &TurnReport, turn: Turn, after: &Position) -> u32 {
    let mut s = 0;
    if after.is_over() {
        s += 10;
    }
    s += 4 * report.captured().count();
    if turn.project == Project::Skip {
        s += 4;
    }
    if turn.echo.is_some() {
        s += 2;
    }
    if turn.shape.is_none() {
        s += 3;
    }
    if matches!(turn.shape, Some(Shape::Lower(_))) {
        s += 1;
    }
    if matches!(turn.project, Project::Move { .. }) {
        s += 1;
    }
    s
}

/// A legal turn, chosen to lean toward rare events: a few uniformly sampled
/// candidates are tried on the reference and the most eventful one usually wins.
///
/// Two steers reach the rules uniform play never does: undoing the mover's
/// own previous Move (repetition, G5), and, when the opponent is nearly boxed
/// in, searching every turn for one that ends the game (Strangle, G4).
pub fn choose_turn(game: &Game, rng: &mut Rng, own_last: Option<Turn>) -> Option<Turn> {
    let p = game.position();
    let n = p.count_legal();
    if n == 0 {
        return None;
    }
    if let Some(Turn {
        project: Project::Move { from, to },
        shape: None,
        ..
    }) = own_last
    {
        let undo = Turn::new(Project::Move { from: to, to: from });
        if rng.below(2) == 0 && p.is_legal(undo) {
            return Some(undo);
        }
    }
    let opp = p.to_move().other();
    if p.counters(opp).reserve == 0 {
        let moves: u32 = p
            .stones(opp)
            .iter()
            .map(|c| p.move_targets(opp, c).count())
            .sum();
        if moves <= 3 && rng.below(2) == 0 {
            let mut ending = None;
            p.for_each_legal_turn(|t| {
                if ending.is_none() {
                    let mut g = game.clone();
                    g.play_legal(t);
                    if g.position().is_over() {
                        ending = Some(t);
                    }
                }
            });
            if ending.is_some() {
                return ending;
            }
        }
    }
    let first = p.nth_legal(rng.below(n))?;
    if rng.below(4) == 0 {
        return Some(first);
    }
    let mut best = (0, first);
    for i in 0..10 {
        let t = if i == 0 {
            first
        } else {
            p.nth_legal(rng.below(n))?
        };
        let mut g = game.clone();
        let rep = g.play_legal(t);
        let sc = score(&rep, t, g.position()) * 16 + rng.below(16) as u32;
        if sc > best.0 {
            best = (sc, t);
        }
    }
    Some(best.1)
}

/// A turn that is often illegal: random parts around a random cell.
pub fn probe_turn(p: &Position, rng: &mut Rng) -> Turn {
    let cell = |rng: &mut Rng| Cell::ALL[rng.below(37) as usize];
    let anchor = cell(rng);
    let project = match rng.below(6) {
        0 => Project::Skip,
        1 | 2 => {
            let mine: Vec<Cell> = p.stones(p.to_move()).iter().collect();
            let from = if mine.is_empty() {
                cell(rng)
            } else {
                mine[rng.below(mine.len() as u64) as usize]
            };
            Project::Move {
                from,
                to: from.step(rng.below(6) as usize).unwrap_or(anchor),
            }
        }
        _ => Project::Place(anchor),
    };
    let near = |rng: &mut Rng, c: Cell| {
        let zone: Vec<Cell> = hexodic_rules::CellSet::within_two(c).iter().collect();
        zone[rng.below(zone.len() as u64) as usize]
    };
    let a = project.anchor().unwrap_or(anchor);
    let shape = match rng.below(4) {
        0 => None,
        1 => Some(Shape::Lower(near(rng, a))),
        _ => Some(Shape::Raise(near(rng, a))),
    };
    let echo = match rng.below(4) {
        0 => Some(hexodic_rules::Echo::Lock(near(rng, a))),
        1 => Some(hexodic_rules::Echo::Capture(cell(rng))),
        _ => None,
    };
    Turn {
        project,
        shape,
        echo,
    }
}
