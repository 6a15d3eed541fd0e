//! A position and one of the 24 variants: legal turns, reasons and results map across (I8).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = hexodic_fuzzing::symmetry(data) {
        panic!("{failure}");
    }
});
