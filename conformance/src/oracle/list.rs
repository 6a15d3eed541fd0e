//! Differences between two legal-turn lists, each differing turn with the
//! reference's verdict (and, once asked, the engine's).

use super::expect::TurnVerdict;
use hexodic_rules::{Position, Turn};
use std::collections::HashSet;

/// A turn one list has and the other lacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedTurn {
    /// The turn.
    pub turn: Turn,
    /// The reference's verdict on it.
    pub reference: TurnVerdict,
    /// The engine's verdict when asked to play it (filled in by diagnosis).
    pub engine: Option<TurnVerdict>,
}

/// How an engine's legal list differs from the reference's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListDiff {
    /// Legal turns the engine does not list, in notation order.
    pub missing: Vec<ListedTurn>,
    /// Turns the engine lists that are not legal, in notation order.
    pub extra: Vec<ListedTurn>,
    /// The reference's count.
    pub expected: u64,
    /// The engine's count.
    pub got: u64,
}

fn sorted(mut v: Vec<ListedTurn>) -> Vec<ListedTurn> {
    v.sort_by_cached_key(|t| t.turn.to_string());
    v
}

/// Compare an engine's legal list with the reference's at `reference`.
pub fn diff(reference: &Position, got: &[Turn]) -> Option<ListDiff> {
    let want: HashSet<Turn> = reference.legal_turns().into_iter().collect();
    let have: HashSet<Turn> = got.iter().copied().collect();
    if want == have {
        return None;
    }
    let missing = want
        .difference(&have)
        .map(|t| ListedTurn {
            turn: *t,
            reference: TurnVerdict::Legal,
            engine: None,
        })
        .collect();
    let extra = have
        .difference(&want)
        .map(|t| ListedTurn {
            turn: *t,
            reference: TurnVerdict::Illegal(reference.illegal_reasons(*t)),
            engine: Some(TurnVerdict::Legal),
        })
        .collect();
    Some(ListDiff {
        missing: sorted(missing),
        extra: sorted(extra),
        expected: want.len() as u64,
        got: have.len() as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_and_an_added_turn_are_named() {
        let p = Position::start();
        let mut list = p.legal_turns();
        let dropped = list.remove(7);
        let bad = Turn::parse("d4 +d4").unwrap();
        list.push(bad);
        let d = diff(&p, &list).unwrap();
        assert_eq!(d.missing.len(), 1);
        assert_eq!(d.missing[0].turn, dropped);
        assert_eq!(d.extra.len(), 1);
        assert_eq!(d.extra[0].turn, bad);
        assert_eq!(
            d.extra[0].reference.describe(),
            "illegal (place-centre-first)"
        );
        assert_eq!((d.expected, d.got), (480, 480));
        assert!(diff(&p, &p.legal_turns()).is_none());
    }
}
