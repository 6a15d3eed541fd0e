//! What an engine does wrong, as one difference shows it: the one
//! classification of a difference. The root causes group fixtures by it, an
//! expectations file pins it (with the step, as a [`Signature`]), and every
//! writer heads a failure with it, so they agree by construction.

use super::difference::CaptureKind;
use std::fmt;

/// One engine behaviour, whatever end rule, reason code or kind of check
/// it shows under.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "behaviour", rename_all = "kebab-case")]
pub enum Behaviour {
    /// The game ends by the same rule, but the engine names the other
    /// player as the winner.
    WrongWinner,
    /// Both end the game at the cap, with another result (another winner or
    /// another tiebreak step): the tiebreak (G7).
    WrongTiebreak,
    /// The reference ends the game by this end rule; the engine does not.
    MissedEnd {
        /// The reference's end rule.
        rule: String,
    },
    /// The engine ends the game by this end rule where the reference does not.
    FalseEnd {
        /// The engine's end rule.
        rule: String,
    },
    /// Both end the game on the same turn, by other rules: the engine checks
    /// the ends in another order.
    EndOrder {
        /// The reference's end rule.
        reference: String,
        /// The engine's end rule.
        engine: String,
    },
    /// A player's counter is off, the same way (more or fewer).
    Counter {
        /// The counter's field name (`captures`, `charges`, ...).
        field: String,
        /// Whether the engine's number is the higher.
        more: bool,
    },
    /// A cooldown set differs, the boards agreeing.
    Cooldown,
    /// The engine takes stones the reference leaves (`extra`), or leaves
    /// stones it takes, by this kind of capture where it is known.
    Captures {
        /// The kind of the capture the reference makes (or the engine's,
        /// for a stone the reference leaves), when known.
        capture: Option<CaptureKind>,
        /// Whether the engine takes more.
        extra: bool,
    },
    /// The engine takes the same stones, but names another kind of capture.
    CaptureKind {
        /// How the reference takes them.
        reference: CaptureKind,
        /// How the engine says it takes them.
        engine: CaptureKind,
    },
    /// The engine's position after a turn is the reference's, but its
    /// capture list names other stones (C3).
    CaptureList {
        /// Whether the list names stones the turn did not capture.
        extra: bool,
    },
    /// The engine judges by a reason or fault code otherwise than the
    /// reference: it gives the code where it does not apply, or allows what
    /// it forbids.
    Code {
        /// The code (`place-occupied`, `already-strangled`).
        code: String,
        /// Whether it is a position's fault code (V1) rather than a turn's
        /// reason (V2).
        fault: bool,
    },
    /// The engine lists a legal turn more than once (N1).
    RepeatedTurn,
    /// Anything else: the kind of difference and its leading reason code or
    /// field, with its direction.
    Other {
        /// The kind of difference.
        kind: String,
        /// Its leading code or field.
        key: String,
    },
}

impl Behaviour {
    /// A short stable name of the behaviour, the signature's `kind`.
    pub fn kind(&self) -> &str {
        match self {
            Behaviour::WrongWinner => "wrong-winner",
            Behaviour::WrongTiebreak => "wrong-tiebreak",
            Behaviour::MissedEnd { .. } => "missed-end",
            Behaviour::FalseEnd { .. } => "false-end",
            Behaviour::EndOrder { .. } => "end-order",
            Behaviour::Counter { .. } => "counter",
            Behaviour::Cooldown => "cooldown",
            Behaviour::Captures { .. } => "captures",
            Behaviour::CaptureKind { .. } => "capture-kind",
            Behaviour::CaptureList { .. } => "capture-list",
            Behaviour::Code { .. } => "code",
            Behaviour::RepeatedTurn => "repeated-turn",
            Behaviour::Other { kind, .. } => kind,
        }
    }

    /// What tells this behaviour apart from others of its kind, the
    /// signature's `key`: the end rule, the counter and its direction, the
    /// code, ...; empty where the kind says it all.
    pub fn key(&self) -> String {
        let way = |more: bool, a: &str, b: &str| if more { a.to_owned() } else { b.to_owned() };
        match self {
            Behaviour::WrongWinner
            | Behaviour::WrongTiebreak
            | Behaviour::Cooldown
            | Behaviour::RepeatedTurn => String::new(),
            Behaviour::MissedEnd { rule } | Behaviour::FalseEnd { rule } => rule.clone(),
            Behaviour::EndOrder { reference, engine } => format!("{engine} before {reference}"),
            Behaviour::Counter { field, more } => {
                format!("{field} {}", way(*more, "more", "fewer"))
            }
            Behaviour::Captures { capture, extra } => {
                let dir = way(*extra, "extra", "missing");
                match capture {
                    Some(k) => format!("{} {dir}", k.name()),
                    None => dir,
                }
            }
            Behaviour::CaptureKind { reference, engine } => {
                format!("{} as {}", reference.name(), engine.name())
            }
            Behaviour::CaptureList { extra } => way(*extra, "extra", "missing"),
            Behaviour::Code { code, .. } => code.clone(),
            Behaviour::Other { key, .. } => key.clone(),
        }
    }
}

