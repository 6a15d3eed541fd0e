//! The fixture corpus: the file format, loading with errors that point into
//! the file, the compiled [`Fixture`], golden traces, coverage and lint.

mod compile;
mod coverage;
pub mod embedded;
mod fixture;
pub mod format;
pub mod lint;
mod load;
pub mod trace;

pub use compile::{compile, Src};
pub use coverage::{coverage, is_covered, RuleCoverage, COVERED_GROUPS};
pub use fixture::{Checks, Fixture, LineTurn, StepCheck};
pub use format::{schema_json, setup_schema_json, Basis};
pub use lint::{lint, LintReport, AREAS};
pub use load::{
    find_root, fixture_files, id_for, io_words, is_fixture_file, load_corpus, load_file,
    load_files, parse_yaml, read_text, root_of, select, Corpus, LoadError, SelectError,
    MAX_FILE_BYTES, NOT_FIXTURES,
};
pub use trace::{trace_path, Trace, TraceStep};
