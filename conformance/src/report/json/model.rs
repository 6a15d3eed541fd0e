//! The JSON report's shape: one struct per object, every field named as in
//! the file. Fields are declared in alphabetical order, the order they are
//! written in (the report's order since its first version).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The version of the report's shape, written as `schema_version`; a reader
/// refuses any other.
pub const SCHEMA_VERSION: u32 = 1;

/// A whole JSON report (`run --json FILE`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JsonReport {
    /// This run against a baseline report (`run --baseline`), if one was given.
    #[serde(default)]
    pub comparison: Option<super::comparison::Comparison>,
    /// Whether every selected fixture was run.
    pub complete: bool,
    /// The corpus run.
    pub corpus: CorpusInfo,
    /// Time taken, in seconds.
    pub elapsed_seconds: f64,
    /// The engine.
    pub engine: EngineReport,
    /// Files that could not be loaded.
    pub errors: Vec<FileError>,
    /// The run's exit code.
    pub exit_code: u8,
    /// The harness that wrote the report.
    pub harness: Harness,
    /// The part of the corpus this run ran (`K/N`, from `--partition`), if
    /// only a part.
    pub partition: Option<String>,
    /// One result per fixture run, in id order.
    pub results: Vec<FixtureReport>,
    /// Failing fixtures grouped by cause, the most common first.
    pub root_causes: Vec<RootCauseReport>,
    /// The whole run as the harness holds it (every result with its
    /// divergences, positions and incidents), from which `merge` rebuilds a
    /// run out of its parts. Absent from reports of earlier harnesses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<serde_json::Value>")]
    pub run: Option<Box<crate::run::RunReport>>,
    /// The version of this shape (1).
    pub schema_version: u32,
    /// Why the run ended early, if it did.
    pub stopped: Option<StopReason>,
    /// The totals.
    pub summary: Totals,
}

/// The harness that wrote a report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Harness {
    /// `hexodic-conformance`.
    pub name: String,
    /// Its version.
    pub version: String,
}

/// The engine of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EngineReport {
    /// The capabilities it declared and the harness uses.
    pub capabilities: Vec<String>,
    /// The `--engine` command line (none for the reference in process).
    pub command: Option<String>,
    /// Its name, from the handshake (the command when it never answered).
    pub name: String,
    /// Why the engine could not be used, if it could not.
    pub unusable: Option<String>,
    /// Its version, from the handshake.
    pub version: String,
    /// Warnings about the engine and the run.
    pub warnings: Vec<String>,
}

/// The corpus of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CorpusInfo {
    /// Whether the corpus is the one embedded in the harness.
    pub embedded: bool,
    /// Fixtures selected.
    pub fixtures: usize,
    /// The corpus folder, as shown to the user.
    pub folder: String,
    /// The corpus version (a hash of every file that decides a result).
    pub version: String,
}

/// Why a run ended before its last fixture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    /// The time limit passed.
    TimeLimit,
    /// Ctrl-C or SIGTERM.
    Interrupted,
    /// The engine became unusable.
    Unusable,
    /// `--fail-fast`: the first fixture that failed the run ended it.
    FailFast,
}

/// The totals of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Totals {
    /// Files that could not be loaded.
    pub errors: usize,
    /// Listed as expected failures, but failing with another signature.
    #[serde(default)]
    pub changed_failures: usize,
    /// Failed as the expectations file says.
    pub expected_failures: usize,
    /// Rule failures: unexpected failures, changed failures and unexpected
    /// passes.
    pub failed: usize,
    /// Failed, on fixtures of documented rules.
    pub failed_documented: usize,
    /// Failed, on fixtures resting on a ruling.
    pub failed_ruling: usize,
    /// Fixtures selected.
    pub fixtures: usize,
    /// Engine incidents.
    pub incidents: usize,
    /// Passed.
    pub passed: usize,
    /// Fixtures run.
    pub run: usize,
    /// Fixtures skipped (a missing capability, nothing differed).
    pub skipped: usize,
    /// Fixtures whose checks of a capability were skipped, by capability.
    pub skipped_checks: BTreeMap<String, usize>,
    /// Listed as expected failures but passed.
    pub unexpected_passes: usize,
    /// Variant runs.
    pub variant_runs: usize,
    /// Fixtures run without a golden trace.
    pub without_trace: usize,
}

