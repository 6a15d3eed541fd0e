//! Root causes: failing fixtures grouped by the classification of their
//! first divergence (the behaviour and the rules heading it, the very words
//! each fixture's signature pins), the most common first, each with its
//! smallest example. A group whose behaviour follows from another's (a
//! forcing code given wrongly beside a code read more loosely, a Strangle
//! missed or made beside a Project code, a swapped result at the cap beside
//! a swapped winner) joins it and is listed as following from it.

use super::fixture::FixtureReport;
use super::signature::{Behaviour, Classification};
use super::status::Status;
use hexodic_rules::symmetry::Symmetry;
use std::collections::BTreeMap;

/// The smallest example of a root cause.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Example {
    /// The fixture id.
    pub id: String,
    /// The step of the first divergence (0: the start).
    pub step: usize,
    /// The variant it failed in.
    #[serde(with = "hexodic_engine::notation::one")]
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub variant: Symmetry,
}

/// One root cause: one engine behaviour, the fixtures that fail with it,
/// the smallest of them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RootCause {
    /// The behaviour, the rules heading it, what the engine does: the
    /// classification its fixtures share.
    pub classification: Classification,
    /// The other rules its fixtures' differences implicate, in order of
    /// first mention.
    pub shown_under: Vec<String>,
    /// How the fixtures were grouped, in one line.
    pub grouping: String,
    /// All the rules the smallest example's difference implicates.
    pub implicated: Vec<String>,
    /// The failing fixtures with this classification, by id.
    pub fixtures: Vec<String>,
    /// Fixtures whose failure follows from this one (another
    /// classification, joined to this cause), by id.
    pub follows: Vec<String>,
    /// The smallest example: fewest steps, the identity variant when it fails.
    pub example: Example,
}

impl RootCause {
    /// Every fixture of the cause: its own, then those that follow from it.
    pub fn all_fixtures(&self) -> impl Iterator<Item = &String> {
        self.fixtures.iter().chain(&self.follows)
    }
}

/// Rules no cause shows under: every list or reason difference names them.
const GENERIC: [&str; 2] = ["N1", "V2"];

/// Codes of rules that force a part of the turn when an alternative
/// exists: a Shape when one is possible (S3), a Place when a cell is free
/// (T5). An engine gives them wrongly because it sees an alternative the
/// reference does not.
const FORCING: [&str; 2] = ["shape-required", "skip-not-allowed"];

/// Whether a classification is of a code standing for a rule of the
/// Project (T3-T7), which decide whether a player has a legal Project and
/// so whether G4 fires.
fn project_code(c: &Classification) -> bool {
    matches!(c.behaviour, Behaviour::Code { fault: false, .. })
        && c.rules
            .iter()
            .any(|r| matches!(r.as_str(), "T3" | "T4" | "T5" | "T6" | "T7"))
}

/// Whether a group with classification `c` follows from a group with
/// classification `from`: a forcing code given wrongly beside a code read
/// more loosely (the alternative the engine sees); a Strangle missed or
/// made, or ended by another rule first, beside a Project code; an end
/// check's order beside that end missed; `game-over` given or allowed
/// beside an end made or missed; a swapped result at the cap beside a
/// swapped winner; stones taken under another kind beside stones taken
/// that way too many (one reading of that capture rule, either way).
fn follows(c: &Classification, from: &Classification) -> bool {
    match (&c.behaviour, &from.behaviour) {
        (Behaviour::Code { code, .. }, Behaviour::Code { code: other, .. }) => {
            FORCING.contains(&code.as_str()) && !FORCING.contains(&other.as_str())
        }
        (Behaviour::MissedEnd { rule } | Behaviour::FalseEnd { rule }, _) if rule == "G4" => {
            project_code(from)
        }
        (Behaviour::EndOrder { reference, .. }, Behaviour::MissedEnd { rule }) => reference == rule,
        (Behaviour::EndOrder { reference, .. }, _) if reference == "G4" => project_code(from),
        (
            Behaviour::Code { code, .. },
            Behaviour::MissedEnd { .. } | Behaviour::FalseEnd { .. },
        ) => code == "game-over",
        (Behaviour::WrongTiebreak, Behaviour::WrongWinner) => true,
        (
            Behaviour::Captures {
                capture: Some(k),
                extra: true,
            },
            Behaviour::CaptureKind { engine, .. },
        )
        | (
            Behaviour::CaptureKind { engine, .. },
            Behaviour::Captures {
                capture: Some(k),
                extra: true,
            },
        ) => k == engine,
        _ => false,
    }
}

