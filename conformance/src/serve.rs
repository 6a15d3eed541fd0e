//! `serve`: the reference engine speaking the protocol on standard input and
//! output, usable as an oracle by any tool and as the end-to-end test of the
//! protocol path.

use crate::protocol::{
    CaptureKindsBody, Command, EngineId, ErrorBody, Reply, Request, CAP_CAPTURES,
    CAP_CAPTURE_KINDS, CAP_ERROR_CODES, CAP_LEGAL_TURNS, CAP_PERFT, MAX_LINE, PROTOCOL_VERSION,
};
use hexodic_rules::{perft, Game, Setup, Turn};
use std::io::{BufRead, Write};

/// The reference engine's protocol state: one game.
#[derive(Debug, Default)]
pub struct Server {
    game: Game,
}

/// The reference engine's name in the handshake.
pub const REFERENCE_NAME: &str = "hexodic-reference";

impl Server {
    /// A server whose game is at the starting position.
    pub fn new() -> Server {
        Server::default()
    }

    /// Answer one request line. Returns the reply and whether the session ends.
    pub fn handle_line(&mut self, line: &str) -> (Reply, bool) {
        let req: Request = match serde_json::from_str(line) {
            Ok(r) => r,
            Err(e) => {
                // Recover the id if the line is at least an object with one.
                let id = serde_json::from_str::<serde_json::Value>(line)
                    .ok()
                    .and_then(|v| v.get("id").and_then(|i| i.as_u64()))
                    .unwrap_or(0);
                return (Reply::error(id, "bad-request", e.to_string()), false);
            }
        };
        let id = req.id;
        let reply = match req.command {
            Command::Hello { .. } => Reply {
                protocol: Some(PROTOCOL_VERSION),
                engine: Some(EngineId {
                    name: match hexodic_rules::planted::planted() {
                        Some(bug) => format!("{REFERENCE_NAME}+planted-{bug}"),
                        None => REFERENCE_NAME.into(),
                    },
                    version: env!("CARGO_PKG_VERSION").into(),
                }),
                capabilities: Some(
                    [
                        CAP_LEGAL_TURNS,
                        CAP_ERROR_CODES,
                        CAP_PERFT,
                        CAP_CAPTURES,
                        CAP_CAPTURE_KINDS,
                    ]
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
                ),
                ..Reply::ok(id)
            },
            Command::Position { position } => match Setup::from_notation(&position) {
                Err(e) => Reply::error(id, "bad-position", e.to_string()),
                Ok(setup) => match setup.validate() {
                    Ok(p) => {
                        self.game = Game::from_position(p);
                        Reply::ok(id)
                    }
                    Err(e) => Reply {
                        error: Some(ErrorBody {
                            kind: "invalid-position".into(),
                            message: e.to_string(),
                            codes: Some(e.faults.iter().map(|f| f.code().to_owned()).collect()),
                        }),
                        ..Reply::error(id, "invalid-position", "")
                    },
                },
            },
            Command::Play { turn } => match Turn::parse(&turn) {
                Err(e) => Reply::error(id, "bad-turn", e.to_string()),
                Ok(t) => match self.game.play(t) {
                    Ok(report) => Reply {
                        legal: Some(true),
                        position: Some(self.game.position().to_notation()),
                        captured: Some(report.captured().iter().map(|c| c.to_string()).collect()),
                        capture_kinds: Some(CaptureKindsBody {
                            by_move: report.move_capture.map(|c| c.to_string()),
                            encircled: report.encircled.iter().map(|c| c.to_string()).collect(),
                            echo: report.echo_captured.iter().map(|c| c.to_string()).collect(),
                        }),
                        ..Reply::ok(id)
                    },
                    Err(e) => Reply {
                        legal: Some(false),
                        codes: Some(e.reasons.iter().map(|r| r.code().to_owned()).collect()),
                        ..Reply::ok(id)
                    },
                },
            },
            Command::Legal => Reply {
                turns: Some(
                    self.game
                        .position()
                        .legal_turns()
                        .iter()
                        .map(|t| t.to_string())
                        .collect(),
                ),
                ..Reply::ok(id)
            },
            Command::Perft { depth } => Reply {
                nodes: Some(perft::perft(&self.game, depth)),
                ..Reply::ok(id)
            },
            Command::Divide { depth } => Reply {
                divide: Some(
                    perft::divide(&self.game, depth)
                        .into_iter()
                        .map(|(t, n)| (t.to_string(), n))
                        .collect(),
                ),
                ..Reply::ok(id)
            },
            Command::Quit => return (Reply::ok(id), true),
        };
        (reply, false)
    }
}

