//! The Hexodic conformance harness library: tallies of random play, and (as
//! the harness grows) the fixture corpus runner, engine adapters and checks.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod checks;
pub mod compile;
pub mod difffuzz;
pub mod engine;
pub mod export;
pub mod external;
pub mod fake;
pub mod fixture;
pub mod load;
pub mod model;
pub mod perft_diff;
pub mod protocol;
pub mod report;
pub mod runner;
pub mod serve;
pub mod snapshot;
pub mod suite;
pub mod tally;
