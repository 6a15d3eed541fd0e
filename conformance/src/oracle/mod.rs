//! The oracle: the one definition of "the engine agrees with the reference".
//!
//! For each kind of check there is one function here that decides agreement
//! and returns a [`Judgement`]: the engine agrees, the check is skipped
//! because the engine lacks a capability (never failed, never passed), or it
//! differs, with a typed [`Difference`]. `run`, `fuzz`, `perft --engine` and
//! the libFuzzer `differential` target all judge replies here.
//!
//! ```
//! use hexodic_conformance::oracle::{self, Judgement, TurnVerdict};
//! use hexodic_conformance::engine::{Capabilities, PlayReply};
//! use hexodic_rules::{Reason, ReasonSet, Turn};
//!
//! let turn = Turn::parse("d4 +d4").unwrap();
//! let mut reference = ReasonSet::EMPTY;
//! reference.insert(Reason::PlaceCentreFirst);
//! let mut engine = ReasonSet::EMPTY;
//! engine.insert(Reason::PlaceOccupied);
//! // Both reject the turn: the verdicts agree...
//! let reply = PlayReply::Illegal(engine);
//! assert_eq!(oracle::verdict(turn, TurnVerdict::Illegal(reference), &reply), Judgement::Agrees);
//! // ...but the engine names a rule the turn does not break (V2).
//! let j = oracle::reasons(turn, reference, engine, Capabilities::ALL);
//! assert_eq!(j.difference().unwrap().summary(),
//!     "`d4 +d4` is rejected with place-occupied; the reasons it breaks are place-centre-first");
//! ```

mod expect;
mod field;
mod list;

pub use expect::{codes, CounterCheck, KindsCheck, StateCheck, TurnVerdict};
pub use field::{
    cell_list, cell_token, diff as diff_fields, diff_partial, result_text, Counter, FieldDiff,
};
pub use list::{diff as diff_lists, ListDiff, ListedTurn, MAX_LISTED};

use crate::engine::{Capabilities, Capability, CaptureKinds, PlayReply, PositionReply};
use hexodic_rules::{CellSet, FaultCode, Outcome, Position, ReasonSet, Setup, Turn};

/// A kind of capture (T6, C1, E4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureKind {
    /// Captured by a Move onto a lower enemy (T6).
    Move,
    /// Captured by encirclement (C1).
    Encircled,
    /// Captured by the Echo-Capture group check (E4).
    Echo,
}

impl CaptureKind {
    /// `move`, `encircled`, `echo`.
    pub const fn name(self) -> &'static str {
        match self {
            CaptureKind::Move => "move",
            CaptureKind::Encircled => "encircled",
            CaptureKind::Echo => "echo",
        }
    }
}

/// Where an engine's answer differs from the reference's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// One accepts a turn the other rejects.
    Verdict {
        /// The turn.
        turn: Turn,
        /// The reference's verdict.
        expected: TurnVerdict,
        /// The engine's verdict.
        got: TurnVerdict,
    },
    /// Both reject a turn, but the engine names a reason the turn does not
    /// break, or none (V2).
    Reasons {
        /// The turn.
        turn: Turn,
        /// Every reason the turn breaks.
        expected: ReasonSet,
        /// The engine's reasons.
        got: ReasonSet,
    },
    /// The state differs, field by field.
    Fields(Vec<FieldDiff>),
    /// The captured cells differ.
    Captures {
        /// The reference's.
        expected: CellSet,
        /// The engine's.
        got: CellSet,
    },
    /// The captures of one kind differ.
    CaptureKind {
        /// The kind.
        kind: CaptureKind,
        /// The reference's.
        expected: CellSet,
        /// The engine's.
        got: CellSet,
    },
    /// The legal-turn lists differ.
    LegalList(ListDiff),
    /// The numbers of legal turns differ (when only the count is known).
    LegalCount {
        /// The reference's.
        expected: u64,
        /// The engine's.
        got: u64,
    },
    /// Perft counts differ; bisection narrows it down to a turn sequence.
    Perft {
        /// The depth.
        depth: u32,
        /// The reference's count.
        expected: u64,
        /// The engine's count.
        got: u64,
        /// The turns from the checked position to where the lists first differ.
        path: Vec<Turn>,
        /// The difference found there, when the bisection got that far.
        below: Option<Box<Difference>>,
    },
    /// Both find a position invalid (V1), but with other fault codes.
    Faults {
        /// The reference's codes.
        expected: Vec<FaultCode>,
        /// The engine's codes.
        got: Vec<FaultCode>,
    },
    /// One accepts a position the other finds invalid (V1).
    Validity {
        /// The reference's fault codes (empty: valid).
        expected: Vec<FaultCode>,
        /// The engine's answer.
        got: PositionReply,
    },
}