/// The classification of one difference: the behaviour, the rules that
/// head it, and what the engine does in words.
///
/// The behaviour's fields sit beside `rules` and `words` (flattened), so
/// unknown fields cannot be refused here: serde cannot refuse them on a
/// flattened struct.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Classification {
    /// The behaviour.
    #[serde(flatten)]
    pub behaviour: Behaviour,
    /// The rules that head it, the broken rule first where it is known.
    pub rules: Vec<String>,
    /// What the engine does, in words (`names the other player as the
    /// winner`).
    pub words: String,
}

impl Classification {
    /// The signature of a failure with this classification at `step`.
    pub fn signature(&self, step: usize) -> Signature {
        Signature {
            rules: self.rules.clone(),
            kind: self.behaviour.kind().to_owned(),
            key: self.behaviour.key(),
            step,
        }
    }

    /// The heading of a failure with this classification: `G7
    /// (wrong-tiebreak): gives another result at the cap`.
    pub fn heading(&self) -> String {
        let rules = if self.rules.is_empty() {
            "no rule".to_owned()
        } else {
            self.rules.join(", ")
        };
        format!("{rules} ({}): {}", self.behaviour.kind(), self.words)
    }
}

/// A failure's signature, as an expectations file pins it: its
/// classification (the rules heading it, the kind and key of the
/// behaviour) and the step of its first divergence. Two failures with the
/// same signature have the same cause.
#[derive(
    Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Signature {
    /// The rules heading the classification.
    pub rules: Vec<String>,
    /// The kind of behaviour (`wrong-tiebreak`, `code`, `captures`, ...).
    pub kind: String,
    /// What tells it apart (`place-occupied`, `encircled missing`).
    pub key: String,
    /// The step of the first divergence (0: the setup).
    pub step: usize,
}

impl Signature {
    /// Whether `other` is the same difference: the same rules, kind and
    /// key, wherever it happened (the step left out). How `fuzz` and
    /// `perft` tell a difference the expectations file pins.
    pub fn same_difference(&self, other: &Signature) -> bool {
        self.rules == other.rules && self.kind == other.kind && self.key == other.key
    }

    /// In words: `C1 captures (encircled missing) at step 1`.
    pub fn words(&self) -> String {
        format!("{self} at step {}", self.step)
    }
}

/// `C1, C2 captures (encircled missing)`: the signature without its step.
impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rules.is_empty() {
            f.write_str("no rule")?;
        } else {
            f.write_str(&self.rules.join(", "))?;
        }
        write!(f, " {}", self.kind)?;
        if !self.key.is_empty() {
            write!(f, " ({})", self.key)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_classification_reads_back_as_written() {
        let all = [
            Behaviour::WrongWinner,
            Behaviour::WrongTiebreak,
            Behaviour::MissedEnd { rule: "G4".into() },
            Behaviour::FalseEnd { rule: "G7".into() },
            Behaviour::EndOrder {
                reference: "G1".into(),
                engine: "G2".into(),
            },
            Behaviour::Counter {
                field: "captures".into(),
                more: true,
            },
            Behaviour::Cooldown,
            Behaviour::Captures {
                capture: Some(CaptureKind::Echo),
                extra: false,
            },
            Behaviour::CaptureKind {
                reference: CaptureKind::Encircled,
                engine: CaptureKind::Echo,
            },
            Behaviour::CaptureList { extra: true },
            Behaviour::Code {
                code: "place-occupied".into(),
                fault: false,
            },
            Behaviour::RepeatedTurn,
            Behaviour::Other {
                kind: "legal-list".into(),
                key: "missing".into(),
            },
        ];
        for behaviour in all {
            let c = Classification {
                behaviour,
                rules: vec!["C1".into(), "E4".into()],
                words: "misses captures".into(),
            };
            let json = serde_json::to_string(&c).unwrap();
            let back: Classification = serde_json::from_str(&json)
                .unwrap_or_else(|e| panic!("{json} does not read back: {e}"));
            assert_eq!(back, c, "{json}");
            assert!(
                json.contains(&format!("\"behaviour\":\"{}\"", c.behaviour.kind()))
                    || matches!(c.behaviour, Behaviour::Other { .. }),
                "{json}"
            );
        }
    }
}
