//! The stable-Rust differential fuzzer (`fuzz` command): games steered
//! toward the rare rules, engine against reference, every answer judged by
//! the oracle, the first difference shrunk into a fixture. The mutation
//! scripts ([`script`]) that build rare positions are shared with the
//! libFuzzer checks (the `hexodic-fuzzing` crate, never shipped).

mod campaign;
pub mod compare;
mod finding;
pub mod generate;
pub mod json;
mod parallel;
mod pipelined;
pub mod reach;
pub mod script;
pub mod shrink;
pub mod stats;
pub mod tally;

pub use campaign::{fuzz, Finding, FuzzOptions, FuzzReport};
pub use finding::{recording, repeat_command};
pub use json::{merge_fuzz, Campaign, FuzzJson};
pub use parallel::fuzz_parallel;
