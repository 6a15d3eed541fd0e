//! Grouping failing fixtures into root causes.

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

/// One root cause: a signature, the fixtures that fail with it, the
/// smallest of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootCause {
    /// What the failures share.
    pub signature: Signature,
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

/// Group failures by signature, the most common first (ties: by the first
/// fixture id).
pub fn root_causes(failing: &[Failing]) -> Vec<RootCause> {
    let mut groups: BTreeMap<Signature, Vec<&Failing>> = BTreeMap::new();
    for f in failing {
        groups
            .entry(signature(&f.failure.cause))
            .or_default()
            .push(f);
    }
    let mut out: Vec<RootCause> = groups
        .into_iter()
        .filter_map(|(signature, members)| {
            let best = members.iter().min_by_key(|f| {
                (
                    f.failure.variant != Symmetry::IDENTITY,
                    f.size,
                    f.failure.cause.step,
                    f.id,
                )
            })?;
            Some(RootCause {
                detail: super::cause::detail(&best.failure.cause.difference),
                rules: best.failure.cause.implicated.clone(),
                example: Example {
                    id: best.id.to_owned(),
                    step: best.failure.cause.step,
                    variant: best.failure.variant,
                },
                fixtures: members.iter().map(|f| f.id.to_owned()).collect(),
                signature,
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
