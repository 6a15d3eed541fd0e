//! One fuzz game in one exchange with the engine, for an engine that reads
//! requests as they come (`pipelining`, PROTOCOL.md).
//!
//! The game's requests do not depend on the engine's answers: the
//! reference and the seed choose every turn, and the game stops at the
//! first difference. So the game is first played against the reference
//! alone, noting each request and the reference's answer ([`Noting`]); the
//! engine is then sent them all at once ([`Engine::pipeline`]). Answers
//! equal to the reference's agree (the legal list in any order). Otherwise
//! the game is played once more, the engine's recorded answers judged by
//! the same oracle as always ([`Recorded`]): an engine without some
//! capability answers with less, and still agrees. A game on which the engine differs, or breaks the
//! protocol, is played again one request at a time from a fresh start, so
//! that the finding, the implicated rules and the incidents are exactly
//! those of a run without pipelining. Only a time-out or a stop is
//! reported from the batch itself: waiting once more would only double it.

use super::campaign::{play_one, Found, FuzzReport};
use crate::engine::{
    Answer, Ask, Engine, EngineInfo, EngineResult, Incident, IncidentKind, PlayReply,
    PositionReply, ReferenceEngine,
};
use hexodic_rules::{Setup, Turn};

/// Play the game `seed` on `engine` with its requests sent at once.
pub(super) fn play(
    engine: &mut dyn Engine,
    seed: u64,
    report: &mut FuzzReport,
) -> Result<Option<Found>, Incident> {
    let info = engine.info();
    let mut noting = Noting {
        reference: ReferenceEngine::new(),
        info: info.clone(),
        script: Vec::new(),
    };
    let mut expected = FuzzReport::default();
    if !matches!(play_one(&mut noting, seed, &mut expected), Ok(None)) {
        // The reference against itself always agrees; asked alone to be sure.
        return play_one(engine, seed, report);
    }
    let asks: Vec<Ask> = noting.script.iter().map(|(a, _)| *a).collect();
    let answers = match engine.pipeline(&asks) {
        Ok(a) => a,
        Err(i) if matches!(i.kind, IncidentKind::Stopped | IncidentKind::Timeout { .. }) => {
            report.games += 1;
            return Err(i);
        }
        Err(_) => return play_one(engine, seed, report),
    };
    // The reference's own answers agree with it: answers equal to them
    // need no judging.
    let same = answers.len() == noting.script.len()
        && noting
            .script
            .iter()
            .zip(&answers)
            .all(|((_, want), got)| equal(want, got));
    if same {
        add(report, &expected);
        return Ok(None);
    }
    let mut recorded = Recorded {
        info,
        script: asks.into_iter().zip(answers).collect(),
        next: 0,
    };
    let mut game = FuzzReport::default();
    match play_one(&mut recorded, seed, &mut game) {
        Ok(None) if recorded.next == recorded.script.len() => {
            add(report, &game);
            Ok(None)
        }
        _ => play_one(engine, seed, report),
    }
}

/// Whether two answers are the same, legal lists in any order.
fn equal(want: &Answer, got: &Answer) -> bool {
    match (want, got) {
        (Answer::Legal(w), Answer::Legal(g)) => {
            w.len() == g.len() && {
                let (mut w, mut g) = (w.clone(), g.clone());
                w.sort_unstable();
                g.sort_unstable();
                w == g
            }
        }
        _ => want == got,
    }
}

/// Add one game's tallies to the run's.
fn add(report: &mut FuzzReport, game: &FuzzReport) {
    report.games += game.games;
    report.turns += game.turns;
    for (id, n) in &game.reach {
        *report.reach.entry(id).or_insert(0) += n;
    }
    report.events.add(&game.events);
}

/// The reference, answering as the engine under test would be asked, with
/// every request noted.
struct Noting {
    reference: ReferenceEngine,
    /// The engine under test's name and capabilities: the game asks only
    /// what it would ask that engine.
    info: EngineInfo,
    /// Each request with the reference's answer.
    script: Vec<(Ask, Answer)>,
}

impl Engine for Noting {
    fn info(&self) -> EngineInfo {
        self.info.clone()
    }
    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        let r = self.reference.set_position(position)?;
        let noted = (Ask::Position(*position), Answer::Position(r.clone()));
        self.script.push(noted);
        Ok(r)
    }
    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        let r = self.reference.play(turn)?;
        self.script.push((Ask::Play(turn), Answer::Play(r.clone())));
        Ok(r)
    }
    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        let r = self.reference.legal_turns()?;
        self.script.push((Ask::Legal, Answer::Legal(r.clone())));
        Ok(r)
    }
}

/// The engine under test's answers to the noted requests, given back in
/// order. A request off the script (the game went another way) is refused.
struct Recorded {
    info: EngineInfo,
    script: Vec<(Ask, Answer)>,
    next: usize,
}

impl Recorded {
    fn answer(&mut self, ask: Ask) -> EngineResult<Answer> {
        match self.script.get(self.next) {
            Some((a, answer)) if *a == ask => {
                self.next += 1;
                Ok(answer.clone())
            }
            _ => Err(Incident::new(IncidentKind::GaveUp {
                reason: "a request the batch did not hold".into(),
            })),
        }
    }
}

impl Engine for Recorded {
    fn info(&self) -> EngineInfo {
        self.info.clone()
    }
    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        match self.answer(Ask::Position(*position))? {
            Answer::Position(r) => Ok(r),
            _ => Err(off_script()),
        }
    }
    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        match self.answer(Ask::Play(turn))? {
            Answer::Play(r) => Ok(r),
            _ => Err(off_script()),
        }
    }
    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        match self.answer(Ask::Legal)? {
            Answer::Legal(r) => Ok(r),
            _ => Err(off_script()),
        }
    }
}

fn off_script() -> Incident {
    Incident::new(IncidentKind::GaveUp {
        reason: "an answer of another kind".into(),
    })
}
