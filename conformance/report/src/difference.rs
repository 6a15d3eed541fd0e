//! A typed [`Difference`] where an engine's answer differs from the
//! reference's, and the one place it is put into words: its summary in one
//! line ([`Difference::summary`]) and the lines that explain it
//! ([`Difference::details`]).

use super::field::{cell_list, FieldDiff};
use super::list::{ListDiff, ListedTurn};
use super::verdict::{codes, TurnVerdict};
use hexodic_engine::{CaptureKinds, PositionReply};
use hexodic_rules::{CellSet, FaultCode, ReasonSet, Turn};

/// A kind of capture (T6, C1, E4).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum CaptureKind {
    /// Captured by a Move onto a lower enemy (T6).
    Move,
    /// Captured by encirclement (C1).
    Encircled,
    /// Captured by the Echo-Capture group check (E4).
    Echo,
}

impl CaptureKind {
    /// Every kind, in the order a turn makes them: Move, encirclement, Echo.
    pub const ALL: [CaptureKind; 3] =
        [CaptureKind::Move, CaptureKind::Encircled, CaptureKind::Echo];

    /// `move`, `encircled`, `echo`.
    pub const fn name(self) -> &'static str {
        match self {
            CaptureKind::Move => "move",
            CaptureKind::Encircled => "encircled",
            CaptureKind::Echo => "echo",
        }
    }

    /// The rule that captures this way: T6, C1, E4.
    pub const fn rule(self) -> &'static str {
        match self {
            CaptureKind::Move => "T6",
            CaptureKind::Encircled => "C1",
            CaptureKind::Echo => "E4",
        }
    }

    /// How a turn takes a stone this way, in words: `by a Move`, `by
    /// encirclement`, `by Echo`.
    pub const fn how(self) -> &'static str {
        match self {
            CaptureKind::Move => "by a Move",
            CaptureKind::Encircled => "by encirclement",
            CaptureKind::Echo => "by Echo",
        }
    }

    /// The cells a turn's captures hold of this kind.
    pub fn of(self, k: &CaptureKinds) -> CellSet {
        match self {
            CaptureKind::Move => k.by_move.map_or(CellSet::EMPTY, CellSet::from_cell),
            CaptureKind::Encircled => k.encircled,
            CaptureKind::Echo => k.echo,
        }
    }
}

/// Where an engine's answer differs from the reference's.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Difference {
    /// One accepts a turn the other rejects.
    Verdict {
        /// The turn.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
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
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        turn: Turn,
        /// Every reason the turn breaks.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        expected: ReasonSet,
        /// The engine's reasons.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        got: ReasonSet,
    },
    /// The state differs, field by field.
    #[serde(rename = "state")]
    Fields {
        /// The fields that differ.
        fields: Vec<FieldDiff>,
    },
    /// The captured cells differ.
    Captures {
        /// The reference's.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        expected: CellSet,
        /// The engine's.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        got: CellSet,
    },
    /// The captures of one kind differ.
    CaptureKind {
        /// The kind of capture that differs.
        capture: CaptureKind,
        /// The reference's.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        expected: CellSet,
        /// The engine's.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        got: CellSet,
        /// Every capture of the engine's reply, by kind.
        #[cfg_attr(
            feature = "schema",
            schemars(with = "crate::schema::CaptureKindsSchema")
        )]
        engine: CaptureKinds,
    },
    /// The legal-turn lists differ.
    LegalList {
        /// How.
        list: ListDiff,
    },
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
        #[serde(with = "hexodic_engine::notation::vec")]
        #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
        path: Vec<Turn>,
        /// The difference found there, when the bisection got that far.
        #[serde(default)]
        below: Option<Box<Difference>>,
    },
    /// Both find a position invalid (V1), but with other fault codes.
    Faults {
        /// The reference's codes.
        #[serde(with = "hexodic_engine::notation::vec")]
        #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
        expected: Vec<FaultCode>,
        /// The engine's codes.
        #[serde(with = "hexodic_engine::notation::vec")]
        #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
        got: Vec<FaultCode>,
    },
    /// One accepts a position the other finds invalid (V1).
    Validity {
        /// The reference's fault codes (empty: valid).
        #[serde(with = "hexodic_engine::notation::vec")]
        #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
        expected: Vec<FaultCode>,
        /// The engine's answer.
        #[cfg_attr(
            feature = "schema",
            schemars(with = "crate::schema::PositionReplySchema")
        )]
        got: PositionReply,
    },
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

