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
use hexodic_rules::{EndRule, FaultCode, Outcome, Reason, ReasonSet};

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
    /// The reference ends the game by this end rule; the engine does not
    /// (it plays on, or ends it later or otherwise).
    MissesEnd(&'static str),
    /// The engine ends the game by this end rule where the reference does not.
    FalseEnd(&'static str),
    /// A player's counter is off, the same way (more or fewer), whatever
    /// else the step shows (a result that follows from it).
    Counter {
        /// The counter's field name (`captures`, `charges`, ...).
        field: &'static str,
        /// Whether the engine's number is the higher.
        more: bool,
    },
    /// A cooldown set differs, the boards agreeing.
    Cooldown,
    /// The engine takes stones the reference leaves (`extra`), or leaves
    /// stones it takes, by whichever capture rule (C1, E4, T6).
    Captures {
        /// Whether the engine takes more.
        extra: bool,
    },
    /// The engine's position after a turn is the reference's, but its
    /// capture list leaves stones out (`extra: false`) or names stones it
    /// did not take (`extra: true`): the reply's captured list (C3).
    CaptureList {
        /// Whether the list names stones the turn did not capture.
        extra: bool,
    },
    /// The engine judges by a code otherwise than the reference, in
    /// either direction: it gives the code where it does not apply
    /// (rejects a legal turn or a valid position with it, leaves legal
    /// turns out of its list for it, names it for a turn rejected for
    /// another reason), or allows what it forbids (plays or lists a turn
    /// that breaks it, accepts a position with that fault).
    Code(Code),
    /// Anything else, grouped by its signature.
    Other(Signature),
}

/// The contexts a turn brings into play that a code may not name
/// (`context_rules`): the heading names them after the code's rules.
const CONTEXTS: [&str; 3] = ["E1", "T5", "T7"];

/// Rules no cause is headed by: every list or reason difference names them.
const GENERIC: [&str; 2] = ["N1", "V2"];

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

fn end_rule(o: Outcome) -> &'static str {
    match o.rule {
        EndRule::Cap(_) => "G7",
        r => r.rule_id(),
    }
}

/// The behaviour of a state difference on agreeing boards (no stone, tier
/// or lock differs): a swapped winner, a counter, a missed or false end, a
/// cooldown set.
fn fields_behaviour(fields: &[FieldDiff]) -> Option<Behaviour> {
    if fields.iter().any(|f| matches!(f, FieldDiff::Cell { .. })) {
        return None;
    }
    if swaps_winner(fields) {
        return Some(Behaviour::Winner);
    }
    let counter = fields.iter().find_map(|f| match f {
        FieldDiff::Counter { expected, got, .. } => Some(Behaviour::Counter {
            field: f.kind(),
            more: got > expected,
        }),
        _ => None,
    });
    if counter.is_some() {
        return counter;
    }
    let end = fields.iter().find_map(|f| match f {
        FieldDiff::Result { expected, got } => match (expected, got) {
            (Some(e), g) if g.map(end_rule) != Some(end_rule(*e)) => {
                Some(Behaviour::MissesEnd(end_rule(*e)))
            }
            (_, Some(g)) => Some(Behaviour::FalseEnd(end_rule(*g))),
            _ => None,
        },
        _ => None,
    });
    if end.is_some() {
        return end;
    }
    fields
        .iter()
        .any(|f| matches!(f, FieldDiff::Cooldown { .. }))
        .then_some(Behaviour::Cooldown)
}

