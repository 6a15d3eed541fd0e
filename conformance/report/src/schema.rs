//! The JSON Schema of the reports (with the `schema` feature): what a
//! tool reading `run --json` or `fuzz --json` may rely on.

use schemars::JsonSchema;

/// A report of either kind, as the schema describes it.
#[derive(JsonSchema)]
#[allow(dead_code)]
#[serde(untagged)]
enum AnyReport {
    /// A run's report (`kind: "run"`).
    Run(Box<crate::RunReport>),
    /// A fuzz campaign's report (`kind: "fuzz"`).
    Fuzz(Box<crate::FuzzReport>),
}

/// The captures of a turn by kind, as a report writes them.
#[derive(JsonSchema)]
#[allow(dead_code)]
pub(crate) struct CaptureKindsSchema {
    /// The cell whose stone a Move captured (T6), if any.
    by_move: Option<String>,
    /// The cells captured by encirclement (C1), separated by spaces.
    encircled: String,
    /// The cells captured by the Echo-Capture group check (E4), separated by spaces.
    echo: String,
}

/// An engine's answer to a position: `"Accepted"`, or `{"Invalid": [fault codes]}`.
#[derive(JsonSchema)]
#[allow(dead_code)]
pub(crate) enum PositionReplySchema {
    /// A fresh game starts from it (V1).
    Accepted,
    /// Not a valid position (V1), with the fault codes given.
    Invalid(Vec<String>),
}

/// The JSON Schema of the reports of this version (a run's or a fuzz
/// campaign's), pretty-printed with a final newline.
pub fn report_schema() -> String {
    let schema = schemars::schema_for!(AnyReport);
    let mut s = serde_json::to_string_pretty(&schema).unwrap_or_default();
    s.push('\n');
    s
}
