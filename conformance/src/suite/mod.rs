//! The corpus as a test suite for an engine crate's own `cargo test`.
//!
//! A Rust engine implements [`Engine`](crate::engine::Engine) for its own
//! type (only `info`, `set_position` and `play` are required; the methods a
//! capability gates answer "not supported" unless implemented) and runs the
//! corpus embedded in this crate, each fixture under its variants, against
//! its golden traces.
//!
//! **One test per fixture** ([`Suite`]): in the engine crate's `Cargo.toml`
//!
//! ```toml
//! [[test]]
//! name = "conformance"
//! harness = false
//! ```
//!
//! and in `tests/conformance.rs`
//!
//! ```no_run
//! # use hexodic_conformance::engine::ReferenceEngine as MyEngine;
//! fn main() {
//!     hexodic_conformance::suite::Suite::new(MyEngine::new)
//!         .expectations("tests/expected-failures.yaml") // optional, as `run --expectations`
//!         .main()
//! }
//! ```
//!
//! `cargo test` then lists one test per fixture (`capture/tier2-interior-immune`),
//! `cargo test capture/` runs one area, and a failing test prints the
//! harness's text report: the root cause with its boards.
//!
//! **The whole corpus in one `#[test]`** ([`check_corpus`]):
//!
//! ```
//! use hexodic_conformance::engine::{
//!     Engine, EngineInfo, EngineResult, PlayReply, PositionReply, ReferenceEngine,
//! };
//! use hexodic_conformance::rules::{Setup, Turn};
//! use hexodic_conformance::suite::check_corpus;
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
//! let report = check_corpus(&mut MyEngine(ReferenceEngine::new()));
//! report.assert_all_pass();
//! assert!(report.report.summary.fixtures >= 250);
//! assert!(report.report.corpus_embedded);
//! ```

mod trials;
mod whole;

pub use libtest_mimic::{Arguments, Conclusion};
pub use trials::{Suite, SuiteError};
pub use whole::{bundled_fixtures, check_corpus, check_corpus_in, CorpusReport};
