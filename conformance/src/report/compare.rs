//! Two builds compared: the JSON report of the previous build (the
//! baseline) and this one's, fixture by fixture on the fixtures both ran,
//! grouped by rule, and the comparison in words.

use super::json::{Comparison, FixtureChange, FixtureReport, JsonReport, RuleChange};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// At most this many fixtures are named per group in the words.
const NAMED: usize = 10;

/// What a fixture's result is, for a comparison.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Passing,
    Failing,
    Incident,
}

fn state(r: &FixtureReport) -> State {
    if r.status == "incident" {
        State::Incident
    } else if r.failure.is_some() {
        State::Failing
    } else {
        State::Passing
    }
}

/// The rules a failing result is counted under: its signature's, else the
/// rules its cause implicates, else the rules it cites.
fn rules_of(r: &FixtureReport) -> Vec<String> {
    let signed = r.signature.as_ref();
    match signed {
        Some(s) if !s.rules.is_empty() => s.rules.clone(),
        _ if !r.implicated_rules.is_empty() => r.implicated_rules.iter().take(2).cloned().collect(),
        _ => r.rules.iter().take(1).cloned().collect(),
    }
}

fn change(old: &FixtureReport, new: &FixtureReport, counted: &FixtureReport) -> FixtureChange {
    let sig = |r: &FixtureReport| r.signature.clone();
    FixtureChange {
        after: new.status.clone(),
        before: old.status.clone(),
        cause: counted.cause.clone(),
        id: new.id.clone(),
        rules: rules_of(counted),
        signature_before: sig(old),
        signature_after: sig(new),
        variant: counted
            .failure
            .as_ref()
            .map(|f| f.variant.clone())
            .or_else(|| counted.incident.as_ref().map(|i| i.variant.clone())),
    }
}

fn by_rule(c: &Comparison) -> Vec<RuleChange> {
    let mut rules: BTreeMap<String, RuleChange> = BTreeMap::new();
    let mut count = |list: &[FixtureChange], add: fn(&mut RuleChange)| {
        for f in list {
            for r in &f.rules {
                let entry = rules.entry(r.clone()).or_insert_with(|| RuleChange {
                    changed: 0,
                    fixed: 0,
                    newly_failing: 0,
                    rule: r.clone(),
                    still_failing: 0,
                });
                add(entry);
            }
        }
    };
    count(&c.newly_failing, |r| r.newly_failing += 1);
    count(&c.new_incidents, |r| r.newly_failing += 1);
    count(&c.changed, |r| r.changed += 1);
    count(&c.fixed, |r| r.fixed += 1);
    count(&c.still_failing, |r| r.still_failing += 1);
    let mut all: Vec<RuleChange> = rules.into_values().collect();
    all.sort_by_key(|r| {
        (
            std::cmp::Reverse(r.newly_failing + r.changed),
            std::cmp::Reverse(r.fixed),
            std::cmp::Reverse(r.still_failing),
        )
    });
    all
}

