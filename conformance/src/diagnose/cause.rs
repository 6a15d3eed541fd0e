//! Root causes: failing fixtures grouped by the signature of their first
//! divergence (the rules it implicates, its kind and the reason code or
//! field), ranked by how many fixtures share it, each with its smallest
//! example.

use super::Divergence;
use crate::oracle::{codes, Difference, FieldDiff, TurnVerdict};
use hexodic_rules::ReasonSet;

/// What identifies one cause across fixtures: the leading implicated
/// rules, the kind of difference and its leading reason code or field.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Signature {
    /// The leading implicated rules (at most two, the generic N1 and V2 left out).
    pub rules: Vec<&'static str>,
    /// The kind of difference (`verdict`, `state`, `legal-list`, ...).
    pub kind: &'static str,
    /// The leading reason code or field.
    pub key: String,
}

/// Rules every list or reason difference implicates: left out of signatures.
const GENERIC: [&str; 2] = ["N1", "V2"];

fn first_code(r: ReasonSet) -> Option<&'static str> {
    r.iter().next().map(|r| r.code())
}

/// `more` or `fewer`: which way the engine's number is off.
fn more_or_fewer<T: PartialOrd>(expected: T, got: T) -> &'static str {
    if got > expected {
        "more"
    } else {
        "fewer"
    }
}

/// A field's kind and which way it differs: a missed end is not a false
/// end, a count too high is not one too low.
fn field_key(f: &FieldDiff) -> String {
    let kind = f.kind();
    match f {
        FieldDiff::Result { expected, got } => match (expected, got) {
            (Some(_), None) => "result missed-end".into(),
            (None, Some(_)) => "result false-end".into(),
            _ => "result wrong-outcome".into(),
        },
        FieldDiff::Counter { expected, got, .. } => {
            format!("{kind} {}", more_or_fewer(expected, got))
        }
        FieldDiff::HalfMoves { expected, got } => {
            format!("{kind} {}", more_or_fewer(expected, got))
        }
        _ => kind.to_owned(),
    }
}

/// `code` after the word for the direction, or the word alone.
fn directed(direction: &str, code: Option<&str>) -> String {
    match code {
        Some(c) => format!("{direction} {c}"),
        None => direction.to_owned(),
    }
}

/// The leading reason code or field of a difference, with the direction
/// of the difference where it has one (`accepts R3` is not `rejects R3`,
/// `missing` captures are not `extra` ones).
pub fn key(d: &Difference) -> String {
    match d {
        Difference::Verdict { expected, got, .. } => match (expected, got) {
            (TurnVerdict::Illegal(r), _) => directed("accepts", first_code(*r)),
            (_, TurnVerdict::Illegal(r)) => directed("rejects", first_code(*r)),
            _ => String::new(),
        },
        Difference::Reasons { expected, got, .. } => {
            let wrong = got.iter().find(|r| !expected.contains(*r));
            wrong.map_or("no reason", |r| r.code()).to_owned()
        }
        Difference::Fields(f) => f.first().map_or(String::new(), field_key),
        Difference::Captures { expected, got } => if (*got - *expected).any() {
            "extra"
        } else {
            "missing"
        }
        .to_owned(),
        Difference::CaptureKind {
            kind,
            expected,
            got,
        } => format!(
            "{} {}",
            kind.name(),
            if (*got - *expected).any() {
                "extra"
            } else {
                "missing"
            }
        ),
        Difference::LegalList(l) => {
            let asked = l.missing.iter().find_map(|t| match t.engine {
                Some(TurnVerdict::Illegal(r)) => first_code(r),
                _ => None,
            });
            let extra = l.extra.iter().find_map(|t| match t.reference {
                TurnVerdict::Illegal(r) => first_code(r),
                TurnVerdict::Legal => None,
            });
            match (asked, extra) {
                (Some(c), _) => directed("missing", Some(c)),
                (None, Some(c)) => directed("extra", Some(c)),
                (None, None) if l.missing_total() > 0 => "missing".into(),
                (None, None) => "extra".into(),
            }
        }
        Difference::LegalCount { expected, got } => more_or_fewer(expected, got).to_owned(),
        Difference::Perft { below: Some(b), .. } => key(b),
        Difference::Perft {
            expected,
            got,
            below: None,
            ..
        } => more_or_fewer(expected, got).to_owned(),
        Difference::Faults { got, .. } => {
            got.first().map_or(String::new(), |f| f.code().to_owned())
        }
        Difference::Validity { expected, .. } if expected.is_empty() => "rejects-valid".into(),
        Difference::Validity { .. } => "accepts-invalid".into(),
    }
}

