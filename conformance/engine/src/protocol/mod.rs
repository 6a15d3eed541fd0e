//! The JSON-lines engine protocol, version [`PROTOCOL_VERSION`]
//! (`conformance/PROTOCOL.md`): requests as the harness writes them, replies
//! as [`serve`](super::serve) writes them, and the strict reading of an
//! engine's replies ([`parse`]).

pub mod parse;
mod quick;
mod strict;

use hexodic_rules::Turn;
use serde::{Deserialize, Serialize};

/// The protocol version this harness speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// Longest line either side accepts, in bytes.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

/// A request's command and its fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case")]
pub enum Command {
    /// The handshake.
    Hello {
        /// The protocol version the harness speaks.
        protocol: u32,
    },
    /// Start a fresh game from a position in the one-line notation.
    Position {
        /// The position.
        position: String,
    },
    /// Play a turn in the turn notation.
    Play {
        /// The turn.
        turn: String,
    },
    /// List the legal turns.
    Legal,
    /// Count turn sequences of a depth.
    Perft {
        /// The depth.
        depth: u32,
    },
    /// Count turn sequences of a depth below each first turn.
    Divide {
        /// The depth.
        depth: u32,
    },
    /// End the session.
    Quit,
}

impl Command {
    /// The command's name on the wire.
    pub const fn name(&self) -> &'static str {
        match self {
            Command::Hello { .. } => "hello",
            Command::Position { .. } => "position",
            Command::Play { .. } => "play",
            Command::Legal => "legal",
            Command::Perft { .. } => "perft",
            Command::Divide { .. } => "divide",
            Command::Quit => "quit",
        }
    }
}

/// One request line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// Copied into the reply.
    pub id: u64,
    /// The command.
    #[serde(flatten)]
    pub command: Command,
}

impl Request {
    /// The request as one line of JSON, without the line break.
    ///
    /// ```
    /// use hexodic_engine::protocol::{Command, Request};
    /// let r = Request { id: 3, command: Command::Play { turn: "c3 +d4".into() } };
    /// assert_eq!(r.to_line(), r#"{"id":3,"cmd":"play","turn":"c3 +d4"}"#);
    /// ```
    pub fn to_line(&self) -> String {
        // Serialising these plain types cannot fail; the fallback is never used.
        serde_json::to_string(self).unwrap_or_else(|_| format!("{{\"id\":{}}}", self.id))
    }
}

/// The kinds of `"ok": false` replies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// An unknown command or malformed fields.
    BadRequest,
    /// A position string that does not parse.
    BadPosition,
    /// A position that parses but is not valid (V1), with fault codes.
    InvalidPosition,
    /// A turn string that does not parse.
    BadTurn,
    /// A command outside the engine's capabilities.
    Unsupported,
    /// Anything else.
    Internal,
}

impl ErrorKind {
    /// Every kind.
    pub const ALL: [ErrorKind; 6] = [
        ErrorKind::BadRequest,
        ErrorKind::BadPosition,
        ErrorKind::InvalidPosition,
        ErrorKind::BadTurn,
        ErrorKind::Unsupported,
        ErrorKind::Internal,
    ];

    /// The kind's name on the wire.
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::BadRequest => "bad-request",
            ErrorKind::BadPosition => "bad-position",
            ErrorKind::InvalidPosition => "invalid-position",
            ErrorKind::BadTurn => "bad-turn",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Internal => "internal",
        }
    }

    /// The kind with that name.
    pub fn from_name(name: &str) -> Option<ErrorKind> {
        ErrorKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// An engine's name and version, in the handshake.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Default)]
pub struct EngineId {
    /// Name.
    pub name: String,
    /// Version.
    pub version: String,
}

/// The error body of an `"ok": false` reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorBody {
    /// The kind's name.
    pub kind: &'static str,
    /// A readable message.
    pub message: String,
    /// For `invalid-position` with `error_codes`: the fault codes (V1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub codes: Option<Vec<&'static str>>,
}

/// Captures of one turn split by kind, in a legal `play` reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Default)]
pub struct CaptureKindsBody {
    /// The cell captured by the Move, if any.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub by_move: Option<String>,
    /// Cells captured by encirclement.
    pub encircled: Vec<String>,
    /// Cells captured by the Echo-Capture group check.
    pub echo: Vec<String>,
}

/// One reply line as `serve` writes it. Which fields are present depends on
/// the request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Default)]
pub struct Reply {
    /// The request's id.
    pub id: u64,
    /// Whether the request was carried out.
    pub ok: bool,
    /// For `"ok": false`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorBody>,
    /// `hello`: the protocol version the engine speaks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub protocol: Option<u32>,
    /// `hello`: the engine's name and version.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineId>,
    /// `hello`: the engine's capabilities.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<Vec<&'static str>>,
    /// `hello`: whether the engine reads requests as they come, so that
    /// several may be sent before their replies are read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pipelining: Option<bool>,
    /// `play`: whether the turn was legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<bool>,
    /// `play` (legal): the new position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// `play` (legal): the captured cells.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captured: Option<Vec<String>>,
    /// `play` (legal): the captures split by kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capture_kinds: Option<CaptureKindsBody>,
    /// `play` (illegal): the reason codes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub codes: Option<Vec<&'static str>>,
    /// `legal`: the legal turns.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "turn_texts")]
    pub turns: Option<Vec<Turn>>,
    /// `perft`: the count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// `divide`: each first turn with its count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divide: Option<Vec<(String, u64)>>,
}

