//! One fixture's result: its status, the failure or incident behind it,
//! its classification, and what the expectations file said of it.

use super::divergence::Failure;
use super::incident::IncidentReport;
use super::signature::{Classification, Signature};
use super::status::{Basis, Status};
use hexodic_engine::Capability;

/// What the expectations file says of a fixture it lists.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Expected {
    /// The reason people wrote (or the harness, from the cause).
    pub reason: String,
    /// The signature pinned; none matches any failure.
    pub signature: Option<Signature>,
}

impl Expected {
    /// Whether a failure with `signature` is the one expected.
    pub fn matches(&self, signature: &Signature) -> bool {
        self.signature.as_ref().is_none_or(|s| s == signature)
    }
}

/// One fixture's result, with everything the writers need.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FixtureReport {
    /// The fixture id (`capture/tier2-interior-immune`).
    pub id: String,
    /// The fixture file, as the user would type it from where the run was
    /// started.
    pub file: String,
    /// What the fixture shows.
    pub description: String,
    /// The rules it cites.
    pub rules: Vec<String>,
    /// Whether it rests on documented rules or on a ruling.
    pub basis: Basis,
    /// Setup turns plus steps (the smallest example of a root cause is the
    /// shortest).
    pub size: usize,
    /// The status, decided once.
    pub status: Status,
    /// The cause in one line: what differs and the rules it implicates, the
    /// incident, or why it was skipped (empty when it passed).
    pub cause: String,
    /// Variant runs.
    pub variants_run: usize,
    /// Whether a golden trace was compared.
    pub traced: bool,
    /// The capabilities whose checks were skipped.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub skipped_checks: Vec<Capability>,
    /// The failure, when a check differed (before an incident, too).
    pub failure: Option<Failure>,
    /// The incident, when the engine had one.
    pub incident: Option<IncidentReport>,
    /// The classification of the failure's first divergence.
    pub classification: Option<Classification>,
    /// What the expectations file says of it, when it lists it.
    pub expected: Option<Expected>,
    /// The command that runs this fixture again in the variant that failed
    /// (a failure, a changed failure, an expected failure or an incident),
    /// quoted for a POSIX shell, or for the test runner the run came from.
    pub rerun: Option<String>,
}

impl FixtureReport {
    /// The signature of the failure, when a check differed.
    pub fn signature(&self) -> Option<Signature> {
        let f = self.failure.as_ref()?;
        Some(self.classification.as_ref()?.signature(f.cause.step))
    }

    /// The fixture-file line reports point at: the incident's when the
    /// engine had one, else the first divergence's, else 1.
    pub fn line(&self) -> u32 {
        self.incident
            .as_ref()
            .map(|i| i.line)
            .or_else(|| self.failure.as_ref().map(|f| f.cause.line))
            .unwrap_or(1)
            .max(1)
    }

    /// The variant the fixture failed in or met its incident in.
    pub fn variant(&self) -> Option<hexodic_rules::symmetry::Symmetry> {
        self.incident
            .as_ref()
            .map(|i| i.variant)
            .or_else(|| self.failure.as_ref().map(|f| f.variant))
    }

    /// The rules the failure's first divergence implicates.
    pub fn implicated(&self) -> &[String] {
        self.failure
            .as_ref()
            .map_or(&[], |f| f.cause.implicated.as_slice())
    }

    /// For a changed failure: the signature pinned and the one now, in words.
    pub fn changed_words(&self) -> Option<(String, String)> {
        if self.status != Status::ChangedFail {
            return None;
        }
        let old = self
            .expected
            .as_ref()
            .and_then(|e| e.signature.as_ref())
            .map_or_else(|| "any failure".to_owned(), Signature::words);
        let new = self.signature().map_or_else(String::new, |p| p.words());
        Some((old, new))
    }

    /// The one-line cause, in the rules' terms: what differs and the rules
    /// it implicates; or the incident; or why it was skipped. What
    /// [`FixtureReport::cause`] holds.
    pub fn cause_line(&self) -> String {
        if let Some(i) = &self.incident {
            let before = self.failure.as_ref().map_or(String::new(), |f| {
                format!(
                    " (after a difference at {}: {})",
                    f.cause.place(),
                    f.cause.summary
                )
            });
            return format!("engine incident at {}: {}{before}", i.place(), i.message);
        }
        if let Some(f) = &self.failure {
            let c = &f.cause;
            let rules = if c.implicated.is_empty() {
                String::new()
            } else {
                format!(" [{}]", c.implicated.join(", "))
            };
            let flaky = if self.status == Status::Flaky {
                " (not again when the fixture ran once more one request at a time: the engine is not deterministic)"
            } else {
                ""
            };
            return format!("{}: {}{rules}{flaky}", c.place(), c.summary);
        }
        match self.status {
            Status::Skipped => {
                let names: Vec<&str> = self.skipped_checks.iter().map(|c| c.name()).collect();
                format!("checks skipped: the engine lacks {}", names.join(", "))
            }
            Status::UnexpectedPass => format!(
                "passes, but the expectations list it as failing ({})",
                self.expected.as_ref().map_or("", |e| e.reason.as_str())
            ),
            Status::NotRun => "not run: the run ended before it".into(),
            _ => String::new(),
        }
    }
}
