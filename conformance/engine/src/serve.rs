//! `serve`: any [`Engine`] speaking the protocol on an input and an output,
//! so the reference (or any in-process engine) can be used as an oracle by
//! any tool, and the protocol path is tested end to end.

use super::protocol::{
    CaptureKindsBody, Command, EngineId, ErrorBody, ErrorKind, Reply, Request, MAX_LINE,
    PROTOCOL_VERSION,
};
use super::{Capability, Engine, PlayReply, PositionReply};
use hexodic_io as wording;
use hexodic_rules::{CellSet, Setup, Turn};
use std::io::{BufRead, Write};

/// The deepest `perft` or `divide` served: deeper counts take days, and a
/// request for one is answered `unsupported` rather than tying the server up.
pub const MAX_SERVED_DEPTH: u32 = 6;

fn names(cells: CellSet) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

/// Answer one request. Returns the reply and whether the session ends.
///
/// A `perft` or `divide` deeper than [`MAX_SERVED_DEPTH`] is answered
/// `unsupported`.
///
/// One arm per command of the protocol: kept together so the whole protocol
/// reads in one place.
pub fn answer(engine: &mut dyn Engine, line: &str) -> (Reply, bool) {
    let req: Request = match serde_json::from_str(line) {
        Ok(r) => r,
        Err(e) => {
            // Recover the id if the line is at least an object with one.
            let id = serde_json::from_str::<serde_json::Value>(line)
                .ok()
                .and_then(|v| v.get("id").and_then(|i| i.as_u64()))
                .unwrap_or(0);
            let column = u32::try_from(e.column()).unwrap_or(u32::MAX);
            let place = wording::Place {
                found: None,
                ..wording::place(line, 1, column)
            };
            let words = wording::reader_error(wording::Reader::Json, &e.to_string(), &place);
            return (Reply::error(id, ErrorKind::BadRequest, words), false);
        }
    };
    let id = req.id;
    let info = engine.info();
    let caps = info.capabilities;
    let unsupported = |c: Capability| {
        Reply::error(
            id,
            ErrorKind::Unsupported,
            format!("this engine does not have `{c}`"),
        )
    };
    let internal = |e: super::Incident| Reply::error(id, ErrorKind::Internal, e.to_string());
    let reply = match req.command {
        Command::Hello { .. } => Reply {
            protocol: Some(PROTOCOL_VERSION),
            engine: Some(EngineId {
                name: info.name.clone(),
                version: info.version.clone(),
            }),
            capabilities: Some(caps.names()),
            pipelining: Some(true),
            ..Reply::ok(id)
        },
        Command::Position { position } => match Setup::from_notation(&position) {
            Err(e) => Reply::error(id, ErrorKind::BadPosition, e.to_string()),
            Ok(setup) => match engine.set_position(&setup) {
                Ok(PositionReply::Accepted) => Reply::ok(id),
                Ok(PositionReply::Invalid(codes)) => {
                    let listed: Vec<String> = codes
                        .iter()
                        .map(|c| format!("{c} ({})", c.rule()))
                        .collect();
                    Reply {
                        error: Some(ErrorBody {
                            kind: ErrorKind::InvalidPosition.name(),
                            message: format!("invalid position: {}", listed.join(", ")),
                            codes: caps
                                .has(Capability::ErrorCodes)
                                .then(|| codes.iter().map(|c| c.code()).collect()),
                        }),
                        ..Reply::error(id, ErrorKind::InvalidPosition, "")
                    }
                }
                Err(e) => internal(e),
            },
        },
        Command::Play { turn } => match Turn::parse(&turn) {
            Err(e) => Reply::error(id, ErrorKind::BadTurn, e.to_string()),
            Ok(t) => match engine.play(t) {
                Ok(PlayReply::Legal(p)) => Reply {
                    legal: Some(true),
                    position: Some(p.position.to_notation()),
                    captured: p
                        .captured
                        .filter(|_| caps.has(Capability::Captures))
                        .map(names),
                    capture_kinds: p.kinds.filter(|_| caps.has(Capability::CaptureKinds)).map(
                        |k| CaptureKindsBody {
                            by_move: k.by_move.map(|c| c.to_string()),
                            encircled: names(k.encircled),
                            echo: names(k.echo),
                        },
                    ),
                    ..Reply::ok(id)
                },
                Ok(PlayReply::Illegal(reasons)) => Reply {
                    legal: Some(false),
                    codes: caps
                        .has(Capability::ErrorCodes)
                        .then(|| reasons.iter().map(|r| r.code()).collect()),
                    ..Reply::ok(id)
                },
                Err(e) => internal(e),
            },
        },
        Command::Legal if !caps.has(Capability::LegalTurns) => unsupported(Capability::LegalTurns),
        Command::Legal => match engine.legal_turns() {
            Ok(list) => Reply {
                turns: Some(list),
                ..Reply::ok(id)
            },
            Err(e) => internal(e),
        },
        Command::Perft { .. } | Command::Divide { .. } if !caps.has(Capability::Perft) => {
            unsupported(Capability::Perft)
        }
        Command::Perft { depth } | Command::Divide { depth } if depth > MAX_SERVED_DEPTH => {
            Reply::error(
                id,
                ErrorKind::Unsupported,
                format!(
                    "depth {depth} is deeper than this engine counts (at most {MAX_SERVED_DEPTH})"
                ),
            )
        }
        Command::Perft { depth } => match engine.perft(depth) {
            Ok(n) => Reply {
                nodes: Some(n),
                ..Reply::ok(id)
            },
            Err(e) => internal(e),
        },
        Command::Divide { depth } => match engine.divide(depth) {
            Ok(list) => Reply {
                divide: Some(list.into_iter().map(|(t, n)| (t.to_string(), n)).collect()),
                ..Reply::ok(id)
            },
            Err(e) => internal(e),
        },
        Command::Quit => return (Reply::ok(id), true),
    };
    (reply, false)
}

