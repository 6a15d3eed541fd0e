//! Arbitrary, mostly illegal turns: accepted exactly when listed; a rejected turn changes nothing (I6).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = hexodic_fuzzing::turn_legality(data) {
        panic!("{failure}");
    }
});
