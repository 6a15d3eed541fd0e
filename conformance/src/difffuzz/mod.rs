//! Differential fuzzing on stable Rust, without libFuzzer: seeded random
//! games, steered toward the rare rules, played on an engine under test and
//! on the reference step by step. On the first difference the turn sequence
//! is shrunk and written as a ready-to-commit YAML fixture whose
//! expectations are the reference's.

mod compare;
mod fixture;
mod generate;

pub use compare::{replay, rules_fired};
pub use fixture::fixture_yaml;
pub use generate::start_position;

use crate::engine::Engine;
use compare::{compare_legal, compare_turn};
use generate::{choose_turn, probe_turn};
use hexodic_rules::random::{GameStats, Rng};
use hexodic_rules::{Game, Position, Setup, Turn};
use std::collections::{BTreeMap, HashSet};
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
    /// Rule IDs the difference is about beyond the turn's own (for example
    /// both results' rules when the engine and the reference end the game differently).
    pub rules: Vec<&'static str>,
}

/// What differs at one step, before its place in the sequence is known.
#[derive(Clone, Debug, Default)]
pub(super) struct Mismatch {
    what: String,
    missing: Vec<String>,
    extra: Vec<String>,
    rules: Vec<&'static str>,
}

impl From<String> for Mismatch {
    fn from(what: String) -> Mismatch {
        Mismatch {
            what,
            ..Mismatch::default()
        }
    }
}

impl Difference {
    fn at(step: usize, m: Mismatch) -> Difference {
        Difference {
            step,
            what: m.what,
            missing: m.missing,
            extra: m.extra,
            rules: m.rules,
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
    let fail =
        |turns: Vec<Turn>, step: usize, m: Mismatch| Some((start, turns, Difference::at(step, m)));
    if let Err(e) = engine.set_position(&start.to_notation()) {
        let what = format!("the engine refuses the start position: {e}");
        return fail(turns, 0, what.into());
    }
    let mut game = Game::from_position(start);
    while !game.position().is_over() && turns.len() < MAX_TURNS {
        if info.capabilities.legal_turns && rng.below(8) == 0 {
            if let Err(m) = compare_legal(engine, game.position()) {
                let len = turns.len();
                return fail(turns, len, m);
            }
        }
        if rng.below(6) == 0 {
            let probe = probe_turn(game.position(), &mut rng);
            let before = *game.position();
            turns.push(probe);
            match compare_turn(engine, &mut game, probe, info.capabilities.error_codes) {
                Err(m) => return fail(turns.clone(), turns.len() - 1, m),
                Ok(Some(rep)) => {
                    stats.record(probe, &rep);
                    fired.extend(rules_fired(&before, probe, &rep, game.position()));
                    continue;
                }
                Ok(None) => {
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
        match compare_turn(engine, &mut game, turn, info.capabilities.error_codes) {
            Err(m) => return fail(turns.clone(), turns.len() - 1, m),
            Ok(rep) => {
                let rep = rep.unwrap_or_default();
                stats.record(turn, &rep);
                fired.extend(rules_fired(&before, turn, &rep, game.position()));
            }
        }
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
    report.events.add(&stats);
    None
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
