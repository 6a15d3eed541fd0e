//! Two builds' reports compared, fixture by fixture on the fixtures both
//! ran: what newly fails, what is fixed, what fails differently, by fixture
//! and by rule ([`crate::compare`]), as written in the JSON report of `run
//! --baseline` and read by `compare`; and the comparison's two sentences
//! every writer prints ([`Comparison::totals_line`], [`Comparison::headline`]).

use super::signature::Signature;
use super::status::Status;
use super::totals::count;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Two reports compared: the baseline (the previous build) and this run,
/// on the fixtures both ran.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Comparison {
    /// Fixtures this run has and the baseline has not, by id.
    pub added_fixtures: Vec<String>,
    /// The baseline's corpus version.
    pub baseline_corpus_version: String,
    /// The baseline's engine, as `name version`.
    pub baseline_engine: String,
    /// The fixtures the baseline ran, by id.
    pub baseline_fixtures: Vec<String>,
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FixtureChange {
    /// The status in this run.
    pub after: Status,
    /// The status in the baseline.
    pub before: Status,
    /// The cause in one line: this run's, or the baseline's for a fixed one.
    pub cause: String,
    /// The fixture id.
    pub id: String,
    /// The rules the change is counted under: the signature's rules of the
    /// failing side (this run's when both fail).
    pub rules: Vec<String>,
    /// The baseline's signature, when it failed.
    pub signature_before: Option<Signature>,
    /// This run's signature, when it fails.
    pub signature_after: Option<Signature>,
    /// The variant of this run's failure (the baseline's for a fixed one).
    #[serde(with = "hexodic_engine::notation::opt")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub variant: Option<hexodic_rules::symmetry::Symmetry>,
    /// The command that runs the fixture again (this run's), when it has one.
    pub rerun: Option<String>,
}

/// How many fixtures changed under one rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RuleChange {
    /// Failing in both with another signature.
    pub changed: usize,
    /// Fixed.
    pub fixed: usize,
    /// Newly failing.
    pub newly_failing: usize,
    /// With a new incident (not a rule failure).
    pub new_incidents: usize,
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

    /// The totals of the comparison in one line, the same in every writer.
    pub fn totals_line(&self) -> String {
        format!(
            "{} newly failing, {} fixed, {} failing differently, {} still failing, {}",
            self.newly_failing.len(),
            self.fixed.len(),
            self.changed.len(),
            self.still_failing.len(),
            count(self.new_incidents.len(), "new incident", "new incidents"),
        )
    }

    /// The change in one sentence by rule: "broke C2 in 3 fixtures; fixed
    /// G7 in 2; 1 new incident" (empty when nothing changed). Incidents
    /// are not rule failures: they are counted apart, never as broken rules.
    pub fn headline(&self) -> String {
        let mut broke = Vec::new();
        let mut changed = Vec::new();
        let mut fixed = Vec::new();
        for r in &self.by_rule {
            let under = |n: usize| format!("{} in {}", r.rule, count(n, "fixture", "fixtures"));
            if r.newly_failing > 0 {
                broke.push(under(r.newly_failing));
            }
            if r.changed > 0 {
                changed.push(under(r.changed));
            }
            if r.fixed > 0 {
                fixed.push(under(r.fixed));
            }
        }
        let mut parts = Vec::new();
        for (verb, list) in [("broke", broke), ("changed", changed), ("fixed", fixed)] {
            if list.is_empty() {
                continue;
            }
            let shown: Vec<String> = list.iter().take(5).cloned().collect();
            let more = list.len().saturating_sub(shown.len());
            let tail = if more > 0 {
                format!(" and {}", count(more, "more rule", "more rules"))
            } else {
                String::new()
            };
            parts.push(format!("{verb} {}{tail}", shown.join(", ")));
        }
        if !self.new_incidents.is_empty() {
            parts.push(count(
                self.new_incidents.len(),
                "new incident",
                "new incidents",
            ));
        }
        parts.join("; ")
    }
}

/// The changes of `c` counted by rule, the most changed first.
pub(crate) fn tally_by_rule(c: &Comparison) -> Vec<RuleChange> {
    let mut rules: BTreeMap<String, RuleChange> = BTreeMap::new();
    let mut tally = |list: &[FixtureChange], add: fn(&mut RuleChange)| {
        for f in list {
            for r in &f.rules {
                let entry = rules.entry(r.clone()).or_insert_with(|| RuleChange {
                    changed: 0,
                    fixed: 0,
                    newly_failing: 0,
                    new_incidents: 0,
                    rule: r.clone(),
                    still_failing: 0,
                });
                add(entry);
            }
        }
    };
    tally(&c.newly_failing, |r| r.newly_failing += 1);
    tally(&c.new_incidents, |r| r.new_incidents += 1);
    tally(&c.changed, |r| r.changed += 1);
    tally(&c.fixed, |r| r.fixed += 1);
    tally(&c.still_failing, |r| r.still_failing += 1);
    let mut all: Vec<RuleChange> = rules.into_values().collect();
    all.sort_by_key(|r| {
        (
            std::cmp::Reverse(r.newly_failing + r.changed),
            std::cmp::Reverse(r.new_incidents),
            std::cmp::Reverse(r.fixed),
            std::cmp::Reverse(r.still_failing),
        )
    });
    all
}
