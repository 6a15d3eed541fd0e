//! The corpus a run used, in words, as every report names it.

use crate::corpus::embedded;
use crate::run::RunReport;
use hexodic_io::paths;

impl RunReport {
    /// Where the corpus came from, shown relative to the current folder,
    /// with its fixture count and version:
    /// `corpus fixtures (252 fixtures, version 0123456789abcdef)`, or
    /// `corpus embedded in hexodic-conformance 0.1.0, <folder> (...)`.
    pub fn corpus_words(&self) -> String {
        let folder = paths::shown(&self.corpus_folder);
        let from = match self.corpus_embedded {
            true => format!("embedded in {}, {folder}", embedded::CRATE),
            false => folder,
        };
        format!(
            "corpus {from} ({}, version {})",
            super::text::count(self.summary.fixtures, "fixture"),
            self.corpus_version
        )
    }
}
