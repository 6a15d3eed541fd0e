//! [`ReplyFault`]: faults that are not rule mistakes. Each one alters a
//! correct engine's replies in one way, so the harness's handling of such
//! faults (a legal list that misses a turn, a verdict that contradicts the
//! list, a miscounted position) can be tested (I6, G3).

use crate::model::Played;
use hexodic_rules::{Echo, Reason, Setup, Turn};
use std::fmt;

/// One way to spoil a correct engine's replies.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ReplyFault {
    /// Omit the last turn of every legal list (I6: a legal turn not listed).
    DropLegalTurn,
    /// Reject every legal turn that has an Echo-Capture, with reason
    /// `no-charge` (I6: a listed turn refused; E1 cited wrongly).
    FlipVerdict,
    /// Report the half-move count plus 1 in every position after a turn (G3).
    HalfMoveOffByOne,
    /// Name a reason the turn does not break: every rejection says
    /// `place-occupied` (or, when the turn breaks that, `no-charge` or
    /// `skip-not-allowed`) (V2).
    MisnamedReason,
}

impl ReplyFault {
    /// Every reply fault.
    pub const ALL: &'static [ReplyFault] = &[
        ReplyFault::DropLegalTurn,
        ReplyFault::FlipVerdict,
        ReplyFault::HalfMoveOffByOne,
        ReplyFault::MisnamedReason,
    ];

    /// The kebab-case name.
    pub const fn name(self) -> &'static str {
        match self {
            ReplyFault::DropLegalTurn => "drop-legal-turn",
            ReplyFault::FlipVerdict => "flip-verdict",
            ReplyFault::HalfMoveOffByOne => "half-move-off-by-one",
            ReplyFault::MisnamedReason => "misnamed-reason",
        }
    }

    /// The fault with that name.
    pub fn from_name(name: &str) -> Option<ReplyFault> {
        ReplyFault::ALL.iter().copied().find(|f| f.name() == name)
    }

    /// One sentence: what the fault does to the replies.
    pub const fn describe(self) -> &'static str {
        match self {
            ReplyFault::DropLegalTurn => "the last turn of every legal list is left out",
            ReplyFault::FlipVerdict => {
                "every legal turn with an Echo-Capture is rejected with reason no-charge"
            }
            ReplyFault::HalfMoveOffByOne => {
                "every position after a turn reports the half-move count plus 1"
            }
            ReplyFault::MisnamedReason => {
                "every rejected turn is reported with a reason it does not break (place-occupied, or no-charge, or skip-not-allowed)"
            }
        }
    }

    /// Alter a legal-turn list (only [`ReplyFault::DropLegalTurn`] does).
    pub fn apply_to_legal(self, list: &mut Vec<Turn>) {
        if self == ReplyFault::DropLegalTurn {
            list.pop();
        }
    }

    /// Alter the reply to playing `turn`: the position after it and the
    /// captures, or the reasons it was refused.
    pub fn apply_to_play(self, turn: Turn, reply: &mut Result<(Setup, Played), Vec<Reason>>) {
        match self {
            ReplyFault::DropLegalTurn => {}
            ReplyFault::FlipVerdict => {
                if reply.is_ok() && matches!(turn.echo, Some(Echo::Capture(_))) {
                    *reply = Err(vec![Reason::NoCharge]);
                }
            }
            ReplyFault::HalfMoveOffByOne => {
                if let Ok((s, _)) = reply {
                    s.half_moves = s.half_moves.saturating_add(1);
                }
            }
            ReplyFault::MisnamedReason => {
                if let Err(reasons) = reply {
                    let wrong = [
                        Reason::PlaceOccupied,
                        Reason::NoCharge,
                        Reason::SkipNotAllowed,
                    ]
                    .into_iter()
                    .find(|r| !reasons.contains(r));
                    *reasons = wrong.into_iter().collect();
                }
            }
        }
    }
}

impl fmt::Display for ReplyFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ModelGame;

    #[test]
    fn names_parse_back() {
        for f in ReplyFault::ALL {
            assert_eq!(ReplyFault::from_name(f.name()), Some(*f));
        }
        assert_eq!(ReplyFault::from_name("nope"), None);
    }

    #[test]
    fn each_fault_changes_the_replies_it_names() {
        let g = ModelGame::new(None);
        let mut list = g.legal_turns();
        let n = list.len();
        ReplyFault::FlipVerdict.apply_to_legal(&mut list);
        ReplyFault::HalfMoveOffByOne.apply_to_legal(&mut list);
        assert_eq!(list.len(), n);
        ReplyFault::DropLegalTurn.apply_to_legal(&mut list);
        assert_eq!(list.len(), n - 1);

        let t = Turn::parse("c3 +d4").unwrap();
        let mut m = g.clone();
        let played = m.play(t).unwrap();
        let ok = Ok((*m.position(), played));
        let mut r = ok.clone();
        ReplyFault::HalfMoveOffByOne.apply_to_play(t, &mut r);
        assert_eq!(r.as_ref().unwrap().0.half_moves, 2);
        let mut r = ok.clone();
        ReplyFault::FlipVerdict.apply_to_play(t, &mut r);
        ReplyFault::DropLegalTurn.apply_to_play(t, &mut r);
        assert_eq!(r, ok);
        let echo = Turn::parse("c3 +d4 @e5").unwrap();
        ReplyFault::FlipVerdict.apply_to_play(echo, &mut r);
        assert_eq!(r, Err(vec![Reason::NoCharge]));
    }
}