/// Whether [`follows`] holds both ways, so that the smaller group joins
/// the larger.
fn mutual(c: &Classification, other: &Classification) -> bool {
    follows(c, other) && follows(other, c)
}

/// The key fixtures are grouped by: the behaviour, a capture's kind left
/// out (a capture rule read wrongly shows under encirclement and Echo
/// alike). The rules heading a group come from its members.
type Key = Behaviour;

fn key(c: &Classification) -> Key {
    match &c.behaviour {
        Behaviour::Captures { extra, .. } => Behaviour::Captures {
            capture: None,
            extra: *extra,
        },
        b => b.clone(),
    }
}

/// The rules heading a group: a code's (and every fixed behaviour's) own,
/// the smallest example's; for a counter, a cooldown, captures or another
/// difference, the two rules its members' classifications name most often
/// (ties: in order of first mention).
fn heading(best: &Classification, members: &[Member]) -> Vec<String> {
    match best.behaviour {
        Behaviour::Counter { .. }
        | Behaviour::Cooldown
        | Behaviour::Captures { .. }
        | Behaviour::Other { .. } => {
            let mut counts: Vec<(String, usize)> = Vec::new();
            for m in members {
                for r in &m.classification.rules {
                    match counts.iter_mut().find(|(x, _)| x == r) {
                        Some((_, n)) => *n += 1,
                        None => counts.push((r.clone(), 1)),
                    }
                }
            }
            // A stable sort keeps the first mention first among equals.
            counts.sort_by_key(|c| std::cmp::Reverse(c.1));
            counts.into_iter().take(2).map(|(r, _)| r).collect()
        }
        _ => best.rules.clone(),
    }
}

/// How a group was made, in one line.
fn grouping(c: &Classification, shown_under: &[String], n: usize, joined: bool) -> String {
    let rules = if shown_under.is_empty() {
        String::new()
    } else {
        format!(", under {}", shown_under.join(", "))
    };
    let what = match &c.behaviour {
        Behaviour::WrongWinner => "the same end rule but the other player named as the winner".into(),
        Behaviour::WrongTiebreak => "both ending the game at the cap with another result".into(),
        Behaviour::MissedEnd { rule } => format!("the reference ending the game by {rule} and the engine not"),
        Behaviour::FalseEnd { rule } => format!("the engine ending the game by {rule} and the reference not"),
        Behaviour::EndOrder { reference, engine } => {
            format!("the reference ending the game by {reference} and the engine by {engine} on the same turn")
        }
        Behaviour::Counter { field, more } => format!(
            "the engine's {field} count {} than the reference's",
            if *more { "higher" } else { "lower" }
        ),
        Behaviour::Cooldown => "a cooldown set other than the reference's on agreeing boards".into(),
        Behaviour::Captures { extra: true, .. } => "the engine taking a stone the reference leaves".into(),
        Behaviour::Captures { extra: false, .. } => "the engine leaving a stone the reference takes".into(),
        Behaviour::CaptureKind { .. } => "the same stones taken, under another kind of capture".into(),
        Behaviour::CaptureList { .. } => {
            "the engine's position the reference's but its capture list another".into()
        }
        Behaviour::Code { code, .. } => format!(
            "the engine judging by `{code}` otherwise than the reference (giving it or allowing what it forbids)"
        ),
        Behaviour::RepeatedTurn => "a turn listed more than once".into(),
        Behaviour::Other { .. } => {
            return format!(
                "grouped: {} with the same implicated rules and the same kind and direction of difference{rules}",
                if n == 1 { "one fixture" } else { "fixtures" }
            )
        }
    };
    let joined = if joined {
        ", and what follows from it (listed apart)"
    } else {
        ""
    };
    format!("grouped as one behaviour: every difference with {what}{joined}{rules}")
}

/// A failing fixture, for grouping.
struct Member<'a> {
    report: &'a FixtureReport,
    classification: &'a Classification,
}

impl Member<'_> {
    /// The smallest example first: the identity variant when it fails,
    /// then fewest steps, the earliest divergence, the id.
    fn rank(&self) -> (bool, usize, usize, &str) {
        let f = self.report.failure.as_ref();
        (
            f.is_none_or(|f| f.variant != Symmetry::IDENTITY),
            self.report.size,
            f.map_or(0, |f| f.cause.step),
            self.report.id.as_str(),
        )
    }
}

