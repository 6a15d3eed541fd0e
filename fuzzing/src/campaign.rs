//! The seeded differential campaign on stable Rust, without libFuzzer:
//! games played by the one game loop ([`play_game`]) with a seeded
//! generator, on one engine or several through the harness's one execution
//! core, each game's requests sent at once to an engine that pipelines.
//! Games are read in order, so the campaign finds what it finds on one
//! engine whatever the number. A difference whose classification the
//! expectations file pins is known: counted, and the campaign goes on; the
//! first new one ends it and is shrunk. Incidents are counted, never
//! reported as rule differences.

use crate::oracles::differential::{play_game, Found, GameTally};
use crate::shrink::{shrink, shrink_given};
use hexodic_engine::{Engine, EngineInfo, Incident, Transport};
use hexodic_harness::batch;
use hexodic_harness::diagnose::classify;
use hexodic_harness::pool::{self, Flow, Limits, Outcome};
use hexodic_harness::run::MakeEngine;
use hexodic_report::{
    Campaign, EngineReport, FuzzFinding, FuzzIncident, FuzzReport, IncidentReport, Partition,
    Signature,
};
use hexodic_rules::random::Rng;
use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::Setup;
use std::time::{Duration, Instant};

/// How the command that repeats a finding is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Repeat {
    /// `hexodic-conformance fuzz --engine E --seed G --games 1`.
    Command {
        /// The `--engine` command line (none: the reference in process).
        engine: Option<String>,
        /// `--timeout`, as typed, when it is not the default.
        timeout: Option<String>,
    },
    /// A test of the engine crate that reads the seed from an environment
    /// variable: `VARIABLE=G COMMAND`.
    Test {
        /// The environment variable (`HEXODIC_FUZZ_SEED`).
        variable: String,
        /// The command that runs the test.
        command: String,
    },
}

impl Default for Repeat {
    fn default() -> Repeat {
        Repeat::Command {
            engine: None,
            timeout: None,
        }
    }
}

impl Repeat {
    /// The command that plays game `seed` alone again.
    pub fn line(&self, seed: u64) -> String {
        match self {
            Repeat::Command { engine, timeout } => {
                let mut w: Vec<String> = vec!["hexodic-conformance".into(), "fuzz".into()];
                if let Some(e) = engine {
                    w.extend(["--engine".into(), e.clone()]);
                }
                if let Some(t) = timeout {
                    w.extend(["--timeout".into(), t.clone()]);
                }
                w.extend([
                    "--seed".into(),
                    seed.to_string(),
                    "--games".into(),
                    "1".into(),
                ]);
                shell_words::join(w)
            }
            Repeat::Test { variable, command } => format!("{variable}={seed} {command}"),
        }
    }
}

/// How a campaign is bounded and seeded.
#[derive(Clone, Debug, Default)]
pub struct FuzzOptions {
    /// Base seed; game `i` uses `seed + i`.
    pub seed: u64,
    /// Stop after this many games (of the whole, with a partition).
    pub games: Option<u64>,
    /// Start no game after this long.
    pub time: Option<Duration>,
    /// The deadline of the whole campaign, shrinking included, and the
    /// interrupt.
    pub limits: Limits,
    /// Play only this part of the games: game `i` of the whole is played by
    /// part `i mod N + 1`.
    pub partition: Option<Partition>,
    /// Engines run at once.
    pub jobs: usize,
    /// Signatures an expectations file pins: differences with one of these
    /// (rules, kind and key; the step may differ) are known.
    pub known: Vec<Signature>,
    /// The `--engine` command line, for the report.
    pub command: Option<String>,
    /// How the finding's repeat line is written.
    pub repeat: Repeat,
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

    fn campaign(&self) -> Campaign {
        Campaign {
            seed: self.seed,
            games: self.games,
            time_seconds: self.time.map(|t| t.as_secs_f64()),
            partition: self.partition,
        }
    }

    fn is_known(&self, s: &Signature) -> bool {
        self.known.iter().any(|k| k.same_difference(s))
    }
}

/// One game played by a worker.
struct Played {
    seed: u64,
    tally: GameTally,
    outcome: Result<Option<Found>, Incident>,
    /// A protocol fault of the game's batch (replies out of order).
    fault: Option<Incident>,
}

