//! A run's report: who ran what against which engine, every fixture's
//! result, the totals, the root causes, the comparison with a baseline.
//! The run emits it once; the JSON report is this, written as it is; every
//! writer reads it.

use super::comparison::Comparison;
use super::fixture::FixtureReport;
use super::partition::Partition;
use super::roots::RootCause;
use super::status::Stopped;
use super::totals::{RuleTally, Totals};
use hexodic_engine::Capability;
use hexodic_rules::symmetry::Symmetry;

/// The version of the reports' shape, written as `schema_version`; a
/// reader refuses any other, saying which it found.
pub const SCHEMA_VERSION: u32 = 2;

/// The harness that wrote a report.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Harness {
    /// `hexodic-conformance`.
    pub name: String,
    /// Its version.
    pub version: String,
}

impl Harness {
    /// This harness.
    pub fn this() -> Harness {
        Harness {
            name: HARNESS.to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
        }
    }
}

/// The name every report of this harness gives in `harness.name`.
pub const HARNESS: &str = "hexodic-conformance";

/// The engine of a run or campaign.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct EngineReport {
    /// Its name, from the handshake (the command when it never answered).
    pub name: String,
    /// Its version, from the handshake.
    pub version: String,
    /// The `--engine` command line (none for an engine in process).
    pub command: Option<String>,
    /// The capabilities it declared.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub capabilities: Vec<Capability>,
    /// Warnings about the engine (an unknown capability, slow replies).
    pub warnings: Vec<String>,
    /// Why the engine could not be used, if it could not.
    pub unusable: Option<String>,
}

impl EngineReport {
    /// `name version`, or just `name` when the version is empty.
    pub fn label(&self) -> String {
        match self.version.is_empty() {
            true => self.name.clone(),
            false => format!("{} {}", self.name, self.version),
        }
    }
}

/// One folder of fixtures a run took its fixtures from.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CorpusFolder {
    /// The folder, as the user would type it from where the run started
    /// (for the corpus embedded in the harness: where it was read from).
    pub folder: String,
    /// Whether it is the corpus embedded in the harness.
    pub embedded: bool,
    /// The fixtures it holds (all of them, not only those selected).
    pub fixtures: usize,
    /// Its version: a hash of every file that decides a result.
    pub version: String,
}

/// The corpus of a run: one folder or more.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CorpusReport {
    /// The version of the whole (the one folder's, else a hash of all of
    /// theirs): two runs of one corpus name the same version, however the
    /// folders are spelled.
    pub version: String,
    /// The folders, the harness's corpus first.
    pub folders: Vec<CorpusFolder>,
}

/// How a run was asked for: what decides a fixture's result, and which
/// fixtures were selected. Parts of one run share it.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// The targets named (files, folders, parts of ids); empty: all.
    pub targets: Vec<String>,
    /// `--rule` IDs.
    pub rules: Vec<String>,
    /// `--variant`, when only one variant ran.
    #[serde(with = "hexodic_engine::notation::opt")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub variant: Option<Symmetry>,
    /// Whether the golden traces were compared.
    pub traces: bool,
    /// `--timeout` in milliseconds, for an engine in another process.
    pub timeout_ms: Option<u64>,
    /// `--fail-fast`.
    pub fail_fast: bool,
    /// The expectations file, when one was given.
    pub expectations: Option<ExpectationsFile>,
    /// The part of the selection this run ran (`--partition K/N`).
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub partition: Option<Partition>,
}

/// The expectations file of a run.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ExpectationsFile {
    /// The file, as the user typed it.
    pub file: String,
    /// A hash of its content when the run read it (empty: it did not
    /// exist yet): parts of one run read the same file.
    pub hash: String,
    /// Whether the run rewrote it with its failures
    /// (`--update-expectations`): its failures are then all expected.
    pub updated: bool,
}

/// A file that could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FileError {
    /// The file, as the user would type it.
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

/// Everything a run found: the one report every writer reads.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RunReport {
    /// The version of this shape ([`SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// `run`: what sets a run's report apart from a fuzz campaign's.
    pub kind: String,
    /// The harness that wrote it.
    pub harness: Harness,
    /// The engine.
    pub engine: EngineReport,
    /// The corpus.
    pub corpus: CorpusReport,
    /// How the run was asked for.
    pub settings: Settings,
    /// One result per selected fixture, in id order (those the run never
    /// reached with the status `not-run`).
    pub results: Vec<FixtureReport>,
    /// Files that could not be loaded.
    pub errors: Vec<FileError>,
    /// The totals ([`Totals::of`] the results).
    pub summary: Totals,
    /// The results by cited rule ([`RuleTally::of`] the results).
    pub by_rule: Vec<RuleTally>,
    /// Failing fixtures grouped by cause, the most common first
    /// ([`root_causes`](crate::root_causes) of the results).
    pub root_causes: Vec<RootCause>,
    /// Why the run ended early, if it did.
    pub stopped: Option<Stopped>,
    /// This run against a baseline report, when one was given.
    pub comparison: Option<Comparison>,
    /// The exit code, as [`crate::exit::Exit::of_run`] decides it.
    pub exit_code: u8,
    /// Time taken, in seconds.
    pub elapsed_seconds: f64,
}

/// The word in `kind` of a run's report.
pub const RUN_KIND: &str = "run";

impl RunReport {
    /// The report as the JSON file `run --json` writes: pretty-printed,
    /// with a final newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }

    /// Whether every selected fixture was run.
    pub fn complete(&self) -> bool {
        self.stopped.is_none()
            || self.stopped == Some(Stopped::FailFast) && self.summary.not_run == 0
    }

    /// The result of a fixture.
    pub fn result(&self, id: &str) -> Option<&FixtureReport> {
        self.results.iter().find(|r| r.id == id)
    }

    /// The corpus in words: `corpus fixtures (257 fixtures, version ...)`.
    pub fn corpus_words(&self) -> String {
        let plural = |n: usize| if n == 1 { "fixture" } else { "fixtures" };
        let folders: Vec<String> = self
            .corpus
            .folders
            .iter()
            .map(|f| match f.embedded {
                true => "embedded in the harness".to_owned(),
                false => f.folder.clone(),
            })
            .collect();
        match self.corpus.folders.as_slice() {
            [one] => format!(
                "corpus {} ({} {}, version {})",
                folders[0],
                one.fixtures,
                plural(one.fixtures),
                self.corpus.version
            ),
            all => {
                let parts: Vec<String> = all
                    .iter()
                    .zip(&folders)
                    .map(|(f, name)| format!("{name} ({} {})", f.fixtures, plural(f.fixtures)))
                    .collect();
                format!(
                    "corpus {}, version {}",
                    parts.join(" and "),
                    self.corpus.version
                )
            }
        }
    }
}
