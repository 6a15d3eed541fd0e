//! The corpus as a test suite for an engine crate's own `cargo test`.
//!
//! A Rust engine implements [`Engine`] for its own type and runs the whole
//! corpus, every fixture under its variants, against the golden traces:
//!
//! ```
//! use hexodic_conformance::engine::{
//!     Engine, EngineInfo, EngineResult, PlayReply, PositionReply, ReferenceEngine,
//! };
//! use hexodic_conformance::suite::{bundled_fixtures, run_corpus};
//! use hexodic_rules::{Setup, Turn};
//!
//! /// Your engine. (Here it hands every call to the reference, as a stand-in.)
//! struct MyEngine(ReferenceEngine);
//!
//! impl Engine for MyEngine {
//!     fn info(&self) -> EngineInfo {
//!         EngineInfo { name: "my-engine".into(), version: "1.0.0".into(), ..self.0.info() }
//!     }
//!     fn set_position(&mut self, p: &Setup) -> EngineResult<PositionReply> {
//!         self.0.set_position(p)
//!     }
//!     fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
//!         self.0.play(turn)
//!     }
//!     fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
//!         self.0.legal_turns()
//!     }
//!     fn perft(&mut self, depth: u32) -> EngineResult<u64> {
//!         self.0.perft(depth)
//!     }
//!     fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
//!         self.0.divide(depth)
//!     }
//! }
//!
//! // In a `#[test]` of the engine crate:
//! let report = run_corpus(&mut MyEngine(ReferenceEngine::new()), &bundled_fixtures().unwrap());
//! report.assert_all_pass();
//! assert!(report.report.summary.fixtures >= 250);
//! ```

use crate::corpus::load_corpus;
use crate::engine::Engine;
use crate::run::{report::text, run_corpus as run, RunOptions, RunReport};
use std::path::{Path, PathBuf};

/// The corpus embedded in this crate, written out into the cache folder
/// ([`crate::corpus::embedded`]).
pub fn bundled_fixtures() -> Result<PathBuf, crate::corpus::embedded::EmbeddedError> {
    crate::corpus::embedded::materialise()
}

/// The result of [`run_corpus`].
#[derive(Clone, Debug)]
pub struct CorpusReport {
    /// Everything the run found.
    pub report: RunReport,
    /// The text report (root causes with their boards).
    pub text: String,
}

impl CorpusReport {
    /// Whether every fixture passed (or was skipped for a missing
    /// capability), every file loaded and the engine had no incident.
    pub fn all_passed(&self) -> bool {
        self.report.exit_code() == 0
    }

    /// Panic with the text report unless every fixture passed.
    pub fn assert_all_pass(&self) {
        assert!(self.all_passed(), "conformance failures:\n{}", self.text);
    }
}

/// Run every fixture under `fixtures` against `engine`, comparing with the
/// golden traces beside the fixtures.
pub fn run_corpus(engine: &mut dyn Engine, fixtures: &Path) -> CorpusReport {
    let corpus = load_corpus(fixtures);
    let opts = RunOptions {
        traces: true,
        ..RunOptions::default()
    };
    let report = run(engine, &corpus, &opts, &mut |_| {});
    let text = text(&report, false);
    CorpusReport { report, text }
}
