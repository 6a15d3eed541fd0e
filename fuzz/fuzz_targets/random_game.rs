//! Random play from the start or from a mutation-script position; every turn checked (I1-I7, I9).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = hexodic_fuzzing::random_game(data) {
        panic!("{failure}");
    }
});