impl Outcome for Played {
    fn incident(&self) -> Option<&Incident> {
        self.outcome.as_ref().err()
    }
}

/// Play game `seed` on `engine`, its requests at once where that pays.
fn game(engine: &mut dyn Transport, seed: u64, jobs: usize) -> Played {
    let at_once = batch::at_once(
        engine,
        jobs,
        &mut |e| {
            let mut tally = GameTally::default();
            let outcome = play_game(e, &mut Rng::new(seed), &mut tally);
            (tally, outcome)
        },
        &|(_, r): &(GameTally, Result<Option<Found>, Incident>)| matches!(r, Ok(None)),
        &mut |_| {},
        &|i| (GameTally::default(), Err(i)),
    );
    let (tally, outcome) = at_once.result;
    Played {
        seed,
        tally,
        outcome,
        fault: at_once.fault,
    }
}

/// The incident of a game as the report keeps it.
fn incident(seed: u64, i: &Incident) -> FuzzIncident {
    FuzzIncident {
        game_seed: seed,
        incident: IncidentReport::new(i, Symmetry::IDENTITY, 0, 0, None),
    }
}

/// Reading the games in order: the report's tallies, the first new
/// difference.
struct Reader<'a> {
    opts: &'a FuzzOptions,
    report: FuzzReport,
    found: Option<(u64, Found)>,
    progress: &'a mut dyn FnMut(u64),
}

impl Reader<'_> {
    fn read(&mut self, p: Played) -> Flow {
        let r = &mut self.report;
        r.games = r.games.saturating_add(1);
        r.turns = r.turns.saturating_add(p.tally.turns);
        for id in &p.tally.reach {
            *r.reach.entry((*id).to_owned()).or_insert(0) += 1;
        }
        for (q, n) in &p.tally.questions {
            *r.questions.entry(q.clone()).or_insert(0) += n;
        }
        r.events.add(&p.tally.events);
        if let Some(f) = &p.fault {
            r.incidents.push(incident(p.seed, f));
        }
        (self.progress)(r.games);
        match p.outcome {
            Ok(None) => Flow::Go,
            Err(i) => {
                r.incidents.push(incident(p.seed, &i));
                Flow::Go
            }
            Ok(Some(found)) => {
                let sig = classify(&found.2).signature(found.2.step);
                if self.opts.is_known(&sig) {
                    r.note_known(&sig, 1, p.seed);
                    Flow::Go
                } else {
                    self.found = Some((p.seed, found));
                    Flow::End
                }
            }
        }
    }
}

fn engine_report(info: &EngineInfo, opts: &FuzzOptions, warnings: Vec<String>) -> EngineReport {
    EngineReport {
        name: info.name.clone(),
        version: info.version.clone(),
        command: opts.command.clone(),
        capabilities: info.capabilities.iter().collect(),
        warnings,
        unusable: None,
    }
}

/// Shrink the difference found in game `seed` on `engine` and put it in the
/// report as its finding.
fn shrink_into(
    engine: &mut dyn Engine,
    opts: &FuzzOptions,
    seed: u64,
    found: Found,
    report: &mut FuzzReport,
) {
    let (given, turns, divergence) = found;
    let caps = engine.info().capabilities;
    let original_turns = turns.len();
    let deadline = opts.limits.deadline;
    // A start V1 refuses is shrunk as a position; any other as a game.
    let (start, turns, divergence, cut) = match given.validate() {
        Ok(start) => {
            let s = shrink(engine, caps, start, turns, divergence, deadline);
            (Setup::from(&s.start), s.turns, s.divergence, s.cut)
        }
        Err(_) => {
            let (start, d, cut) = shrink_given(engine, caps, given, divergence, deadline);
            (start, Vec::new(), d, cut)
        }
    };
    if let Some(crate::shrink::Cut::Incident(i)) = &cut {
        if i.kind != hexodic_engine::IncidentKind::Stopped {
            report.incidents.push(incident(seed, i));
        }
    }
    let cut = cut.as_ref().map(ToString::to_string);
    let classification = classify(&divergence);
    report.finding = Some(FuzzFinding {
        game_seed: seed,
        start,
        turns,
        divergence,
        classification,
        known: false,
        original_turns,
        original_half_moves: given.half_moves,
        cut,
        repeat: opts.repeat.line(seed),
        fixture: None,
    });
}

