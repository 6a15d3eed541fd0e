//! Differential fuzzing on stable Rust, without libFuzzer: seeded random
//! games, steered toward the rare rules, played on an engine under test and
//! on the reference step by step. On the first difference the turn sequence
//! is shrunk and written as a ready-to-commit YAML fixture whose
//! expectations are the reference's.

use crate::checks::{apply_script, Edit};
use crate::engine::{Engine, EngineError, PlayReply};
use hexodic_rules::random::{GameStats, Rng};
use hexodic_rules::registry::{self, Basis};
use hexodic_rules::{
    Cell, CellSet, EndRule, Game, Outcome, Player, Position, Project, Reason, Setup, Shape, Turn,
    TurnReport,
};
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// Longest game the fuzzer plays (the cap ends games at 60 half-moves).
const MAX_TURNS: usize = 80;

/// How a fuzzing run is bounded and seeded.
#[derive(Clone, Debug)]
pub struct FuzzOptions {
    /// Base seed; game `i` uses `seed + i`.
    pub seed: u64,
    /// Stop after this many games.
    pub games: Option<u64>,
    /// Stop after this long.
    pub time: Option<Duration>,
}

/// A difference between the engine and the reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// 0-based index of the turn in `turns` at which it shows, or `turns.len()`
    /// for a difference in the position reached (legal-turn list).
    pub step: usize,
    /// What differs, readable.
    pub what: String,
    /// For a legal-list difference: turns the reference lists and the engine does not.
    pub missing: Vec<String>,
    /// For a legal-list difference: turns the engine lists and the reference does not.
    pub extra: Vec<String>,
}

impl Difference {
    fn new(step: usize, what: String) -> Difference {
        Difference {
            step,
            what,
            missing: Vec::new(),
            extra: Vec::new(),
        }
    }
}

/// A legal-list difference.
struct ListDiff {
    what: String,
    missing: Vec<String>,
    extra: Vec<String>,
}

impl From<String> for ListDiff {
    fn from(what: String) -> ListDiff {
        ListDiff {
            what,
            missing: Vec::new(),
            extra: Vec::new(),
        }
    }
}

/// A shrunk finding: a start position and turns on which the engine and the
/// reference disagree.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The seed of the game that found it.
    pub game_seed: u64,
    /// The start position (one-line notation).
    pub start: String,
    /// The turns; every one but possibly the last is legal in the reference.
    pub turns: Vec<String>,
    /// The difference on the shrunk sequence.
    pub difference: Difference,
    /// Turns before shrinking.
    pub original_len: usize,
}

