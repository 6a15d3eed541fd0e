//! Grouping failing fixtures into root causes: one cause per engine
//! behaviour ([`Behaviour`]), whatever end rule, reason code or kind of
//! check it shows under.

use super::behaviour::{behaviour, gives, Behaviour, Code};
use super::cause::{signature, Signature};
use super::divergence::Failure;
use hexodic_rules::symmetry::Symmetry;
use std::collections::BTreeMap;

/// The smallest example of a root cause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The fixture id.
    pub id: String,
    /// The step of the first divergence (0: the start).
    pub step: usize,
    /// The variant it failed in.
    pub variant: Symmetry,
}

/// One root cause: one engine behaviour, the fixtures that fail with it,
/// the smallest of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootCause {
    /// What the failures share: the rules that head the cause (the rule a
    /// code stands for before V1 or V2), the smallest example's kind of
    /// difference, the behaviour's key.
    pub signature: Signature,
    /// The other rules the members' differences showed up under (the end
    /// rules of a swapped winner, the contexts of a code), in order of
    /// first mention.
    pub shown_under: Vec<&'static str>,
    /// How the fixtures were grouped, in one line for the report.
    pub grouping: String,
    /// The smallest example's difference in words (its kind of detail).
    pub detail: String,
    /// All the rules the smallest example's difference implicates.
    pub rules: Vec<&'static str>,
    /// The failing fixtures, by id.
    pub fixtures: Vec<String>,
    /// The smallest example: fewest steps, the identity variant when it fails.
    pub example: Example,
}

/// A failing fixture, for grouping: its id, its size (steps and setup
/// turns) and its failure.
pub struct Failing<'a> {
    /// The fixture id.
    pub id: &'a str,
    /// Setup turns plus steps.
    pub size: usize,
    /// The failure.
    pub failure: &'a Failure,
}

/// The rules a member showed up under: its signature's leading rules.
fn under(f: &Failing) -> Vec<&'static str> {
    signature(&f.failure.cause).rules
}

/// Codes of rules that force a part of the turn when an alternative
/// exists: a Shape when one is possible (S3), a Place when a cell is free
/// (T5). An engine gives them wrongly because it sees an alternative the
/// reference does not.
const FORCING: [&str; 2] = ["shape-required", "skip-not-allowed"];

/// Whether a code stands for a rule of the Project (T3-T7), which decide
/// whether a player has a legal Project and so whether G4 fires.
fn project_code(c: Code) -> bool {
    c.rules()
        .iter()
        .any(|r| matches!(*r, "T3" | "T4" | "T5" | "T6" | "T7"))
}

/// The group a group of another behaviour follows from, when it does:
/// a forcing code given wrongly follows from a code the engine reads more
/// loosely (the alternative it sees); a Strangle (G4) missed or made
/// follows from a Project code the engine judges otherwise.
fn follows_from(b: &Behaviour, groups: &BTreeMap<Behaviour, Vec<&Failing>>) -> Option<Behaviour> {
    let wanted: fn(Code) -> bool = match b {
        Behaviour::Code(c) if FORCING.contains(&c.code()) => |c| !FORCING.contains(&c.code()),
        Behaviour::MissesEnd("G4") | Behaviour::FalseEnd("G4") => project_code,
        _ => return None,
    };
    groups
        .iter()
        .filter_map(|(k, members)| match k {
            Behaviour::Code(c) if k != b && wanted(*c) => Some((k, members.len())),
            _ => None,
        })
        .max_by_key(|(_, n)| *n)
        .map(|(k, _)| k.clone())
}

