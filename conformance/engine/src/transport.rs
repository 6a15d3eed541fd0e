//! How requests reach an engine, apart from what they ask: an engine in
//! another process batches requests, notes slow replies and records the
//! exchange; an engine in process has none of that, but may panic. The
//! harness drives every engine through a [`Transport`]: [`InProcess`] wraps
//! any [`Engine`] of this process, [`ExternalEngine`](crate::ExternalEngine)
//! is one by itself.

use super::pipeline::{one_at_a_time, Answer, Ask};
use super::transcript::Transcript;
use super::{Engine, EngineInfo, EngineResult, Incident, IncidentKind, PlayReply, PositionReply};
use hexodic_rules::{Setup, Turn};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// An engine as the harness drives it: the rules' requests ([`Engine`])
/// and what the way to the engine adds. Every method has a default that
/// suits an engine in process.
pub trait Transport: Engine {
    /// Whether [`Transport::pipeline`] saves time over asking one request
    /// at a time: an engine in another process that declared `pipelining`.
    fn pipelines(&self) -> bool {
        false
    }
    /// Answer several requests in order, exactly as if each were asked
    /// alone after the one before, stopping at the first incident.
    fn pipeline(&mut self, asks: &[Ask]) -> EngineResult<Vec<Answer>> {
        one_at_a_time(self, asks)
    }
    /// Warnings about the engine so far (an unknown capability in its
    /// handshake, slow replies). A run puts them in its report.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
    /// Start recording the requests and replies of one fixture.
    fn begin_transcript(&mut self) {}
    /// The exchange recorded since [`Transport::begin_transcript`], ending
    /// the record.
    fn take_transcript(&mut self) -> Option<Transcript> {
        None
    }
}

impl<T: Transport + ?Sized> Transport for Box<T> {
    fn pipelines(&self) -> bool {
        (**self).pipelines()
    }
    fn pipeline(&mut self, asks: &[Ask]) -> EngineResult<Vec<Answer>> {
        (**self).pipeline(asks)
    }
    fn warnings(&self) -> Vec<String> {
        (**self).warnings()
    }
    fn begin_transcript(&mut self) {
        (**self).begin_transcript();
    }
    fn take_transcript(&mut self) -> Option<Transcript> {
        (**self).take_transcript()
    }
}

/// An engine of this process, driven as the harness drives any engine: a
/// panic in one of its methods is an incident naming the request (the
/// protocol's words for it), never the end of the run.
///
/// ```
/// use hexodic_engine::{Engine, EngineInfo, EngineResult, InProcess, PlayReply, PositionReply};
/// use hexodic_engine::rules::{Setup, Turn};
///
/// struct Broken;
/// impl Engine for Broken {
///     fn info(&self) -> EngineInfo { EngineInfo::new("broken", "0.1") }
///     fn set_position(&mut self, _: &Setup) -> EngineResult<PositionReply> { Ok(PositionReply::Accepted) }
///     fn play(&mut self, _: Turn) -> EngineResult<PlayReply> { panic!("index out of bounds") }
/// }
///
/// let mut engine = InProcess::new(Broken);
/// let incident = engine.play(Turn::parse("c3 +d4").unwrap()).unwrap_err();
/// assert_eq!(incident.request, "play c3 +d4");
/// assert_eq!(incident.kind.to_string(), "the engine panicked: index out of bounds");
/// ```
#[derive(Clone, Debug, Default)]
pub struct InProcess<E> {
    engine: E,
}

impl<E: Engine> InProcess<E> {
    /// `engine`, driven in process.
    pub fn new(engine: E) -> InProcess<E> {
        InProcess { engine }
    }

    /// The engine inside.
    pub fn inner(&self) -> &E {
        &self.engine
    }

    /// The engine inside, to change.
    pub fn inner_mut(&mut self) -> &mut E {
        &mut self.engine
    }

    /// The engine inside, unwrapped.
    pub fn into_inner(self) -> E {
        self.engine
    }
}

/// What a panic's payload says, in words.
fn panic_words(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_owned()
    }
}

/// Run one request of an in-process engine; a panic becomes an incident
/// naming `request`.
fn guarded<T>(
    request: impl FnOnce() -> String,
    call: impl FnOnce() -> EngineResult<T>,
) -> EngineResult<T> {
    match catch_unwind(AssertUnwindSafe(call)) {
        Ok(r) => r,
        Err(payload) => {
            let mut incident = Incident::new(IncidentKind::Panicked {
                message: crate::shorten(&panic_words(payload.as_ref()), crate::SHOWN_CHARS),
            });
            incident.request = request();
            Err(incident)
        }
    }
}

impl<E: Engine> Engine for InProcess<E> {
    fn info(&self) -> EngineInfo {
        self.engine.info()
    }
    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        guarded(
            || format!("position {}", position.to_notation()),
            || self.engine.set_position(position),
        )
    }
    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        guarded(|| format!("play {turn}"), || self.engine.play(turn))
    }
    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        guarded(|| "legal".to_owned(), || self.engine.legal_turns())
    }
    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        guarded(|| format!("perft {depth}"), || self.engine.perft(depth))
    }
    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        guarded(|| format!("divide {depth}"), || self.engine.divide(depth))
    }
}

impl<E: Engine> Transport for InProcess<E> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ReferenceEngine;

    #[test]
    fn an_engine_in_process_answers_as_itself() {
        let mut engine = InProcess::new(ReferenceEngine::new());
        assert_eq!(
            engine.set_position(&Setup::default()).unwrap(),
            PositionReply::Accepted
        );
        assert_eq!(engine.legal_turns().unwrap().len(), 480);
        assert!(!engine.pipelines());
        assert!(engine.take_transcript().is_none());
    }
}
