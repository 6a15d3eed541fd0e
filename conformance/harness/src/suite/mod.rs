//! The corpus as a test suite for an engine crate's own `cargo test`.
//!
//! A Rust engine implements [`Engine`](crate::Engine) for a wrapper around it
//! (only `info`, `set_position` and `play` are required; the methods a
//! capability gates answer "not supported" unless implemented) and runs
//! the corpus embedded in the harness (read from memory: nothing is written
//! to the disk), each fixture under its variants, against its golden
//! traces. `hexodic-harness` is a dev-dependency, so the `impl Engine`
//! lives in the tests, on a wrapper type defined there: a test file is a
//! crate of its own, to which both the trait and the engine's type are
//! foreign, and Rust's orphan rule allows a foreign trait's `impl` only for
//! a local type.
//! `examples/engine-crate/` in the repository is such a crate, with its own
//! board and move types and the conversions in `tests/adapter/mod.rs`.
//!
//! **One test per fixture** ([`Suite`]): in the engine crate's `Cargo.toml`
//!
//! ```toml
//! [dev-dependencies]
//! hexodic-harness = "0.1"
//!
//! [[test]]
//! name = "conformance"
//! harness = false
//! ```
//!
//! and in `tests/conformance.rs`
//!
//! ```no_run
//! # use hexodic_harness::ReferenceEngine as MyEngine;
//! fn main() {
//!     hexodic_harness::Suite::new(MyEngine::new)
//!         .expectations("tests/expected-failures.yaml") // optional, as `run --expectations`
//!         .fixtures("tests/fixtures") // optional: your own fixtures beside the corpus
//!         .main()
//! }
//! ```
//!
//! `cargo test` then lists one test per fixture, labelled with the rules
//! it cites (`[C1 C2] capture/tier2-interior-immune`); `cargo test
//! capture/` runs one area, `cargo test -- C1` the fixtures citing C1, and
//! `cargo test -- --exact capture/edge@r2ms` one fixture in one variant
//! (or `HEXODIC_VARIANT=r2ms`). A failing test prints only its failure:
//! the boards, the consequences, the command that reruns exactly it. A
//! fixture the expectations file lists is labelled `xfail`, one whose
//! checks need a capability the engine lacks `skips:NAME`; after the tests
//! the suite prints the totals and every root cause once.
//! `HEXODIC_UPDATE_EXPECTATIONS=1 cargo test` writes the expectations file
//! from the run, as `run --update-expectations` does. Each test process
//! reads only the fixture it runs when given one (`--exact`, as `cargo
//! nextest` runs them).
//!
//! **The whole corpus in one `#[test]`** ([`check_corpus`]):
//!
//! ```
//! use hexodic_harness::{check_corpus, Engine, EngineInfo, EngineResult, PlayReply, PositionReply};
//! use hexodic_harness::rules::{Setup, Turn};
//! # use hexodic_harness::ReferenceEngine as TheirRules;
//!
//! /// Your engine. (Here it hands every call to the reference, as a stand-in.)
//! struct MyEngine(TheirRules);
//!
//! impl Engine for MyEngine {
//!     fn info(&self) -> EngineInfo {
//!         EngineInfo::new("my-engine", "1.0.0").with_capabilities(self.0.info().capabilities)
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
//! let check = check_corpus(MyEngine(TheirRules::new()));
//! check.assert_all_pass();
//! assert!(check.summary().fixtures >= 250);
//! ```

pub mod libtest;
mod trials;
mod whole;

pub use crate::run::VARIANT_VARIABLE;
pub use trials::{Suite, SuiteError};
pub use whole::{check_corpus, check_corpus_in, CorpusCheck};

/// The environment variable that makes the suite write its expectations
/// file from the run (`1`).
pub const UPDATE_VARIABLE: &str = "HEXODIC_UPDATE_EXPECTATIONS";
