//! The end-to-end tests of the harness, one test binary: the harness (the
//! `hexodic-conformance` binary and the library crates) run against the
//! test engines of `hexodic-e2e` (planted rule bugs, reply faults,
//! misreporting engines, misbehaving protocol peers). One module per
//! subject; a test is named `module::name`, so `cargo test -p hexodic-e2e
//! --test e2e root_causes::` runs one module's tests.
//!
//! The tests that run the command line need the `hexodic-conformance`
//! binary built beside them (`cargo build -p hexodic-conformance`, or
//! `cargo test --workspace`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may unwrap

mod common;

mod browser;
mod ci_job;
mod cli;
mod colour;
mod compare;
mod dashboard;
mod expectations;
mod finding_moves;
mod fuzz_bugs;
mod fuzz_checks;
mod fuzz_reach;
mod hostile_corpus;
mod hostile_outputs;
mod inputs_not_outputs;
mod merge;
mod parallel;
mod perft_bisect;
mod pipelining;
mod protocol;
mod report_outcomes;
mod report_size;
mod reproduce;
mod root_causes;
mod suite;
mod transcript;
mod writers;
