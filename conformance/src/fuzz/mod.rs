//! Fuzzing: the checks behind the libFuzzer targets (`fuzz/`), the same
//! checks fed by a seeded generator under `cargo test`, and the stable-Rust
//! differential fuzzer (`fuzz` command): games steered toward the rare
//! rules, engine against reference, every answer judged by the oracle, the
//! first difference shrunk into a fixture.

mod campaign;
pub mod checks;
pub mod compare;
mod finding;
pub mod generate;
mod parallel;
pub mod reach;
pub mod shrink;
pub mod tally;

pub use campaign::{fuzz, Finding, FuzzOptions, FuzzReport};
pub use finding::recording;
pub use parallel::fuzz_parallel;