/// Write one reply line and flush it (one write, so a reader never sees half a line).
pub fn write_reply(output: &mut impl Write, reply: &Reply) -> std::io::Result<()> {
    let mut line = serde_json::to_string(reply).unwrap_or_else(|_| r#"{"id":0,"ok":false}"#.into());
    line.push('\n');
    output.write_all(line.as_bytes())?;
    output.flush()
}

/// Serve requests from `input` to `output` until `quit` or end of input.
/// Request lines longer than [`MAX_LINE`] are answered with a `bad-request` error.
pub fn serve(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut server = Server::new();
    let mut input = input.take(0);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        input.set_limit(MAX_LINE as u64 + 1);
        let n = input.read_until(b'\n', &mut buf)?;
        if n == 0 {
            return Ok(());
        }
        if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
            // Skip the rest of the oversized line.
            loop {
                buf.clear();
                input.set_limit(64 * 1024);
                let m = input.read_until(b'\n', &mut buf)?;
                if m == 0 || buf.last() == Some(&b'\n') {
                    break;
                }
            }
            let reply = Reply::error(
                0,
                "bad-request",
                format!("request line longer than {MAX_LINE} bytes"),
            );
            write_reply(&mut output, &reply)?;
            continue;
        }
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (reply, quit) = server.handle_line(line);
        write_reply(&mut output, &reply)?;
        if quit {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_through_serve() {
        let input = concat!(
            r#"{"id":0,"cmd":"hello","protocol":1}"#,
            "\n",
            r#"{"id":1,"cmd":"play","turn":"d4 +d4"}"#,
            "\n\n",
            r#"{"id":2,"cmd":"play","turn":"c3 +d4"}"#,
            "\n",
            r#"{"id":3,"cmd":"perft","depth":1}"#,
            "\n",
            "not json\n",
            r#"{"id":5,"cmd":"play","turn":"zz"}"#,
            "\n",
            r#"{"id":6,"cmd":"quit"}"#,
            "\n",
            r#"{"id":7,"cmd":"legal"}"#,
            "\n"
        );
        let mut out = Vec::new();
        serve(input.as_bytes(), &mut out).unwrap();
        let replies: Vec<Reply> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(replies.len(), 7, "quit ends the session");
        assert_eq!(replies[0].protocol, Some(1));
        assert_eq!(replies[1].legal, Some(false));
        assert_eq!(
            replies[1].codes.as_deref(),
            Some(&["place-centre-first".to_string()][..])
        );
        assert_eq!(
            replies[2].position.as_deref(),
            Some("..../...../....../....1.../..x.../...../.... o 1 x:r6c3k0u1l6P o:r7c3k0u0l6")
        );
        let mut g = Game::new();
        g.play(Turn::parse("c3 +d4").unwrap()).unwrap();
        assert_eq!(replies[3].nodes, Some(g.position().count_legal()));
        assert!(!replies[4].ok);
        assert_eq!(
            replies[5].error.as_ref().map(|e| e.kind.as_str()),
            Some("bad-turn")
        );
        assert_eq!(replies[6].id, 6);
    }

    #[test]
    fn oversized_request_lines_are_refused_and_the_session_goes_on() {
        let mut input = vec![b'x'; MAX_LINE + 10];
        input.push(b'\n');
        input.extend_from_slice(br#"{"id":9,"cmd":"legal"}"#);
        input.push(b'\n');
        let mut out = Vec::new();
        serve(&input[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].contains("longer than"));
        assert!(lines[1].starts_with(r#"{"id":9,"ok":true,"turns":["#));
    }
}
