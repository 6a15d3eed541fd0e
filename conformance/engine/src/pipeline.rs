//! Several requests answered in one exchange: what the differential fuzzer
//! asks of an engine for a whole game at once. An engine in another process
//! that declares `pipelining` in its handshake is sent them together and
//! read back in order (PROTOCOL.md); every other engine answers them one at
//! a time, as if asked separately. [`Noting`] and [`Recorded`] serve the
//! callers that batch: the reference noting a run's requests and answers,
//! and an engine's recorded answers given back to the same code.

use super::{
    Engine, EngineInfo, EngineResult, Incident, IncidentKind, PlayReply, PositionReply,
    ReferenceEngine,
};
use hexodic_rules::{Setup, Turn};

/// One request of a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Start a fresh game from this position ([`Engine::set_position`]).
    Position(Setup),
    /// Play this turn ([`Engine::play`]).
    Play(Turn),
    /// List the legal turns ([`Engine::legal_turns`]).
    Legal,
    /// Count the turn sequences of this depth ([`Engine::perft`]).
    Perft(u32),
}

/// The answer to one [`Ask`], of the same kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The answer to [`Ask::Position`].
    Position(PositionReply),
    /// The answer to [`Ask::Play`].
    Play(PlayReply),
    /// The answer to [`Ask::Legal`].
    Legal(Vec<Turn>),
    /// The answer to [`Ask::Perft`].
    Perft(u64),
}

impl Ask {
    /// Ask `engine` this one request.
    ///
    /// ```
    /// use hexodic_engine::{Answer, Ask, PositionReply, ReferenceEngine};
    /// use hexodic_rules::Setup;
    /// let mut engine = ReferenceEngine::new();
    /// let answer = Ask::Position(Setup::default()).ask(&mut engine).unwrap();
    /// assert_eq!(answer, Answer::Position(PositionReply::Accepted));
    /// ```
    pub fn ask(&self, engine: &mut (impl Engine + ?Sized)) -> EngineResult<Answer> {
        Ok(match self {
            Ask::Position(p) => Answer::Position(engine.set_position(p)?),
            Ask::Play(t) => Answer::Play(engine.play(*t)?),
            Ask::Legal => Answer::Legal(engine.legal_turns()?),
            Ask::Perft(depth) => Answer::Perft(engine.perft(*depth)?),
        })
    }
}

/// Ask `engine` each request in turn, stopping at the first incident: what
/// [`Engine::pipeline`] does unless an engine sends them together.
pub fn one_at_a_time(
    engine: &mut (impl Engine + ?Sized),
    asks: &[Ask],
) -> EngineResult<Vec<Answer>> {
    asks.iter().map(|a| a.ask(engine)).collect()
}

/// Whether two answers are the same, legal lists in any order: an engine
/// whose answers equal the reference's agrees with it.
pub fn same_answer(want: &Answer, got: &Answer) -> bool {
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

/// The reference, answering as the engine under test would be asked (with
/// its name and capabilities), with every request and answer noted.
pub struct Noting {
    reference: ReferenceEngine,
    info: EngineInfo,
    /// Each request with the reference's answer.
    pub script: Vec<(Ask, Answer)>,
}

impl Noting {
    /// The reference in the place of an engine that says `info`.
    pub fn new(info: EngineInfo) -> Noting {
        Noting {
            reference: ReferenceEngine::new(),
            info,
            script: Vec::new(),
        }
    }

    /// The requests noted.
    pub fn asks(&self) -> Vec<Ask> {
        self.script.iter().map(|(a, _)| *a).collect()
    }

    /// Whether `answers` are the reference's answers, one for one.
    pub fn agrees(&self, answers: &[Answer]) -> bool {
        answers.len() == self.script.len()
            && self
                .script
                .iter()
                .zip(answers)
                .all(|((_, want), got)| same_answer(want, got))
    }
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
    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        let n = self.reference.perft(depth)?;
        self.script.push((Ask::Perft(depth), Answer::Perft(n)));
        Ok(n)
    }
}

/// An engine's answers to noted requests, given back in order. A request
/// off the script (the run went another way) is refused with an incident,
/// and [`Recorded::complete`] tells whether every answer was used.
pub struct Recorded {
    info: EngineInfo,
    script: Vec<(Ask, Answer)>,
    next: usize,
}

impl Recorded {
    /// The answers of an engine that says `info` to `asks`.
    pub fn new(info: EngineInfo, asks: Vec<Ask>, answers: Vec<Answer>) -> Recorded {
        Recorded {
            info,
            script: asks.into_iter().zip(answers).collect(),
            next: 0,
        }
    }

    /// Whether every answer was asked for, in order.
    pub fn complete(&self) -> bool {
        self.next == self.script.len()
    }

    fn answer(&mut self, ask: Ask) -> EngineResult<Answer> {
        match self.script.get(self.next) {
            Some((a, answer)) if *a == ask => {
                self.next += 1;
                Ok(answer.clone())
            }
            _ => Err(off_script()),
        }
    }
}

fn off_script() -> Incident {
    Incident::new(IncidentKind::GaveUp {
        reason: "a request the batch did not hold".into(),
    })
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
    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        match self.answer(Ask::Perft(depth))? {
            Answer::Perft(n) => Ok(n),
            _ => Err(off_script()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ReferenceEngine;

    #[test]
    fn one_at_a_time_answers_in_order_from_the_game_so_far() {
        let mut engine = ReferenceEngine::new();
        let first = Turn::parse("c3 +d4").unwrap();
        let asks = [
            Ask::Position(Setup::default()),
            Ask::Play(first),
            Ask::Play(first),
            Ask::Legal,
        ];
        let answers = one_at_a_time(&mut engine, &asks).unwrap();
        assert_eq!(answers.len(), 4);
        assert!(matches!(answers[1], Answer::Play(PlayReply::Legal(_))));
        // The same turn again is judged on the position after the first.
        assert!(matches!(answers[2], Answer::Play(PlayReply::Illegal(_))));
        let mut game = hexodic_rules::Game::new();
        game.play(first).unwrap();
        assert_eq!(answers[3], Answer::Legal(game.position().legal_turns()));
    }
}