/// The code behind a difference, and whether the engine gives it wrongly
/// (`true`) or allows what it forbids (`false`). In a legal list, turns the
/// engine lists but should not say more than those it leaves out: a rule
/// read too loosely also leaves out the turns it would have forced.
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
            allows.map(|c| (c, false)).or(gives.map(|c| (c, true)))
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
    match &div.difference {
        Difference::Fields(f) => {
            if let Some(b) = fields_behaviour(f) {
                return b;
            }
        }
        Difference::Captures { expected, got } => {
            let extra = (*got - *expected).any();
            return if boards_agree(div) {
                Behaviour::CaptureList { extra }
            } else {
                Behaviour::Captures { extra }
            };
        }
        Difference::CaptureKind { expected, got, .. } => {
            return Behaviour::Captures {
                extra: (*got - *expected).any(),
            }
        }
        _ => {}
    }
    match code_of(&div.difference) {
        Some((c, _)) => Behaviour::Code(c),
        None => Behaviour::Other(signature(div)),
    }
}

/// Whether the engine gives a code wrongly (`Some(true)`) or allows what
/// it forbids (`Some(false)`) in this divergence; `None` without a code.
pub fn gives(div: &Divergence) -> Option<bool> {
    code_of(&div.difference).map(|(_, g)| g)
}

