//! Grouping failing fixtures into root causes: one cause per engine
//! behaviour ([`Behaviour`]), whatever end rule, reason code or kind of
//! check it shows under.

use super::behaviour::{behaviour, Behaviour};
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

/// How a group was made, in one line.
fn grouping(b: &Behaviour, shown_under: &[&'static str], n: usize) -> String {
    let rules = if shown_under.is_empty() {
        String::new()
    } else {
        format!(", under {}", shown_under.join(", "))
    };
    let what = match b {
        Behaviour::Winner => "the same end rule but the other player named as the winner".into(),
        Behaviour::CaptureList { .. } => {
            "the engine's position the reference's but its capture list another".into()
        }
        Behaviour::Gives(c) => format!("the engine giving `{}` where it does not apply", c.code()),
        Behaviour::Allows(c) => format!("the engine allowing what `{}` forbids", c.code()),
        Behaviour::Other(_) => {
            return format!(
                "grouped: {} with the same implicated rules and the same kind and direction of difference",
                if n == 1 { "one fixture" } else { "fixtures" }
            )
        }
    };
    format!("grouped as one behaviour: every difference with {what}{rules}")
}

/// Group failures by the engine behaviour they show, the most common
/// first (ties: by the first fixture id).
pub fn root_causes(failing: &[Failing]) -> Vec<RootCause> {
    let mut groups: BTreeMap<Behaviour, Vec<&Failing>> = BTreeMap::new();
    for f in failing {
        groups
            .entry(behaviour(&f.failure.cause))
            .or_default()
            .push(f);
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
            let heading = b.heading();
            let mut shown_under: Vec<&'static str> = Vec::new();
            if !matches!(b, Behaviour::Other(_)) {
                for r in members.iter().flat_map(|f| under(f)) {
                    if !heading.contains(&r) && !shown_under.contains(&r) {
                        shown_under.push(r);
                    }
                }
            }
            let kind = signature(&best.failure.cause).kind;
            Some(RootCause {
                detail: b
                    .words()
                    .unwrap_or_else(|| super::cause::detail(&best.failure.cause.difference)),
                rules: best.failure.cause.implicated.clone(),
                example: Example {
                    id: best.id.to_owned(),
                    step: best.failure.cause.step,
                    variant: best.failure.variant,
                },
                fixtures: members.iter().map(|f| f.id.to_owned()).collect(),
                grouping: grouping(&b, &shown_under, members.len()),
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
