//! Where a fixture run left the reference: the check, the step, and what the
//! boards looked like.

use crate::engine::{CaptureKinds, Incident};
use crate::oracle::{Difference, FieldDiff};
use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::{Setup, Turn};

/// Which expectation a check came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Source {
    /// A check written in the fixture.
    Fixture,
    /// The fixture's golden trace.
    Trace,
}

/// One check an engine failed, with where and what.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Divergence {
    /// 0 for the setup and `expect`; 1, 2, ... for the steps.
    pub step: usize,
    /// The line in the fixture file.
    pub line: u32,
    /// The turn as played in the variant, for a step.
    #[serde(with = "crate::notation::opt")]
    pub turn: Option<Turn>,
    /// Where the expectation came from.
    pub source: Source,
    /// What differs.
    pub difference: Difference,
    /// The reference's position before the step (or the start position).
    #[serde(with = "crate::notation::opt")]
    pub before: Option<Setup>,
    /// The reference's position after the step.
    #[serde(with = "crate::notation::opt")]
    pub expected: Option<Setup>,
    /// The engine's position after the step, when it reported one.
    #[serde(with = "crate::notation::opt")]
    pub got: Option<Setup>,
    /// The reference's captures on the step.
    pub captures: Option<CaptureKinds>,
    /// The rules the difference implicates (filled in by diagnosis).
    #[serde(deserialize_with = "crate::notation::interned_vec")]
    pub implicated: Vec<&'static str>,
}

impl Divergence {
    /// `step 3 \`c3 +d4\`` or `the start position`.
    pub fn place(&self) -> String {
        place(self.step, self.turn)
    }

    /// The fields that differ when the boards do not show it: for a state
    /// difference in which no cell's stone, tier or lock differs, the
    /// differing fields by their stable names (`captures`, `reserve`,
    /// `charges`, `cooldown`, `result`, `half-moves`, `to-move`, ...), in
    /// the order found, without repeats; empty when a cell differs or the
    /// difference is not one of state. The text report names them beside
    /// the boards.
    pub fn off_board_fields(&self) -> Vec<&'static str> {
        let Difference::Fields(fields) = &self.difference else {
            return Vec::new();
        };
        if fields.iter().any(|f| matches!(f, FieldDiff::Cell { .. })) {
            return Vec::new();
        }
        let mut out: Vec<&'static str> = Vec::new();
        for f in fields {
            if !out.contains(&f.kind()) {
                out.push(f.kind());
            }
        }
        out
    }
}

/// A place in a fixture, in words: the start position, a setup turn or a
/// step. The one wording for divergences and incidents alike.
fn place(step: usize, turn: Option<Turn>) -> String {
    match (step, turn) {
        (0, None) => "the start position".into(),
        (0, Some(t)) => format!("setup turn `{t}`"),
        (n, Some(t)) => format!("step {n} `{t}`"),
        (n, None) => format!("step {n}"),
    }
}

/// Where an engine incident happened.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct IncidentAt {
    /// The variant.
    #[serde(with = "crate::notation::one")]
    pub variant: Symmetry,
    /// 0 for the setup and `expect`; 1, 2, ... for the steps.
    pub step: usize,
    /// The line in the fixture file.
    pub line: u32,
    /// The turn being played, if any.
    #[serde(with = "crate::notation::opt")]
    pub turn: Option<Turn>,
    /// What happened.
    pub incident: Incident,
}

impl IncidentAt {
    /// Where it happened, in words (as [`Divergence::place`] says it).
    pub fn place(&self) -> String {
        place(self.step, self.turn)
    }
}

/// Why a fixture failed: the first divergence in step order and the
/// divergences after it (its consequences), in one variant.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Failure {
    /// The variant that failed (the identity when it fails).
    #[serde(with = "crate::notation::one")]
    pub variant: Symmetry,
    /// The first divergence.
    pub cause: Divergence,
    /// Later divergences of the same run.
    pub consequences: Vec<Divergence>,
}
