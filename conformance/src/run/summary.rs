//! The totals of a run and why it stopped early.

use super::exit::Exit;
use super::status::{FixtureResult, Status};
use crate::engine::Capability;
use std::collections::BTreeMap;
use std::time::Duration;

/// Why a run ended before its last fixture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Stopped {
    /// The time limit passed.
    TimeLimit,
    /// Ctrl-C or SIGTERM.
    Interrupted,
    /// The engine became unusable.
    Unusable,
    /// `--fail-fast`: the first fixture that fails the run ended it.
    FailFast,
}

impl Stopped {
    /// In words.
    pub const fn describe(self) -> &'static str {
        match self {
            Stopped::TimeLimit => "the time limit passed",
            Stopped::Interrupted => "the run was interrupted",
            Stopped::Unusable => "the engine became unusable",
            Stopped::FailFast => "stopped at the first failure (--fail-fast)",
        }
    }

    /// A stop by the interrupt (`interrupted`) or else by the time limit.
    pub const fn by_interrupt(interrupted: bool) -> Stopped {
        if interrupted {
            Stopped::Interrupted
        } else {
            Stopped::TimeLimit
        }
    }
}

/// Totals of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    /// Fixtures selected.
    pub fixtures: usize,
    /// Fixtures run.
    pub run: usize,
    /// Passed.
    pub passed: usize,
    /// Failed, on fixtures of documented rules.
    pub failed_documented: usize,
    /// Failed, on fixtures resting on a ruling.
    pub failed_ruling: usize,
    /// Failed as the expectations file says.
    pub expected_failures: usize,
    /// Listed as expected failures, but failing with another signature.
    pub changed_failures: usize,
    /// Listed as expected failures but passed.
    pub unexpected_passes: usize,
    /// Fixtures skipped (a missing capability, nothing differed).
    pub skipped: usize,
    /// Fixtures whose checks of a capability were skipped, by capability.
    pub skipped_checks: BTreeMap<Capability, usize>,
    /// Engine incidents.
    pub incidents: usize,
    /// Files that could not be loaded.
    pub errors: usize,
    /// Variant runs.
    pub variant_runs: usize,
    /// Fixtures run without a golden trace.
    pub without_trace: usize,
    /// Time taken.
    #[serde(with = "crate::notation::seconds")]
    pub elapsed: Duration,
}

impl Summary {
    /// Add one fixture's result.
    pub fn add(&mut self, r: &FixtureResult) {
        self.run += 1;
        self.variant_runs += r.run.variants_run;
        if !r.traced {
            self.without_trace += 1;
        }
        for c in r.run.skipped.iter() {
            *self.skipped_checks.entry(c).or_insert(0) += 1;
        }
        match r.status {
            Status::Pass => self.passed += 1,
            Status::Skipped => self.skipped += 1,
            Status::Fail if r.basis == crate::corpus::Basis::Documented => {
                self.failed_documented += 1
            }
            Status::Fail => self.failed_ruling += 1,
            Status::ExpectedFail => self.expected_failures += 1,
            Status::ChangedFail => self.changed_failures += 1,
            Status::UnexpectedPass => self.unexpected_passes += 1,
            Status::Incident => self.incidents += 1,
        }
    }

    /// Rule failures: differences not expected, changed failures and
    /// unexpected passes.
    pub fn failed(&self) -> usize {
        self.failed_documented + self.failed_ruling + self.changed_failures + self.unexpected_passes
    }

    /// How the run ends ([`Exit::of`]), `stopped` saying why it ended
    /// early, if it did.
    pub fn exit(&self, stopped: Option<Stopped>) -> Exit {
        Exit::of(stopped, self.errors, self.incidents, self.failed())
    }
}