/// A failing group of fixtures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RootCauseReport {
    /// The smallest example's difference in words.
    pub detail: String,
    /// The smallest failing fixture.
    pub example: Example,
    /// The failing fixtures, by id.
    pub fixture_ids: Vec<String>,
    /// How many fixtures fail with this cause.
    pub fixtures: usize,
    /// All the rules the smallest example's difference implicates.
    pub implicated_rules: Vec<String>,
    /// The leading reason code or field.
    pub key: String,
    /// The kind of difference (`verdict`, `state`, `legal-list`, ...).
    pub kind: String,
    /// The leading implicated rules.
    pub rules: Vec<String>,
}

/// A failure's signature, as an expectations file pins it: two failures
/// with the same signature have the same cause.
#[derive(
    Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct SignatureReport {
    /// The leading reason code or field, with its direction.
    pub key: String,
    /// The kind of difference.
    pub kind: String,
    /// The leading implicated rules.
    pub rules: Vec<String>,
    /// The step of the first divergence (0: the setup).
    pub step: usize,
}

/// The smallest example of a root cause.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Example {
    /// The fixture id.
    pub id: String,
    /// The step of the first divergence (0: the start).
    pub step: usize,
    /// The variant it failed in.
    pub variant: String,
}

/// One fixture's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FixtureReport {
    /// `documented` or `ruling`.
    pub basis: String,
    /// The cause in one line (empty when it passed).
    pub cause: String,
    /// The expectations file's reason, when it lists the fixture.
    pub expected_reason: Option<String>,
    /// The signature the expectations file pins, when it pins one (beside
    /// `signature` for a changed failure).
    #[serde(default)]
    pub expected_signature: Option<SignatureReport>,
    /// The failure, when a check differed.
    pub failure: Option<FailureReport>,
    /// The fixture file, relative to the current folder.
    pub file: String,
    /// The fixture id.
    pub id: String,
    /// The rules the cause implicates.
    pub implicated_rules: Vec<String>,
    /// The incident, when the engine had one.
    pub incident: Option<IncidentReport>,
    /// The line of the cause (or of the fixture's start).
    pub line: u32,
    /// The command that runs this fixture again in the variant that failed
    /// (for a failure or an incident), quoted for a POSIX shell.
    #[serde(default)]
    pub reproduce: Option<String>,
    /// The rules the fixture cites.
    pub rules: Vec<String>,
    /// The signature of the failure, when a check differed.
    #[serde(default)]
    pub signature: Option<SignatureReport>,
    /// The capabilities whose checks were skipped.
    pub skipped_checks: Vec<String>,
    /// `pass`, `skipped`, `fail`, `expected-fail`, `changed-fail`,
    /// `unexpected-pass` or `incident`.
    pub status: String,
    /// Whether a golden trace was compared.
    pub traced: bool,
    /// Variant runs.
    pub variants_run: usize,
}

/// A fixture's failure: its first divergence and what followed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FailureReport {
    /// The first divergence.
    pub cause: DivergenceReport,
    /// Divergences after it.
    pub consequences: Vec<DivergenceReport>,
    /// The variant it failed in.
    pub variant: String,
}

impl std::fmt::Display for SignatureReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.rules.join(", "), self.kind)?;
        if !self.key.is_empty() {
            write!(f, " ({})", self.key)?;
        }
        Ok(())
    }
}

/// One check an engine failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DivergenceReport {
    /// The reference's position before the step.
    pub before: Option<String>,
    /// What differs, line by line.
    pub details: Vec<String>,
    /// The reference's position after the step.
    pub expected: Option<String>,
    /// The engine's position after the step, when it reported one.
    pub got: Option<String>,
    /// The rules the difference implicates.
    pub implicated_rules: Vec<String>,
    /// The kind of difference.
    pub kind: String,
    /// The line in the fixture file.
    pub line: u32,
    /// `fixture` or `trace`: where the expectation came from.
    pub source: String,
    /// 0 for the setup and `expect`; 1, 2, ... for the steps.
    pub step: usize,
    /// The difference in one line.
    pub summary: String,
    /// The turn as played in the variant, for a step.
    pub turn: Option<String>,
}

/// An engine incident on a fixture.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IncidentReport {
    /// Where, in words.
    pub at: String,
    /// The kind of incident.
    pub kind: String,
    /// The line in the fixture file.
    pub line: u32,
    /// What happened, in words.
    pub message: String,
    /// The request being answered, as sent.
    pub request: String,
    /// The tail of the engine's standard error.
    pub stderr_tail: String,
    /// The step.
    pub step: usize,
    /// The turn, for a step.
    pub turn: Option<String>,
    /// The variant.
    pub variant: String,
}

/// A file that could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FileError {
    /// 1-based column.
    pub column: u32,
    /// The file, relative to the current folder.
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// What is wrong.
    pub message: String,
}
