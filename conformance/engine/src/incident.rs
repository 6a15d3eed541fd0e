//! Engine incidents: an engine that crashed, hung, could not be started or
//! broke the protocol. An incident is not a rule failure: it says the engine
//! (or its adapter) misbehaved, not that it reads a rule differently, and
//! reports count it apart.

use super::Capability;
use std::fmt;

/// One way a reply breaks the protocol (`conformance/PROTOCOL.md`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ProtocolFault {
    /// The reply is not one JSON object.
    NotJson {
        /// What the JSON reader said.
        error: String,
    },
    /// The reply answers another request.
    WrongId {
        /// The id of the request.
        expected: u64,
        /// The id in the reply, as written.
        got: String,
    },
    /// A field the reply must have is missing.
    MissingField {
        /// The field.
        #[serde(deserialize_with = "crate::notation::interned")]
        field: crate::notation::Name,
    },
    /// A field holds a value of the wrong type or shape.
    WrongType {
        /// The field.
        #[serde(deserialize_with = "crate::notation::interned")]
        field: crate::notation::Name,
        /// What it should hold.
        #[serde(deserialize_with = "crate::notation::interned")]
        expected: crate::notation::Name,
        /// What it holds, as written.
        got: String,
    },
    /// A field that belongs to a capability the engine did not declare.
    UndeclaredField {
        /// The field.
        #[serde(deserialize_with = "crate::notation::interned")]
        field: crate::notation::Name,
        /// The capability it belongs to.
        capability: Capability,
    },
    /// A cell name that is not one of the 37 cells.
    UnknownCell {
        /// The field.
        #[serde(deserialize_with = "crate::notation::interned")]
        field: crate::notation::Name,
        /// The text.
        text: String,
    },
    /// The same cell twice in one list.
    DuplicateCell {
        /// The field.
        #[serde(deserialize_with = "crate::notation::interned")]
        field: crate::notation::Name,
        /// The cell.
        cell: String,
    },
    /// A position that does not parse in the one-line notation.
    UnreadablePosition {
        /// The text.
        text: String,
        /// 1-based column where reading failed.
        column: usize,
        /// What is wrong there.
        message: String,
    },
    /// A position that parses but is not written the one canonical way.
    NonCanonicalPosition {
        /// The text.
        text: String,
        /// The canonical spelling of the same position.
        canonical: String,
        /// 1-based column of the first difference.
        column: usize,
    },
    /// A turn that does not parse in the turn notation.
    UnreadableTurn {
        /// The field.
        #[serde(deserialize_with = "crate::notation::interned")]
        field: crate::notation::Name,
        /// The text.
        text: String,
        /// 1-based column where reading failed.
        column: usize,
        /// What is wrong there.
        message: String,
    },
    /// The same turn twice in a list.
    DuplicateTurn {
        /// The field.
        #[serde(deserialize_with = "crate::notation::interned")]
        field: crate::notation::Name,
        /// The turn.
        turn: String,
    },
    /// A reason code that is not one of the rules reference's.
    UnknownReason {
        /// The code.
        code: String,
    },
    /// A fault code that is not one of the rules reference's.
    UnknownFault {
        /// The code.
        code: String,
    },
    /// Parts of the reply contradict each other.
    Inconsistent {
        /// What contradicts what.
        what: String,
    },
    /// An error reply of a kind the protocol does not define.
    UnknownErrorKind {
        /// The kind.
        kind: String,
    },
    /// An item of a list holds a value of the wrong type or shape.
    WrongItem {
        /// The list's field.
        #[serde(deserialize_with = "crate::notation::interned")]
        field: crate::notation::Name,
        /// The item's place in the list, from 1.
        item: usize,
        /// What it should hold.
        #[serde(deserialize_with = "crate::notation::interned")]
        expected: crate::notation::Name,
        /// What it holds, as written.
        got: String,
    },
    /// A line on standard output that answers no request (it came after the
    /// reply to the last one); the line is the incident's reply.
    StrayLine,
    /// A key written twice in one object of the reply (which one holds
    /// would be a guess).
    DuplicateKey {
        /// The key.
        key: String,
    },
}

