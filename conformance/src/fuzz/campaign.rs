//! Differential fuzzing on stable Rust, without libFuzzer: seeded games
//! steered toward the rare rules, played on an engine under test and on the
//! reference step by step, every answer judged by the oracle. The first
//! difference is shrunk; incidents are counted, never reported as rule
//! differences.

use super::compare::{self, Mismatch};
use super::generate::{choose_turn, probe_turn, start_position};
use super::reach::{cap_combination, rules_fired};
use super::shrink::{shrink, Cut};
use super::stats::GameStats;
use crate::diagnose::Divergence;
use crate::engine::Transport;
use crate::engine::{Capabilities, Engine, Incident, PositionReply};
use crate::run::{Partition, Stopped, INCIDENT_STREAK};
use hexodic_rules::random::Rng;
use hexodic_rules::{Game, Position, Setup, Turn};
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Longest game played (the cap ends games at 60 half-moves).
const MAX_TURNS: usize = 80;

/// How a fuzzing run is bounded and seeded.
#[derive(Clone, Debug, Default)]
pub struct FuzzOptions {
    /// Base seed; game `i` uses `seed + i`.
    pub seed: u64,
    /// Stop after this many games.
    pub games: Option<u64>,
    /// Stop after this long.
    pub time: Option<Duration>,
    /// Stop when this is set (an interrupt).
    pub stop: Option<Arc<AtomicBool>>,
    /// The whole run (shrinking included) must end by then (`--max-time`).
    pub deadline: Option<Instant>,
    /// Play only this part of the games (`--partition`): game `i` of the
    /// whole is played by part `i mod N + 1`; `games` counts the whole.
    pub partition: Option<Partition>,
}

impl FuzzOptions {
    /// The seed of this run's `j`-th game (from 0).
    pub fn game_seed(&self, j: u64) -> u64 {
        let i = self.partition.map_or(j, |p| p.nth(j));
        self.seed.wrapping_add(i)
    }

    /// How many games this run plays, if a number is set (1000 when
    /// neither a number nor a time is).
    pub fn game_limit(&self) -> Option<u64> {
        let games = match (self.games, self.time) {
            (None, None) => Some(1000),
            (g, _) => g,
        };
        games.map(|g| self.partition.map_or(g, |p| p.share(g)))
    }
}

/// A shrunk difference: a start position and turns on which the engine and
/// the reference disagree.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The seed of the game that found it.
    pub game_seed: u64,
    /// The start position.
    pub start: Position,
    /// The turns. Turns the reference rejects (probes) stay where they were
    /// offered: the engine must reject them too, and a difference may show
    /// only after one.
    pub turns: Vec<Turn>,
    /// The difference on the shrunk sequence, with its implicated rules.
    pub divergence: Divergence,
    /// Turns before shrinking.
    pub original_len: usize,
    /// The half-move count of the start before shrinking.
    pub original_half_moves: u16,
    /// Why shrinking stopped early (the time limit, an engine incident), if
    /// it did: the sequence is then the smallest found so far.
    pub cut: Option<Cut>,
}

/// What a fuzzing run did and found.
#[derive(Clone, Debug, Default)]
pub struct FuzzReport {
    /// Games played (the one that found a difference included).
    pub games: u64,
    /// Turns played.
    pub turns: u64,
    /// Games in which each rule ID fired at least once.
    pub reach: BTreeMap<&'static str, u64>,
    /// Event totals.
    pub events: GameStats,
    /// The first difference, shrunk.
    pub finding: Option<Finding>,
    /// Engine incidents (crashes, timeouts, protocol errors) with the game seed.
    pub incidents: Vec<(u64, Incident)>,
    /// Why the run ended early.
    pub stopped: Option<Stopped>,
    /// Time taken.
    pub elapsed: Duration,
}

/// A game's start, the turns offered and the first difference.
pub(super) type Found = (Position, Vec<Turn>, Divergence);