/// The answer of a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The engine agrees.
    Agrees,
    /// Not checked: the engine lacks the capability.
    Skipped(Capability),
    /// The engine differs.
    Differs(Difference),
}

impl Judgement {
    /// The difference, if the engine differs.
    pub fn difference(&self) -> Option<&Difference> {
        match self {
            Judgement::Differs(d) => Some(d),
            _ => None,
        }
    }

    fn from_fields(fields: Vec<FieldDiff>) -> Judgement {
        if fields.is_empty() {
            Judgement::Agrees
        } else {
            Judgement::Differs(Difference::Fields(fields))
        }
    }
}

fn codes_of(faults: &[FaultCode]) -> String {
    faults
        .iter()
        .map(|f| f.code())
        .collect::<Vec<_>>()
        .join(", ")
}

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
    for (kind, e, g) in parts {
        if let Some(e) = e.filter(|e| *e != g) {
            return Judgement::Differs(Difference::CaptureKind {
                kind,
                expected: e,
                got: g,
            });
        }
    }
    Judgement::Agrees
}

/// The whole state, field by field.
pub fn position(expected: &Setup, got: &Setup) -> Judgement {
    Judgement::from_fields(field::diff(expected, got))
}

/// The parts of the state a check names.
pub fn state(expected: &StateCheck, got: &Setup) -> Judgement {
    Judgement::from_fields(field::diff_partial(expected, got))
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
        Some(list) => match list::diff(reference, list) {
            None => Judgement::Agrees,
            Some(d) => Judgement::Differs(Difference::LegalList(d)),
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
    Judgement::Differs(Difference::LegalList(ListDiff {
        missing,
        extra,
        more_missing: 0,
        more_extra: 0,
        expected: reference.count_legal(),
        got: list.len() as u64,
    }))
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

/// The engine's answer to a position: accepted when valid (`expected`
/// empty), else rejected with the same fault codes (V1).
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
        PositionReply::Invalid(codes) if codes.as_slice() == expected => Judgement::Agrees,
        PositionReply::Invalid(codes) => Judgement::Differs(Difference::Faults {
            expected: expected.to_vec(),
            got: codes.clone(),
        }),
    }
}

fn turns_text(list: &[ListedTurn], more: usize, max: usize) -> String {
    let mut v: Vec<String> = list
        .iter()
        .take(max)
        .map(|t| format!("`{}`", t.turn))
        .collect();
    let rest = list.len().saturating_sub(max) + more;
    if rest > 0 {
        v.push(format!("and {rest} more"));
    }
    v.join(", ")
}

