//! The command line's own tests: what Cargo cannot check about the crate
//! layout, the documented commands run as written, and the commands that
//! read and write a corpus (`run`'s corpus search and selection, `record`,
//! `explain`, `bless`), each against this build's binary.
//!
//! The end-to-end tests against engines with planted bugs and misbehaving
//! protocol peers are the `hexodic-e2e` crate's.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may unwrap

use std::path::PathBuf;

mod architecture;
#[cfg(unix)]
mod docs;
mod embedded;
mod record;
mod selection;

/// This build's `hexodic-conformance`.
pub const BIN: &str = env!("CARGO_BIN_EXE_hexodic-conformance");

/// The repository's root folder.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the command line's crate is a folder of the repository")
        .to_path_buf()
}
