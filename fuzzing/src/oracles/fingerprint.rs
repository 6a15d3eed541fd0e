//! A hash of a whole input, to choose the slow checks by.

use hexodic_rules::random::Rng;

/// A hash of the whole input (FNV-1a, then the SplitMix64 finalizer so that
/// every bit depends on every byte). The slow whole-position checks run when
/// it falls in a small fraction, so that a fuzzer cannot steer its corpus
/// into them (a flag byte, or the weak low bits of plain FNV, would be found
/// at once and kept, as new coverage) and the executions per second stay high.
pub(crate) fn fingerprint(data: &[u8]) -> u64 {
    let h = data.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ *b as u64).wrapping_mul(0x0100_0000_01b3)
    });
    Rng::new(h).next_u64()
}
