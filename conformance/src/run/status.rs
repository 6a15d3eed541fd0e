//! Each fixture's status, decided once: every report (text, JSON, JUnit,
//! annotations, HTML, the expectations file) is derived from it.

use super::runner::{FixtureRun, RunOutcome};
use crate::corpus::{Basis, Fixture};
use crate::diagnose::{Failure, IncidentAt};
use crate::engine::Capability;
use std::path::PathBuf;
use std::time::Duration;

/// A fixture's status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Every check agreed.
    Pass,
    /// No check differed, but some were skipped for a missing capability.
    Skipped,
    /// A check differed.
    Fail,
    /// A check differed, as the expectations file says it would.
    ExpectedFail,
    /// Listed as an expected failure, but every check agreed.
    UnexpectedPass,
    /// The engine crashed, hung or broke the protocol.
    Incident,
}

impl Status {
    /// The status's name in reports.
    pub const fn name(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Skipped => "skipped",
            Status::Fail => "fail",
            Status::ExpectedFail => "expected-fail",
            Status::UnexpectedPass => "unexpected-pass",
            Status::Incident => "incident",
        }
    }

    /// Decide the status of a run, given the expectations file's reason (if
    /// it lists the fixture).
    pub fn decide(run: &FixtureRun, expected: Option<&str>) -> Status {
        match (&run.outcome, expected) {
            (RunOutcome::Incident(..), _) => Status::Incident,
            (RunOutcome::Fail(_), Some(_)) => Status::ExpectedFail,
            (RunOutcome::Fail(_), None) => Status::Fail,
            (RunOutcome::Pass, _) if run.skipped.iter().next().is_some() => Status::Skipped,
            (RunOutcome::Pass, Some(_)) => Status::UnexpectedPass,
            (RunOutcome::Pass, None) => Status::Pass,
        }
    }
}

/// One fixture's result, with everything the reports need.
#[derive(Clone, Debug)]
pub struct FixtureResult {
    /// The fixture id.
    pub id: String,
    /// Its file.
    pub file: PathBuf,
    /// Its description.
    pub description: String,
    /// Its cited rules.
    pub rules: Vec<String>,
    /// Its basis.
    pub basis: Basis,
    /// Setup turns plus steps.
    pub size: usize,
    /// Its status.
    pub status: Status,
    /// The run behind it.
    pub run: FixtureRun,
    /// The expectations file's reason, when it lists the fixture.
    pub expected_reason: Option<String>,
    /// Whether a golden trace was compared.
    pub traced: bool,
    /// Time taken.
    pub elapsed: Duration,
}

impl FixtureResult {
    /// Build the result of a run.
    pub fn new(
        fx: &Fixture,
        run: FixtureRun,
        expected: Option<&String>,
        traced: bool,
        elapsed: Duration,
    ) -> FixtureResult {
        FixtureResult {
            id: fx.id.clone(),
            file: fx.file.clone(),
            description: fx.description.clone(),
            rules: fx.rules.clone(),
            basis: fx.basis,
            size: fx.prelude.len() + fx.steps.len(),
            status: Status::decide(&run, expected.map(String::as_str)),
            run,
            expected_reason: expected.cloned(),
            traced,
            elapsed,
        }
    }

    /// The failure, when a check differed.
    pub fn failure(&self) -> Option<&Failure> {
        match &self.run.outcome {
            RunOutcome::Fail(f) => Some(f),
            RunOutcome::Incident(_, f) => f.as_deref(),
            RunOutcome::Pass => None,
        }
    }

    /// The incident, when the engine had one.
    pub fn incident(&self) -> Option<&IncidentAt> {
        match &self.run.outcome {
            RunOutcome::Incident(i, _) => Some(i),
            _ => None,
        }
    }

    /// The capabilities whose checks were skipped.
    pub fn skipped(&self) -> Vec<Capability> {
        self.run.skipped.iter().collect()
    }

    /// The one-line cause, in the rules' terms: what differs and the rules
    /// it implicates; or the incident; or why it was skipped.
    pub fn cause_line(&self) -> String {
        if let Some(f) = self.failure() {
            let c = &f.cause;
            let rules = if c.implicated.is_empty() {
                String::new()
            } else {
                format!(" [{}]", c.implicated.join(", "))
            };
            return format!("{}: {}{rules}", c.place(), c.difference.summary());
        }
        if let Some(i) = self.incident() {
            return format!("engine incident at {}: {}", place_of(i), i.incident.kind);
        }
        match self.status {
            Status::Skipped => {
                let names: Vec<&str> = self.run.skipped.iter().map(Capability::name).collect();
                format!("checks skipped: the engine lacks {}", names.join(", "))
            }
            Status::UnexpectedPass => format!(
                "passes, but the expectations list it as failing ({})",
                self.expected_reason.as_deref().unwrap_or("")
            ),
            _ => "passes".into(),
        }
    }
}

/// Where an incident happened, in words.
pub fn place_of(i: &IncidentAt) -> String {
    match (i.step, i.turn) {
        (0, None) => "the setup".into(),
        (0, Some(t)) => format!("setup turn `{t}`"),
        (n, Some(t)) => format!("step {n} `{t}`"),
        (n, None) => format!("step {n}"),
    }
}
