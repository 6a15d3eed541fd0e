//! The one batching wrapper (pipelining, PROTOCOL.md): what a fixture or a
//! fuzz game asks does not depend on the engine's answers while they agree
//! with the reference's (the fixture or the seed fixes every request). So
//! the work is first done against the reference, noting each request and
//! answer ([`Noting`]); the engine is sent every request at once
//! ([`Transport::pipeline`]); answers equal to the reference's agree as the
//! reference did, and any others are judged by doing the work once more on
//! the recorded answers ([`Recorded`]). Work that does not agree that way,
//! or whose exchange met an incident, is done again one request at a time
//! from its start, so its failure, diagnosis, incidents and transcript are
//! exactly those of a run without pipelining. A reply out of order is a
//! protocol fault reported beside the result ([`AtOnce::fault`]).

use hexodic_engine::{
    cores_free, Answer, Ask, Engine, EngineInfo, EngineResult, Incident, IncidentKind, PlayReply,
    PositionReply, ProtocolFault, ReferenceEngine, Transport,
};
use hexodic_rules::{Setup, Turn};

/// The result of work done at once, and the protocol fault of the batch
/// when the engine answered out of order.
pub struct AtOnce<T> {
    /// What the work found (done again one request at a time where the
    /// batch did not agree).
    pub result: T,
    /// A reply of the batch out of order, or another protocol fault the
    /// batch met before the work was done again one request at a time.
    pub fault: Option<Incident>,
}

/// Do `work` on `engine`, its requests sent at once when the engine
/// pipelines and `jobs` engines keep every core busy (while a core is free,
/// replies are waited for by spinning, and one request at a time is
/// faster). `agrees` says whether a result found nothing; `again` is called
/// before the work is done once more one request at a time (to start a
/// transcript afresh). A time-out or a stop in the batch is the result's
/// own: waiting once more would only double it (`stalled` makes it one).
pub fn at_once<T>(
    engine: &mut dyn Transport,
    jobs: usize,
    work: &mut dyn FnMut(&mut dyn Engine) -> T,
    agrees: &dyn Fn(&T) -> bool,
    again: &mut dyn FnMut(&mut dyn Transport),
    stalled: &dyn Fn(Incident) -> T,
) -> AtOnce<T> {
    let alone = |result| AtOnce {
        result,
        fault: None,
    };
    if !engine.pipelines() || cores_free(jobs) {
        return alone(work(engine));
    }
    let info = engine.info();
    let mut noting = Noting::new(info.clone());
    let expected = work(&mut noting);
    if !agrees(&expected) {
        // The reference does not agree with itself (a stale trace): asked alone.
        return alone(work(engine));
    }
    let asks = noting.asks();
    let answers = match engine.pipeline(&asks) {
        Ok(a) => a,
        Err(i) if matches!(i.kind, IncidentKind::Stopped | IncidentKind::Timeout { .. }) => {
            return alone(stalled(i));
        }
        Err(i) => {
            let fault = matches!(
                &i.kind,
                IncidentKind::Protocol { fault, .. } if matches!(**fault, ProtocolFault::WrongId { .. })
            )
            .then_some(i);
            again(engine);
            return AtOnce {
                result: work(engine),
                fault,
            };
        }
    };
    if noting.agrees(&answers) {
        return alone(expected);
    }
    let mut recorded = Recorded::new(info, asks, answers);
    let judged = work(&mut recorded);
    if agrees(&judged) && recorded.complete() {
        return alone(judged);
    }
    again(engine);
    alone(work(engine))
}

/// Whether two answers are the same, legal lists in any order: an engine
/// whose answers equal the reference's agrees with it.
fn same_answer(want: &Answer, got: &Answer) -> bool {
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
