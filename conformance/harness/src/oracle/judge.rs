//! The judges: one function per kind of check, deciding whether the
//! engine's answer agrees with the reference's ([`Judgement`]). What the
//! protocol does not order is compared as a set, in process and through the
//! protocol alike: reason codes, fault codes, captured cells, legal turns.

use super::checks::{KindsCheck, StateCheck};
use super::{fields, lists, Judgement};
use hexodic_engine::{Capabilities, Capability, CaptureKinds, PlayReply, PositionReply};
use hexodic_report::{CaptureKind, Difference, FieldDiff, ListDiff, ListedTurn, TurnVerdict};
use hexodic_rules::{CellSet, FaultCode, Outcome, Position, ReasonSet, Setup, Turn};

fn verdict_of(reply: &PlayReply) -> TurnVerdict {
    match reply {
        PlayReply::Legal(_) => TurnVerdict::Legal,
        PlayReply::Illegal(r) => TurnVerdict::Illegal(*r),
    }
}

fn subset(a: ReasonSet, b: ReasonSet) -> bool {
    a.iter().all(|r| b.contains(r))
}

/// Verdict: both accept the turn or both reject it.
pub fn verdict(turn: Turn, expected: TurnVerdict, got: &PlayReply) -> Judgement {
    let got = verdict_of(got);
    if expected.is_legal() == got.is_legal() {
        Judgement::Agrees
    } else {
        Judgement::Differs(Difference::Verdict {
            turn,
            expected,
            got,
        })
    }
}

/// Reason codes of a turn both reject (V2): the engine must name at least
/// one reason, and only reasons the turn breaks (`expected`, every one the
/// reference finds).
pub fn reasons(turn: Turn, expected: ReasonSet, got: ReasonSet, caps: Capabilities) -> Judgement {
    if !caps.has(Capability::ErrorCodes) {
        return Judgement::Skipped(Capability::ErrorCodes);
    }
    if !got.is_empty() && subset(got, expected) {
        Judgement::Agrees
    } else {
        Judgement::Differs(Difference::Reasons {
            turn,
            expected,
            got,
        })
    }
}

/// Captured cells of a turn.
pub fn captures(expected: CellSet, got: Option<CellSet>) -> Judgement {
    match got {
        None => Judgement::Skipped(Capability::Captures),
        Some(g) if g == expected => Judgement::Agrees,
        Some(g) => Judgement::Differs(Difference::Captures { expected, got: g }),
    }
}

/// Captures by kind, for the kinds `expected` names.
pub fn capture_kinds(expected: &KindsCheck, got: Option<&CaptureKinds>) -> Judgement {
    let Some(g) = got else {
        return Judgement::Skipped(Capability::CaptureKinds);
    };
    let one = |c: Option<hexodic_rules::Cell>| c.map_or(CellSet::EMPTY, CellSet::from_cell);
    let parts = [
        (CaptureKind::Move, expected.by_move.map(one), one(g.by_move)),
        (CaptureKind::Encircled, expected.encircled, g.encircled),
        (CaptureKind::Echo, expected.echo, g.echo),
    ];
    for (capture, e, g) in parts {
        if let Some(e) = e.filter(|e| *e != g) {
            return Judgement::Differs(Difference::CaptureKind {
                capture,
                expected: e,
                got: g,
                engine: *got.unwrap_or(&CaptureKinds::default()),
            });
        }
    }
    Judgement::Agrees
}

/// The whole state, field by field.
pub fn position(expected: &Setup, got: &Setup) -> Judgement {
    Judgement::from_fields(fields::diff(expected, got))
}

/// The parts of the state a check names.
pub fn state(expected: &StateCheck, got: &Setup) -> Judgement {
    Judgement::from_fields(fields::diff_partial(expected, got))
}

/// The game's result (`None`: still going).
pub fn outcome(expected: Option<Outcome>, got: &Setup) -> Judgement {
    if got.outcome == expected {
        Judgement::Agrees
    } else {
        Judgement::from_fields(vec![FieldDiff::Result {
            expected,
            got: got.outcome,
        }])
    }
}

