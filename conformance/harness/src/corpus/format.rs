//! The fixture file format (`fixtures/README.md`) as serde types.
//!
//! These types mirror the YAML exactly (unknown fields are errors) and keep
//! the source position of every value that can be wrong on its own (turn
//! strings, cell names, codes), so that loading can point at it. The JSON
//! Schema in `fixtures/schema/fixture.schema.json` is generated from them
//! ([`schema_json`]).

#[cfg(feature = "schema")]
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer};
#[cfg(feature = "schema")]
use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// A value with the 1-based line and column (in characters) where it
/// starts in the fixture file.
#[derive(Clone, Debug)]
pub struct At<T> {
    /// The value.
    pub value: T,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
}

impl<T> At<T> {
    /// A value with a known position.
    pub fn new(value: T, line: u32, column: u32) -> At<T> {
        At {
            value,
            line,
            column,
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for At<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = serde_saphyr::Spanned::<T>::deserialize(d)?;
        Ok(At {
            value: s.value,
            line: s.referenced.line() as u32,
            column: s.referenced.column() as u32,
        })
    }
}

#[cfg(feature = "schema")]
impl<T: JsonSchema> JsonSchema for At<T> {
    fn schema_name() -> Cow<'static, str> {
        T::schema_name()
    }
    fn schema_id() -> Cow<'static, str> {
        T::schema_id()
    }
    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        T::json_schema(g)
    }
    fn inline_schema() -> bool {
        T::inline_schema()
    }
}

impl<T: PartialEq> PartialEq for At<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}
impl<T: Eq> Eq for At<T> {}
impl<T: Ord> PartialOrd for At<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<T: Ord> Ord for At<T> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.value.cmp(&other.value)
    }
}

/// A list of strings with positions (turns, cells, codes).
pub type Strings = Vec<At<String>>;

/// One fixture file.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FixtureFile {
    /// The file's path below `fixtures/`, without `.yaml`. Optional: left
    /// out, the id is the file's place, so the file can move between
    /// folders; given, it must equal that path.
    #[serde(default)]
    pub id: Option<At<String>>,
    /// What the fixture shows, in words.
    pub description: At<String>,
    /// The rule IDs (rules/RULES.md) the fixture tests (at least one).
    #[cfg_attr(feature = "schema", schemars(with = "Vec<RuleId>"))]
    pub rules: At<Strings>,
    /// `documented` when every cited rule is stated by a rules page, `ruling`
    /// when the fixture depends on a ruling.
    pub basis: At<Basis>,
    /// The ruleset the fixture was written for; only `standard` exists.
    #[serde(default)]
    pub ruleset: Option<At<String>>,
    /// Whether the fixture also runs under the 24 variants (default `all`).
    #[serde(default)]
    pub variants: Option<At<Variants>>,
    /// Why the variants are off (required with `variants: none`).
    #[serde(default)]
    pub variants_reason: Option<At<String>>,
    /// Which side of coverage the fixture counts for (see README, Coverage).
    #[serde(default)]
    pub polarity: Option<At<Polarity>>,
    /// The start position.
    pub setup: At<SetupSpec>,
    /// The setup must be rejected (V1) with exactly these fault codes.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<FaultCode>>"))]
    pub invalid: Option<At<Strings>>,
    /// Checks on the start position, before any step.
    #[serde(default)]
    pub expect: Option<At<Expect>>,
    /// Turns played in order, each with its checks.
    #[serde(default)]
    pub steps: Option<At<Vec<At<Step>>>>,
}

pub use hexodic_report::Basis;

/// Whether a fixture runs under the variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Variants {
    /// The 12 board symmetries times the colour swap.
    All,
    /// The identity only.
    None,
}

/// Which side of coverage a fixture counts for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Polarity {
    /// The cited rules fire or permit.
    Positive,
    /// The cited rules reject or do not fire.
    Negative,
    /// Both.
    Both,
}

/// A player as written in fixtures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// `X`, who moves first.
    X,
    /// `O`.
    O,
}

/// A cell's occupant in a `state.stones` check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum StoneSpec {
    /// An `X` stone.
    X,
    /// An `O` stone.
    O,
    /// No stone.
    None,
}

/// A winner in an `outcome` check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum WinnerSpec {
    /// `X` won.
    X,
    /// `O` won.
    O,
    /// A draw.
    Draw,
}

/// The rule that ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum RuleName {
    /// G1.
    Network,
    /// G2.
    Takeover,
    /// G4.
    Strangle,
    /// G5.
    Repetition,
    /// G6.
    Threefold,
    /// G7.
    Cap,
}

