//! The legal-list check: how an engine's list differs from the
//! reference's, as sets (N1), each differing turn with the reference's
//! verdict, and the turns it lists more than once.

use hexodic_report::{ListDiff, ListedTurn, RepeatedTurn, TurnVerdict, MAX_LISTED};
use hexodic_rules::{Position, Turn};

/// The first [`MAX_LISTED`] of `turns` in notation order, and how many more.
fn first_in_order(turns: impl Iterator<Item = Turn>) -> (Vec<Turn>, usize) {
    let mut keyed: Vec<(String, Turn)> = turns.map(|t| (t.to_string(), t)).collect();
    let total = keyed.len();
    if total > MAX_LISTED {
        keyed.select_nth_unstable_by(MAX_LISTED, |a, b| a.0.cmp(&b.0));
        keyed.truncate(MAX_LISTED);
    }
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    let kept = keyed.len();
    (keyed.into_iter().map(|(_, t)| t).collect(), total - kept)
}

/// The turns of sorted `a` not in sorted `b`, and those of `b` not in `a`.
fn split(a: &[Turn], b: &[Turn]) -> (Vec<Turn>, Vec<Turn>) {
    let (mut only_a, mut only_b) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                only_a.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                only_b.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                i += 1;
                j += 1;
            }
        }
    }
    only_a.extend_from_slice(&a[i..]);
    only_b.extend_from_slice(&b[j..]);
    (only_a, only_b)
}

/// Whether `turns` are in order, each once.
fn strictly_ordered(turns: &[Turn]) -> bool {
    turns.windows(2).all(|w| w[0] < w[1])
}

/// `turns` in order, each once, and the turns listed more than once with
/// how many times.
fn in_order(mut turns: Vec<Turn>) -> (Vec<Turn>, Vec<RepeatedTurn>) {
    let mut repeated = Vec::new();
    if !strictly_ordered(&turns) {
        turns.sort_unstable();
        let mut i = 0;
        while i < turns.len() {
            let run = turns[i..].iter().take_while(|t| **t == turns[i]).count();
            if run > 1 {
                repeated.push(RepeatedTurn {
                    turn: turns[i],
                    times: u32::try_from(run).unwrap_or(u32::MAX),
                });
            }
            i += run;
        }
        turns.dedup();
    }
    (turns, repeated)
}

/// Compare an engine's legal list with the reference's at `reference`.
pub fn diff(reference: &Position, got: &[Turn]) -> Option<ListDiff> {
    // Sorted lists rather than hash sets: a list holds hundreds of small
    // turns, compared once per position of every fixture and variant.
    let (want, _) = in_order(reference.legal_turns());
    // Engines usually list in order, each turn once: then the list is
    // compared as it is, without a copy.
    let owned;
    let (have, repeated) = if strictly_ordered(got) {
        (got, Vec::new())
    } else {
        let (turns, repeated) = in_order(got.to_vec());
        owned = turns;
        (owned.as_slice(), repeated)
    };
    if want == have && repeated.is_empty() {
        return None;
    }
    let (only_want, only_have) = split(&want, have);
    let (missing, more_missing) = first_in_order(only_want.into_iter());
    let (extra, more_extra) = first_in_order(only_have.into_iter());
    Some(ListDiff {
        missing: missing
            .into_iter()
            .map(|turn| ListedTurn {
                turn,
                reference: TurnVerdict::Legal,
                engine: None,
            })
            .collect(),
        // Only the kept turns are judged: the reasons cost a rules check each.
        extra: extra
            .into_iter()
            .map(|turn| ListedTurn {
                turn,
                reference: TurnVerdict::Illegal(reference.illegal_reasons(turn)),
                engine: Some(TurnVerdict::Legal),
            })
            .collect(),
        more_missing,
        more_extra,
        repeated,
        expected: want.len() as u64,
        got: got.len() as u64,
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
        // In any order, the same list agrees; a turn left out is named.
        let mut reversed = p.legal_turns();
        reversed.reverse();
        assert!(diff(&p, &reversed).is_none());
        let last = reversed.remove(0);
        let d = diff(&p, &reversed).unwrap();
        assert_eq!(d.missing[0].turn, last);
        assert_eq!((d.expected, d.got), (480, 479));
    }

    #[test]
    fn a_long_wrong_list_keeps_the_first_turns_and_counts_the_rest() {
        let p = Position::start();
        // Every legal turn from the start, listed as if from nowhere: the
        // engine lists nothing legal and a list of wrong turns instead.
        let legal = p.legal_turns();
        let wrong: Vec<Turn> = Turn::parse("d4 +d4").into_iter().collect();
        let d = diff(&p, &wrong).unwrap();
        assert_eq!(d.missing.len(), MAX_LISTED);
        assert_eq!(d.missing_total(), legal.len());
        assert_eq!(d.more_missing, legal.len() - MAX_LISTED);
        let mut names: Vec<String> = legal.iter().map(|t| t.to_string()).collect();
        names.sort();
        let kept: Vec<String> = d.missing.iter().map(|t| t.turn.to_string()).collect();
        assert_eq!(kept, names[..MAX_LISTED]);
        assert_eq!((d.extra.len(), d.more_extra), (1, 0));
    }

    #[test]
    fn a_turn_listed_twice_is_a_difference_naming_it() {
        let p = Position::start();
        let mut list = p.legal_turns();
        let twice = list[3];
        list.push(twice);
        let d = diff(&p, &list).unwrap();
        assert!(d.missing.is_empty() && d.extra.is_empty());
        assert_eq!(
            d.repeated,
            [RepeatedTurn {
                turn: twice,
                times: 2
            }]
        );
        assert_eq!((d.expected, d.got), (480, 481));
    }
}
