//! The JSON-lines engine protocol (version [`PROTOCOL_VERSION`]), described
//! for engine authors in `conformance/PROTOCOL.md`: message types shared by
//! `serve` (the reference engine as a server) and the external-engine client.

use serde::{Deserialize, Serialize};

/// The protocol version this harness speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// Longest reply line the harness accepts, in bytes.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

/// Capability: the engine answers `legal`.
pub const CAP_LEGAL_TURNS: &str = "legal_turns";
/// Capability: illegal `play` replies list reason codes.
pub const CAP_ERROR_CODES: &str = "error_codes";
/// Capability: the engine answers `perft` and `divide`.
pub const CAP_PERFT: &str = "perft";
/// Capability: legal `play` replies list the captured cells.
pub const CAP_CAPTURES: &str = "captures";
/// Capability: legal `play` replies split the captures by kind.
pub const CAP_CAPTURE_KINDS: &str = "capture_kinds";

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

/// One request line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// Copied into the reply.
    pub id: u64,
    /// The command.
    #[serde(flatten)]
    pub command: Command,
}

/// An engine's name and version.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct EngineId {
    /// Name.
    pub name: String,
    /// Version.
    pub version: String,
}

/// The error body of an `"ok": false` reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    /// `bad-request`, `bad-position`, `invalid-position`, `bad-turn`, `unsupported` or `internal`.
    pub kind: String,
    /// A readable message.
    #[serde(default)]
    pub message: String,
    /// For `invalid-position`: the fault codes (V1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub codes: Option<Vec<String>>,
}

/// Captures of one turn split by kind, in a legal `play` reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct CaptureKindsBody {
    /// The cell captured by the Move, if any.
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    pub by_move: Option<String>,
    /// Cells captured by encirclement.
    #[serde(default)]
    pub encircled: Vec<String>,
    /// Cells captured by the Echo-Capture group check.
    #[serde(default)]
    pub echo: Vec<String>,
}

/// One reply line. Which optional fields are present depends on the request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Reply {
    /// The request's id.
    pub id: u64,
    /// Whether the request was carried out.
    pub ok: bool,
    /// For `"ok": false`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorBody>,
    /// `hello`: the protocol version the engine speaks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<u32>,
    /// `hello`: the engine's name and version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineId>,
    /// `hello`: the engine's capabilities.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<Vec<String>>,
    /// `play`: whether the turn was legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<bool>,
    /// `play` (legal): the new position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// `play` (legal): the captured cells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured: Option<Vec<String>>,
    /// `play` (legal): the captures split by kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture_kinds: Option<CaptureKindsBody>,
    /// `play` (illegal): the reason codes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub codes: Option<Vec<String>>,
    /// `legal`: the legal turns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<Vec<String>>,
    /// `perft`: the count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// `divide`: each first turn with its count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
    pub fn error(id: u64, kind: &str, message: impl Into<String>) -> Reply {
        Reply {
            id,
            ok: false,
            error: Some(ErrorBody {
                kind: kind.to_owned(),
                message: message.into(),
                codes: None,
            }),
            ..Reply::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_lines_have_the_documented_shape() {
        let r = Request {
            id: 3,
            command: Command::Play {
                turn: "c3 +d4".into(),
            },
        };
        let line = serde_json::to_string(&r).unwrap_or_default();
        assert_eq!(line, r#"{"id":3,"cmd":"play","turn":"c3 +d4"}"#);
        let back: Request = serde_json::from_str(&line).unwrap_or(Request {
            id: 0,
            command: Command::Quit,
        });
        assert_eq!(back, r);
        let legal: Request = serde_json::from_str(r#"{"id":4,"cmd":"legal"}"#).unwrap_or(Request {
            id: 0,
            command: Command::Quit,
        });
        assert_eq!(legal.command, Command::Legal);
    }

    #[test]
    fn replies_omit_absent_fields() {
        let line = serde_json::to_string(&Reply::ok(1)).unwrap_or_default();
        assert_eq!(line, r#"{"id":1,"ok":true}"#);
        let e = serde_json::to_string(&Reply::error(2, "bad-turn", "x")).unwrap_or_default();
        assert_eq!(
            e,
            r#"{"id":2,"ok":false,"error":{"kind":"bad-turn","message":"x"}}"#
        );
    }
}