/// The legal-turn list, as a set.
pub fn legal_list(reference: &Position, got: Option<&[Turn]>) -> Judgement {
    match got {
        None => Judgement::Skipped(Capability::LegalTurns),
        Some(list) => match lists::diff(reference, list) {
            None => Judgement::Agrees,
            Some(d) => Judgement::Differs(Difference::LegalList { list: d }),
        },
    }
}

/// The number of legal turns.
pub fn legal_count(expected: u64, got: Option<&[Turn]>) -> Judgement {
    match got {
        None => Judgement::Skipped(Capability::LegalTurns),
        Some(l) if l.len() as u64 == expected => Judgement::Agrees,
        Some(l) => Judgement::Differs(Difference::LegalCount {
            expected,
            got: l.len() as u64,
        }),
    }
}

/// Turns that must be listed and turns that must not be.
pub fn listed(
    reference: &Position,
    must: &[Turn],
    must_not: &[Turn],
    got: Option<&[Turn]>,
) -> Judgement {
    let Some(list) = got else {
        return Judgement::Skipped(Capability::LegalTurns);
    };
    let missing: Vec<ListedTurn> = must
        .iter()
        .filter(|t| !list.contains(t))
        .map(|t| ListedTurn {
            turn: *t,
            reference: TurnVerdict::Legal,
            engine: None,
        })
        .collect();
    let extra: Vec<ListedTurn> = must_not
        .iter()
        .filter(|t| list.contains(t))
        .map(|t| ListedTurn {
            turn: *t,
            reference: TurnVerdict::Illegal(reference.illegal_reasons(*t)),
            engine: Some(TurnVerdict::Legal),
        })
        .collect();
    if missing.is_empty() && extra.is_empty() {
        return Judgement::Agrees;
    }
    Judgement::Differs(Difference::LegalList {
        list: ListDiff {
            missing,
            extra,
            more_missing: 0,
            more_extra: 0,
            repeated: Vec::new(),
            expected: reference.count_legal(),
            got: list.len() as u64,
        },
    })
}

/// A perft count.
pub fn perft(depth: u32, expected: u64, got: Option<u64>) -> Judgement {
    match got {
        None => Judgement::Skipped(Capability::Perft),
        Some(n) if n == expected => Judgement::Agrees,
        Some(n) => Judgement::Differs(Difference::Perft {
            depth,
            expected,
            got: n,
            path: Vec::new(),
            below: None,
        }),
    }
}

/// The fault codes of a reply as a set: in order, each once.
fn as_set(codes: &[FaultCode]) -> Vec<FaultCode> {
    let mut v = codes.to_vec();
    v.sort();
    v.dedup();
    v
}

