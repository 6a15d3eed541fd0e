//! The comparison of two builds' reports, as written in the JSON report of
//! `run --baseline` and read by `compare`: what newly fails, what is fixed,
//! what fails differently, by fixture and by rule.

use super::model::SignatureReport;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Two reports compared: the baseline (the previous build) and this run,
/// on the fixtures both ran.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Comparison {
    /// Fixtures this run has and the baseline has not, by id.
    pub added_fixtures: Vec<String>,
    /// The baseline's corpus version.
    pub baseline_corpus_version: String,
    /// The baseline's engine, as `name version`.
    pub baseline_engine: String,
    /// By rule, the most changed first.
    pub by_rule: Vec<RuleChange>,
    /// Failing in both, with another signature.
    pub changed: Vec<FixtureChange>,
    /// Failing (or with an incident) in the baseline, passing now.
    pub fixed: Vec<FixtureChange>,
    /// An incident now, none in the baseline.
    pub new_incidents: Vec<FixtureChange>,
    /// Failing now, not in the baseline.
    pub newly_failing: Vec<FixtureChange>,
    /// Fixtures the baseline has and this run has not, by id.
    pub removed_fixtures: Vec<String>,
    /// Whether both reports name the same corpus version.
    pub same_corpus: bool,
    /// Fixtures both reports ran: the ones compared.
    pub shared_fixtures: usize,
    /// Failing in both with the same signature (or one not known).
    pub still_failing: Vec<FixtureChange>,
}

/// One fixture whose result is compared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FixtureChange {
    /// The status in this run.
    pub after: String,
    /// The status in the baseline.
    pub before: String,
    /// The cause in one line: this run's, or the baseline's for a fixed one.
    pub cause: String,
    /// The fixture id.
    pub id: String,
    /// The rules the change is counted under: the signature's rules of the
    /// failing side (this run's when both fail).
    pub rules: Vec<String>,
    /// The baseline's signature, when it failed.
    pub signature_before: Option<SignatureReport>,
    /// This run's signature, when it fails.
    pub signature_after: Option<SignatureReport>,
    /// The variant of this run's failure (the baseline's for a fixed one).
    pub variant: Option<String>,
}

/// How many fixtures changed under one rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleChange {
    /// Failing in both with another signature.
    pub changed: usize,
    /// Fixed.
    pub fixed: usize,
    /// Newly failing (new incidents included).
    pub newly_failing: usize,
    /// The rule ID.
    pub rule: String,
    /// Still failing.
    pub still_failing: usize,
}

impl Comparison {
    /// Whether this run is worse than the baseline: a fixture newly
    /// failing, failing differently, or with a new incident.
    pub fn regressed(&self) -> bool {
        !(self.newly_failing.is_empty() && self.changed.is_empty() && self.new_incidents.is_empty())
    }
}