/// One game: `Ok(None)` when the engine agreed throughout. An engine for
/// which sending several requests at once saves time ([`Engine::pipelines`])
/// is sent the whole game in one exchange (`fuzz/pipelined.rs`); the result
/// is the same as asking it one request at a time.
pub(super) fn play_game(
    engine: &mut dyn Transport,
    seed: u64,
    report: &mut FuzzReport,
) -> Result<Option<Found>, Incident> {
    if engine.pipelines() {
        super::pipelined::play(engine, seed, report)
    } else {
        play_one(engine, seed, report)
    }
}

/// One game, each request asked alone: `Ok(None)` when the engine agreed
/// throughout.
pub(super) fn play_one(
    engine: &mut dyn Engine,
    seed: u64,
    report: &mut FuzzReport,
) -> Result<Option<Found>, Incident> {
    let mut rng = Rng::new(seed);
    let start = start_position(&mut rng);
    let caps = engine.info().capabilities;
    let mut fired: HashSet<&'static str> = HashSet::from(["V1"]);
    let mut stats = GameStats::default();
    report.games += 1;
    if engine.set_position(&Setup::from(&start))? != PositionReply::Accepted {
        return Ok(Some((start, Vec::new(), refused_start(start))));
    }
    let mut game = Game::from_position(start);
    let outcome = play_turns(
        engine, caps, start, &mut game, &mut rng, &mut stats, &mut fired,
    );
    // B3: the diagram of the final position reads back as the same state.
    if diagram_reads_back(game.position()) {
        fired.insert("B3");
    }
    tally(report, &stats, fired);
    outcome
}

/// The difference when the engine refuses a start position the reference accepts.
fn refused_start(start: Position) -> Divergence {
    let d = crate::oracle::Difference::Validity {
        expected: Vec::new(),
        got: PositionReply::Invalid(Vec::new()),
    };
    let mut div = Divergence {
        step: 0,
        line: 0,
        turn: None,
        source: crate::diagnose::Source::Trace,
        difference: d,
        before: Some(Setup::from(&start)),
        expected: None,
        got: None,
        captures: None,
        implicated: Vec::new(),
    };
    div.implicated = crate::diagnose::implicated(&div);
    div
}

/// Play `game` on the engine and the reference until it ends, runs too long
/// or they differ. The sequence returned holds every turn offered, the
/// probes both rejected included: the difference may need one of them.
fn play_turns(
    engine: &mut dyn Engine,
    caps: Capabilities,
    start: Position,
    game: &mut Game,
    rng: &mut Rng,
    stats: &mut GameStats,
    fired: &mut HashSet<&'static str>,
) -> Result<Option<Found>, Incident> {
    // Every turn offered, and the turns played (which steer the game).
    let mut turns: Vec<Turn> = Vec::new();
    let mut played: Vec<Turn> = Vec::new();
    while !game.position().is_over() && played.len() < MAX_TURNS {
        if rng.below(8) == 0 {
            if let Err(m) = compare::lists(engine, caps, game.position()) {
                return mismatch(m, start, turns);
            }
        }
        let Some(turn) = next_turn(game, rng, &played) else {
            break;
        };
        let before = *game.position();
        turns.push(turn);
        match compare::step(engine, caps, game, turn) {
            Err(m) => return mismatch(m, start, turns),
            Ok(Some(rep)) => {
                played.push(turn);
                stats.record(turn, &rep);
                fired.extend(rules_fired(&before, turn, &rep, game.position()));
                fired.extend(cap_combination(&before, turn, game.position()));
            }
            // Both rejected it: it stays in the sequence.
            Ok(None) => {}
        }
    }
    Ok(None)
}