/// Write one reply line and flush it (one write, so a reader never sees half a line).
pub fn write_reply(output: &mut impl Write, reply: &Reply) -> std::io::Result<()> {
    let mut line = reply.to_line();
    line.push('\n');
    output.write_all(line.as_bytes())?;
    output.flush()
}

/// Serve `engine` on this process's standard input and output, as
/// [`serve`] does. On unix, while a core is free (fewer engines run at once
/// than there are cores, as the harness says in `HEXODIC_JOBS`), each
/// request is waited for by a short spin before sleeping (see
/// `engine/spin.rs`): a request sent within microseconds of the last reply
/// is read without either process being put to sleep and woken.
pub fn serve_stdio(engine: &mut dyn Engine) -> std::io::Result<()> {
    let stdout = std::io::stdout().lock();
    #[cfg(unix)]
    let input = std::io::BufReader::new(super::spin::SpinningStdin::new(super::spin::serve_spin()));
    #[cfg(not(unix))]
    let input = std::io::stdin().lock();
    serve(engine, input, stdout)
}

/// Serve `engine` on `input` and `output` until `quit` or the end of the
/// input. A request line longer than [`MAX_LINE`] is answered with a
/// `bad-request` error and the session goes on.
///
/// The requests that one read of the input brings are answered together
/// and their replies written in one write: a harness that sends several
/// requests at once (`pipelining`, PROTOCOL.md) is woken once for all of
/// them, and one that waits for each reply gets it at once.
///
/// # Examples
///
/// ```
/// use hexodic_engine::{serve, ReferenceEngine};
/// let input = "{\"id\":0,\"cmd\":\"hello\",\"protocol\":1}\n{\"id\":1,\"cmd\":\"perft\",\"depth\":1}\n";
/// let mut output = Vec::new();
/// serve(&mut ReferenceEngine::new(), input.as_bytes(), &mut output).unwrap();
/// let text = String::from_utf8(output).unwrap();
/// assert!(text.lines().nth(1).unwrap().contains(r#""nodes":480"#));
/// ```
pub fn serve(
    engine: &mut dyn Engine,
    mut input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    let mut session = Session {
        line: Vec::new(),
        skipping: false,
        out: Vec::new(),
    };
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            // The end of the input: a last request without its line end is answered too.
            if !session.skipping && !session.line.is_empty() {
                let line = std::mem::take(&mut session.line);
                session.request(engine, &line);
            }
            return session.write(&mut output);
        }
        let (used, quit) = session.read(engine, chunk);
        input.consume(used);
        session.write(&mut output)?;
        if quit {
            return Ok(());
        }
    }
}

/// What `serve` holds between two reads of its input.
struct Session {
    /// The start of a request line whose end has not come yet.
    line: Vec<u8>,
    /// Inside a request line over [`MAX_LINE`] (already answered): its
    /// bytes are dropped up to its end.
    skipping: bool,
    /// Replies not written yet.
    out: Vec<u8>,
}

impl Session {
    /// Answer every request that `chunk` ends. Returns how much of it was
    /// used and whether `quit` came (what follows it is left unread).
    fn read(&mut self, engine: &mut dyn Engine, chunk: &[u8]) -> (usize, bool) {
        let mut start = 0;
        while let Some(i) = memchr::memchr(b'\n', &chunk[start..]) {
            let piece = &chunk[start..start + i];
            start += i + 1;
            if std::mem::take(&mut self.skipping) {
                continue;
            }
            let quit = if self.line.is_empty() {
                self.request(engine, piece)
            } else {
                self.line.extend_from_slice(piece);
                let line = std::mem::take(&mut self.line);
                self.request(engine, &line)
            };
            if quit {
                return (start, true);
            }
        }
        if !self.skipping {
            self.line.extend_from_slice(&chunk[start..]);
            if self.line.len() > MAX_LINE {
                self.line = Vec::new();
                self.skipping = true;
                self.oversized();
            }
        }
        (chunk.len(), false)
    }

    /// Answer one request line (its line end taken off). Returns whether
    /// the session ends.
    fn request(&mut self, engine: &mut dyn Engine, bytes: &[u8]) -> bool {
        if bytes.len() > MAX_LINE {
            self.oversized();
            return false;
        }
        let line = String::from_utf8_lossy(bytes);
        let line = line.trim();
        if line.is_empty() {
            return false;
        }
        let (reply, quit) = answer(engine, line);
        self.out.extend_from_slice(reply.to_line().as_bytes());
        self.out.push(b'\n');
        quit
    }