/// The start position: exactly one of `start`, `position`, `board`,
/// `include`; the counter fields only beside `board`; `turns` with any.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
    /// `true`: the starting position (P2).
    #[serde(default)]
    pub start: Option<At<bool>>,
    /// A position in the one-line notation.
    #[serde(default)]
    pub position: Option<At<String>>,
    /// The board diagram as `explain` prints it: seven rows `g` to `a`
    /// (labels, cell numbers and indentation optional), optionally followed by
    /// the counters line (`x 0 x:r7c3k0u0l6 o:r7c3k0u0l6`), which then
    /// replaces `to_move`, `half_moves`, `x`, `o` and `result`.
    #[serde(default)]
    pub board: Option<At<String>>,
    /// A shared setup, `fixtures/setups/NAME.yaml`.
    #[serde(default)]
    pub include: Option<At<String>>,
    /// With `board`: the player to move (default `x`).
    #[serde(default)]
    pub to_move: Option<At<Side>>,
    /// With `board`: half-moves played (default 0).
    #[serde(default)]
    pub half_moves: Option<At<u16>>,
    /// With `board`: `X`'s counters (defaults in README).
    #[serde(default)]
    pub x: Option<At<CountersSpec>>,
    /// With `board`: `O`'s counters.
    #[serde(default)]
    pub o: Option<At<CountersSpec>>,
    /// With `board`: the recorded result of a finished game, `x:network`.
    #[serde(default)]
    pub result: Option<At<String>>,
    /// Turns played (and required to be legal) from the setup before the fixture starts.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<TurnText>>"))]
    pub turns: Option<Strings>,
}

/// A shared setup file, `fixtures/setups/NAME.yaml`.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SetupFile {
    /// What the setup is.
    pub description: At<String>,
    /// The setup (it may not itself use `include`).
    pub setup: At<SetupSpec>,
}

/// A player's counters; every field optional.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CountersSpec {
    /// Stones in reserve.
    #[serde(default)]
    pub reserve: Option<u8>,
    /// Echo charges left.
    #[serde(default)]
    pub charges: Option<u8>,
    /// Captures made.
    #[serde(default)]
    pub captures: Option<u8>,
    /// Raises made.
    #[serde(default)]
    pub raises: Option<u8>,
    /// Lowers left.
    #[serde(default)]
    pub lowers_left: Option<u8>,
    /// Whether the player has made its first Place.
    #[serde(default)]
    pub first_placed: Option<bool>,
    /// Whether the player has used its Echo-Lock.
    #[serde(default)]
    pub lock_used: Option<bool>,
    /// The cooldown cells.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<CellName>>"))]
    pub cooldown: Option<Strings>,
}

/// `outcome`: `ongoing`, or the result of a finished game.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(untagged)]
pub enum OutcomeSpec {
    /// `ongoing`.
    Word(String),
    /// `{winner, rule, step}`.
    Finished(FinishedSpec),
}

/// The result of a finished game.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FinishedSpec {
    /// `x`, `o` or `draw`.
    pub winner: WinnerSpec,
    /// The deciding rule.
    pub rule: RuleName,
    /// The tiebreak step, 1 to 4, only with `cap` (omit for a full tie).
    #[serde(default)]
    pub step: Option<u8>,
}

/// A partial state check; every field optional.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct StateSpec {
    /// The player to move.
    #[serde(default)]
    pub to_move: Option<Side>,
    /// Half-moves played.
    #[serde(default)]
    pub half_moves: Option<u16>,
    /// Tiers of the named cells.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<TierMap>"))]
    pub tiers: Option<BTreeMap<At<String>, u8>>,
    /// Occupants of the named cells.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<StoneMap>"))]
    pub stones: Option<BTreeMap<At<String>, StoneSpec>>,
    /// Exactly the locked cells.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<CellName>>"))]
    pub locked: Option<Strings>,
    /// `X`'s counters.
    #[serde(default)]
    pub x: Option<At<CountersSpec>>,
    /// `O`'s counters.
    #[serde(default)]
    pub o: Option<At<CountersSpec>>,
    /// The whole state, in the one-line notation.
    #[serde(default)]
    pub position: Option<At<String>>,
}

/// `captured_by`: captures split by kind.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CapturedBySpec {
    /// The cell captured by the Move (T6), or `none`.
    #[serde(default, rename = "move")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub by_move: Option<At<String>>,
    /// Cells captured by encirclement (C1).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<CellName>>"))]
    pub encircled: Option<Strings>,
    /// Cells captured by the Echo-Capture group check (E4).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<CellName>>"))]
    pub echo: Option<Strings>,
}

/// `perft`: the number of legal turn sequences of a length (N1).
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PerftSpec {
    /// Sequence length in turns (1 to 3).
    pub depth: u32,
    /// The expected count.
    pub nodes: u64,
}

/// Checks on a position without a turn (`expect`).
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// Partial state.
    #[serde(default)]
    pub state: Option<At<StateSpec>>,
    /// The game's result.
    #[serde(default)]
    pub outcome: Option<At<OutcomeSpec>>,
    /// Number of legal turns.
    #[serde(default)]
    pub legal_count: Option<At<u64>>,
    /// Turns that must be legal.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<TurnText>>"))]
    pub legal: Option<Strings>,
    /// Turns that must not be legal.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<TurnText>>"))]
    pub not_legal: Option<Strings>,
    /// A perft count from this position.
    #[serde(default)]
    pub perft: Option<At<PerftSpec>>,
}

