//! The answers of the checks: a typed [`Difference`] where an engine's
//! answer differs from the reference's (with its summary and the rules it
//! names), the [`Judgement`] of one check, and the kinds of capture.

use super::expect::{codes, TurnVerdict};
use super::field::{cell_list, FieldDiff};
use super::list::{ListDiff, ListedTurn};
use crate::engine::{Capability, PositionReply};
use hexodic_rules::{CellSet, FaultCode, ReasonSet, Turn};

/// A kind of capture (T6, C1, E4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Difference {
    /// One accepts a turn the other rejects.
    Verdict {
        /// The turn.
        #[serde(with = "crate::notation::one")]
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
        #[serde(with = "crate::notation::one")]
        turn: Turn,
        /// Every reason the turn breaks.
        #[serde(with = "crate::notation::one")]
        expected: ReasonSet,
        /// The engine's reasons.
        #[serde(with = "crate::notation::one")]
        got: ReasonSet,
    },
    /// The state differs, field by field.
    Fields(Vec<FieldDiff>),
    /// The captured cells differ.
    Captures {
        /// The reference's.
        #[serde(with = "crate::notation::one")]
        expected: CellSet,
        /// The engine's.
        #[serde(with = "crate::notation::one")]
        got: CellSet,
    },
    /// The captures of one kind differ.
    CaptureKind {
        /// The kind.
        kind: CaptureKind,
        /// The reference's.
        #[serde(with = "crate::notation::one")]
        expected: CellSet,
        /// The engine's.
        #[serde(with = "crate::notation::one")]
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
        #[serde(with = "crate::notation::vec")]
        path: Vec<Turn>,
        /// The difference found there, when the bisection got that far.
        below: Option<Box<Difference>>,
    },
    /// Both find a position invalid (V1), but with other fault codes.
    Faults {
        /// The reference's codes.
        #[serde(with = "crate::notation::vec")]
        expected: Vec<FaultCode>,
        /// The engine's codes.
        #[serde(with = "crate::notation::vec")]
        got: Vec<FaultCode>,
    },
    /// One accepts a position the other finds invalid (V1).
    Validity {
        /// The reference's fault codes (empty: valid).
        #[serde(with = "crate::notation::vec")]
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

    pub(super) fn from_fields(fields: Vec<FieldDiff>) -> Judgement {
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
                if super::impossible_count(*depth, *got) {
                    s.push_str(&format!(
                        ", more than any position can have (at most {})",
                        super::perft_bound(*depth)
                    ));
                }
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
