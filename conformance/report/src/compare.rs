//! Two builds' reports compared ([`compare`]): fixture by fixture on the
//! fixtures both ran, each change counted under the rules of its
//! signature.

use super::comparison::{tally_by_rule, Comparison, FixtureChange};
use super::fixture::FixtureReport;
use super::run::RunReport;
use super::status::Status;
use std::collections::{BTreeMap, BTreeSet};

/// What a fixture's result is, for a comparison: checks agreeing (a pass,
/// listed as failing or not, or skipped), a difference (expected or not,
/// flaky included), an incident, or not run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Passing,
    Failing,
    Incident,
    NotRun,
}

fn state(r: &FixtureReport) -> State {
    match r.status {
        Status::Incident => State::Incident,
        Status::NotRun => State::NotRun,
        _ if r.failure.is_some() => State::Failing,
        _ => State::Passing,
    }
}

/// The rules a changed result is counted under: its signature's, else the
/// rules its cause implicates, else the rules it cites.
fn rules_of(r: &FixtureReport) -> Vec<String> {
    match r.signature() {
        Some(s) if !s.rules.is_empty() => s.rules,
        _ if !r.implicated().is_empty() => r.implicated().iter().take(2).cloned().collect(),
        _ => r.rules.iter().take(1).cloned().collect(),
    }
}

fn change(old: &FixtureReport, new: &FixtureReport, counted: &FixtureReport) -> FixtureChange {
    FixtureChange {
        after: new.status,
        before: old.status,
        cause: counted.cause.clone(),
        id: new.id.clone(),
        rules: rules_of(counted),
        signature_before: old.signature(),
        signature_after: new.signature(),
        variant: counted.variant(),
        rerun: new.rerun.clone(),
    }
}

/// `new` against the baseline `old`, on the fixtures both ran; the others
/// are listed as added or removed. Fixtures either run never reached are
/// compared as not there.
pub fn compare(old: &RunReport, new: &RunReport) -> Comparison {
    let ran = |r: &&FixtureReport| r.status != Status::NotRun;
    let before: BTreeMap<&str, &FixtureReport> = old
        .results
        .iter()
        .filter(ran)
        .map(|r| (r.id.as_str(), r))
        .collect();
    let now: BTreeSet<&str> = new
        .results
        .iter()
        .filter(ran)
        .map(|r| r.id.as_str())
        .collect();
    let mut c = Comparison {
        baseline_corpus_version: old.corpus.version.clone(),
        baseline_engine: old.engine.label(),
        baseline_fixtures: before.keys().map(|id| (*id).to_owned()).collect(),
        same_corpus: old.corpus.version == new.corpus.version,
        // A part of a partitioned run holds only its own fixtures: the
        // others are not removed, and `merge` finds the ones that are.
        removed_fixtures: match new.settings.partition {
            Some(_) => Vec::new(),
            None => before
                .keys()
                .filter(|id| !now.contains(*id))
                .map(|id| (*id).to_owned())
                .collect(),
        },
        ..Comparison::default()
    };
    for r in new.results.iter().filter(ran) {
        let Some(o) = before.get(r.id.as_str()) else {
            c.added_fixtures.push(r.id.clone());
            continue;
        };
        c.shared_fixtures += 1;
        match (state(o), state(r)) {
            (State::Incident, State::Incident) | (State::Passing, State::Passing) => {}
            (_, State::NotRun) | (State::NotRun, _) => {}
            (_, State::Incident) => c.new_incidents.push(change(o, r, r)),
            (State::Passing | State::Incident, State::Failing) => {
                c.newly_failing.push(change(o, r, r));
            }
            (State::Failing | State::Incident, State::Passing) => c.fixed.push(change(o, r, o)),
            (State::Failing, State::Failing) => match (o.signature(), r.signature()) {
                (Some(a), Some(b)) if a != b => c.changed.push(change(o, r, r)),
                _ => c.still_failing.push(change(o, r, r)),
            },
        }
    }
    c.by_rule = tally_by_rule(&c);
    c
}
