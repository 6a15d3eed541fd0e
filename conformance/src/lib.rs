//! The Hexodic conformance harness: does an engine play Hexodic exactly as
//! the reference rules (`hexodic-rules`) do, and where not, which rule does it
//! break?
//!
//! The facade below is what most users need; the modules hold the rest.
//!
//! - [`Engine`]: the boundary every engine build is driven through, in the
//!   rules crate's types. [`ReferenceEngine`] is the reference in process;
//!   [`ExternalEngine`] drives any program speaking `conformance/PROTOCOL.md`,
//!   reading every reply strictly (a bad reply is an [`engine::Incident`],
//!   never a default value).
//! - [`oracle`]: the one definition of "agrees": one function per kind of
//!   check, each giving a typed [`Difference`] (or a skip, for a missing
//!   [`Capability`]).
//! - [`corpus`]: the YAML fixtures and their golden traces.
//! - [`run_corpus`]: every fixture against an engine, each fixture's status
//!   decided once, failures grouped into root causes ([`diagnose`]); the
//!   reports ([`report`]: text, JSON, JUnit, annotations, HTML, the
//!   catalogue) are made from the [`RunReport`].
//! - [`mod@fuzz`]: the fuzz checks and the differential fuzzer; [`record`]:
//!   fixtures written from play, with their traces.
//!
//! # Examples
//!
//! The whole corpus against the reference, in process:
//!
//! ```
//! use hexodic_conformance::{load_corpus, run_corpus, ReferenceEngine, RunOptions};
//! use hexodic_conformance::engine::InProcess;
//!
//! let corpus = load_corpus(&hexodic_conformance::suite::bundled_fixtures().unwrap());
//! let opts = RunOptions { traces: true, ..RunOptions::default() };
//! let report = run_corpus(&mut InProcess::new(ReferenceEngine::new()), &corpus, &opts, &mut |_| {});
//! assert_eq!(report.summary.failed(), 0);
//! assert!(report.root_causes.is_empty());
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod corpus;
pub mod diagnose;
pub use hexodic_engine as engine;
pub mod fuzz;
pub use hexodic_engine::notation;
pub mod oracle;
pub use hexodic_io::paths;
pub mod record;
pub mod report;
pub mod run;
pub mod suite;
pub use hexodic_io as wording;

/// The rules crate this harness is built with: use its types through this
/// path so an engine's harness and its rules can never be two versions.
pub use hexodic_rules as rules;

pub use corpus::{load_corpus, Corpus, Fixture};
pub use engine::{Capabilities, Capability, Engine, ExternalEngine, ReferenceEngine};
pub use fuzz::{fuzz, FuzzOptions};
pub use oracle::{Difference, Judgement};
pub use run::{run_corpus, run_corpus_parallel, RunOptions, RunReport};
