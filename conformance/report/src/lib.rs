//! The report model of the Hexodic conformance harness: what a run or a
//! fuzz campaign found, in one versioned shape ([`SCHEMA_VERSION`]) that
//! the run emits once and every writer reads (text, JSON, JUnit,
//! annotations, Markdown, the HTML pages, the dashboard, `compare`,
//! `merge`, the expectations file). The JSON report is this model written
//! as it is; its JSON Schema comes with the `schema` feature.
//!
//! - [`RunReport`]: a run, its [`FixtureReport`]s with their [`Status`],
//!   the [`Failure`] and [`Divergence`]s behind a failure (each typed
//!   [`Difference`] put into words once) or the [`IncidentReport`], the one
//!   [`Classification`] of each failure (what its [`Signature`] pins and its
//!   [`RootCause`] groups by), the [`Totals`] and [`RuleTally`]s counted
//!   once, the [`Comparison`] with a baseline.
//! - [`FuzzReport`]: a fuzz campaign.
//! - [`Exit`]: the one decision of a command's exit code.
//! - [`read_report`]: a report read back, checked; [`merge_runs`] and
//!   [`merge_campaigns`]: the parts of one run or campaign put together;
//!   [`compare`]: two builds' reports compared.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod bound;
mod compare;
mod comparison;
mod derive;
mod difference;
mod divergence;
pub mod exit;
mod field;
mod fixture;
mod fuzz;
mod incident;
mod list;
pub mod merge;
mod partition;
mod read;
mod roots;
mod run;
#[cfg(feature = "schema")]
pub mod schema;
mod signature;
mod stats;
mod status;
mod totals;
mod verdict;

pub use compare::compare;
pub use comparison::{Comparison, FixtureChange, RuleChange};
pub use difference::{turn_cells, CaptureKind, Difference};
pub use divergence::{place, Divergence, Failure, Source};
pub use exit::Exit;
pub use field::{cell_list, cell_token, result_text, Counter, FieldDiff};
pub use fixture::{Expected, FixtureReport};
pub use fuzz::{Campaign, FuzzFinding, FuzzIncident, FuzzReport, KnownDifference, FUZZ_KIND};
pub use incident::IncidentReport;
pub use list::{ListDiff, ListedTurn, RepeatedTurn, MAX_LISTED};
pub use merge::{merge_campaigns, merge_runs, MergeError, Part};
pub use partition::{Partition, PartitionError};
pub use read::{parse_report, read_report, read_run, Report, ReportReadError, MAX_REPORT_BYTES};
pub use roots::{root_causes, Example, RootCause};
pub use run::{
    CorpusFolder, CorpusReport, EngineReport, ExpectationsFile, FileError, Harness, RunReport,
    Settings, HARNESS, RUN_KIND, SCHEMA_VERSION,
};
pub use signature::{Behaviour, Classification, Signature};
pub use stats::GameStats;
pub use status::{Basis, Status, Stopped};
pub use totals::{count, rule_order, RuleTally, Totals};
pub use verdict::{codes, TurnVerdict};
