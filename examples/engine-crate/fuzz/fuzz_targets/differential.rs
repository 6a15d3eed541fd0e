//! The engine against the reference, one game per input, every answer
//! compared (`hexodic_fuzzing::assert_agrees`); the adapter is the tests'.
//! `HEXODIC_EXAMPLE_BUG=drop-captures cargo fuzz run -s none -O differential`
//! finds the planted bug.
#![no_main]
#[path = "../../tests/adapter/mod.rs"]
mod adapter;
use hexodic_fuzzing::assert_agrees;
libfuzzer_sys::fuzz_target!(|data: &[u8]| assert_agrees(&mut adapter::Adapter::new(), data));
