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
