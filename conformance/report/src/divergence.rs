//! Where a fixture run (or a fuzz game) left the reference: the check, the
//! step, what the boards looked like, and the difference in words.

use super::difference::Difference;
use super::field::FieldDiff;
use hexodic_engine::CaptureKinds;
use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::{Setup, Turn};

/// Which expectation a check came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// A check written in the fixture.
    Fixture,
    /// The fixture's golden trace (or, in fuzzing, the reference itself).
    Trace,
}

/// One check an engine failed, with where and what.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Divergence {
    /// 0 for the setup and `expect`; 1, 2, ... for the steps.
    pub step: usize,
    /// The line in the fixture file (0 where there is no file: a fuzz game).
    pub line: u32,
    /// The turn as played in the variant, for a step.
    #[serde(with = "hexodic_engine::notation::opt")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub turn: Option<Turn>,
    /// Where the expectation came from.
    pub source: Source,
    /// What differs.
    pub difference: Difference,
    /// The reference's position before the step (or the start position).
    #[serde(with = "hexodic_engine::notation::opt")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub before: Option<Setup>,
    /// The reference's position after the step.
    #[serde(with = "hexodic_engine::notation::opt")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub expected: Option<Setup>,
    /// The engine's position after the step, when it reported one.
    #[serde(with = "hexodic_engine::notation::opt")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub got: Option<Setup>,
    /// The reference's captures on the step.
    #[cfg_attr(
        feature = "schema",
        schemars(with = "Option<crate::schema::CaptureKindsSchema>")
    )]
    pub captures: Option<CaptureKinds>,
    /// The rules the difference implicates, most specific first (filled in
    /// by diagnosis).
    pub implicated: Vec<String>,
    /// The difference in one line ([`Difference::summary`]).
    pub summary: String,
    /// The lines explaining it ([`Difference::details`]).
    pub details: Vec<String>,
}

impl Divergence {
    /// A divergence at `step` (line `line`, turn `turn`) of `difference`,
    /// with no boards and no implicated rules yet, its words written.
    pub fn new(
        step: usize,
        line: u32,
        turn: Option<Turn>,
        source: Source,
        difference: Difference,
    ) -> Divergence {
        let mut d = Divergence {
            step,
            line,
            turn,
            source,
            difference,
            before: None,
            expected: None,
            got: None,
            captures: None,
            implicated: Vec::new(),
            summary: String::new(),
            details: Vec::new(),
        };
        d.put_into_words();
        d
    }

    /// Write [`Divergence::summary`] and [`Divergence::details`] from the
    /// difference as it now stands (after diagnosis added to it).
    pub fn put_into_words(&mut self) {
        self.summary = self.difference.summary();
        self.details = self.difference.details();
    }

    /// `step 3 \`c3 +d4\`` or `the start position`.
    pub fn place(&self) -> String {
        place(self.step, self.turn)
    }

    /// The fields that differ when the boards do not show it: for a state
    /// difference in which no cell's stone, tier or lock differs, the
    /// differing fields by their stable names (`captures`, `reserve`,
    /// `charges`, `cooldown`, `result`, `half-moves`, `to-move`, ...), in
    /// the order found, without repeats; empty when a cell differs or the
    /// difference is not one of state.
    pub fn off_board_fields(&self) -> Vec<&'static str> {
        let Difference::Fields { fields } = &self.difference else {
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

    /// Whether the positions after the step agree: the engine's and the
    /// reference's are both known and the same.
    pub fn boards_agree(&self) -> bool {
        self.expected.is_some() && self.expected == self.got
    }
}

/// A place in a fixture, in words: the start position, a setup turn or a
/// step. The one wording for divergences and incidents alike.
pub fn place(step: usize, turn: Option<Turn>) -> String {
    match (step, turn) {
        (0, None) => "the start position".into(),
        (0, Some(t)) => format!("setup turn `{t}`"),
        (n, Some(t)) => format!("step {n} `{t}`"),
        (n, None) => format!("step {n}"),
    }
}

/// Why a fixture failed: the first divergence in step order and the
/// divergences after it (its consequences), in one variant.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Failure {
    /// The variant that failed (the identity when it fails).
    #[serde(with = "hexodic_engine::notation::one")]
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub variant: Symmetry,
    /// The first divergence.
    pub cause: Divergence,
    /// Later divergences of the same run.
    pub consequences: Vec<Divergence>,
}

impl Failure {
    /// Write the words of every divergence ([`Divergence::put_into_words`]).
    pub fn put_into_words(&mut self) {
        self.cause.put_into_words();
        for d in &mut self.consequences {
            d.put_into_words();
        }
    }
}