impl Reply {
    /// A bare `"ok": true` reply.
    pub fn ok(id: u64) -> Reply {
        Reply {
            id,
            ok: true,
            ..Reply::default()
        }
    }

    /// An `"ok": false` reply.
    pub fn error(id: u64, kind: ErrorKind, message: impl Into<String>) -> Reply {
        Reply {
            id,
            ok: false,
            error: Some(ErrorBody {
                kind: kind.name(),
                message: message.into(),
                codes: None,
            }),
            ..Reply::default()
        }
    }

    /// The reply as one line of JSON, without the line break.
    pub fn to_line(&self) -> String {
        if let Some(line) = self.legal_line() {
            return line;
        }
        serde_json::to_string(self)
            .unwrap_or_else(|_| format!("{{\"id\":{},\"ok\":false}}", self.id))
    }

    /// A successful reply to `legal`, the longest and most frequent reply,
    /// written by hand (turn notation is plain ASCII that JSON never
    /// escapes); the same text the JSON writer gives, without a string per
    /// turn. `None` for every other reply.
    fn legal_line(&self) -> Option<String> {
        let Reply {
            id,
            ok: true,
            error: None,
            protocol: None,
            engine: None,
            capabilities: None,
            pipelining: None,
            legal: None,
            position: None,
            captured: None,
            capture_kinds: None,
            codes: None,
            turns: Some(turns),
            nodes: None,
            divide: None,
        } = self
        else {
            return None;
        };
        let mut line = Vec::with_capacity(32 + 10 * turns.len());
        line.extend_from_slice(format!("{{\"id\":{id},\"ok\":true,\"turns\":[").as_bytes());
        for (i, t) in turns.iter().enumerate() {
            if i > 0 {
                line.push(b',');
            }
            line.push(b'"');
            t.push_notation(&mut line);
            line.push(b'"');
        }
        line.extend_from_slice(b"]}");
        String::from_utf8(line).ok()
    }
}

/// Turns as their notation, for the JSON writer.
fn turn_texts<S: serde::Serializer>(turns: &Option<Vec<Turn>>, s: S) -> Result<S::Ok, S::Error> {
    match turns {
        Some(list) => s.collect_seq(list.iter().map(|t| t.to_string())),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_read_back() {
        for command in [
            Command::Hello { protocol: 1 },
            Command::Legal,
            Command::Divide { depth: 2 },
            Command::Position {
                position: "p".into(),
            },
        ] {
            let r = Request { id: 9, command };
            let back: Request = serde_json::from_str(&r.to_line()).unwrap();
            assert_eq!(back, r);
        }
        let legal: Request = serde_json::from_str(r#"{"id":4,"cmd":"legal"}"#).unwrap();
        assert_eq!(legal.command, Command::Legal);
    }

    #[test]
    fn replies_omit_absent_fields() {
        assert_eq!(Reply::ok(1).to_line(), r#"{"id":1,"ok":true}"#);
        assert_eq!(
            Reply::error(2, ErrorKind::BadTurn, "x").to_line(),
            r#"{"id":2,"ok":false,"error":{"kind":"bad-turn","message":"x"}}"#
        );
    }

    #[test]
    fn legal_lines_are_what_the_json_writer_writes() {
        let start = hexodic_rules::Position::start().legal_turns();
        for turns in [vec![], start[..1].to_vec(), start] {
            let reply = Reply {
                turns: Some(turns.clone()),
                ..Reply::ok(7)
            };
            let line = reply.to_line();
            assert_eq!(line, serde_json::to_string(&reply).unwrap());
            assert_eq!(parse::legal(&line, 7).unwrap(), turns);
        }
        // Any other field, or a refusal, goes through the JSON writer.
        let refused = Reply {
            ok: false,
            turns: Some(vec![]),
            ..Reply::ok(3)
        };
        assert_eq!(refused.to_line(), r#"{"id":3,"ok":false,"turns":[]}"#);
        let counted = Reply {
            nodes: Some(1),
            turns: Some(vec![]),
            ..Reply::ok(3)
        };
        assert_eq!(
            counted.to_line(),
            r#"{"id":3,"ok":true,"turns":[],"nodes":1}"#
        );
    }

    #[test]
    fn error_kinds_round_trip() {
        for k in ErrorKind::ALL {
            assert_eq!(ErrorKind::from_name(k.name()), Some(k));
        }
        assert_eq!(ErrorKind::from_name("bad_turn"), None);
    }
}
