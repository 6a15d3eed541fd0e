//! What a report's results make: the totals, the tallies by rule, the root
//! causes and the exit code, each computed here once, after the results
//! (or the comparison, or the settings) change.

use super::exit::Exit;
use super::fixture::FixtureReport;
use super::fuzz::FuzzReport;
use super::roots::root_causes;
use super::run::{
    CorpusReport, EngineReport, FileError, Harness, RunReport, Settings, RUN_KIND, SCHEMA_VERSION,
};
use super::status::Stopped;
use super::totals::{RuleTally, Totals};

impl RunReport {
    /// A report of `results` and `errors`, with its totals, tallies, root
    /// causes and exit code made from them.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        engine: EngineReport,
        corpus: CorpusReport,
        settings: Settings,
        results: Vec<FixtureReport>,
        errors: Vec<FileError>,
        stopped: Option<Stopped>,
        elapsed_seconds: f64,
    ) -> RunReport {
        let mut r = RunReport {
            schema_version: SCHEMA_VERSION,
            kind: RUN_KIND.to_owned(),
            harness: Harness::this(),
            engine,
            corpus,
            settings,
            results,
            errors,
            summary: Totals::default(),
            by_rule: Vec::new(),
            root_causes: Vec::new(),
            stopped,
            comparison: None,
            exit_code: 0,
            elapsed_seconds,
        };
        r.derive();
        r
    }

    /// Make the totals, the tallies by rule, the root causes and the exit
    /// code again from the results (after they, the comparison or the
    /// settings changed).
    pub fn derive(&mut self) {
        self.summary = Totals::of(&self.results, self.errors.len(), self.settings.traces);
        self.by_rule = RuleTally::of(&self.results);
        self.root_causes = root_causes(&self.results);
        self.exit_code = Exit::of_run(self).code();
    }
}

impl FuzzReport {
    /// Make the exit code again from the report.
    pub fn derive(&mut self) {
        self.incidents.sort_by_key(|i| i.game_seed);
        self.exit_code = Exit::of_fuzz(self).code();
    }
}
