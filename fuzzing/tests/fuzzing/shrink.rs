//! Findings of the differential fuzzer and their shrinking, against a test
//! engine whose fault shows only after a turn it rightly rejected: the
//! rejected turn stays in the finding, which replays, shrinks and becomes a
//! fixture that catches the engine; shrinking stops at the first engine
//! incident and when the deadline passes, keeping the finding so far.

use hexodic_engine::{
    Engine, EngineInfo, EngineResult, InProcess, Incident, IncidentKind, PlayReply, PositionReply,
    ReferenceEngine,
};
use hexodic_fuzzing::finding::recording;
use hexodic_fuzzing::shrink::{replay, same, Cut};
use hexodic_fuzzing::{fuzz, FuzzOptions};
use hexodic_harness::corpus::load_file;
use hexodic_harness::pool::Limits;
use hexodic_harness::record::record;
use hexodic_harness::run::{run_fixture, RunOutcome};
use hexodic_report::{FuzzFinding, Stopped};
use hexodic_rules::{Game, Position, Setup, Turn};
use std::time::{Duration, Instant};

/// What the test engine does once it has given its first wrong answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Then {
    /// Goes on as before.
    Nothing,
    /// Crashes at the next new game, and on every request after that.
    Crash,
    /// Takes until this instant to give that wrong answer.
    SleepUntil(Instant),
}

/// The reference, except that every turn it rejects still counts as a
/// half-move: the positions it reports after later turns have a half-move
/// count too high by the number of turns rejected since the game started.
struct CountsRejected {
    reference: ReferenceEngine,
    rejected: u16,
    then: Then,
    /// A wrong answer was given.
    wrong: bool,
    /// New games started after the first wrong answer.
    games_after_wrong: usize,
    crashed: bool,
    /// Requests after the crash.
    after_crash: usize,
}

impl CountsRejected {
    fn new(then: Then) -> CountsRejected {
        CountsRejected {
            reference: ReferenceEngine::new(),
            rejected: 0,
            then,
            wrong: false,
            games_after_wrong: 0,
            crashed: false,
            after_crash: 0,
        }
    }

    fn crash(&mut self) -> Incident {
        if self.crashed {
            self.after_crash += 1;
        }
        self.crashed = true;
        Incident::new(IncidentKind::Exited {
            status: "exited with code 101".into(),
        })
    }
}

impl Engine for CountsRejected {
    fn info(&self) -> EngineInfo {
        {
            let mut info = self.reference.info();
            info.name = "counts-rejected".into();
            info
        }
    }

    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        if self.crashed || (self.wrong && self.then == Then::Crash) {
            return Err(self.crash());
        }
        if self.wrong {
            self.games_after_wrong += 1;
        }
        self.rejected = 0;
        self.reference.set_position(position)
    }

    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        if self.crashed {
            return Err(self.crash());
        }
        let mut reply = self.reference.play(turn)?;
        match &mut reply {
            PlayReply::Illegal(_) => self.rejected += 1,
            PlayReply::Legal(p) if self.rejected > 0 => {
                p.position.half_moves += self.rejected;
                if !self.wrong {
                    if let Then::SleepUntil(t) = self.then {
                        std::thread::sleep(t.saturating_duration_since(Instant::now()));
                    }
                }
                self.wrong = true;
            }
            PlayReply::Legal(_) => {}
        }
        Ok(reply)
    }

    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        if self.crashed {
            return Err(self.crash());
        }
        self.reference.legal_turns()
    }

    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        self.reference.perft(depth)
    }

    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        self.reference.divide(depth)
    }
}

fn options() -> FuzzOptions {
    FuzzOptions {
        seed: 1,
        games: Some(500),
        ..FuzzOptions::default()
    }
}

/// The start position of a finding.
fn start(f: &FuzzFinding) -> Position {
    f.start
        .validate()
        .expect("a finding starts from a valid position")
}

/// The turns of a finding the reference rejects.
fn rejected(f: &FuzzFinding) -> Vec<Turn> {
    let mut g = Game::from_position(start(f));
    f.turns
        .iter()
        .copied()
        .filter(|t| g.play(*t).is_err())
        .collect()
}

fn shown(turns: &[Turn]) -> String {
    turns
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" ; ")
}

/// Whether the finding's turns, replayed from its start on a fresh test
/// engine, show the same difference.
fn reproduces(f: &FuzzFinding) -> bool {
    let mut engine = CountsRejected::new(Then::Nothing);
    let caps = engine.info().capabilities;
    match replay(&mut engine, caps, &start(f), &f.turns) {
        Ok(Some(d)) => same(&d, &f.divergence),
        _ => false,
    }
}