/// Rules ranked by how many members name them (ties: first mention,
/// members best first), generic ones left out.
fn ranked(members: &[Vec<&'static str>]) -> Vec<&'static str> {
    let mut counts: Vec<(&'static str, usize)> = Vec::new();
    for r in members.iter().flatten() {
        if GENERIC.contains(r) {
            continue;
        }
        match counts.iter_mut().find(|(x, _)| x == r) {
            Some(c) => c.1 += 1,
            None => counts.push((r, 1)),
        }
    }
    counts.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    counts.into_iter().map(|(r, _)| r).collect()
}

impl Behaviour {
    /// The rules that head the root cause, from its members' signature
    /// rules (`members`, the smallest example first) and the example's
    /// implicated rules: G8 for a swapped winner; the end rule missed or
    /// made; C3 for a capture list; the rules a code
    /// stands for, a context it showed in, then V1 or V2 as the mechanism;
    /// else the two rules most members name.
    pub fn heading(
        &self,
        members: &[Vec<&'static str>],
        example: &[&'static str],
    ) -> Vec<&'static str> {
        match self {
            Behaviour::Winner => vec!["G8"],
            Behaviour::MissesEnd(r) | Behaviour::FalseEnd(r) => vec![r],
            Behaviour::CaptureList { .. } => vec!["C3"],
            Behaviour::Code(c) => {
                let mut out = c.rules();
                let context = example
                    .iter()
                    .find(|r| CONTEXTS.contains(r) && !out.contains(r));
                if let Some(r) = context {
                    let at = out.len().saturating_sub(1);
                    out.insert(at, r);
                }
                out
            }
            Behaviour::Counter { .. }
            | Behaviour::Cooldown
            | Behaviour::Captures { .. }
            | Behaviour::Other(_) => ranked(members).into_iter().take(2).collect(),
        }
    }

    /// The key of the root cause: `wrong-winner`, `gives CODE`,
    /// `allows CODE`, else the signature's.
    pub fn key(&self) -> String {
        match self {
            Behaviour::Winner => "wrong-winner".into(),
            Behaviour::MissesEnd(r) => format!("missed-end {r}"),
            Behaviour::FalseEnd(r) => format!("false-end {r}"),
            Behaviour::Counter { field, more } => {
                format!("{field} {}", if *more { "more" } else { "fewer" })
            }
            Behaviour::Cooldown => "cooldown".into(),
            Behaviour::Captures { extra: true } => "extra".into(),
            Behaviour::Captures { extra: false } => "missing".into(),
            Behaviour::CaptureList { extra: true } => "list extra".into(),
            Behaviour::CaptureList { extra: false } => "list missing".into(),
            Behaviour::Code(c) => format!("code {}", c.code()),
            Behaviour::Other(s) => s.key.clone(),
        }
    }

    /// What the engine does, in words, for the cause's one-line detail
    /// (`gives`: the smallest example's direction, [`gives`]); `None` where
    /// that example's difference says it best.
    pub fn words(&self, gives: Option<bool>) -> Option<String> {
        Some(match self {
            Behaviour::Winner => "names the other player as the winner".into(),
            Behaviour::MissesEnd(r) => format!("does not end the game by {r} where it ends"),
            Behaviour::FalseEnd(r) => format!("ends the game by {r} where it goes on"),
            Behaviour::Counter { field, more } => format!(
                "counts {} {field} than the rules give",
                if *more { "more" } else { "fewer" }
            ),
            Behaviour::Cooldown => "keeps other cooldown cells".into(),
            Behaviour::Captures { extra: true } => "captures stones that should stay".into(),
            Behaviour::Captures { extra: false } => "misses captures".into(),
            Behaviour::CaptureList { extra: false } => {
                "its capture list leaves out stones its own position shows taken".into()
            }
            Behaviour::CaptureList { extra: true } => {
                "its capture list names stones its own position shows not taken".into()
            }
            Behaviour::Code(c @ Code::Reason(_)) if gives == Some(false) => {
                format!("allows turns that break `{}`", c.code())
            }
            Behaviour::Code(c @ Code::Reason(_)) => {
                format!("gives `{}` for turns that do not break it", c.code())
            }
            Behaviour::Code(c @ Code::Fault(_)) if gives == Some(false) => {
                format!("accepts positions with the fault `{}`", c.code())
            }
            Behaviour::Code(c @ Code::Fault(_)) => {
                format!("refuses valid positions as `{}`", c.code())
            }
            Behaviour::Other(_) => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnose::{implicated, Source};
    use hexodic_rules::{Player, Setup};

    fn div(difference: Difference) -> Divergence {
        let mut d = Divergence {
            step: 0,
            line: 3,
            turn: None,
            source: Source::Fixture,
            difference,
            before: Some(Setup::default()),
            expected: None,
            got: None,
            captures: None,
            implicated: Vec::new(),
        };
        d.implicated = implicated(&d);
        d
    }

    fn result(winner: Player, rule: EndRule) -> Difference {
        let o = Outcome {
            winner: Some(winner),
            rule,
        };
        Difference::Fields(vec![FieldDiff::Result {
            expected: Some(o),
            got: Some(o.swapped()),
        }])
    }

    #[test]
    fn a_swapped_winner_is_one_behaviour_under_every_end_rule() {
        let a = behaviour(&div(result(Player::X, EndRule::Network)));
        let b = behaviour(&div(result(Player::O, EndRule::Strangle)));
        assert_eq!(a, Behaviour::Winner);
        assert_eq!(a, b);
        assert_eq!(a.heading(&[], &[]), ["G8"]);
    }

    #[test]
    fn a_valid_position_refused_with_a_code_is_headed_by_the_codes_rule() {
        let d = div(Difference::Validity {
            expected: Vec::new(),
            got: PositionReply::Invalid(vec![FaultCode::AlreadyStrangled]),
        });
        let b = behaviour(&d);
        assert_eq!(b, Behaviour::Code(Code::Fault(FaultCode::AlreadyStrangled)));
        assert_eq!(b.heading(&[], &d.implicated), ["G4", "V1"]);
        assert_eq!(gives(&d), Some(true));
        let words = b.words(gives(&d)).unwrap_or_default();
        assert!(words.contains("already-strangled"), "{words}");
    }

    #[test]
    fn a_missed_end_is_named_by_the_reference_s_end_rule() {
        let o = Outcome {
            winner: Some(Player::X),
            rule: EndRule::Strangle,
        };
        let cap = Outcome {
            winner: Some(Player::O),
            rule: EndRule::Cap(None),
        };
        for got in [None, Some(cap)] {
            let d = div(Difference::Fields(vec![FieldDiff::Result {
                expected: Some(o),
                got,
            }]));
            assert_eq!(behaviour(&d), Behaviour::MissesEnd("G4"));
        }
    }
}