/// One step: a turn and its checks.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The turn, in the turn notation.
    #[cfg_attr(feature = "schema", schemars(with = "TurnText"))]
    pub turn: At<String>,
    /// The turn must be rejected with a non-empty subset of these codes.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<ReasonCode>>"))]
    pub illegal: Option<At<Strings>>,
    /// Exactly these cells lost a stone to capture (`[]` for none).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<CellName>>"))]
    pub captured: Option<At<Strings>>,
    /// Captures split by kind.
    #[serde(default)]
    pub captured_by: Option<At<CapturedBySpec>>,
    /// Partial state after the step.
    #[serde(default)]
    pub state: Option<At<StateSpec>>,
    /// The game's result after the step.
    #[serde(default)]
    pub outcome: Option<At<OutcomeSpec>>,
    /// Number of legal turns after the step.
    #[serde(default)]
    pub legal_count: Option<At<u64>>,
    /// Turns that must be legal after the step.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<TurnText>>"))]
    pub legal: Option<Strings>,
    /// Turns that must not be legal after the step.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<TurnText>>"))]
    pub not_legal: Option<Strings>,
    /// A perft count from the position after the step.
    #[serde(default)]
    pub perft: Option<At<PerftSpec>>,
}

#[cfg(feature = "schema")]
mod schema_only {
    use super::*;

    // ---- schema-only types: what the JSON Schema says about strings ----

    fn schema_of(v: serde_json::Value) -> Schema {
        Schema::try_from(v).unwrap_or_default()
    }

    fn string_enum(description: &str, values: Vec<String>) -> Schema {
        schema_of(serde_json::json!({
            "type": "string",
            "description": description,
            "enum": values,
        }))
    }

    fn cell_names() -> Vec<String> {
        hexodic_rules::Cell::ALL
            .iter()
            .map(|c| c.to_string())
            .collect()
    }

    macro_rules! schema_only {
        ($(#[$doc:meta])* $name:ident, $g:ident => $body:expr) => {
            $(#[$doc])*
            pub struct $name;
            impl JsonSchema for $name {
                fn schema_name() -> Cow<'static, str> {
                    stringify!($name).into()
                }
                fn json_schema($g: &mut SchemaGenerator) -> Schema {
                    $body
                }
            }
        };
    }

    schema_only!(
        /// A cell name, `a1` to `g7` (schema only).
        CellName, _g => string_enum("a cell name (B2)", cell_names())
    );
    schema_only!(
        /// A rule ID of the registry (schema only).
        RuleId, _g => string_enum(
            "a rule ID of the registry (rules/RULES.md)",
            hexodic_rules::registry::RULES.iter().map(|r| r.id.to_owned()).collect(),
        )
    );
    schema_only!(
        /// A reason code for an illegal turn (schema only).
        ReasonCode, _g => string_enum(
            "a reason code (V2)",
            hexodic_rules::Reason::ALL.iter().map(|r| r.code().to_owned()).collect(),
        )
    );
    schema_only!(
        /// A fault code for an invalid setup (schema only).
        FaultCode, _g => string_enum(
            "a fault code (V1)",
            hexodic_rules::FaultCode::ALL.iter().map(|c| c.code().to_owned()).collect(),
        )
    );
    schema_only!(
        /// A turn in the turn notation (schema only).
        TurnText, _g => schema_of(serde_json::json!({
            "type": "string",
            "description": "a turn: Project (`c3`, `c3-c4`, `skip`), then an optional Shape (`+d4`, `-d4`), then an optional Echo (`=d4`, `@e5`)",
            "pattern": "^\\s*(skip|[a-g][1-7](-[a-g][1-7])?)(\\s+[-+][a-g][1-7])?(\\s+[=@][a-g][1-7])?\\s*$",
        }))
    );
    schema_only!(
        /// A map from cell names to tiers (schema only).
        TierMap, _g => schema_of(serde_json::json!({
            "type": "object",
            "propertyNames": {"enum": cell_names()},
            "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 2},
        }))
    );
    schema_only!(
        /// A map from cell names to occupants (schema only).
        StoneMap, _g => schema_of(serde_json::json!({
            "type": "object",
            "propertyNames": {"enum": cell_names()},
            "additionalProperties": {"enum": ["x", "o", "none"]},
        }))
    );

    /// The JSON Schema of [`FixtureFile`], pretty-printed with a final newline.
    pub fn schema_json() -> String {
        let schema = schemars::schema_for!(FixtureFile);
        let mut s = serde_json::to_string_pretty(&schema).unwrap_or_default();
        s.push('\n');
        s
    }

    /// The JSON Schema of [`SetupFile`] (`fixtures/setups/*.yaml`).
    pub fn setup_schema_json() -> String {
        let schema = schemars::schema_for!(SetupFile);
        let mut s = serde_json::to_string_pretty(&schema).unwrap_or_default();
        s.push('\n');
        s
    }
}
#[cfg(feature = "schema")]
pub use schema_only::*;
