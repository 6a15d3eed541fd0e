//! A failure's signature as an expectations file pins it: the rules it
//! implicates, the kind and direction of the difference, and the step.

use super::cause::signature;
use super::implicate::{boards_agree, weighing_rules};
use super::Divergence;
use crate::oracle::Difference;
use serde::{Deserialize, Serialize};

/// The signature of a fixture's first divergence, owned and with its step,
/// as an expectations file records it: a listed fixture that fails with
/// another one has a changed failure.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pinned {
    /// The leading implicated rules.
    pub rules: Vec<String>,
    /// The kind of difference (`verdict`, `state`, `captures`, ...).
    pub kind: String,
    /// Its leading reason code or field, with its direction (`missing`,
    /// `accepts R3`, `result missed-end`).
    pub key: String,
    /// The step of the first divergence (0: the setup).
    pub step: usize,
}

impl Pinned {
    /// The pinned signature of a divergence (its implicated rules filled in).
    pub fn of(div: &Divergence) -> Pinned {
        let s = signature(div);
        Pinned {
            rules: s.rules.iter().map(|r| (*r).to_owned()).collect(),
            kind: s.kind.to_owned(),
            key: s.key,
            step: div.step,
        }
    }

    /// The signature an earlier harness pinned for the same divergence,
    /// when it was another: a capture list that differs on agreeing boards
    /// implicated the weighing rules (C1, C2, ...) before it implicated the
    /// reply (C3). An expectations file written then still matches.
    pub fn earlier(div: &Divergence) -> Option<Pinned> {
        let captures = matches!(div.difference, Difference::Captures { .. });
        if !(captures && boards_agree(div)) {
            return None;
        }
        let then = Divergence {
            implicated: weighing_rules(div, &div.difference),
            ..div.clone()
        };
        Some(Pinned::of(&then))
    }

    /// Whether this pinned signature is the one of `div`, now or as an
    /// earlier harness wrote it ([`Pinned::earlier`]).
    pub fn matches(&self, div: &Divergence) -> bool {
        *self == Pinned::of(div) || Pinned::earlier(div).is_some_and(|p| *self == p)
    }

    /// In words: `C1, C2 captures (missing) at step 1`.
    pub fn words(&self) -> String {
        let rules = if self.rules.is_empty() {
            "no rule".to_owned()
        } else {
            self.rules.join(", ")
        };
        let key = if self.key.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.key)
        };
        format!("{rules} {}{key} at step {}", self.kind, self.step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnose::{implicated, Source};
    use crate::engine::CaptureKinds;
    use hexodic_rules::{Cell, CellSet, Setup, Turn};

    /// A capture list one stone short, the boards agreeing.
    fn short_list() -> Divergence {
        let c = Cell::from_index(10).unwrap();
        let mut div = Divergence {
            step: 1,
            line: 3,
            turn: Some(Turn::parse("c3 +c3").unwrap()),
            source: Source::Fixture,
            difference: Difference::Captures {
                expected: CellSet::from_cell(c),
                got: CellSet::EMPTY,
            },
            before: Some(Setup::default()),
            expected: Some(Setup::default()),
            got: Some(Setup::default()),
            captures: Some(CaptureKinds {
                by_move: None,
                encircled: CellSet::from_cell(c),
                echo: CellSet::EMPTY,
            }),
            implicated: Vec::new(),
        };
        div.implicated = implicated(&div);
        div
    }

    #[test]
    fn a_short_capture_list_on_agreeing_boards_implicates_the_reply() {
        let div = short_list();
        assert_eq!(div.implicated, ["C3", "C1"]);
        assert_eq!(Pinned::of(&div).rules, ["C3", "C1"]);
    }

    #[test]
    fn a_signature_pinned_by_an_earlier_harness_still_matches() {
        let div = short_list();
        let earlier = Pinned::earlier(&div).unwrap();
        assert_eq!(earlier.rules, ["C1", "C2"]);
        assert!(earlier.matches(&div));
        assert!(Pinned::of(&div).matches(&div));
        let other = Pinned {
            key: "extra".into(),
            ..earlier
        };
        assert!(!other.matches(&div));
        let mut moved = div.clone();
        moved.got = None;
        assert_eq!(Pinned::earlier(&moved), None);
    }
}