impl fmt::Display for ProtocolFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolFault::NotJson { error } => write!(f, "the reply is not a JSON object ({error})"),
            ProtocolFault::WrongId { expected, got } => {
                write!(f, "the reply has id {got}, the request had id {expected}")
            }
            ProtocolFault::MissingField { field } => write!(f, "the reply has no `{field}`"),
            ProtocolFault::WrongType { field, expected, got } => {
                write!(f, "`{field}` should be {expected}, found {got}")
            }
            ProtocolFault::UndeclaredField { field, capability } => write!(
                f,
                "the reply has `{field}`, which belongs to the capability `{capability}` the engine did not declare"
            ),
            ProtocolFault::UnknownCell { field, text } => {
                write!(f, "`{field}` names `{text}`, which is not a cell (a1 to g7)")
            }
            ProtocolFault::DuplicateCell { field, cell } => {
                write!(f, "`{field}` lists {cell} twice")
            }
            ProtocolFault::UnreadablePosition {
                text,
                column,
                message,
            } => write!(
                f,
                "the position `{text}` does not read, at column {column}: {message}"
            ),
            ProtocolFault::NonCanonicalPosition {
                text,
                canonical,
                column,
            } => write!(
                f,
                "the position `{text}` is not in canonical form (first difference at column {column}; canonical: `{canonical}`)"
            ),
            ProtocolFault::UnreadableTurn {
                field,
                text,
                column,
                message,
            } => write!(
                f,
                "`{field}` holds `{text}`, which does not read as a turn, at column {column}: {message}"
            ),
            ProtocolFault::DuplicateTurn { field, turn } => {
                write!(f, "`{field}` lists the turn `{turn}` twice")
            }
            ProtocolFault::UnknownReason { code } => {
                write!(f, "`{code}` is not a reason code of rules/RULES.md")
            }
            ProtocolFault::UnknownFault { code } => {
                write!(f, "`{code}` is not a fault code of rules/RULES.md")
            }
            ProtocolFault::Inconsistent { what } => write!(f, "the reply contradicts itself: {what}"),
            ProtocolFault::UnknownErrorKind { kind } => {
                write!(f, "the error kind `{kind}` is not one the protocol defines")
            }
            ProtocolFault::WrongItem {
                field,
                item,
                expected,
                got,
            } => write!(f, "item {item} of `{field}` should be {expected}, found {got}"),
            ProtocolFault::StrayLine => {
                f.write_str("the engine wrote a line after its reply that answers no request")
            }
            ProtocolFault::DuplicateKey { key } => write!(
                f,
                "the reply has the key `{key}` twice in one object (a key may be written once)"
            ),
        }
    }
}

/// What went wrong with an engine.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub enum IncidentKind {
    /// The engine command could not be started.
    Spawn {
        /// Why.
        reason: String,
    },
    /// The handshake failed: another protocol version, or no usable answer.
    Handshake {
        /// Why.
        reason: String,
    },
    /// No reply within the timeout; the process was stopped.
    Timeout {
        /// The timeout, in milliseconds.
        millis: u64,
    },
    /// The process exited or closed its output.
    Exited {
        /// How it ended, in words: `exited with code 4`, `was killed by
        /// signal 9`, `closed its output`.
        status: String,
    },
    /// A reply line longer than the protocol allows.
    Oversized {
        /// The longest line allowed, in bytes.
        bytes: usize,
    },
    /// A reply line that is not UTF-8.
    NotUtf8,
    /// A reply that breaks the protocol.
    Protocol {
        /// How.
        fault: Box<ProtocolFault>,
        /// The reply line (at most 300 characters of it).
        reply: String,
    },
    /// The engine refused a request the harness wrote correctly (`"ok": false`).
    Refused {
        /// The error kind it gave.
        kind: String,
        /// Its message.
        message: String,
    },
    /// An engine in process panicked while it answered.
    Panicked {
        /// What the panic said.
        message: String,
    },
    /// The run was stopped (time limit or interrupt) while the engine worked.
    Stopped,
    /// The harness gave up on the engine: the same costly incident again and again.
    GaveUp {
        /// Why.
        reason: String,
    },
}

impl IncidentKind {
    /// A short stable name, for grouping and reports.
    pub const fn name(&self) -> &'static str {
        match self {
            IncidentKind::Spawn { .. } => "spawn",
            IncidentKind::Handshake { .. } => "handshake",
            IncidentKind::Timeout { .. } => "timeout",
            IncidentKind::Exited { .. } => "crash",
            IncidentKind::Oversized { .. } => "oversized-reply",
            IncidentKind::NotUtf8 => "not-utf8",
            IncidentKind::Protocol { .. } => "protocol-error",
            IncidentKind::Refused { .. } => "refused",
            IncidentKind::Panicked { .. } => "panic",
            IncidentKind::Stopped => "stopped",
            IncidentKind::GaveUp { .. } => "gave-up",
        }
    }

    /// Whether each such incident costs much time (a timeout, a huge reply):
    /// a few in a row make the engine unusable rather than time out fixture
    /// after fixture.
    pub const fn is_costly(&self) -> bool {
        matches!(
            self,
            IncidentKind::Timeout { .. } | IncidentKind::Oversized { .. }
        )
    }

    /// Whether the engine cannot be used at all (no point going on).
    pub const fn is_fatal(&self) -> bool {
        matches!(
            self,
            IncidentKind::Spawn { .. }
                | IncidentKind::Handshake { .. }
                | IncidentKind::GaveUp { .. }
        )
    }
}

