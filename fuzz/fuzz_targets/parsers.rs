//! Arbitrary text into every parser: no panic, print-then-parse round trips, canonical notation (I9).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = hexodic_fuzzing::parsers(data) {
        panic!("{failure}");
    }
});
