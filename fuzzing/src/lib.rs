//! The checks behind the Hexodic libFuzzer targets (`fuzz/`), also run by
//! plain `cargo test` on the committed corpora and on seeded inputs
//! (`tests/fuzz_replay.rs`). Never shipped: the harness's own `fuzz`
//! command is the stable-Rust differential fuzzer of `hexodic-conformance`.
//!
//! Each check takes arbitrary bytes, builds a game from them and checks the
//! invariants (I1-I9, rules/RULES.md) along the way. A broken invariant
//! comes back as a [`CheckFailure`] naming the invariant, the position the
//! checked play started from and the turns that led there, ready for
//! `hexodic-conformance explain --position`.
//!
//! Positions come from play (bytes are indices into the legal-turn list) or
//! from a mutation script ([`read_edit`]): edits applied to a setup, each
//! kept only when it validates. The edits aim at the situations uniform play
//! never reaches (forced Skips, empty reserves, interior encirclements, turns
//! without a Shape and repetitions, locks, few charges, a half-move count
//! near the cap).
//!
//! The checks: [`random_game`], [`turn_legality`], [`parsers`], [`symmetry`]
//! and [`differential`] (an engine under test against the reference).
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

mod differential;
mod edit;
mod failure;
mod fingerprint;
mod parsers;
mod play;
mod random_game;
mod start;
mod symmetry;
mod turn;
mod turn_legality;

pub use differential::{differential, DIFFERENTIAL};
pub use edit::read_edit;
pub use failure::{Check, CheckFailure};
pub use parsers::parsers;
pub use random_game::{random_game, random_game_strict};
pub use symmetry::symmetry;
pub use turn_legality::turn_legality;