    /// The answer to a request line longer than [`MAX_LINE`].
    fn oversized(&mut self) {
        let reply = Reply::error(
            0,
            ErrorKind::BadRequest,
            format!("request line longer than {MAX_LINE} bytes"),
        );
        self.out.extend_from_slice(reply.to_line().as_bytes());
        self.out.push(b'\n');
    }

    /// Write the replies held, in one write, and flush them.
    fn write(&mut self, output: &mut impl Write) -> std::io::Result<()> {
        if self.out.is_empty() {
            return Ok(());
        }
        output.write_all(&self.out)?;
        self.out.clear();
        output.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::parse;
    use crate::{Capabilities, ReferenceEngine};

    fn session(input: &str) -> Vec<String> {
        let mut out = Vec::new();
        serve(&mut ReferenceEngine::new(), input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn a_session_reads_back_strictly() {
        let lines = session(concat!(
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
        ));
        assert_eq!(lines.len(), 7, "quit ends the session");
        let hello = parse::hello(&lines[0], 0).unwrap();
        assert_eq!(hello.capabilities, Capabilities::ALL);
        let PlayReply::Illegal(r) = parse::play(&lines[1], 1, Capabilities::ALL).unwrap() else {
            panic!()
        };
        assert_eq!(
            r.iter().map(|r| r.code()).collect::<Vec<_>>(),
            ["place-centre-first"]
        );
        assert!(parse::play(&lines[2], 2, Capabilities::ALL).is_ok());
        let mut g = hexodic_rules::Game::new();
        g.play(Turn::parse("c3 +d4").unwrap()).unwrap();
        assert_eq!(
            parse::perft(&lines[3], 3).unwrap(),
            g.position().count_legal()
        );
        assert!(lines[4].contains("bad-request"));
        assert!(lines[5].contains("bad-turn"));
        assert!(lines[6].starts_with(r#"{"id":6,"ok":true"#));
    }

    #[test]
    fn requests_split_across_reads_are_answered_as_whole_lines() {
        let input = concat!(
            r#"{"id":0,"cmd":"hello","protocol":1}"#,
            "\n\n",
            r#"{"id":1,"cmd":"play","turn":"c3 +d4"}"#,
            "\n",
            r#"{"id":2,"cmd":"legal"}"#,
            "\n",
            r#"{"id":3,"cmd":"quit"}"#,
            "\n",
            r#"{"id":4,"cmd":"legal"}"#,
            "\n"
        );
        let whole = session(input);
        assert_eq!(whole.len(), 4, "quit ends the session");
        assert_eq!(parse::hello(&whole[0], 0).map(|h| h.pipelining), Ok(true));
        // One byte per read: every request is still one line.
        for capacity in [1, 7, 64] {
            let mut out = Vec::new();
            let reader = std::io::BufReader::with_capacity(capacity, input.as_bytes());
            serve(&mut ReferenceEngine::new(), reader, &mut out).unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap().lines().collect::<Vec<_>>(),
                whole
            );
        }
        // A last request without its line end is answered too.
        let last = session(r#"{"id":5,"cmd":"perft","depth":1}"#);
        assert_eq!(parse::perft(&last[0], 5), Ok(480));
    }

    #[test]
    fn counts_deeper_than_the_limit_are_unsupported() {
        let deep = MAX_SERVED_DEPTH + 1;
        let lines = session(&format!(
            "{{\"id\":1,\"cmd\":\"perft\",\"depth\":{deep}}}\n{{\"id\":2,\"cmd\":\"divide\",\"depth\":4000000000}}\n{{\"id\":3,\"cmd\":\"perft\",\"depth\":1}}\n"
        ));
        assert_eq!(lines.len(), 3);
        for (id, line) in [(1, &lines[0]), (2, &lines[1])] {
            let Err(parse::ReplyError::Refused { kind, message }) = parse::perft(line, id) else {
                panic!("{line}")
            };
            assert_eq!(kind, ErrorKind::Unsupported);
            assert!(message.contains("at most 6"), "{message}");
        }
        assert_eq!(parse::perft(&lines[2], 3).unwrap(), 480);
    }

    #[test]
    fn oversized_request_lines_are_refused_and_the_session_goes_on() {
        let mut input = vec![b'x'; MAX_LINE + 10];
        input.push(b'\n');
        input.extend_from_slice(br#"{"id":9,"cmd":"legal"}"#);
        input.push(b'\n');
        let mut out = Vec::new();
        serve(&mut ReferenceEngine::new(), &input[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].contains("longer than"));
        assert_eq!(parse::legal(lines[1], 9).unwrap().len(), 480);
        // The same when the oversized line comes in many reads.
        let mut out = Vec::new();
        let reader = std::io::BufReader::with_capacity(4096, &input[..]);
        serve(&mut ReferenceEngine::new(), reader, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), text);
    }
}
