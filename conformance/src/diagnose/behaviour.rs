//! What one engine behaviour looks like from outside, whatever end rule,
//! reason code or kind of check it shows under: the key failing fixtures
//! are grouped into root causes by. An engine that names the other player
//! as the winner does so under every end rule; an engine that gives a code
//! wrongly does so for a turn it rejects, a turn its list leaves out and a
//! turn both reject alike.

use super::cause::{signature, Signature};
use super::implicate::{boards_agree, fault_rule};
use super::Divergence;
use crate::engine::PositionReply;
use crate::oracle::{Difference, FieldDiff, TurnVerdict};
use hexodic_rules::{FaultCode, Reason, ReasonSet};

/// A reason or fault code, with the rules it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    /// An illegal-turn reason code (V2).
    Reason(Reason),
    /// A position fault code (V1).
    Fault(FaultCode),
}

impl Code {
    /// The code as the protocol writes it: `place-locked`, `already-strangled`.
    pub fn code(self) -> &'static str {
        match self {
            Code::Reason(r) => r.code(),
            Code::Fault(f) => f.code(),
        }
    }

    /// The rules the code stands for (the registry's), then the rule of
    /// the mechanism that carries it: V2 for a turn's reasons, V1 for a
    /// position's faults.
    pub fn rules(self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = match self {
            Code::Reason(r) => r.rules().to_vec(),
            Code::Fault(f) => vec![fault_rule(f)],
        };
        let mechanism = match self {
            Code::Reason(_) => "V2",
            Code::Fault(_) => "V1",
        };
        if !out.contains(&mechanism) {
            out.push(mechanism);
        }
        out
    }
}

/// One engine behaviour, as the grouping of root causes sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Behaviour {
    /// The game ends by the same rule, but the engine names the other
    /// player as the winner (G8).
    Winner,
    /// The engine gives a code the turn or position does not break: it
    /// rejects a legal turn or a valid position with it, leaves legal turns
    /// out of its list for it, or names it for a turn rejected for another
    /// reason.
    Gives(Code),
    /// The engine allows what breaks the code: it plays or lists a turn
    /// the code rejects, or accepts a position with that fault.
    Allows(Code),
    /// The engine's position after a turn is the reference's, but its
    /// capture list leaves stones out (`extra: false`) or names stones it
    /// did not take (`extra: true`): the reply's captured list (C3).
    CaptureList {
        /// Whether the list names stones the turn did not capture.
        extra: bool,
    },
    /// Anything else, grouped by its signature.
    Other(Signature),
}

fn first_reason(r: ReasonSet) -> Option<Code> {
    r.iter().next().map(Code::Reason)
}

/// Whether a state difference holds a result whose winner the engine
/// swapped, the deciding rule agreeing.
fn swaps_winner(fields: &[FieldDiff]) -> bool {
    fields.iter().any(|f| match f {
        FieldDiff::Result {
            expected: Some(e),
            got: Some(g),
        } => e.rule == g.rule && e.winner != g.winner,
        _ => false,
    })
}

