//! Differences between two legal-turn lists, each differing turn with the
//! reference's verdict (and, once asked, the engine's).

use super::verdict::TurnVerdict;
use hexodic_rules::Turn;

/// A turn one list has and the other lacks.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ListedTurn {
    /// The turn.
    #[serde(with = "hexodic_engine::notation::one")]
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub turn: Turn,
    /// The reference's verdict on it.
    pub reference: TurnVerdict,
    /// The engine's verdict when asked to play it (filled in by diagnosis).
    pub engine: Option<TurnVerdict>,
}

/// How an engine's legal list differs from the reference's.
///
/// An engine may list any number of wrong turns: at most [`MAX_LISTED`] of
/// each side are kept (the first in notation order) and judged, and the
/// counts of the others are kept beside them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ListDiff {
    /// Legal turns the engine does not list, in notation order.
    pub missing: Vec<ListedTurn>,
    /// Turns the engine lists that are not legal, in notation order.
    pub extra: Vec<ListedTurn>,
    /// Further missing turns, beyond those kept.
    pub more_missing: usize,
    /// Further turns listed that are not legal, beyond those kept.
    pub more_extra: usize,
    /// Turns the engine lists more than once, with how many times (the
    /// list is a set, N1).
    #[serde(default)]
    pub repeated: Vec<RepeatedTurn>,
    /// The reference's count.
    pub expected: u64,
    /// The engine's count (every turn it listed, repeats included).
    pub got: u64,
}

/// A turn an engine lists more than once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RepeatedTurn {
    /// The turn.
    #[serde(with = "hexodic_engine::notation::one")]
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub turn: Turn,
    /// How many times it is listed.
    pub times: u32,
}

/// The most turns of each side of a [`ListDiff`] kept and judged.
pub const MAX_LISTED: usize = 64;

impl ListDiff {
    /// Every missing turn, kept or not.
    pub fn missing_total(&self) -> usize {
        self.missing.len() + self.more_missing
    }

    /// Every turn listed that is not legal, kept or not.
    pub fn extra_total(&self) -> usize {
        self.extra.len() + self.more_extra
    }
}