impl Difference {
    /// A short stable name of the kind of difference: `verdict`, `reasons`,
    /// `state`, `captures`, `capture-kind`, `legal-list`, `legal-count`,
    /// `perft`, `faults`, `validity`.
    pub const fn kind(&self) -> &'static str {
        match self {
            Difference::Verdict { .. } => "verdict",
            Difference::Reasons { .. } => "reasons",
            Difference::Fields(_) => "state",
            Difference::Captures { .. } => "captures",
            Difference::CaptureKind { .. } => "capture-kind",
            Difference::LegalList(_) => "legal-list",
            Difference::LegalCount { .. } => "legal-count",
            Difference::Perft { .. } => "perft",
            Difference::Faults { .. } => "faults",
            Difference::Validity { .. } => "validity",
        }
    }

    /// The difference in one line, in the rules' terms (one arm per kind of
    /// difference, kept together so the wording stays consistent).
    pub fn summary(&self) -> String {
        match self {
            Difference::Verdict {
                turn,
                expected,
                got,
            } => match (expected, got) {
                (TurnVerdict::Legal, _) => format!(
                    "`{turn}` is legal, but the engine rejects it{}",
                    match got {
                        TurnVerdict::Illegal(r) if !r.is_empty() => format!(" ({})", codes(*r)),
                        _ => String::new(),
                    }
                ),
                (TurnVerdict::Illegal(r), _) => format!(
                    "`{turn}` is illegal ({}), but the engine plays it",
                    codes(*r)
                ),
            },
            Difference::Reasons {
                turn,
                expected,
                got,
            } => {
                if got.is_empty() {
                    format!(
                        "`{turn}` is rejected without a reason; the reasons it breaks are {}",
                        codes(*expected)
                    )
                } else {
                    format!(
                        "`{turn}` is rejected with {}; the reasons it breaks are {}",
                        codes(*got),
                        codes(*expected)
                    )
                }
            }
            Difference::Fields(fields) => {
                let shown: Vec<String> = fields.iter().take(4).map(|f| f.to_string()).collect();
                let more = fields.len().saturating_sub(4);
                if more > 0 {
                    format!("{}; {more} more", shown.join("; "))
                } else {
                    shown.join("; ")
                }
            }
            Difference::Captures { expected, got } => format!(
                "captured {}, expected {}",
                cell_list(*got),
                cell_list(*expected)
            ),
            Difference::CaptureKind {
                kind,
                expected,
                got,
            } => format!(
                "captured by {}: {}, expected {}",
                kind.name(),
                cell_list(*got),
                cell_list(*expected)
            ),
            Difference::LegalList(d) => {
                let mut parts = Vec::new();
                if !d.missing.is_empty() {
                    parts.push(format!(
                        "the engine misses {}",
                        turns_text(&d.missing, d.more_missing, 3)
                    ));
                }
                if !d.extra.is_empty() {
                    parts.push(format!(
                        "the engine lists {}, not legal",
                        turns_text(&d.extra, d.more_extra, 3)
                    ));
                }
                format!(
                    "legal turns: {} ({} listed, {} legal)",
                    parts.join("; "),
                    d.got,
                    d.expected
                )
            }
            Difference::LegalCount { expected, got } => {
                format!("{got} legal turns listed, expected {expected}")
            }
            Difference::Perft {
                depth,
                expected,
                got,
                path,
                below,
            } => {
                let mut s = format!("perft({depth}): expected {expected}, got {got}");
                if let Some(b) = below {
                    let line: Vec<String> = path.iter().map(|t| format!("`{t}`")).collect();
                    if line.is_empty() {
                        s.push_str(&format!(": {}", b.summary()));
                    } else {
                        s.push_str(&format!(" (after {}: {})", line.join(", "), b.summary()));
                    }
                }
                s
            }
            Difference::Faults { expected, got } => format!(
                "invalid position reported with {}, expected {}",
                codes_of(got),
                codes_of(expected)
            ),
            Difference::Validity { expected, got } => match got {
                PositionReply::Accepted => format!(
                    "the engine accepts a position that is not valid ({})",
                    codes_of(expected)
                ),
                PositionReply::Invalid(codes) if codes.is_empty() => {
                    "the engine rejects a valid position".into()
                }
                PositionReply::Invalid(codes) => {
                    format!("the engine rejects a valid position ({})", codes_of(codes))
                }
            },
        }
    }

    /// The cells this difference is about (for pictures).
    pub fn cells(&self) -> CellSet {
        match self {
            Difference::Fields(f) => f.iter().fold(CellSet::EMPTY, |a, d| a | d.cells()),
            Difference::Captures { expected, got }
            | Difference::CaptureKind { expected, got, .. } => {
                (*expected | *got) - (*expected & *got)
            }
            Difference::Verdict { turn, .. } | Difference::Reasons { turn, .. } => {
                turn_cells(*turn)
            }
            Difference::Perft { below: Some(b), .. } => b.cells(),
            _ => CellSet::EMPTY,
        }
    }
}

/// The cells a turn names.
pub fn turn_cells(t: Turn) -> CellSet {
    let mut s = CellSet::EMPTY;
    match t.project {
        hexodic_rules::Project::Place(c) => s.insert(c),
        hexodic_rules::Project::Move { from, to } => {
            s.insert(from);
            s.insert(to);
        }
        hexodic_rules::Project::Skip => {}
    }
    if let Some(sh) = t.shape {
        s.insert(sh.cell());
    }
    if let Some(e) = t.echo {
        s.insert(e.cell());
    }
    s
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
        let got = CaptureKinds {
            by_move: Some(d4),
            ..CaptureKinds::default()
        };
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