/// How a group was made, in one line.
fn grouping(b: &Behaviour, shown_under: &[&'static str], n: usize, merged: bool) -> String {
    let rules = if shown_under.is_empty() {
        String::new()
    } else {
        format!(", under {}", shown_under.join(", "))
    };
    let what = match b {
        Behaviour::Winner => "the same end rule but the other player named as the winner".into(),
        Behaviour::MissesEnd(r) => format!("the reference ending the game by {r} and the engine not"),
        Behaviour::FalseEnd(r) => format!("the engine ending the game by {r} and the reference not"),
        Behaviour::Counter { field, more } => format!(
            "the engine's {field} count {} than the reference's",
            if *more { "higher" } else { "lower" }
        ),
        Behaviour::Cooldown => "a cooldown set other than the reference's on agreeing boards".into(),
        Behaviour::Captures { extra: true } => "the engine taking a stone the reference leaves".into(),
        Behaviour::Captures { extra: false } => "the engine leaving a stone the reference takes".into(),
        Behaviour::CaptureList { .. } => {
            "the engine's position the reference's but its capture list another".into()
        }
        Behaviour::Code(c) => format!(
            "the engine judging by `{}` otherwise than the reference (giving it or allowing what it forbids)",
            c.code()
        ),
        Behaviour::Other(_) => {
            return format!(
                "grouped: {} with the same implicated rules and the same kind and direction of difference",
                if n == 1 { "one fixture" } else { "fixtures" }
            )
        }
    };
    let follows = if merged {
        ", and what follows from it (a forcing code, a Strangle)"
    } else {
        ""
    };
    format!("grouped as one behaviour: every difference with {what}{follows}{rules}")
}

/// Group failures by the engine behaviour they show, the most common
/// first (ties: by the first fixture id). A group that follows from
/// another (a forcing code given wrongly, a Strangle missed or made
/// beside a Project code) joins it.
pub fn root_causes(failing: &[Failing]) -> Vec<RootCause> {
    let mut groups: BTreeMap<Behaviour, Vec<&Failing>> = BTreeMap::new();
    for f in failing {
        groups
            .entry(behaviour(&f.failure.cause))
            .or_default()
            .push(f);
    }
    let mut merged: Vec<Behaviour> = Vec::new();
    let keys: Vec<Behaviour> = groups.keys().cloned().collect();
    for k in keys {
        if let Some(into) = follows_from(&k, &groups) {
            let moved = groups.remove(&k).unwrap_or_default();
            groups.entry(into.clone()).or_default().extend(moved);
            merged.push(into);
        }
    }
    let mut out: Vec<RootCause> = groups
        .into_iter()
        .filter_map(|(b, members)| {
            let best = members.iter().min_by_key(|f| {
                (
                    f.failure.variant != Symmetry::IDENTITY,
                    f.size,
                    f.failure.cause.step,
                    f.id,
                )
            })?;
            let mut ordered: Vec<&&Failing> = members.iter().collect();
            ordered.sort_by_key(|f| f.id != best.id);
            let signed: Vec<Vec<&'static str>> = ordered.iter().map(|f| under(f)).collect();
            let heading = b.heading(&signed, &best.failure.cause.implicated);
            let mut shown_under: Vec<&'static str> = Vec::new();
            if !matches!(b, Behaviour::Other(_)) {
                for r in signed.iter().flatten().copied() {
                    if !heading.contains(&r) && !shown_under.contains(&r) {
                        shown_under.push(r);
                    }
                }
            }
            let kind = signature(&best.failure.cause).kind;
            Some(RootCause {
                detail: b
                    .words(gives(&best.failure.cause))
                    .unwrap_or_else(|| super::cause::detail(&best.failure.cause.difference)),
                rules: best.failure.cause.implicated.clone(),
                example: Example {
                    id: best.id.to_owned(),
                    step: best.failure.cause.step,
                    variant: best.failure.variant,
                },
                fixtures: members.iter().map(|f| f.id.to_owned()).collect(),
                grouping: grouping(&b, &shown_under, members.len(), merged.contains(&b)),
                shown_under,
                signature: Signature {
                    rules: heading,
                    kind,
                    key: b.key(),
                },
            })
        })
        .collect();
    out.sort_by(|a, b| {
        b.fixtures
            .len()
            .cmp(&a.fixtures.len())
            .then_with(|| a.fixtures.first().cmp(&b.fixtures.first()))
    });
    out
}