fn finish(
    mut reader: Reader,
    ended: pool::Ended<impl Sized>,
    engine: Option<&mut dyn Engine>,
    t0: Instant,
) -> FuzzReport {
    if ended.stopped.is_some() {
        reader.report.stopped = ended.stopped;
    }
    if let Some(i) = &ended.unusable {
        reader.report.engine.unusable = Some(i.kind.to_string());
    }
    if let (Some((seed, found)), Some(engine)) = (reader.found.take(), engine) {
        let opts = reader.opts;
        shrink_into(engine, opts, seed, found, &mut reader.report);
    }
    reader.report.elapsed_seconds = t0.elapsed().as_secs_f64();
    reader.report.derive();
    reader.report
}

/// Run the campaign on `engine`. `progress` is called after every game
/// with the number of games played.
pub fn fuzz(
    engine: &mut dyn Transport,
    opts: &FuzzOptions,
    progress: &mut dyn FnMut(u64),
) -> FuzzReport {
    let t0 = Instant::now();
    let info = engine.info();
    let mut reader = Reader {
        opts,
        report: FuzzReport::new(
            engine_report(&info, opts, Vec::new()),
            vec![opts.campaign()],
        ),
        found: None,
        progress,
    };
    let limits = limits(opts, t0);
    let work = |e: &mut &mut dyn Transport, j: u64| game(&mut **e, opts.game_seed(j), opts.jobs);
    let mut ended = pool::run_with(engine, opts.game_limit(), &limits, &work, &mut |_, p| {
        reader.read(p)
    });
    let warnings = ended
        .workers
        .first()
        .map(|e| e.warnings())
        .unwrap_or_default();
    reader.report.engine.warnings = warnings;
    let engine: Option<&mut dyn Engine> = ended.workers.pop().map(|e| e as &mut dyn Engine);
    let ended = pool::Ended {
        workers: Vec::<()>::new(),
        read: ended.read,
        stopped: ended.stopped,
        unusable: ended.unusable,
        not_started: ended.not_started,
    };
    finish(reader, ended, engine, t0)
}

/// The pool's limits for a campaign: the deadline, the interrupt, and no
/// game started after `--time`.
fn limits(opts: &FuzzOptions, t0: Instant) -> Limits {
    Limits {
        start_until: opts.time.map(|t| t0 + t),
        ..opts.limits.clone()
    }
}

/// Run the campaign on `opts.jobs` engines made by `make_engine`; the
/// report is the one [`fuzz`] makes on one engine, timings apart. An error
/// when no engine could be started.
pub fn fuzz_on(
    make_engine: &MakeEngine,
    opts: &FuzzOptions,
    progress: &mut dyn FnMut(u64),
) -> Result<FuzzReport, Incident> {
    let t0 = Instant::now();
    let mut reader = Reader {
        opts,
        report: FuzzReport::new(
            engine_report(&EngineInfo::new("", ""), opts, Vec::new()),
            vec![opts.campaign()],
        ),
        found: None,
        progress,
    };
    let limits = limits(opts, t0);
    let work =
        |e: &mut Box<dyn Transport + Send>, j: u64| game(e.as_mut(), opts.game_seed(j), opts.jobs);
    let mut ended = pool::run(
        opts.jobs,
        opts.game_limit(),
        &limits,
        make_engine,
        &work,
        &mut |_, p| reader.read(p),
    )?;
    let mut warnings: Vec<String> = Vec::new();
    for w in ended.workers.iter().flat_map(|e| e.warnings()) {
        if !warnings.contains(&w) {
            warnings.push(w);
        }
    }
    if let Some(e) = ended.workers.first() {
        reader.report.engine = engine_report(&e.info(), opts, warnings);
    }
    let mut first = ended.workers.drain(..).next();
    let engine: Option<&mut dyn Engine> = first.as_mut().map(|e| e.as_mut() as &mut dyn Engine);
    let ended = pool::Ended {
        workers: Vec::<()>::new(),
        read: ended.read,
        stopped: ended.stopped,
        unusable: ended.unusable,
        not_started: ended.not_started,
    };
    Ok(finish(reader, ended, engine, t0))
}
