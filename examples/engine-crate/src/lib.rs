//! An example Hexodic engine crate: an engine that hands every call to the
//! reference, and its conformance tests (`tests/conformance.rs`), one test
//! per fixture of the corpus embedded in `hexodic-conformance`.
//!
//! With `HEXODIC_EXAMPLE_BUG=drop-captures` in the environment the engine
//! reports no captured cells, to show what a failing fixture prints.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use hexodic_harness::engine::{
    CaptureKinds, Engine, EngineInfo, EngineResult, PlayReply, PositionReply, ReferenceEngine,
};
use hexodic_harness::rules::{CellSet, Setup, Turn};

/// The example engine.
pub struct ExampleEngine {
    inner: ReferenceEngine,
    drop_captures: bool,
}

impl ExampleEngine {
    /// A fresh engine; its planted bug is on when `HEXODIC_EXAMPLE_BUG` is
    /// `drop-captures`.
    pub fn new() -> ExampleEngine {
        ExampleEngine {
            inner: ReferenceEngine::new(),
            drop_captures: std::env::var("HEXODIC_EXAMPLE_BUG").as_deref() == Ok("drop-captures"),
        }
    }
}

impl Default for ExampleEngine {
    fn default() -> ExampleEngine {
        ExampleEngine::new()
    }
}

impl Engine for ExampleEngine {
    fn info(&self) -> EngineInfo {
        EngineInfo::new("example-engine", env!("CARGO_PKG_VERSION"))
            .with_capabilities(self.inner.info().capabilities)
    }

    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        self.inner.set_position(position)
    }

    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        let mut reply = self.inner.play(turn)?;
        if let (true, PlayReply::Legal(played)) = (self.drop_captures, &mut reply) {
            played.captured = played.captured.map(|_| CellSet::EMPTY);
            played.kinds = played.kinds.map(|_| CaptureKinds::default());
        }
        Ok(reply)
    }

    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        self.inner.legal_turns()
    }

    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        self.inner.perft(depth)
    }

    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        self.inner.divide(depth)
    }
}
