//! Where a generator's choices come from: the one generator set of the
//! fuzzers is fed either by the bytes libFuzzer (or proptest) gives
//! (`arbitrary::Unstructured`) or by a seeded random generator
//! (`hexodic_rules::random::Rng`) on stable Rust, through one trait.

use arbitrary::Unstructured;
use hexodic_rules::random::Rng;

/// A source of choices.
pub trait Choose {
    /// A number from 0 to `n - 1` (0 when `n` is 0 or 1).
    fn below(&mut self, n: u64) -> u64;

    /// Whether the choices have run out (bytes all read); a seeded
    /// generator never runs out. A game stops when they do.
    fn exhausted(&self) -> bool {
        false
    }

    /// True one time in `n`, about.
    fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }

    /// An item of `items`, when there is one.
    fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T>
    where
        Self: Sized,
    {
        let i = self.below(items.len() as u64);
        items.get(i as usize).copied()
    }
}

impl Choose for Rng {
    fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            0
        } else {
            Rng::below(self, n)
        }
    }
}

impl Choose for Unstructured<'_> {
    /// Read from the bytes; when they run out, 0 (so a short input is a
    /// short, plain game).
    fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        self.int_in_range(0..=n - 1).unwrap_or(0)
    }

    fn exhausted(&self) -> bool {
        self.is_empty()
    }
}

/// An item of `items` chosen by `c`, when there is one (for `dyn Choose`).
pub fn pick<T: Copy>(c: &mut dyn Choose, items: &[T]) -> Option<T> {
    let i = c.below(items.len() as u64);
    items.get(i as usize).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_stay_in_range_from_either_source() {
        let mut rng = Rng::new(7);
        let bytes = [0xffu8; 64];
        let mut u = Unstructured::new(&bytes);
        for n in [0, 1, 2, 37, 1000] {
            for _ in 0..20 {
                assert!(rng.below(n) < n.max(1));
                assert!(Choose::below(&mut u, n) < n.max(1));
            }
        }
        let mut empty = Unstructured::new(&[]);
        assert_eq!(Choose::below(&mut empty, 10), 0);
        assert!(Choose::exhausted(&empty));
        assert!(!Choose::exhausted(&rng));
    }
}
