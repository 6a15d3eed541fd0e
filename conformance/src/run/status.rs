//! Each fixture's status, decided once: every report (text, JSON, JUnit,
//! annotations, HTML, the expectations file) is derived from it.

use super::expected::ExpectedFailure;
use super::runner::{FixtureRun, RunOutcome};
use crate::corpus::{Basis, Fixture};
use crate::diagnose::{Failure, IncidentAt, Pinned};
use crate::engine::Capability;
use std::path::PathBuf;
use std::time::Duration;

/// A fixture's status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Status {
    /// Every check agreed.
    Pass,
    /// No check differed, but some were skipped for a missing capability.
    Skipped,
    /// A check differed.
    Fail,
    /// A check differed, as the expectations file says it would.
    ExpectedFail,
    /// Listed as an expected failure, but failing another way: its
    /// signature is not the one the expectations file pins.
    ChangedFail,
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
            Status::ChangedFail => "changed-fail",
            Status::UnexpectedPass => "unexpected-pass",
            Status::Incident => "incident",
        }
    }

    /// Whether this status fails the run on its own: a failure the
    /// expectations file does not list, a changed failure, an unexpected
    /// pass or an incident (what `--fail-fast` stops at).
    pub const fn fails_run(self) -> bool {
        matches!(
            self,
            Status::Fail | Status::ChangedFail | Status::UnexpectedPass | Status::Incident
        )
    }

    /// Decide the status of a run, given what the expectations file says
    /// of the fixture (if it lists it).
    pub fn decide(run: &FixtureRun, expected: Option<&ExpectedFailure>) -> Status {
        match (&run.outcome, expected) {
            (RunOutcome::Incident(..), _) => Status::Incident,
            (RunOutcome::Fail(f), Some(e)) if e.matches(&f.cause) => Status::ExpectedFail,
            (RunOutcome::Fail(_), Some(_)) => Status::ChangedFail,
            (RunOutcome::Fail(_), None) => Status::Fail,
            (RunOutcome::Pass, _) if run.skipped.iter().next().is_some() => Status::Skipped,
            (RunOutcome::Pass, Some(_)) => Status::UnexpectedPass,
            (RunOutcome::Pass, None) => Status::Pass,
        }
    }
}

/// One fixture's result, with everything the reports need.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
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
    /// The signature the expectations file pins, when it pins one.
    pub expected_signature: Option<Pinned>,
    /// Whether a golden trace was compared.
    pub traced: bool,
    /// Time taken.
    #[serde(with = "crate::notation::seconds")]
    pub elapsed: Duration,
    /// The requests and replies, when they were recorded
    /// ([`super::RunOptions::transcripts`]) and the fixture failed; not
    /// written with the run.
    #[serde(skip)]
    pub transcript: Option<Box<crate::engine::Transcript>>,
}

impl FixtureResult {
    /// Build the result of a run.
    pub fn new(
        fx: &Fixture,
        run: FixtureRun,
        expected: Option<&ExpectedFailure>,
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
            status: Status::decide(&run, expected),
            run,
            expected_reason: expected.map(|e| e.reason.clone()),
            expected_signature: expected.and_then(|e| e.signature.clone()),
            traced,
            elapsed,
            transcript: None,
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

    /// The signature of the failure, when a check differed.
    pub fn signature(&self) -> Option<Pinned> {
        self.failure().map(|f| Pinned::of(&f.cause))
    }

    /// For a changed failure: the signature pinned and the one now, in words.
    pub fn changed_words(&self) -> Option<(String, String)> {
        if self.status != Status::ChangedFail {
            return None;
        }
        let old = self
            .expected_signature
            .as_ref()
            .map_or_else(|| "any failure".to_owned(), Pinned::words);
        let new = self.signature().map_or_else(String::new, |p| p.words());
        Some((old, new))
    }

    /// The fixture-file line reports point at: the incident's when the
    /// engine had one, else the first divergence's, else the first line.
    pub fn line(&self) -> u32 {
        self.incident()
            .map(|i| i.line)
            .or_else(|| self.failure().map(|f| f.cause.line))
            .unwrap_or(1)
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
        if let Some(i) = self.incident() {
            let before = self.failure().map_or(String::new(), |f| {
                format!(
                    " (after a difference at {}: {})",
                    f.cause.place(),
                    f.cause.difference.summary()
                )
            });
            return format!(
                "engine incident at {}: {}{before}",
                i.place(),
                i.incident.kind
            );
        }
        if let Some(f) = self.failure() {
            let c = &f.cause;
            let rules = if c.implicated.is_empty() {
                String::new()
            } else {
                format!(" [{}]", c.implicated.join(", "))
            };
            return format!("{}: {}{rules}", c.place(), c.difference.summary());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnose::{Divergence, Source};
    use crate::engine::{Capabilities, Incident, IncidentKind};
    use crate::oracle::{Difference, TurnVerdict};
    use hexodic_rules::symmetry::Symmetry;
    use hexodic_rules::Turn;

    fn result(outcome: RunOutcome) -> FixtureResult {
        let run = FixtureRun {
            outcome,
            variants_run: 1,
            skipped: Capabilities::NONE,
        };
        FixtureResult {
            id: "a/b".into(),
            file: "a/b.yaml".into(),
            description: String::new(),
            rules: vec!["T4".into()],
            basis: Basis::Documented,
            size: 2,
            status: Status::decide(&run, None),
            run,
            expected_reason: None,
            expected_signature: None,
            traced: false,
            elapsed: Duration::ZERO,
            transcript: None,
        }
    }

    #[test]
    fn an_incident_after_a_difference_leads_the_cause_and_the_line() {
        let turn = Turn::parse("d4 +d4").ok();
        let cause = Divergence {
            step: 1,
            line: 7,
            turn,
            source: Source::Fixture,
            difference: Difference::Verdict {
                turn: turn.unwrap(),
                expected: TurnVerdict::Illegal(Default::default()),
                got: TurnVerdict::Legal,
            },
            before: None,
            expected: None,
            got: None,
            captures: None,
            implicated: vec![],
        };
        let failure = Failure {
            variant: Symmetry::IDENTITY,
            cause,
            consequences: vec![],
        };
        let incident = IncidentAt {
            variant: Symmetry::IDENTITY,
            step: 2,
            line: 9,
            turn: Turn::parse("c3 +c3").ok(),
            incident: Incident::new(IncidentKind::Timeout { millis: 5 }),
        };
        let r = result(RunOutcome::Incident(
            Box::new(incident),
            Some(Box::new(failure)),
        ));
        assert_eq!(r.status, Status::Incident);
        assert_eq!(r.line(), 9);
        let cause = r.cause_line();
        assert!(
            cause.starts_with("engine incident at step 2 `c3 +c3`"),
            "{cause}"
        );
        assert!(
            cause.contains("after a difference at step 1 `d4 +d4`"),
            "{cause}"
        );
    }
}
