//! The whole corpus in one call, for one `#[test]`.

use crate::corpus::{embedded, load_corpus, Corpus};
use crate::engine::{Engine, InProcess};
use crate::run::{run_corpus, Run, RunOptions};
use hexodic_printer::text::{text, Hints, TextOptions};
use hexodic_report::{Exit, RunReport, Totals};
use std::path::Path;

/// The result of [`check_corpus`]: the run's report and its words.
#[derive(Clone, Debug)]
pub struct CorpusCheck {
    run: Run,
}

impl CorpusCheck {
    /// The run's report.
    pub fn report(&self) -> &RunReport {
        &self.run.report
    }

    /// The run's totals.
    pub fn summary(&self) -> &Totals {
        &self.run.report.summary
    }

    /// The text report: the totals, the root causes with their boards.
    pub fn text(&self) -> String {
        let opts = TextOptions {
            hints: Hints::Suite,
            ..TextOptions::default()
        };
        text(&self.run.report, &opts)
    }

    /// Whether every fixture passed (expected failures and skips for a
    /// missing capability included), every file loaded and the engine had
    /// no incident: exit code 0.
    pub fn all_passed(&self) -> bool {
        Exit::of_run(&self.run.report) == Exit::Pass
    }

    /// Panic with the text report unless every fixture passed.
    #[track_caller]
    pub fn assert_all_pass(&self) {
        assert!(self.all_passed(), "conformance failures:\n{}", self.text());
    }
}

/// Run every fixture of the corpus embedded in the harness against
/// `engine`, comparing with its golden traces.
pub fn check_corpus(engine: impl Engine) -> CorpusCheck {
    check(engine, &load_corpus(&embedded::root()))
}

/// Run every fixture under `fixtures` against `engine`, comparing with
/// the golden traces beside the fixtures.
pub fn check_corpus_in(engine: impl Engine, fixtures: &Path) -> CorpusCheck {
    check(engine, &load_corpus(fixtures))
}

fn check(engine: impl Engine, corpus: &Corpus) -> CorpusCheck {
    let opts = RunOptions {
        rerun: crate::run::Rerun::None,
        ..RunOptions::default()
    };
    CorpusCheck {
        run: run_corpus(&mut InProcess::new(engine), corpus, &opts, &mut |_| {}),
    }
}