/// The engine's answer to a position: accepted when valid (`expected`
/// empty), else rejected with the same fault codes (V1), in any order.
pub fn validity(expected: &[FaultCode], got: &PositionReply, caps: Capabilities) -> Judgement {
    match got {
        PositionReply::Accepted if expected.is_empty() => Judgement::Agrees,
        PositionReply::Invalid(_) if expected.is_empty() => {
            Judgement::Differs(Difference::Validity {
                expected: Vec::new(),
                got: got.clone(),
            })
        }
        PositionReply::Accepted => Judgement::Differs(Difference::Validity {
            expected: expected.to_vec(),
            got: PositionReply::Accepted,
        }),
        PositionReply::Invalid(_) if !caps.has(Capability::ErrorCodes) => {
            Judgement::Skipped(Capability::ErrorCodes)
        }
        PositionReply::Invalid(codes) if as_set(codes) == as_set(expected) => Judgement::Agrees,
        PositionReply::Invalid(codes) => Judgement::Differs(Difference::Faults {
            expected: expected.to_vec(),
            got: codes.clone(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexodic_rules::Reason;

    fn set(r: &[Reason]) -> ReasonSet {
        let mut s = ReasonSet::EMPTY;
        for x in r {
            s.insert(*x);
        }
        s
    }

    #[test]
    fn reasons_must_be_named_and_among_the_broken_rules() {
        let t = Turn::parse("d4 +d4").unwrap();
        let both = set(&[Reason::PlaceOccupied, Reason::PlaceCooldown]);
        let one = set(&[Reason::PlaceCooldown]);
        assert_eq!(reasons(t, both, one, Capabilities::ALL), Judgement::Agrees);
        assert_eq!(reasons(t, both, both, Capabilities::ALL), Judgement::Agrees);
        assert!(matches!(
            reasons(t, both, ReasonSet::EMPTY, Capabilities::ALL),
            Judgement::Differs(Difference::Reasons { .. })
        ));
        let other = set(&[Reason::PlaceCooldown, Reason::NoCharge]);
        assert!(matches!(
            reasons(t, both, other, Capabilities::ALL),
            Judgement::Differs(_)
        ));
        assert_eq!(
            reasons(t, both, other, Capabilities::NONE),
            Judgement::Skipped(Capability::ErrorCodes)
        );
    }

    #[test]
    fn a_missing_capability_skips_never_passes() {
        assert_eq!(
            captures(CellSet::EMPTY, None),
            Judgement::Skipped(Capability::Captures)
        );
        assert_eq!(
            capture_kinds(&KindsCheck::default(), None),
            Judgement::Skipped(Capability::CaptureKinds)
        );
        assert_eq!(
            legal_count(3, None),
            Judgement::Skipped(Capability::LegalTurns)
        );
        assert_eq!(perft(1, 480, None), Judgement::Skipped(Capability::Perft));
        let p = Position::start();
        assert_eq!(
            legal_list(&p, None),
            Judgement::Skipped(Capability::LegalTurns)
        );
    }

    #[test]
    fn captures_by_kind_compare_each_named_kind() {
        let d4 = hexodic_rules::Cell::from_name("d4").unwrap();
        let got = CaptureKinds::new(Some(d4), CellSet::EMPTY, CellSet::EMPTY);
        let want = KindsCheck {
            by_move: Some(None),
            ..KindsCheck::default()
        };
        assert_eq!(
            capture_kinds(&want, Some(&got))
                .difference()
                .map(|d| d.summary()),
            Some("captured by move: [d4], expected []".to_string())
        );
        let want = KindsCheck {
            echo: Some(CellSet::EMPTY),
            ..KindsCheck::default()
        };
        assert_eq!(capture_kinds(&want, Some(&got)), Judgement::Agrees);
    }

    #[test]
    fn fault_codes_are_a_set_whatever_their_order() {
        let two = [FaultCode::StoneCount, FaultCode::TierSum];
        let reversed = vec![FaultCode::TierSum, FaultCode::StoneCount];
        assert_eq!(
            validity(&two, &PositionReply::Invalid(reversed), Capabilities::ALL),
            Judgement::Agrees
        );
    }

    #[test]
    fn validity_needs_the_same_faults() {
        let sc = [FaultCode::StoneCount];
        assert_eq!(
            validity(&sc, &PositionReply::Invalid(sc.to_vec()), Capabilities::ALL),
            Judgement::Agrees
        );
        assert!(matches!(
            validity(
                &sc,
                &PositionReply::Invalid(vec![FaultCode::TierSum]),
                Capabilities::ALL
            ),
            Judgement::Differs(Difference::Faults { .. })
        ));
        assert_eq!(
            validity(&sc, &PositionReply::Invalid(vec![]), Capabilities::NONE),
            Judgement::Skipped(Capability::ErrorCodes)
        );
        assert!(matches!(
            validity(&sc, &PositionReply::Accepted, Capabilities::NONE),
            Judgement::Differs(Difference::Validity { .. })
        ));
        assert!(matches!(
            validity(&[], &PositionReply::Invalid(vec![]), Capabilities::NONE),
            Judgement::Differs(Difference::Validity { .. })
        ));
    }
}
