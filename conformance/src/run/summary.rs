//! The totals of a run and its exit code.

use super::status::{FixtureResult, Status};
use crate::engine::Capability;
use std::collections::BTreeMap;
use std::time::Duration;

/// Exit code: every fixture passed (expected failures included).
pub const EXIT_PASS: u8 = 0;
/// Exit code: an engine differs from the reference (or a listed failure passed).
pub const EXIT_DIFFERS: u8 = 1;
/// Exit code: a fixture or the command line has an error.
pub const EXIT_USAGE: u8 = 2;
/// Exit code: the engine cannot be used (does not start, fails its
/// handshake, or fails the same way fixture after fixture).
pub const EXIT_UNUSABLE: u8 = 3;
/// Exit code: the engine crashed, hung or broke the protocol on some fixtures.
pub const EXIT_INCIDENTS: u8 = 4;
/// Exit code: the time limit (`--max-time`) ended the run before the end.
pub const EXIT_INCOMPLETE: u8 = 5;
/// Exit code: interrupted (Ctrl-C or SIGTERM).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Why a run ended before its last fixture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The time limit passed.
    TimeLimit,
    /// Ctrl-C or SIGTERM.
    Interrupted,
    /// The engine became unusable.
    Unusable,
}

impl Stopped {
    /// In words.
    pub const fn describe(self) -> &'static str {
        match self {
            Stopped::TimeLimit => "the time limit passed",
            Stopped::Interrupted => "the run was interrupted",
            Stopped::Unusable => "the engine became unusable",
        }
    }
}

/// Totals of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
            Status::UnexpectedPass => self.unexpected_passes += 1,
            Status::Incident => self.incidents += 1,
        }
    }

    /// Rule failures: differences not expected, and unexpected passes.
    pub fn failed(&self) -> usize {
        self.failed_documented + self.failed_ruling + self.unexpected_passes
    }

    /// The exit code (see the `EXIT_` constants), `stopped` saying why the
    /// run ended early, if it did.
    pub fn exit_code(&self, stopped: Option<Stopped>) -> u8 {
        match stopped {
            Some(Stopped::Unusable) => return EXIT_UNUSABLE,
            Some(Stopped::Interrupted) => return EXIT_INTERRUPTED,
            Some(Stopped::TimeLimit) => return EXIT_INCOMPLETE,
            None => {}
        }
        if self.errors > 0 {
            EXIT_USAGE
        } else if self.incidents > 0 {
            EXIT_INCIDENTS
        } else if self.failed() > 0 {
            EXIT_DIFFERS
        } else {
            EXIT_PASS
        }
    }
}
