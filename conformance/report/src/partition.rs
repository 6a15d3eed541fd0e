//! `--partition K/N`: one of N disjoint parts of a run, so N machines can
//! share a corpus (by fixture) or a fuzzing campaign (by game).
//!
//! The split is round-robin: the fixtures in id order (the order a corpus
//! is loaded in) are dealt out one by one, the i-th to part `i mod N + 1`,
//! and game `i` of a campaign (seed `base + i`) goes to the same part. The
//! parts are disjoint and together the whole by construction, and as even
//! as can be (their sizes differ by at most one). Adding a fixture may move
//! later fixtures to another part; that is harmless, since every part of a
//! run runs the same corpus version.

use std::fmt;
use std::str::FromStr;

/// Part `index` (1-based) of `count` parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Partition {
    index: u64,
    count: u64,
}

/// Why a `--partition` value cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{given}` is not a partition: give K/N with N at least 1 and K from 1 to N, for example 2/3"
)]
pub struct PartitionError {
    given: String,
}

impl Partition {
    /// Part `index` (from 1 to `count`) of `count`; `None` if out of range.
    pub fn new(index: u64, count: u64) -> Option<Partition> {
        (count >= 1 && (1..=count).contains(&index)).then_some(Partition { index, count })
    }

    /// The part's number, from 1.
    pub fn index(&self) -> u64 {
        self.index
    }

    /// The number of parts.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Whether the item at position `i` (from 0) of the whole belongs to
    /// this part.
    pub fn holds(&self, i: u64) -> bool {
        i % self.count == self.index - 1
    }

    /// The position in the whole of this part's `j`-th item (from 0).
    pub fn nth(&self, j: u64) -> u64 {
        j.wrapping_mul(self.count).wrapping_add(self.index - 1)
    }

    /// How many of the first `total` items of the whole are in this part.
    pub fn share(&self, total: u64) -> u64 {
        let skip = self.index - 1;
        if total <= skip {
            return 0;
        }
        (total - skip).div_ceil(self.count)
    }

    /// This part of `items` (in their order).
    pub fn select<T: Clone>(&self, items: &[T]) -> Vec<T> {
        items
            .iter()
            .enumerate()
            .filter(|(i, _)| self.holds(*i as u64))
            .map(|(_, t)| t.clone())
            .collect()
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Partition {
    type Err = PartitionError;

    fn from_str(s: &str) -> Result<Partition, PartitionError> {
        let bad = || PartitionError {
            given: s.to_owned(),
        };
        let (k, n) = s.trim().split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        Partition::new(k, n).ok_or_else(bad)
    }
}

impl From<Partition> for String {
    fn from(p: Partition) -> String {
        p.to_string()
    }
}

impl TryFrom<String> for Partition {
    type Error = PartitionError;
    fn try_from(s: String) -> Result<Partition, PartitionError> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_k_of_n_and_refuses_the_rest() {
        let p: Partition = "2/3".parse().unwrap();
        assert_eq!((p.index(), p.count()), (2, 3));
        assert_eq!(p.to_string(), "2/3");
        for bad in ["0/3", "4/3", "1/0", "a/b", "3", "", "-1/3", "1/3/4"] {
            let e = bad.parse::<Partition>().unwrap_err().to_string();
            assert!(e.contains("K from 1 to N"), "{bad}: {e}");
        }
    }

    #[test]
    fn parts_are_disjoint_and_cover_the_whole() {
        for n in 1..6u64 {
            let items: Vec<u64> = (0..23).collect();
            let mut seen = Vec::new();
            for k in 1..=n {
                let p = Partition::new(k, n).unwrap();
                let part = p.select(&items);
                assert_eq!(part.len() as u64, p.share(23), "{p}");
                for (j, x) in part.iter().enumerate() {
                    assert_eq!(p.nth(j as u64), *x, "{p}");
                }
                seen.extend(part);
            }
            seen.sort();
            assert_eq!(seen, items, "{n} parts");
        }
    }
}