fn reason_codes(r: ReasonSet) -> String {
    if r.is_empty() {
        "no reason".into()
    } else {
        codes(r)
    }
}

fn verdicts(list: &[crate::oracle::ListedTurn], engine: bool) -> String {
    let mut all = ReasonSet::EMPTY;
    for t in list {
        let v = if engine { t.engine } else { Some(t.reference) };
        if let Some(TurnVerdict::Illegal(r)) = v {
            for x in r.iter() {
                all.insert(x);
            }
        }
    }
    codes(all)
}

/// The detail of a difference that groups like with like.
pub fn detail(d: &Difference) -> String {
    match d {
        Difference::Verdict { expected, got, .. } => match (expected, got) {
            (TurnVerdict::Illegal(r), _) => {
                format!("plays a turn that breaks {}", reason_codes(*r))
            }
            (_, TurnVerdict::Illegal(r)) => format!("rejects a legal turn ({})", reason_codes(*r)),
            _ => "verdict".into(),
        },
        Difference::Reasons { got, .. } => format!("names {}", reason_codes(*got)),
        Difference::Fields(f) => {
            let mut kinds: Vec<&str> = f.iter().map(FieldDiff::kind).collect();
            kinds.dedup();
            let res = f.iter().find_map(|x| match x {
                FieldDiff::Result { expected, got } => Some(format!(
                    "result {} instead of {}",
                    crate::oracle::result_text(*got),
                    crate::oracle::result_text(*expected)
                )),
                _ => None,
            });
            match res {
                Some(r) => r.replace(|c: char| c.is_ascii_digit(), ""),
                None => kinds.join(", "),
            }
        }
        Difference::Captures { expected, got } => {
            if (*got - *expected).any() {
                "captures a stone it should not".into()
            } else {
                "misses a capture".into()
            }
        }
        Difference::CaptureKind { kind, .. } => format!("captures by {}", kind.name()),
        Difference::LegalList(l) => {
            let mut parts = Vec::new();
            let plays = l
                .missing
                .iter()
                .any(|t| t.engine == Some(TurnVerdict::Legal));
            if plays {
                parts.push("misses legal turns that it plays when asked (its list and its play disagree, I6)".to_string());
            } else if !l.missing.is_empty() {
                let why = verdicts(&l.missing, true);
                parts.push(if why.is_empty() {
                    "misses legal turns".to_string()
                } else {
                    format!("misses legal turns (rejects them with {why})")
                });
            }
            if !l.extra.is_empty() {
                parts.push(format!(
                    "lists turns that break {}",
                    verdicts(&l.extra, false)
                ));
            }
            parts.join("; ")
        }
        Difference::LegalCount { .. } => "number of legal turns".into(),
        Difference::Perft { below, .. } => match below {
            Some(b) => detail(b),
            None => "perft count".into(),
        },
        Difference::Faults { got, .. } => format!(
            "names {}",
            got.iter().map(|f| f.code()).collect::<Vec<_>>().join(", ")
        ),
        Difference::Validity { expected, .. } if expected.is_empty() => {
            "rejects a valid position".into()
        }
        Difference::Validity { .. } => "accepts an invalid position".into(),
    }
}

/// The signature of a divergence (its implicated rules must be filled in).
pub fn signature(div: &Divergence) -> Signature {
    let mut rules: Vec<&'static str> = match &div.difference {
        // Naming a reason the turn does not break is a V2 matter, whatever
        // the turn breaks: the signature holds V2 and the wrong code's rule.
        Difference::Reasons { expected, got, .. } => {
            let wrong = got.iter().find(|r| !expected.contains(*r));
            std::iter::once("V2")
                .chain(wrong.and_then(|r| r.rules().first().copied()))
                .collect()
        }
        _ => div
            .implicated
            .iter()
            .copied()
            .filter(|r| !GENERIC.contains(r))
            .take(2)
            .collect(),
    };
    if rules.is_empty() {
        rules = div.implicated.iter().copied().take(1).collect();
    }
    Signature {
        rules,
        kind: match &div.difference {
            Difference::Perft { below: Some(b), .. } => b.kind(),
            d => d.kind(),
        },
        key: key(&div.difference),
    }
}