/// How many turns of each side of a differing legal list (those the
/// engine misses, those it lists wrongly) are explained turn by turn; the
/// rest are counted ("and 9 more"), and every one is in the JSON report.
pub const DETAILED_TURNS: usize = 4;

impl Difference {
    /// A short stable name of the kind of difference: `verdict`, `reasons`,
    /// `state`, `captures`, `capture-kind`, `legal-list`, `legal-count`,
    /// `perft`, `faults`, `validity`.
    pub const fn kind(&self) -> &'static str {
        match self {
            Difference::Verdict { .. } => "verdict",
            Difference::Reasons { .. } => "reasons",
            Difference::Fields { .. } => "state",
            Difference::Captures { .. } => "captures",
            Difference::CaptureKind { .. } => "capture-kind",
            Difference::LegalList { .. } => "legal-list",
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
            Difference::Fields { fields } => {
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
                capture,
                expected,
                got,
                ..
            } => format!(
                "captured by {}: {}, expected {}",
                capture.name(),
                cell_list(*got),
                cell_list(*expected)
            ),
            Difference::LegalList { list: d } => {
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
                if super::bound::impossible_count(*depth, *got) {
                    s.push_str(&format!(
                        ", more than any position can have (at most {})",
                        super::bound::perft_bound(*depth)
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

    /// The lines explaining the difference beyond its summary: the
    /// differing fields when there are many, each turn of a differing
    /// legal list with both verdicts, the line a perft bisection followed.
    pub fn details(&self) -> Vec<String> {
        match self {
            Difference::Fields { fields } if fields.len() > 4 => {
                fields.iter().map(|x| x.to_string()).collect()
            }
            Difference::LegalList { list: l } => {
                let mut out: Vec<String> = l
                    .missing
                    .iter()
                    .take(DETAILED_TURNS)
                    .map(|t| listed_turn(t, true))
                    .chain(
                        l.extra
                            .iter()
                            .take(DETAILED_TURNS)
                            .map(|t| listed_turn(t, false)),
                    )
                    .collect();
                let more = l.missing_total().saturating_sub(DETAILED_TURNS)
                    + l.extra_total().saturating_sub(DETAILED_TURNS);
                if more > 0 {
                    out.push(format!("and {more} more"));
                }
                out.extend(l.repeated.iter().take(DETAILED_TURNS).map(|r| {
                    format!(
                        "`{}`: listed {} times (a list names each turn once, N1)",
                        r.turn, r.times
                    )
                }));
                out
            }
            Difference::CaptureKind { engine, .. } => {
                let kinds: Vec<String> = CaptureKind::ALL
                    .iter()
                    .map(|k| format!("{} {}", k.name(), cell_list(k.of(engine))))
                    .collect();
                vec![format!(
                    "the engine's captures by kind: {}",
                    kinds.join(", ")
                )]
            }
            Difference::Perft {
                below: Some(b),
                path,
                ..
            } => {
                let line: Vec<String> = path.iter().map(|t| format!("`{t}`")).collect();
                let mut out = vec![format!(
                    "bisected with divide to {}",
                    if line.is_empty() {
                        "the position itself".to_string()
                    } else {
                        format!("the position after {}", line.join(", "))
                    }
                )];
                let below = b.details();
                if below.is_empty() {
                    // A count that differs there: its own line.
                    out.push(b.summary());
                }
                out.extend(below);
                out
            }
            _ => Vec::new(),
        }
    }

    /// The cells this difference is about (for pictures).
    pub fn cells(&self) -> CellSet {
        match self {
            Difference::Fields { fields: f } => f.iter().fold(CellSet::EMPTY, |a, d| a | d.cells()),
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

/// A turn of a differing legal list, with both verdicts, in words.
fn listed_turn(t: &ListedTurn, missing: bool) -> String {
    let who = match (missing, t.engine) {
        (true, Some(TurnVerdict::Illegal(r))) if !r.is_empty() => {
            format!("legal; the engine rejects it with {}", codes(r))
        }
        (true, Some(TurnVerdict::Illegal(_))) => "legal; the engine rejects it".into(),
        (true, Some(TurnVerdict::Legal)) => {
            "legal; the engine plays it but does not list it".into()
        }
        (true, None) => "legal".into(),
        (false, _) => format!("{}; the engine lists it", t.reference.describe()),
    };
    format!("`{}`: {who}", t.turn)
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