impl fmt::Display for IncidentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IncidentKind::Spawn { reason } => write!(f, "it could not be started ({reason})"),
            IncidentKind::Handshake { reason } => write!(f, "the handshake failed: {reason}"),
            IncidentKind::Timeout { millis } => write!(
                f,
                "no reply within {}",
                crate::process::show_millis(*millis)
            ),
            IncidentKind::Exited { status } => write!(f, "the engine {status}"),
            IncidentKind::Oversized { bytes } => {
                write!(f, "its reply line was longer than {bytes} bytes")
            }
            IncidentKind::NotUtf8 => f.write_str("its reply line is not UTF-8"),
            IncidentKind::Protocol { fault, reply } => {
                write!(f, "protocol error: {fault}")?;
                if let ProtocolFault::NotJson { .. } | ProtocolFault::StrayLine = **fault {
                    write!(
                        f,
                        "; the line was `{reply}` (standard output is for replies only: write logs to standard error)"
                    )?;
                }
                Ok(())
            }
            IncidentKind::Refused { kind, message } => {
                write!(
                    f,
                    "the engine refused a well-formed request ({kind}: {message})"
                )
            }
            IncidentKind::Panicked { message } => write!(f, "the engine panicked: {message}"),
            IncidentKind::Stopped => f.write_str("the run was stopped while the engine worked"),
            IncidentKind::GaveUp { reason } => f.write_str(reason),
        }
    }
}

/// An engine incident: what happened, on which request, and what that
/// engine process wrote to standard error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
#[error("{kind}")]
#[non_exhaustive]
pub struct Incident {
    /// What happened.
    pub kind: IncidentKind,
    /// The request being answered, as sent (empty when none was).
    pub request: String,
    /// The tail of the standard error of that engine process (not of earlier ones).
    pub stderr: String,
}

impl Incident {
    /// An incident without a request or standard error (an in-process engine).
    pub fn new(kind: IncidentKind) -> Incident {
        Incident {
            kind,
            request: String::new(),
            stderr: String::new(),
        }
    }

    /// What an in-process engine answers to a request needing a capability
    /// it does not have: refused as `unsupported`, as the protocol says it.
    pub fn unsupported(capability: Capability) -> Incident {
        Incident::new(IncidentKind::Refused {
            kind: "unsupported".into(),
            message: format!(
                "{} are not supported ({})",
                capability.checks(),
                capability.name()
            ),
        })
    }

    /// What an engine in process answers when it fails on a request the
    /// harness wrote correctly (an error of its own): refused as
    /// `internal`, as the protocol says it.
    ///
    /// ```
    /// use hexodic_engine::{Incident, IncidentKind};
    /// let i = Incident::internal("the move generator overflowed");
    /// assert!(matches!(i.kind, IncidentKind::Refused { .. }));
    /// assert!(i.to_string().contains("the move generator overflowed"));
    /// ```
    pub fn internal(message: impl Into<String>) -> Incident {
        Incident::new(IncidentKind::Refused {
            kind: "internal".into(),
            message: message.into(),
        })
    }

    /// The same incident, on the request `request` (as sent).
    #[must_use]
    pub fn on_request(mut self, request: impl Into<String>) -> Incident {
        self.request = request.into();
        self
    }

    /// The same incident, with the tail of the engine's standard error.
    #[must_use]
    pub fn with_stderr(mut self, stderr: impl Into<String>) -> Incident {
        self.stderr = stderr.into();
        self
    }

    /// A protocol fault in a reply.
    pub fn protocol(fault: ProtocolFault, reply: &str) -> Incident {
        Incident::new(IncidentKind::Protocol {
            fault: Box::new(fault),
            reply: shorten(reply, 300),
        })
    }
}

/// How many characters of a text an engine wrote (an error message, a
/// value it sent) a fault or incident keeps.
pub const SHOWN_CHARS: usize = 200;

/// How many characters of an engine's name and of its version are kept.
pub const NAME_CHARS: usize = 64;

/// At most `n` characters of `s`, with `…` when cut.
///
/// ```
/// use hexodic_engine::shorten;
/// assert_eq!(shorten("abcdef", 3), "abc…");
/// assert_eq!(shorten("abc\n", 3), "abc");
/// ```
pub fn shorten(s: &str, n: usize) -> String {
    let s = s.trim_end_matches(['\n', '\r']);
    match s.char_indices().nth(n) {
        None => s.to_owned(),
        Some((cut, _)) => format!("{}…", &s[..cut]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incidents_read_as_plain_words() {
        let cases = [
            (
                IncidentKind::Spawn {
                    reason: "`x`: not found".into(),
                },
                "it could not be started (`x`: not found)",
            ),
            (
                IncidentKind::Timeout { millis: 5000 },
                "no reply within 5 s",
            ),
            (
                IncidentKind::Exited {
                    status: "was killed by signal 9".into(),
                },
                "the engine was killed by signal 9",
            ),
            (
                IncidentKind::Oversized { bytes: 1024 },
                "its reply line was longer than 1024 bytes",
            ),
        ];
        for (kind, words) in cases {
            assert_eq!(kind.to_string(), words);
        }
        let stray = Incident::protocol(ProtocolFault::StrayLine, "debug: 3\n");
        let shown = stray.kind.to_string();
        assert!(shown.contains("the line was `debug: 3`"), "{shown}");
        assert!(
            shown.contains("standard output is for replies only"),
            "{shown}"
        );
    }

    #[test]
    fn shortening_counts_characters_and_marks_the_cut() {
        assert_eq!(shorten("héllo", 5), "héllo");
        assert_eq!(shorten("héllo wörld", 5), "héllo…");
        assert_eq!(shorten("", 0), "");
        assert_eq!(shorten("ab", 0), "…");
    }
}
