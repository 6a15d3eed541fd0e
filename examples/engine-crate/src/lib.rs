//! An example Hexodic engine crate, with its own board, move and error
//! types, and the conformance tests a team runs on it from its own `cargo
//! test`: the corpus one test per fixture (`tests/conformance.rs`), a
//! proptest property (`tests/properties.rs`), the seeded fuzz campaign
//! (`tests/fuzz_campaign.rs`) and a cargo-fuzz target (`fuzz/`). The
//! harness is a dev-dependency only: this library does not know it; the
//! adapter between the two (`tests/adapter/mod.rs`) lives with the tests.
//!
//! With `HEXODIC_EXAMPLE_BUG=drop-captures` in the environment,
//! [`ExampleEngine::new`] reports no captured stones, to show what the
//! tests print when an engine is wrong.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod core;
mod engine;
mod error;
mod hex;
mod moves;
mod position;

pub use engine::{Bug, ExampleEngine, BUG_VARIABLE, MAX_PERFT_DEPTH};
pub use error::Error;
pub use hex::Hex;
pub use moves::{Applied, Captures, Echo, Move, Reshape};
pub use position::{Board, EndBy, Ending, Position, Side, Square, Stock};