/// The next turn to try: sometimes a probe that may be illegal, else a
/// steered legal one. `played` holds the turns played so far.
fn next_turn(game: &Game, rng: &mut Rng, played: &[Turn]) -> Option<Turn> {
    let probe = rng.below(6) == 0;
    if probe {
        Some(probe_turn(game.position(), rng))
    } else {
        let own_last = played.len().checked_sub(2).map(|i| played[i]);
        choose_turn(game, rng, own_last)
    }
}

/// Whether the diagram of a position reads back as the same state.
fn diagram_reads_back(position: &Position) -> bool {
    let end = Setup::from(position);
    let d = hexodic_rules::diagram::diagram(&end);
    hexodic_rules::diagram::parse_diagram(&d).ok() == Some(end)
}

/// Add one game's turns, events and the rules it fired to the report.
fn tally(report: &mut FuzzReport, stats: &GameStats, fired: HashSet<&'static str>) {
    report.turns += stats.turns as u64;
    for id in fired {
        *report.reach.entry(id).or_insert(0) += 1;
    }
    report.events.add(stats);
}

fn mismatch(m: Mismatch, start: Position, turns: Vec<Turn>) -> Result<Option<Found>, Incident> {
    match m {
        Mismatch::Differs(d) => Ok(Some((start, turns, *d))),
        Mismatch::Incident(i) => Err(i),
    }
}

/// Run the differential fuzzer. `progress` is called after every game with
/// the number of games played.
pub fn fuzz(
    engine: &mut dyn Transport,
    opts: &FuzzOptions,
    mut progress: impl FnMut(u64),
) -> FuzzReport {
    let mut report = FuzzReport::default();
    let t0 = Instant::now();
    let mut i = 0u64;
    let mut streak = 0;
    let games = opts.game_limit();
    loop {
        if opts
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
        {
            report.stopped = Some(Stopped::Interrupted);
            break;
        }
        if opts.deadline.is_some_and(|d| Instant::now() >= d) {
            report.stopped = Some(Stopped::TimeLimit);
            break;
        }
        if games.is_some_and(|n| i >= n) || opts.time.is_some_and(|t| t0.elapsed() >= t) {
            break;
        }
        let seed = opts.game_seed(i);
        i += 1;
        match play_game(engine, seed, &mut report) {
            Ok(None) => streak = 0,
            Ok(Some(found)) => {
                shrink_into(engine, opts, seed, found, &mut report);
                break;
            }
            Err(incident) => {
                let stopped = matches!(incident.kind, crate::engine::IncidentKind::Stopped);
                let fatal = incident.kind.is_fatal();
                report.incidents.push((seed, incident));
                streak += 1;
                if stopped {
                    let late = opts.deadline.is_some_and(|d| Instant::now() >= d);
                    report.stopped = Some(if late {
                        Stopped::TimeLimit
                    } else {
                        Stopped::Interrupted
                    });
                    report.incidents.pop();
                    break;
                }
                if fatal || streak >= INCIDENT_STREAK {
                    report.stopped = Some(Stopped::Unusable);
                    break;
                }
            }
        }
        progress(i);
    }
    report.elapsed = t0.elapsed();
    report
}

/// Shrink the difference `found` in the game `seed` and put it in the
/// report as its finding.
pub(super) fn shrink_into(
    engine: &mut dyn Transport,
    opts: &FuzzOptions,
    seed: u64,
    (start, turns, found): Found,
    report: &mut FuzzReport,
) {
    let caps = engine.info().capabilities;
    let original_len = turns.len();
    let shrunk = shrink(engine, caps, start, turns, found, opts.deadline);
    if let Some(Cut::Incident(i)) = &shrunk.cut {
        if !matches!(i.kind, crate::engine::IncidentKind::Stopped) {
            report.incidents.push((seed, i.clone()));
        }
    }
    report.finding = Some(Finding {
        game_seed: seed,
        start: shrunk.start,
        turns: shrunk.turns,
        divergence: shrunk.divergence,
        original_len,
        original_half_moves: start.half_moves(),
        cut: shrunk.cut,
    });
}
