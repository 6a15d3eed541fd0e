//! The harness crate's integration tests, one binary: the fixture corpus
//! against the reference and its golden traces (`corpus`), setup
//! resolution (`load`), bad fixture files (`bad_input`), every reader's
//! errors in the project's words (`reader_words`), and the committed JSON
//! Schemas and reports read back (`schema`).
//!
//! `cargo test -p hexodic-harness --test harness [FILTER]`, e.g. `corpus::`.

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may unwrap

mod bad_input;
mod common;
mod corpus;
mod load;
mod reader_words;
mod schema;
