//! The whole corpus in one call, for one `#[test]`.

use crate::corpus::load_corpus;
use crate::engine::{Engine, InProcess};
use crate::report::text;
use crate::run::{run_corpus, RunOptions, RunReport};
use std::path::{Path, PathBuf};

/// The corpus embedded in this crate, written out into the cache folder
/// ([`crate::corpus::embedded`]).
pub fn bundled_fixtures() -> Result<PathBuf, crate::corpus::embedded::EmbeddedError> {
    crate::corpus::embedded::materialise()
}

/// The result of [`check_corpus`].
#[derive(Clone, Debug)]
pub struct CorpusReport {
    /// Everything the run found.
    pub report: RunReport,
    /// The text report (root causes with their boards).
    pub text: String,
}

impl CorpusReport {
    /// Whether every fixture passed (or was skipped for a missing
    /// capability), every file loaded and the engine had no incident.
    pub fn all_passed(&self) -> bool {
        self.report.exit_code() == 0
    }

    /// Panic with the text report unless every fixture passed.
    pub fn assert_all_pass(&self) {
        assert!(self.all_passed(), "conformance failures:\n{}", self.text);
    }
}

/// Run every fixture of the embedded corpus against `engine`, comparing
/// with its golden traces. A corpus that cannot be written out is a load
/// error of the report.
pub fn check_corpus(engine: &mut dyn Engine) -> CorpusReport {
    match bundled_fixtures() {
        Ok(root) => check_corpus_in(engine, &root),
        Err(e) => {
            let corpus = crate::corpus::Corpus {
                root: e.folder.clone(),
                fixtures: Vec::new(),
                errors: vec![crate::corpus::LoadError::at(&e.folder, 1, 1, e.to_string())],
            };
            check(engine, &corpus)
        }
    }
}

/// Run every fixture under `fixtures` against `engine`, comparing with the
/// golden traces beside the fixtures.
pub fn check_corpus_in(engine: &mut dyn Engine, fixtures: &Path) -> CorpusReport {
    check(engine, &load_corpus(fixtures))
}

fn check(engine: &mut dyn Engine, corpus: &crate::corpus::Corpus) -> CorpusReport {
    let opts = RunOptions {
        traces: true,
        ..RunOptions::default()
    };
    let report = run_corpus(&mut InProcess::new(engine), corpus, &opts, &mut |_| {});
    let text = text(&report, false);
    CorpusReport { report, text }
}
