//! The Hexodic conformance harness as a library: does an engine play
//! Hexodic exactly as the reference rules (`hexodic-rules`) do, and where
//! not, which rule does it break?
//!
//! A Rust engine team needs little of it:
//!
//! - [`Engine`]: the trait to implement for your engine type (re-exported
//!   from `hexodic-engine`, with its reply types, [`Capability`] and
//!   [`Incident`]).
//! - [`suite::Suite`]: the corpus as one test per fixture in your own
//!   `cargo test` (a `[[test]]` with `harness = false`), expected failures
//!   and their update included; [`check_corpus`] runs it in one `#[test]`.
//! - Fuzzing your engine in process, with cargo-fuzz or proptest, is the
//!   `hexodic-fuzzing` crate's.
//!
//! The rest is what the `hexodic-conformance` command line is made of: the
//! fixture [`corpus`], the [`oracle`] that judges every answer, [`diagnose`]
//! that explains each difference and classifies it once, [`run`] on one
//! engine or several through the one execution core ([`pool`], [`batch`]),
//! and [`record`] that writes fixtures from play. A run emits one report
//! (`hexodic-report`), which every writer reads.
//!
//! # Examples
//!
//! The whole corpus against the reference, in process:
//!
//! ```
//! use hexodic_harness::{check_corpus, ReferenceEngine};
//!
//! let report = check_corpus(ReferenceEngine::new());
//! report.assert_all_pass();
//! assert!(report.summary().fixtures >= 250);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod batch;
pub mod corpus;
pub mod diagnose;
pub mod oracle;
pub mod pool;
pub mod record;
pub mod run;
pub mod suite;

/// The engine boundary this harness drives engines through.
pub use hexodic_engine as engine;
/// The report model every run emits.
pub use hexodic_report as report;
/// The rules crate this harness is built with: use its types through this
/// path so an engine's harness and its rules can never be two versions.
pub use hexodic_rules as rules;

pub use hexodic_engine::{
    Capabilities, Capability, CaptureKinds, Engine, EngineInfo, EngineResult, Incident,
    IncidentKind, PlayReply, Played, PositionReply, ReferenceEngine,
};
pub use suite::{check_corpus, check_corpus_in, CorpusCheck, Suite};
