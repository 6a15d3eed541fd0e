//! The verdict on a turn: legal, or illegal for some reasons (V2).

use hexodic_rules::ReasonSet;

/// The verdict on a turn: legal, or illegal for these reasons (V2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum TurnVerdict {
    /// The turn is played.
    Legal,
    /// The turn is rejected for these reasons (empty when not known).
    Illegal(
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        ReasonSet,
    ),
}

impl TurnVerdict {
    /// `legal`, or `illegal (reason, reason)`.
    pub fn describe(self) -> String {
        match self {
            TurnVerdict::Legal => "legal".into(),
            TurnVerdict::Illegal(r) if r.is_empty() => "illegal".into(),
            TurnVerdict::Illegal(r) => format!("illegal ({})", codes(r)),
        }
    }

    /// Whether the turn is legal.
    pub const fn is_legal(self) -> bool {
        matches!(self, TurnVerdict::Legal)
    }
}

/// The codes of a reason set, comma separated.
pub fn codes(r: ReasonSet) -> String {
    r.iter().map(|r| r.code()).collect::<Vec<_>>().join(", ")
}