/// `new` against the baseline `old`, on the fixtures both ran; the others
/// are listed as added or removed.
pub fn compare(old: &JsonReport, new: &JsonReport) -> Comparison {
    let before: BTreeMap<&str, &FixtureReport> =
        old.results.iter().map(|r| (r.id.as_str(), r)).collect();
    let now: BTreeSet<&str> = new.results.iter().map(|r| r.id.as_str()).collect();
    let mut c = Comparison {
        baseline_corpus_version: old.corpus.version.clone(),
        baseline_engine: format!("{} {}", old.engine.name, old.engine.version)
            .trim()
            .to_owned(),
        same_corpus: old.corpus.version == new.corpus.version,
        removed_fixtures: before
            .keys()
            .filter(|id| !now.contains(*id))
            .map(|id| (*id).to_owned())
            .collect(),
        ..Comparison::default()
    };
    for r in &new.results {
        let Some(o) = before.get(r.id.as_str()) else {
            c.added_fixtures.push(r.id.clone());
            continue;
        };
        c.shared_fixtures += 1;
        let sig = |x: &FixtureReport| x.signature.clone();
        match (state(o), state(r)) {
            (State::Incident, State::Incident) | (State::Passing, State::Passing) => {}
            (_, State::Incident) => c.new_incidents.push(change(o, r, r)),
            (State::Passing | State::Incident, State::Failing) => {
                c.newly_failing.push(change(o, r, r));
            }
            (State::Failing | State::Incident, State::Passing) => c.fixed.push(change(o, r, o)),
            (State::Failing, State::Failing) => match (sig(o), sig(r)) {
                (Some(a), Some(b)) if a != b => c.changed.push(change(o, r, r)),
                _ => c.still_failing.push(change(o, r, r)),
            },
        }
    }
    c.by_rule = by_rule(&c);
    c
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The change in one sentence by rule: "broke C2 in 3 fixtures; fixed G7
/// in 2" (empty when nothing changed).
pub fn headline(c: &Comparison) -> String {
    let mut broke = Vec::new();
    let mut changed = Vec::new();
    let mut fixed = Vec::new();
    for r in &c.by_rule {
        if r.newly_failing > 0 {
            broke.push(format!(
                "{} in {}",
                r.rule,
                plural(r.newly_failing, "fixture", "fixtures")
            ));
        }
        if r.changed > 0 {
            changed.push(format!(
                "{} in {}",
                r.rule,
                plural(r.changed, "fixture", "fixtures")
            ));
        }
        if r.fixed > 0 {
            fixed.push(format!(
                "{} in {}",
                r.rule,
                plural(r.fixed, "fixture", "fixtures")
            ));
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
            format!(" and {}", plural(more, "more rule", "more rules"))
        } else {
            String::new()
        };
        parts.push(format!("{verb} {}{tail}", shown.join(", ")));
    }
    parts.join("; ")
}

/// The totals of a comparison in one line.
pub fn totals_line(c: &Comparison) -> String {
    format!(
        "{} newly failing, {} fixed, {} failing differently, {} still failing, {}",
        c.newly_failing.len(),
        c.fixed.len(),
        c.changed.len(),
        c.still_failing.len(),
        plural(c.new_incidents.len(), "new incident", "new incidents"),
    )
}

fn named(out: &mut String, what: &str, list: &[FixtureChange], line: fn(&FixtureChange) -> String) {
    if list.is_empty() {
        return;
    }
    let _ = writeln!(out, "  {what}:");
    for f in list.iter().take(NAMED) {
        let _ = writeln!(out, "    {}", line(f));
    }
    if list.len() > NAMED {
        let _ = writeln!(out, "    ... and {} more", list.len() - NAMED);
    }
}

fn ids(list: &[String]) -> String {
    let shown: Vec<&str> = list.iter().take(NAMED).map(String::as_str).collect();
    let more = list.len().saturating_sub(NAMED);
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

/// The comparison in words, for the terminal.
pub fn comparison_text(c: &Comparison) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "against the baseline ({}): {}",
        c.baseline_engine,
        totals_line(c)
    );
    let head = headline(c);
    if !head.is_empty() {
        let _ = writeln!(out, "  this build {head}");
    }
    let with_rules = |f: &FixtureChange| format!("{} ({}): {}", f.id, f.rules.join(", "), f.cause);
    named(&mut out, "newly failing", &c.newly_failing, with_rules);
    named(&mut out, "new incidents", &c.new_incidents, with_rules);
    named(&mut out, "failing differently", &c.changed, |f| {
        let sig = |s: &Option<super::json::SignatureReport>| {
            s.as_ref().map_or_else(String::new, ToString::to_string)
        };
        format!(
            "{}: was {}, now {}",
            f.id,
            sig(&f.signature_before),
            sig(&f.signature_after)
        )
    });
    named(&mut out, "fixed", &c.fixed, |f| {
        format!("{} ({})", f.id, f.rules.join(", "))
    });
    if !c.same_corpus || !c.added_fixtures.is_empty() || !c.removed_fixtures.is_empty() {
        let _ = writeln!(
            out,
            "  compared on the {} fixtures both ran (baseline corpus {}{})",
            c.shared_fixtures,
            c.baseline_corpus_version,
            if c.same_corpus {
                ", the same"
            } else {
                ", another version"
            }
        );
        if !c.added_fixtures.is_empty() {
            let _ = writeln!(
                out,
                "  {} not in the baseline: {}",
                plural(c.added_fixtures.len(), "fixture", "fixtures"),
                ids(&c.added_fixtures)
            );
        }
        if !c.removed_fixtures.is_empty() {
            let _ = writeln!(
                out,
                "  {} only in the baseline: {}",
                plural(c.removed_fixtures.len(), "fixture", "fixtures"),
                ids(&c.removed_fixtures)
            );
        }
    }
    out
}
