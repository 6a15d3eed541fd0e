//! Fuzzing Hexodic engines, in the shape of wasmtime's `crates/fuzzing`:
//! one set of [`generators`] (start positions, mutation scripts, built
//! scenarios, steered turns, probes), fed by a seeded random generator on
//! stable Rust or by libFuzzer's (or proptest's) bytes through one trait
//! ([`Choose`]); one set of [`oracles`] (the invariants of the reference,
//! its parsers and symmetries, and the differential oracle that plays one
//! game of an engine against the reference); thin targets over them (the
//! `fuzz/` folder of the harness, or a team's own).
//!
//! For an engine team, in process:
//!
//! - a cargo-fuzz target is one call: [`assert_agrees`]`(&mut MyEngine::new(), data)`;
//! - the seeded campaign from a `#[test]`: [`fuzz`] with [`FuzzOptions`],
//!   its finding shrunk and written as a fixture the suite then runs
//!   ([`finding::write_finding`]);
//! - proptest strategies for positions, turns and games (feature
//!   `proptest`, [`strategies`]).
//!
//! The `hexodic-conformance fuzz` command is the campaign against any
//! engine build over the protocol.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

mod campaign;
pub mod choose;
pub mod finding;
pub mod generators;
pub mod oracles;
pub mod reach;
pub mod shrink;
#[cfg(feature = "proptest")]
pub mod strategies;
pub mod tally;

pub use campaign::{fuzz, fuzz_on, FuzzOptions, Repeat};
pub use choose::Choose;
pub use oracles::engine::{assert_agrees, differential, DIFFERENTIAL};
pub use oracles::failure::{Check, CheckFailure};
pub use oracles::{parsers, random_game, random_game_strict, symmetry, turn_legality};

/// The environment variable a team's fuzz test reads the seed of one game
/// from, to repeat a finding (the finding's repeat line sets it).
pub const SEED_VARIABLE: &str = "HEXODIC_FUZZ_SEED";