/// The root causes of `results`: their failures (unexpected or changed)
/// grouped by classification, the most common first (ties: by the first
/// fixture id).
pub fn root_causes(results: &[FixtureReport]) -> Vec<RootCause> {
    let mut groups: BTreeMap<Key, Vec<Member>> = BTreeMap::new();
    for r in results
        .iter()
        .filter(|r| matches!(r.status, Status::Fail | Status::ChangedFail))
    {
        if let (Some(c), Some(_)) = (&r.classification, &r.failure) {
            groups.entry(key(c)).or_default().push(Member {
                report: r,
                classification: c,
            });
        }
    }
    // Each group that follows from another joins the largest group it
    // follows from (for a relation both ways, only a larger one), through
    // chains of them, to a group that follows from none.
    let keys: Vec<Key> = groups.keys().cloned().collect();
    let first = |k: &Key| {
        groups
            .get(k)
            .and_then(|m| m.first())
            .map(|m| m.classification)
    };
    let size = |k: &Key| groups.get(k).map_or(0, Vec::len);
    let mut target: BTreeMap<Key, Key> = BTreeMap::new();
    for k in &keys {
        let Some(c) = first(k) else { continue };
        let into = keys
            .iter()
            .filter(|o| *o != k)
            .filter(|o| {
                first(o).is_some_and(|from| {
                    follows(c, from)
                        && (!mutual(c, from)
                            || (size(o), std::cmp::Reverse(*o)) > (size(k), std::cmp::Reverse(k)))
                })
            })
            .max_by_key(|o| (size(o), std::cmp::Reverse(*o)));
        if let Some(into) = into {
            target.insert(k.clone(), into.clone());
        }
    }
    let root_of = |k: &Key| -> Key {
        let mut seen = vec![k.clone()];
        let mut at = k.clone();
        while let Some(next) = target.get(&at) {
            if seen.contains(next) {
                break;
            }
            seen.push(next.clone());
            at = next.clone();
        }
        at
    };
    let mut joined: BTreeMap<Key, Vec<Member>> = BTreeMap::new();
    for k in &keys {
        let root = root_of(k);
        // A circle of groups following each other (none known) stays apart.
        if root != *k && !target.contains_key(&root) {
            let moved = groups.remove(k).unwrap_or_default();
            joined.entry(root).or_default().extend(moved);
        }
    }
    let mut out: Vec<RootCause> = groups
        .into_iter()
        .filter_map(|(k, mut members)| {
            members.sort_by(|a, b| a.rank().cmp(&b.rank()));
            let best = members.first()?;
            let followers = joined.remove(&k).unwrap_or_default();
            let mut classification = best.classification.clone();
            classification.rules = heading(best.classification, &members);
            let mut shown_under: Vec<String> = Vec::new();
            if !matches!(classification.behaviour, Behaviour::Other { .. }) {
                for m in members.iter().chain(&followers) {
                    let implicated = m.report.implicated().iter();
                    for r in implicated
                        .filter(|r| !GENERIC.contains(&r.as_str()))
                        .take(2)
                    {
                        if !classification.rules.contains(r) && !shown_under.contains(r) {
                            shown_under.push(r.clone());
                        }
                    }
                }
            }
            let failure = best.report.failure.as_ref()?;
            let mut ids: Vec<String> = members.iter().map(|m| m.report.id.clone()).collect();
            ids.sort();
            let mut follows: Vec<String> = followers.iter().map(|m| m.report.id.clone()).collect();
            follows.sort();
            Some(RootCause {
                grouping: grouping(
                    &classification,
                    &shown_under,
                    members.len(),
                    !follows.is_empty(),
                ),
                classification,
                shown_under,
                implicated: failure.cause.implicated.clone(),
                example: Example {
                    id: best.report.id.clone(),
                    step: failure.cause.step,
                    variant: failure.variant,
                },
                fixtures: ids,
                follows,
            })
        })
        .collect();
    out.sort_by(|a, b| {
        let n = |c: &RootCause| c.fixtures.len() + c.follows.len();
        n(b).cmp(&n(a))
            .then_with(|| a.fixtures.first().cmp(&b.fixtures.first()))
    });
    out
}
