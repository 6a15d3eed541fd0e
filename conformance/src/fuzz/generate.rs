//! Starting positions and turn choices steered toward the rare rules.

use super::checks::{apply_script, Edit};
use hexodic_rules::random::Rng;
use hexodic_rules::{
    Cell, CellSet, Game, Player, Position, Project, Ruleset, Setup, Shape, Turn, TurnReport,
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

/// Either player, evenly.
fn any_player(rng: &mut Rng) -> Player {
    if rng.below(2) == 0 {
        Player::X
    } else {
        Player::O
    }
}

/// A Strangle in waiting (G4): the player not to move has all seven stones
/// on the board, boxed in by the mover's stones and the edge, so most turns
/// of the mover leave it without a legal Project.
fn strangle_scenario(rng: &mut Rng) -> Option<Position> {
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
    s.to_move = any_player(rng);
    s.half_moves = rng.below(40) as u16;
    s.validate().ok()
}

/// A Network in one (G1): the mover has four stones on connected tier-2
/// cells and a tier-1 cell beside them to Place on and raise.
fn network_scenario(rng: &mut Rng) -> Option<Position> {
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
fn linked_network_scenario(rng: &mut Rng) -> Option<Position> {
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
fn takeover_scenario(rng: &mut Rng) -> Option<Position> {
    let mover = any_player(rng);
    let from = any_cell(rng);
    let to = from.step(rng.below(6) as usize)?;
    let mut s = Setup::default();
    s.cell_mut(from).tier = 1;
    s.cell_mut(from).stone = Some(mover);
    s.cell_mut(to).stone = Some(mover.other());
    let mut placed = 1;
    while placed < 7 {
        let c = any_cell(rng);
        if s.cell(c).stone.is_none() {
            s.cell_mut(c).stone = Some(mover);
            placed += 1;
        }
    }
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
fn skip_scenario(rng: &mut Rng) -> Option<Position> {
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
pub fn cap_scenario(rng: &mut Rng) -> Option<Position> {
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
fn sealed_arena_scenario(rng: &mut Rng) -> Option<Position> {
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
    let mut placed = [ring.count() as usize, 1];
    for (k, p) in [mover, mover.other()].iter().enumerate() {
        while placed[k] < 7 {
            let c = any_cell(rng);
            if s.cell(c).stone.is_none() {
                s.cell_mut(c).stone = Some(*p);
                placed[k] += 1;
            }
        }
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

/// The start of game `seed`: the starting position, a random prefix of play,
/// either edited by a mutation script aimed at rare situations, or a built
/// scenario for the rules random play never reaches (Strangle, repetition,
/// the ends on the capping turn).
pub fn start_position(rng: &mut Rng) -> Position {
    let mut game = Game::new();
    let kind = rng.below(14);
    if kind >= 12 {
        if let Some(p) = cap_scenario(rng) {
            return p;
        }
    }
    if kind == 10 {
        if let Some(p) = (0..20).find_map(|_| strangle_scenario(rng)) {
            return p;
        }
    }
    if kind == 11 {
        let sealed = rng.below(2) == 0;
        let build = |rng: &mut Rng| match sealed {
            true => sealed_arena_scenario(rng),
            false => repetition_scenario(rng),
        };
        if let Some(p) = (0..20).find_map(|_| build(rng)) {
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
        // Undoing the last Move brings positions back (G5); just before the
        // cap always, so a repetition can fall on the capping turn (G5, G7).
        let near_cap = p.half_moves() + 3 >= Ruleset::STANDARD.half_move_cap;
        if (near_cap || rng.below(2) == 0) && p.is_legal(undo) {
            return Some(undo);
        }
    }
    // Now and then, an Echo-Capture that takes nothing: it changes only the
    // charges, which the repetition key must hold (G5, E3).
    if rng.below(4) == 0 {
        if let Some(t) = missed_echo_capture(game) {
            return Some(t);
        }
    }
    // Near the cap, an ending turn (Network, Takeover, Strangle, repetition)
    // on the capping turn tests the order of the end checks (G0, G4, G5, G7).
    let cap = Ruleset::STANDARD.half_move_cap;
    if p.half_moves() + 1 == cap || (p.half_moves() + 6 >= cap && rng.below(2) == 0) {
        if let Some(t) = ending_turn(game) {
            return Some(t);
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

/// A legal turn without a Shape whose Echo-Capture takes nothing, if any.
fn missed_echo_capture(game: &Game) -> Option<Turn> {
    let mut found = None;
    game.position().for_each_legal_turn(|t| {
        if found.is_none()
            && t.shape.is_none()
            && matches!(t.echo, Some(hexodic_rules::Echo::Capture(_)))
        {
            let mut g = game.clone();
            if g.play_legal(t).captured().is_empty() {
                found = Some(t);
            }
        }
    });
    found
}

/// A legal turn that ends the game by another rule than the cap, if any.
fn ending_turn(game: &Game) -> Option<Turn> {
    let mut found = None;
    game.position().for_each_legal_turn(|t| {
        if found.is_none() {
            let mut g = game.clone();
            g.play_legal(t);
            if g.position()
                .outcome()
                .is_some_and(|o| !matches!(o.rule, hexodic_rules::EndRule::Cap(_)))
            {
                found = Some(t);
            }
        }
    });
    found
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