/// How often each rule fired, and the result of the run.
#[derive(Clone, Debug, Default)]
pub struct FuzzReport {
    /// Games played.
    pub games: u64,
    /// Turns played.
    pub turns: u64,
    /// Games in which each rule ID fired at least once.
    pub reach: BTreeMap<&'static str, u64>,
    /// Event totals.
    pub events: GameStats,
    /// The first finding, shrunk.
    pub finding: Option<Finding>,
    /// Engine failures that are not differences (crashes, timeouts) seen on the way.
    pub engine_failures: Vec<String>,
}

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
fn choose_turn(game: &Game, rng: &mut Rng, own_last: Option<Turn>) -> Option<Turn> {
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
fn probe_turn(p: &Position, rng: &mut Rng) -> Turn {
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

// ---------------------------------------------------------------------------
// Comparing one step
// ---------------------------------------------------------------------------

fn engine_err(e: EngineError) -> String {
    format!("engine error: {e}")
}

/// Play `turn` on both and compare. `Ok(true)` when it was legal (and agreed).
fn compare_turn(
    engine: &mut dyn Engine,
    game: &mut Game,
    turn: Turn,
    codes: bool,
) -> Result<bool, String> {
    let reasons = game.position().illegal_reasons(turn);
    let text = turn.to_string();
    let reply = engine.play(&text).map_err(engine_err)?;
    match (reasons.is_empty(), reply) {
        (
            true,
            PlayReply::Legal {
                position, captured, ..
            },
        ) => {
            let report = game.play_legal(turn);
            let want = Setup::from(game.position());
            match Setup::from_notation(&position) {
                Ok(s) if s == want => {}
                Ok(got) => {
                    let mut what = format!(
                        "after `{text}` the engine reports `{position}`, the reference `{}`",
                        want.to_notation()
                    );
                    if got.outcome != want.outcome {
                        let name =
                            |o: Option<Outcome>| o.map_or("none".to_string(), |o| o.to_string());
                        let _ = write!(
                            what,
                            " (result: engine {}, reference {})",
                            name(got.outcome),
                            name(want.outcome)
                        );
                    }
                    return Err(what);
                }
                Err(e) => {
                    return Err(format!(
                    "after `{text}` the engine reports an unreadable position `{position}`: {e}"
                ))
                }
            }
            let mut got: Vec<String> = captured;
            got.sort();
            let mut exp: Vec<String> = report.captured().iter().map(|c| c.to_string()).collect();
            exp.sort();
            if got != exp {
                return Err(format!(
                    "`{text}` captured {got:?} in the engine, {exp:?} in the reference"
                ));
            }
            Ok(true)
        }
        (true, PlayReply::Illegal { codes }) => Err(format!(
            "the engine rejects `{text}` ({}), legal in the reference",
            codes.join(", ")
        )),
        (false, PlayReply::Legal { .. }) => Err(format!(
            "the engine accepts `{text}`, illegal in the reference ({})",
            reasons
                .iter()
                .map(|r| r.code())
                .collect::<Vec<_>>()
                .join(", ")
        )),
        (false, PlayReply::Illegal { codes: got }) => {
            if codes {
                let ok = !got.is_empty()
                    && got
                        .iter()
                        .all(|c| Reason::from_code(c).is_some_and(|r| reasons.contains(r)));
                if !ok {
                    return Err(format!(
                        "the engine rejects `{text}` with [{}], the reference with [{}]",
                        got.join(", "),
                        reasons
                            .iter()
                            .map(|r| r.code())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
            }
            Ok(false)
        }
    }
}

fn compare_legal(engine: &mut dyn Engine, p: &Position) -> Result<(), ListDiff> {
    let theirs = engine.legal_turns().map_err(engine_err)?;
    let mut got = HashSet::new();
    for t in &theirs {
        let turn = Turn::parse(t)
            .map_err(|e| format!("the engine lists an unreadable turn `{t}`: {e}"))?;
        if !got.insert(turn) {
            return Err(format!("the engine lists `{t}` twice").into());
        }
    }
    let want: HashSet<Turn> = p.legal_turns().into_iter().collect();
    if got != want {
        let mut missing: Vec<String> = want.difference(&got).map(|t| t.to_string()).collect();
        let mut extra: Vec<String> = got.difference(&want).map(|t| t.to_string()).collect();
        missing.sort();
        extra.sort();
        missing.truncate(8);
        extra.truncate(8);
        return Err(ListDiff {
            what: format!(
                "legal turns differ at `{}`: missing from the engine {missing:?}, extra in the engine {extra:?}",
                p.to_notation()
            ),
            missing,
            extra,
        });
    }
    Ok(())
}

/// Replay `turns` from `start` on both and return the first difference.
/// Turns illegal in the reference are compared as rejections and skipped.
/// The legal lists are compared after the last turn.
pub fn replay(engine: &mut dyn Engine, start: &Position, turns: &[Turn]) -> Option<Difference> {
    let info = engine.info();
    if let Err(e) = engine.set_position(&start.to_notation()) {
        return Some(Difference::new(
            0,
            format!("the engine refuses the start position: {e}"),
        ));
    }
    let mut game = Game::from_position(*start);
    for (i, t) in turns.iter().enumerate() {
        if let Err(what) = compare_turn(engine, &mut game, *t, info.capabilities.error_codes) {
            return Some(Difference::new(i, what));
        }
    }
    if info.capabilities.legal_turns {
        if let Err(d) = compare_legal(engine, game.position()) {
            return Some(Difference {
                step: turns.len(),
                what: d.what,
                missing: d.missing,
                extra: d.extra,
            });
        }
    }
    None
}

// ---------------------------------------------------------------------------
// Rule reach
// ---------------------------------------------------------------------------

/// Rules that fire on (nearly) every turn: left out of a finding's `rules`.
const NOISE: [&str; 14] = [
    "T1", "T2", "S1", "S2", "S4", "G3", "N1", "B1", "B2", "B4", "P1", "P2", "V2", "C0",
];

/// The rule IDs a played turn exercised.
pub fn rules_fired(
    before: &Position,
    turn: Turn,
    report: &TurnReport,
    after: &Position,
) -> Vec<&'static str> {
    let mut r = vec!["T1", "T2", "S4", "G3", "N1", "B1", "B2", "B4", "P1", "V2"];
    if before.half_moves() == 0 && before.stones(hexodic_rules::Player::X).is_empty() {
        r.push("P2");
    }
    match turn.project {
        Project::Place(_) => r.extend(["T3", "T4"]),
        Project::Move { to, .. } => {
            r.push("T6");
            if before.is_locked(to) {
                r.push("T7");
            }
        }
        Project::Skip => r.push("T5"),
    }
    match turn.shape {
        Some(_) => r.extend(["S1", "S2", "S3"]),
        None if turn.project != Project::Skip => r.push("S3"),
        None => {}
    }
    if turn.echo.is_some() {
        r.push("E1");
    }
    match turn.echo {
        Some(hexodic_rules::Echo::Lock(_)) => r.push("E2"),
        Some(hexodic_rules::Echo::Capture(_)) => {
            r.push("E3");
            if report.echo_captured.any() {
                r.push("E4");
            }
        }
        None => {}
    }
    if report.encircled.any() {
        r.extend(["C1", "C2", "C4"]);
    }
    if report.captured().any() {
        r.push("C3");
    }
    if before.locked().any() {
        r.push("C0");
    }
    if let Some(o) = after.outcome() {
        r.extend(["G0", "G8", o.rule.rule_id()]);
    }
    r
}

// ---------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------

fn play_one(
    engine: &mut dyn Engine,
    seed: u64,
    report: &mut FuzzReport,
) -> Option<(Position, Vec<Turn>, Difference)> {
    let mut rng = Rng::new(seed);
    let start = start_position(&mut rng);
    let info = engine.info();
    let mut fired: HashSet<&'static str> = HashSet::from(["V1"]);
    let mut stats = GameStats::default();
    let mut turns: Vec<Turn> = Vec::new();
    let fail = |turns: Vec<Turn>, step: usize, what: String| {
        Some((start, turns, Difference::new(step, what)))
    };
    if let Err(e) = engine.set_position(&start.to_notation()) {
        return fail(
            turns,
            0,
            format!("the engine refuses the start position: {e}"),
        );
    }
    let mut game = Game::from_position(start);
    while !game.position().is_over() && turns.len() < MAX_TURNS {
        if info.capabilities.legal_turns && rng.below(8) == 0 {
            if let Err(d) = compare_legal(engine, game.position()) {
                let len = turns.len();
                return Some((
                    start,
                    turns,
                    Difference {
                        step: len,
                        what: d.what,
                        missing: d.missing,
                        extra: d.extra,
                    },
                ));
            }
        }
        if rng.below(6) == 0 {
            let probe = probe_turn(game.position(), &mut rng);
            let before = *game.position();
            let mut g = game.clone();
            let legal = before.is_legal(probe);
            turns.push(probe);
            match compare_turn(engine, &mut g, probe, info.capabilities.error_codes) {
                Err(what) => return fail(turns.clone(), turns.len() - 1, what),
                Ok(true) => {
                    let rep = TurnReport::default();
                    fired.extend(rules_fired(&before, probe, &rep, g.position()));
                    game = g;
                    continue;
                }
                Ok(false) => {
                    debug_assert!(!legal);
                    turns.pop();
                }
            }
        }
        let own_last = turns.len().checked_sub(2).map(|i| turns[i]);
        let Some(turn) = choose_turn(&game, &mut rng, own_last) else {
            break;
        };
        let before = *game.position();
        turns.push(turn);
        let mut g = game.clone();
        if let Err(what) = compare_turn(engine, &mut g, turn, info.capabilities.error_codes) {
            return fail(turns.clone(), turns.len() - 1, what);
        }
        // Recompute the report for the tally (the comparison consumed it).
        let mut again = game.clone();
        let rep = again.play_legal(turn);
        stats.record(turn, &rep);
        fired.extend(rules_fired(&before, turn, &rep, again.position()));
        game = g;
    }
    // B3: the diagram of the final position reads back as the same state.
    let end = Setup::from(game.position());
    if hexodic_rules::diagram::parse_diagram(&hexodic_rules::diagram::diagram(&end)).ok()
        == Some(end)
    {
        fired.insert("B3");
    }
    report.games += 1;
    report.turns += stats.turns as u64;
    for id in fired {
        *report.reach.entry(id).or_insert(0) += 1;
    }
    add_stats(&mut report.events, &stats);
    None
}

fn add_stats(a: &mut GameStats, b: &GameStats) {
    a.turns += b.turns;
    a.skips += b.skips;
    a.no_shape += b.no_shape;
    a.move_captures += b.move_captures;
    a.encircled += b.encircled;
    a.interior_encircled += b.interior_encircled;
    a.echo_captures += b.echo_captures;
    a.echo_captures_hit += b.echo_captures_hit;
    a.echo_locks += b.echo_locks;
    a.lowers += b.lowers;
    a.multi_captures += b.multi_captures;
}

/// Shrink a failing sequence: start as late as possible (from the position
/// reached, with a fresh history), then drop single turns, keeping only
/// changes after which the difference remains.
pub fn shrink(
    engine: &mut dyn Engine,
    start: Position,
    turns: Vec<Turn>,
    diff: Difference,
) -> (Position, Vec<Turn>, Difference) {
    // Keep only the turns up to the difference.
    let end = (diff.step + 1).min(turns.len());
    let mut best = (start, turns[..end].to_vec(), diff);
    // Later starts, shortest first.
    let mut positions = vec![start];
    let mut g = Game::from_position(start);
    for t in &best.1 {
        if g.play(*t).is_err() || g.position().is_over() {
            break;
        }
        positions.push(*g.position());
    }
    for i in (1..positions.len()).rev() {
        let rest = best.1[i..].to_vec();
        if let Some(d) = replay(engine, &positions[i], &rest) {
            best = (positions[i], rest, d);
            break;
        }
    }
    // Drop single turns.
    let mut j = 0;
    while j + 1 < best.1.len() {
        let mut cand = best.1.clone();
        cand.remove(j);
        let legal = {
            let mut g = Game::from_position(best.0);
            cand[..cand.len() - 1].iter().all(|t| g.play(*t).is_ok())
        };
        if legal {
            if let Some(d) = replay(engine, &best.0, &cand) {
                best = (best.0, cand, d);
                continue;
            }
        }
        j += 1;
    }
    best
}

/// Run the differential fuzzer. `progress` is called after every game.
pub fn fuzz(
    engine: &mut dyn Engine,
    opts: &FuzzOptions,
    mut progress: impl FnMut(u64),
) -> FuzzReport {
    let mut report = FuzzReport::default();
    let t0 = Instant::now();
    let mut i = 0u64;
    loop {
        if opts.games.is_some_and(|n| i >= n) || opts.time.is_some_and(|t| t0.elapsed() >= t) {
            break;
        }
        if opts.games.is_none() && opts.time.is_none() && i >= 1000 {
            break;
        }
        let seed = opts.seed.wrapping_add(i);
        i += 1;
        if let Some((start, turns, diff)) = play_one(engine, seed, &mut report) {
            if diff.what.starts_with("engine error") {
                report
                    .engine_failures
                    .push(format!("game seed {seed}: {}", diff.what));
                if report.engine_failures.len() < 3 {
                    continue;
                }
            }
            let original_len = turns.len();
            let (start, turns, difference) = shrink(engine, start, turns, diff);
            report.finding = Some(Finding {
                game_seed: seed,
                start: start.to_notation(),
                turns: turns.iter().map(|t| t.to_string()).collect(),
                difference,
                original_len,
            });
            break;
        }
        progress(i);
    }
    report
}

// ---------------------------------------------------------------------------
// Writing the finding as a fixture
// ---------------------------------------------------------------------------

fn outcome_yaml(o: Option<Outcome>) -> String {
    match o {
        None => "ongoing".into(),
        Some(o) => {
            let who = o
                .winner
                .map_or("draw".to_string(), |p| p.char().to_string());
            match o.rule {
                EndRule::Cap(Some(step)) => {
                    format!("{{winner: {who}, rule: cap, step: {}}}", step.number())
                }
                r => format!("{{winner: {who}, rule: {}}}", r.name()),
            }
        }
    }
}

/// The finding as a fixture file (YAML) with id `id`, expectations from the
/// reference engine. `engine` names the engine it was found on.
pub fn fixture_yaml(f: &Finding, id: &str, engine: &str, seed_cmd: &str) -> String {
    let mut rules: Vec<&'static str> = Vec::new();
    let start = Position::from_notation(&f.start).unwrap_or_default();
    let mut game = Game::from_position(start);
    let mut steps = String::new();
    for (i, text) in f.turns.iter().enumerate() {
        let Ok(turn) = Turn::parse(text) else {
            continue;
        };
        let before = *game.position();
        let _ = writeln!(steps, "  - turn: \"{text}\"");
        match game.play(turn) {
            Ok(rep) => {
                let caps: Vec<String> = rep.captured().iter().map(|c| c.to_string()).collect();
                let _ = writeln!(steps, "    captured: [{}]", caps.join(", "));
                let _ = writeln!(
                    steps,
                    "    state: {{position: \"{}\"}}",
                    game.position().to_notation()
                );
                let _ = writeln!(steps, "    outcome: {}", outcome_yaml(game.outcome()));
                if i + 1 == f.turns.len() {
                    rules.extend(
                        rules_fired(&before, turn, &rep, game.position())
                            .into_iter()
                            .filter(|r| !NOISE.contains(r)),
                    );
                    let list_diff =
                        !f.difference.missing.is_empty() || !f.difference.extra.is_empty();
                    if !game.position().is_over() && !list_diff {
                        let _ =
                            writeln!(steps, "    legal_count: {}", game.position().count_legal());
                    }
                }
            }
            Err(e) => {
                let codes: Vec<&str> = e.reasons.iter().map(|r| r.code()).collect();
                let _ = writeln!(steps, "    illegal: [{}]", codes.join(", "));
                for r in e.reasons.iter() {
                    rules.extend(r.rules());
                }
            }
        }
    }
    // A difference in the result names the rules of both results.
    if let Some(i) = f.difference.what.find("(result: engine ") {
        for word in f.difference.what[i..].split([' ', ',', ')']) {
            if let Some(o) = Outcome::parse(word) {
                rules.push(o.rule.rule_id());
                if matches!(o.rule, EndRule::Cap(_)) {
                    rules.push("G3");
                }
            }
        }
    }
    let mut list_checks = String::new();
    if !f.difference.missing.is_empty() || !f.difference.extra.is_empty() {
        let p = game.position();
        let _ = writeln!(list_checks, "legal_count: {}", p.count_legal());
        let quote = |v: &[String]| {
            v.iter()
                .map(|t| format!("\"{t}\""))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !f.difference.missing.is_empty() {
            let _ = writeln!(list_checks, "legal: [{}]", quote(&f.difference.missing));
        }
        if !f.difference.extra.is_empty() {
            let _ = writeln!(list_checks, "not_legal: [{}]", quote(&f.difference.extra));
        }
        rules.push("N1");
        if let Some(r) = f
            .difference
            .extra
            .iter()
            .filter_map(|t| Turn::parse(t).ok())
            .map(|t| p.illegal_reasons(t))
            .next()
        {
            for reason in r.iter() {
                rules.extend(reason.rules());
            }
        }
    }
    rules.retain(|r| !r.starts_with('I'));
    if rules.is_empty() {
        rules.push("T1");
    }
    rules.sort();
    rules.dedup();
    let ruling = rules.iter().any(|r| {
        registry::lookup(r).is_some_and(|i| matches!(i.basis, Basis::Ruling | Basis::Both))
    });
    let depth = id.matches('/').count() + 1;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# yaml-language-server: $schema={}schema/fixture.schema.json",
        "../".repeat(depth)
    );
    let _ = writeln!(out, "id: {id}");
    let _ = writeln!(out, "description: >");
    let _ = writeln!(
        out,
        "  Found by `{seed_cmd}` against {engine}: {}.",
        f.difference.what.replace('\n', " ")
    );
    let _ = writeln!(
        out,
        "  Shrunk from {} turns to {}; the expectations are the reference engine's.",
        f.original_len,
        f.turns.len()
    );
    let _ = writeln!(out, "rules: [{}]", rules.join(", "));
    let _ = writeln!(
        out,
        "basis: {}",
        if ruling { "ruling" } else { "documented" }
    );
    let _ = writeln!(out, "ruleset: standard");
    let _ = writeln!(out, "setup:");
    let _ = writeln!(out, "  position: \"{}\"", f.start);
    if f.turns.is_empty() {
        let _ = writeln!(out, "expect:");
        for l in list_checks.lines() {
            let _ = writeln!(out, "  {l}");
        }
        return out;
    }
    for l in list_checks.lines() {
        let _ = writeln!(steps, "    {l}");
    }
    let _ = writeln!(out, "steps:");
    out.push_str(&steps);
    out
}
