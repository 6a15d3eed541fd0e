//! The fixture corpus: the file format, loading with errors that point into
//! the file, the compiled [`Fixture`], golden traces, coverage and lint.

mod compile;
mod coverage;
pub mod embedded;
mod fixture;
pub mod format;
mod layout;
pub mod lint;
mod load;
mod setup;
mod source;
pub mod trace;
mod version;
mod walk;

pub use compile::compile;
pub use coverage::{coverage, is_covered, RuleCoverage, COVERED_GROUPS};
pub use fixture::{Checks, Fixture, LineTurn, StepCheck};
pub use format::Basis;
#[cfg(feature = "schema")]
pub use format::{schema_json, setup_schema_json};
pub use layout::{is_fixture_file, NOT_FIXTURES};
pub use lint::{lint, LintReport, AREAS};
pub use load::{
    find_root, found_from_here, id_for, load_corpus, load_file, load_files, root_of, select,
    Corpus, JoinedFolder, SelectError,
};
pub use source::{is_file, parse_yaml, read_bounded, read_text, LoadError, Src, MAX_FILE_BYTES};
pub use trace::{trace_path, Trace, TraceStep};
pub use version::{embedded_notice, embedded_version, folder_version};
pub use walk::fixture_files;