#[test]
fn a_difference_after_a_rejected_turn_keeps_that_turn_and_replays() {
    let mut engine = CountsRejected::new(Then::Nothing);
    let report = fuzz(&mut InProcess::new(&mut engine), &options(), &mut |_| {});
    assert!(report.incidents.is_empty());
    let f = report.finding.expect("the test engine is caught");
    assert_eq!(f.divergence.difference.kind(), "state");
    assert!(
        !rejected(&f).is_empty(),
        "no rejected turn left in {}",
        shown(&f.turns)
    );
    assert!(reproduces(&f), "{} does not replay", shown(&f.turns));
    // The shrunk finding: a rejected turn, then the turn that shows it.
    assert!(f.turns.len() <= 3, "not shrunk: {}", shown(&f.turns));
    assert_eq!(f.cut, None);
}

#[test]
fn a_finding_with_a_rejected_turn_becomes_a_fixture_that_catches_the_engine() {
    let f = fuzz(
        &mut InProcess::new(CountsRejected::new(Then::Nothing)),
        &options(),
        &mut |_| {},
    )
    .finding
    .expect("the test engine is caught");
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("fixtures");
    let rec = recording(
        &f,
        "found/counts-rejected",
        "counts-rejected",
        "fuzz --seed 1",
    );
    assert!(
        rec.turns.iter().any(|p| p.illegal),
        "no step must be rejected"
    );
    let written = record(&root, &rec, false).unwrap_or_else(|e| panic!("{e}"));
    let text = std::fs::read_to_string(&written.fixture).unwrap();
    eprintln!("{text}");
    assert!(text.contains("    illegal: ["), "{text}");
    let fx = load_file(&root, &written.fixture).unwrap();
    let on_reference = run_fixture(&mut ReferenceEngine::new(), &fx, None, None);
    assert_eq!(on_reference.outcome, RunOutcome::Pass);
    let on_engine = run_fixture(&mut CountsRejected::new(Then::Nothing), &fx, None, None);
    assert!(
        matches!(on_engine.outcome, RunOutcome::Fail(_)),
        "the fixture does not catch the engine:\n{text}"
    );
}

#[test]
fn shrinking_stops_at_the_first_incident_and_keeps_the_finding() {
    let mut engine = CountsRejected::new(Then::Crash);
    let report = fuzz(&mut InProcess::new(&mut engine), &options(), &mut |_| {});
    let f = report.finding.expect("the test engine is caught");
    assert_eq!(engine.after_crash, 0, "requests after the crash");
    // The report keeps the cut in words, and the crash as an incident.
    match f.cut.as_deref() {
        Some(cut) => assert!(
            cut.starts_with("while a candidate was replayed, the engine exited"),
            "shrinking was not cut by the crash: {cut}"
        ),
        None => panic!("shrinking was not cut by the crash"),
    }
    assert_eq!(report.incidents.len(), 1);
    assert_eq!(report.incidents[0].game_seed, f.game_seed);
    assert_eq!(report.incidents[0].incident.kind, "crash");
    // Nothing was shrunk: the finding is the game's own sequence, which replays.
    assert_eq!(f.turns.len(), f.original_turns);
    assert!(reproduces(&f), "{} does not replay", shown(&f.turns));
    let rec = recording(&f, "found/crash", "counts-rejected", "fuzz --seed 1");
    assert!(
        rec.description.contains("shrinking stopped early"),
        "{}",
        rec.description
    );
    assert!(
        rec.description.contains(
            "(shrinking stopped early: while a candidate was replayed, the engine exited with code 101)"
        ),
        "{}",
        rec.description
    );
}

#[test]
fn shrinking_stops_when_the_deadline_passes_and_keeps_the_finding() {
    let deadline = Instant::now() + Duration::from_secs(2);
    let mut engine = CountsRejected::new(Then::SleepUntil(deadline));
    let opts = FuzzOptions {
        limits: Limits {
            deadline: Some(deadline),
            ..Limits::default()
        },
        ..options()
    };
    let report = fuzz(&mut InProcess::new(&mut engine), &opts, &mut |_| {});
    let f = report
        .finding
        .expect("the test engine is caught before the deadline");
    assert!(Instant::now() >= deadline);
    assert_eq!(
        engine.games_after_wrong, 0,
        "candidates replayed after the deadline"
    );
    assert_eq!(f.cut, Some(Cut::Deadline.to_string()));
    assert_eq!(f.turns.len(), f.original_turns);
    assert!(reproduces(&f), "{} does not replay", shown(&f.turns));
}

#[test]
fn no_game_starts_after_the_deadline() {
    let opts = FuzzOptions {
        limits: Limits {
            deadline: Some(Instant::now()),
            ..Limits::default()
        },
        ..options()
    };
    let report = fuzz(
        &mut InProcess::new(ReferenceEngine::new()),
        &opts,
        &mut |_| {},
    );
    assert_eq!(report.games, 0);
    assert_eq!(report.stopped, Some(Stopped::TimeLimit));
}
