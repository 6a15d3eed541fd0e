//! The fuzzing crate's integration tests, one binary: the fuzz checks on
//! the committed seed corpora and seeded inputs (`replay`), the rare rules
//! the seeded campaign reaches (`reach`), and findings and their shrinking
//! (`shrink`).
//!
//! `cargo test -p hexodic-fuzzing --test fuzzing [FILTER]`, e.g. `replay::`.

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may unwrap

mod reach;
mod replay;
mod shrink;