/// The code behind a difference, and whether the engine gives it wrongly
/// (`true`) or allows what it forbids (`false`).
fn code_of(d: &Difference) -> Option<(Code, bool)> {
    match d {
        Difference::Verdict { expected, got, .. } => match (expected, got) {
            (TurnVerdict::Legal, TurnVerdict::Illegal(r)) => first_reason(*r).map(|c| (c, true)),
            (TurnVerdict::Illegal(r), TurnVerdict::Legal) => first_reason(*r).map(|c| (c, false)),
            _ => None,
        },
        Difference::Reasons { expected, got, .. } => got
            .iter()
            .find(|r| !expected.contains(*r))
            .map(|r| (Code::Reason(r), true)),
        Difference::LegalList(l) => {
            let gives = l.missing.iter().find_map(|t| match t.engine {
                Some(TurnVerdict::Illegal(r)) => first_reason(r),
                _ => None,
            });
            let allows = l.extra.iter().find_map(|t| match t.reference {
                TurnVerdict::Illegal(r) => first_reason(r),
                TurnVerdict::Legal => None,
            });
            gives.map(|c| (c, true)).or(allows.map(|c| (c, false)))
        }
        Difference::Perft { below: Some(b), .. } => code_of(b),
        Difference::Validity { expected, got } => match got {
            PositionReply::Invalid(codes) if expected.is_empty() => {
                codes.first().map(|f| (Code::Fault(*f), true))
            }
            PositionReply::Accepted => expected.first().map(|f| (Code::Fault(*f), false)),
            PositionReply::Invalid(_) => None,
        },
        Difference::Faults { expected, got } => got
            .iter()
            .find(|f| !expected.contains(f))
            .map(|f| (Code::Fault(*f), true)),
        _ => None,
    }
}

/// The behaviour a divergence shows (its implicated rules filled in).
pub fn behaviour(div: &Divergence) -> Behaviour {
    if let Difference::Fields(f) = &div.difference {
        if swaps_winner(f) {
            return Behaviour::Winner;
        }
    }
    let list = match &div.difference {
        Difference::Captures { expected, got } | Difference::CaptureKind { expected, got, .. } => {
            Some((*got - *expected).any())
        }
        _ => None,
    };
    if let Some(extra) = list.filter(|_| boards_agree(div)) {
        return Behaviour::CaptureList { extra };
    }
    match code_of(&div.difference) {
        Some((c, true)) => Behaviour::Gives(c),
        Some((c, false)) => Behaviour::Allows(c),
        None => Behaviour::Other(signature(div)),
    }
}

impl Behaviour {
    /// The rules that head the root cause: G8 for a swapped winner; the
    /// rules a code stands for, then V1 or V2 as the mechanism; else the
    /// signature's rules.
    pub fn heading(&self) -> Vec<&'static str> {
        match self {
            Behaviour::Winner => vec!["G8"],
            Behaviour::CaptureList { .. } => vec!["C3"],
            Behaviour::Gives(c) | Behaviour::Allows(c) => c.rules(),
            Behaviour::Other(s) => s.rules.clone(),
        }
    }

    /// The key of the root cause: `wrong-winner`, `gives CODE`,
    /// `allows CODE`, else the signature's.
    pub fn key(&self) -> String {
        match self {
            Behaviour::Winner => "wrong-winner".into(),
            Behaviour::CaptureList { extra: true } => "list extra".into(),
            Behaviour::CaptureList { extra: false } => "list missing".into(),
            Behaviour::Gives(c) => format!("gives {}", c.code()),
            Behaviour::Allows(c) => format!("allows {}", c.code()),
            Behaviour::Other(s) => s.key.clone(),
        }
    }

    /// What the engine does, in words, for the cause's one-line detail;
    /// `None` where the smallest example's difference says it best.
    pub fn words(&self) -> Option<String> {
        match self {
            Behaviour::Winner => Some("names the other player as the winner".into()),
            Behaviour::CaptureList { extra: false } => {
                Some("its capture list leaves out stones its own position shows taken".into())
            }
            Behaviour::CaptureList { extra: true } => {
                Some("its capture list names stones its own position shows not taken".into())
            }
            Behaviour::Gives(c @ Code::Reason(_)) => Some(format!(
                "gives `{}` for turns that do not break it",
                c.code()
            )),
            Behaviour::Gives(c @ Code::Fault(_)) => {
                Some(format!("refuses valid positions as `{}`", c.code()))
            }
            Behaviour::Allows(c @ Code::Reason(_)) => {
                Some(format!("allows turns that break `{}`", c.code()))
            }
            Behaviour::Allows(c @ Code::Fault(_)) => {
                Some(format!("accepts positions with the fault `{}`", c.code()))
            }
            Behaviour::Other(_) => None,
        }
    }
}
