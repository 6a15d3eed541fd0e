//! The corpus as a test suite for an engine crate's own `cargo test`.
//!
//! A Rust engine implements [`Engine`] for its own type and runs the whole
//! corpus, every fixture under its variants, with the trace snapshots:
//!
//! ```
//! use hexodic_conformance::engine::{Engine, EngineError, EngineInfo, PlayReply, ReferenceEngine};
//! use hexodic_conformance::suite::{bundled_fixtures, run_corpus};
//!
//! /// Your engine. (Here it hands every call to the reference, as a stand-in.)
//! struct MyEngine(ReferenceEngine);
//!
//! impl Engine for MyEngine {
//!     fn info(&self) -> EngineInfo {
//!         EngineInfo { name: "my-engine".into(), version: "1.0.0".into(), ..self.0.info() }
//!     }
//!     fn set_position(&mut self, one_line: &str) -> Result<(), EngineError> {
//!         self.0.set_position(one_line)
//!     }
//!     fn play(&mut self, turn: &str) -> Result<PlayReply, EngineError> {
//!         self.0.play(turn)
//!     }
//!     fn legal_turns(&mut self) -> Result<Vec<String>, EngineError> {
//!         self.0.legal_turns()
//!     }
//!     fn perft(&mut self, depth: u32) -> Result<u64, EngineError> {
//!         self.0.perft(depth)
//!     }
//! }
//!
//! // In a `#[test]` of the engine crate:
//! let report = run_corpus(&mut MyEngine(ReferenceEngine::new()), &bundled_fixtures());
//! report.assert_all_pass();
//! assert!(report.summary.fixtures >= 150);
//! ```

use crate::engine::Engine;
use crate::load::load_corpus;
use crate::report::{run_all, summary_text, RunOptions, Summary};
use std::path::{Path, PathBuf};

/// The corpus that ships with this crate (`fixtures/` of its repository).
pub fn bundled_fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

/// The result of [`run_corpus`].
#[derive(Clone, Debug)]
pub struct CorpusReport {
    /// The totals.
    pub summary: Summary,
    /// The text report (failures with files, lines, rules and diagrams).
    pub text: String,
}

impl CorpusReport {
    /// Whether every fixture passed (or was skipped for a missing capability)
    /// and every file loaded.
    pub fn all_passed(&self) -> bool {
        self.summary.exit_code() == 0
    }

    /// Panic with the text report unless every fixture passed.
    pub fn assert_all_pass(&self) {
        assert!(self.all_passed(), "conformance failures:\n{}", self.text);
    }
}

/// Run every fixture under `fixtures` against `engine`, comparing traces
/// with the snapshots beside the corpus (`../conformance/tests/snapshots`)
/// when that folder exists.
pub fn run_corpus(engine: &mut dyn Engine, fixtures: &Path) -> CorpusReport {
    let corpus = load_corpus(fixtures);
    let snaps = fixtures.join("../conformance/tests/snapshots");
    let opts = RunOptions {
        snapshots: snaps.is_dir().then_some(snaps.as_path()),
        ..RunOptions::default()
    };
    let mut text = String::new();
    let (summary, _) = run_all(engine, &corpus.fixtures, &corpus.errors, &opts, &mut text);
    let info = engine.info();
    text.push_str(&summary_text(
        &format!("{} {}", info.name, info.version),
        &summary,
    ));
    CorpusReport { summary, text }
}
