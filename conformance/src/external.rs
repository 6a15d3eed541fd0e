//! The client side of the protocol: an engine running as a separate
//! process, kept alive across requests, with a per-request timeout, restart
//! after a crash or hang, a bounded copy of its standard error, and bounded
//! reply lines.

use crate::engine::{Capabilities, CaptureKinds, Engine, EngineError, EngineInfo, PlayReply};
use crate::protocol::{
    Command, EngineId, Reply, Request, CAP_CAPTURE_KINDS, CAP_ERROR_CODES, CAP_LEGAL_TURNS,
    CAP_PERFT, MAX_LINE, PROTOCOL_VERSION,
};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How much of the engine's standard error is kept (the tail).
pub const STDERR_KEEP: usize = 64 * 1024;

/// Why a request to an external engine did not get a usable reply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// The command line is empty or cannot be split.
    #[error("bad engine command `{0}`")]
    BadCommand(String),
    /// The process could not be started.
    #[error("engine could not be started: {0}")]
    Spawn(String),
    /// The engine speaks another protocol version, or its handshake is wrong.
    #[error("engine unusable: {0}")]
    Unusable(String),
    /// No reply within the timeout; the process was killed.
    #[error("engine did not reply within {0} ms (killed; it will be restarted)")]
    Timeout(u64),
    /// The process exited or closed its output.
    #[error("engine exited ({status}); last standard error: {stderr}")]
    Crashed {
        /// Exit status as text.
        status: String,
        /// The tail of its standard error.
        stderr: String,
    },
    /// A reply line longer than [`MAX_LINE`].
    #[error("engine sent a line of more than {0} bytes")]
    Oversized(usize),
    /// A reply that is not JSON, not of the expected shape, or for another id.
    #[error("malformed reply: {0}")]
    Malformed(String),
    /// The engine answered `"ok": false`.
    #[error("engine error {kind}: {message}")]
    Refused {
        /// The error kind.
        kind: String,
        /// Its message.
        message: String,
        /// Fault codes, for `invalid-position`.
        codes: Vec<String>,
    },
}

enum LineMsg {
    Line(String),
    Oversized(usize),
    Eof,
    Error(String),
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<LineMsg>,
}

/// The handshake's answer.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Hello {
    /// Name and version.
    pub engine: EngineId,
    /// Capabilities.
    pub capabilities: Vec<String>,
}

/// A crash, hang or protocol failure, recorded for the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incident {
    /// What happened.
    pub error: ProtocolError,
    /// The request that was being answered.
    pub request: String,
}

/// An engine process speaking the protocol.
pub struct EngineProcess {
    argv: Vec<String>,
    timeout: Duration,
    running: Option<Running>,
    next_id: u64,
    hello: Option<Hello>,
    stderr: Arc<Mutex<VecDeque<u8>>>,
    /// Every crash, hang and protocol failure so far.
    pub incidents: Vec<Incident>,
    /// Times the process was started.
    pub starts: u32,
}

/// Split a command line the way a POSIX shell would (quotes and backslashes).
pub fn split_command(cmd: &str) -> Result<Vec<String>, ProtocolError> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut have = false;
    let mut chars = cmd.chars();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, c) if c.is_whitespace() => {
                if have {
                    out.push(std::mem::take(&mut cur));
                    have = false;
                }
            }
            (None, '\'') | (None, '"') => {
                quote = Some(c);
                have = true;
            }
            (Some(q), c) if c == q => quote = None,
            (Some('\''), c) => cur.push(c),
            (_, '\\') => match chars.next() {
                Some(n) => {
                    cur.push(n);
                    have = true;
                }
                None => return Err(ProtocolError::BadCommand(cmd.to_owned())),
            },
            (_, c) => {
                cur.push(c);
                have = true;
            }
        }
    }
    if quote.is_some() {
        return Err(ProtocolError::BadCommand(cmd.to_owned()));
    }
    if have {
        out.push(cur);
    }
    if out.is_empty() {
        return Err(ProtocolError::BadCommand(cmd.to_owned()));
    }
    Ok(out)
}

fn read_lines(out: impl Read, tx: mpsc::Sender<LineMsg>) {
    let mut r = BufReader::with_capacity(64 * 1024, out);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let mut limited = (&mut r).take(MAX_LINE as u64 + 1);
        match limited.read_until(b'\n', &mut buf) {
            Ok(0) => {
                let _ = tx.send(LineMsg::Eof);
                return;
            }
            Ok(_) => {
                if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
                    let mut skipped = buf.len();
                    // Drain the rest of the line.
                    loop {
                        buf.clear();
                        let mut l = (&mut r).take(1 << 20);
                        match l.read_until(b'\n', &mut buf) {
                            Ok(0) | Err(_) => break,
                            Ok(n) => {
                                skipped += n;
                                if buf.last() == Some(&b'\n') {
                                    break;
                                }
                            }
                        }
                    }
                    if tx.send(LineMsg::Oversized(skipped)).is_err() {
                        return;
                    }
                    continue;
                }
                let msg = match String::from_utf8(std::mem::take(&mut buf)) {
                    Ok(s) => LineMsg::Line(s),
                    Err(_) => LineMsg::Error("reply is not UTF-8".into()),
                };
                if tx.send(msg).is_err() {
                    return;
                }
            }
            Err(e) => {
                let _ = tx.send(LineMsg::Error(e.to_string()));
                return;
            }
        }
    }
}

fn keep_stderr(err: impl Read, keep: Arc<Mutex<VecDeque<u8>>>) {
    let mut r = BufReader::new(err);
    let mut chunk = [0u8; 8192];
    loop {
        match r.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                if let Ok(mut q) = keep.lock() {
                    q.extend(&chunk[..n]);
                    let excess = q.len().saturating_sub(STDERR_KEEP);
                    q.drain(..excess);
                }
            }
        }
    }
}

impl EngineProcess {
    /// An engine to be started from a command line (split like a shell
    /// would); nothing runs until the first request.
    pub fn new(command: &str, timeout: Duration) -> Result<Self, ProtocolError> {
        Ok(EngineProcess {
            argv: split_command(command)?,
            timeout,
            running: None,
            next_id: 0,
            hello: None,
            stderr: Arc::new(Mutex::new(VecDeque::new())),
            incidents: Vec::new(),
            starts: 0,
        })
    }

    /// The tail of the engine's standard error.
    pub fn stderr_tail(&self) -> String {
        match self.stderr.lock() {
            Ok(q) => {
                let (a, b) = q.as_slices();
                let mut v = a.to_vec();
                v.extend_from_slice(b);
                String::from_utf8_lossy(&v).into_owned()
            }
            Err(_) => String::new(),
        }
    }

    /// The handshake's answer, starting the engine if needed.
    pub fn hello(&mut self) -> Result<Hello, ProtocolError> {
        self.ensure_started()?;
        Ok(self.hello.clone().unwrap_or_default())
    }

    fn start(&mut self) -> Result<(), ProtocolError> {
        let (prog, args) = self
            .argv
            .split_first()
            .ok_or_else(|| ProtocolError::BadCommand(String::new()))?;
        let mut child = Process::new(prog)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| ProtocolError::Spawn(format!("{prog}: {e}")))?;
        self.starts += 1;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| ProtocolError::Spawn("no stdin".into()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| ProtocolError::Spawn("no stdout".into()))?;
        if let Some(err) = child.stderr.take() {
            let keep = Arc::clone(&self.stderr);
            std::thread::spawn(move || keep_stderr(err, keep));
        }
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || read_lines(stdout, tx));
        self.running = Some(Running {
            child,
            stdin,
            lines: rx,
        });
        let reply = self.exchange(Command::Hello {
            protocol: PROTOCOL_VERSION,
        })?;
        if reply.protocol != Some(PROTOCOL_VERSION) {
            let e = ProtocolError::Unusable(format!(
                "engine speaks protocol {}, the harness speaks {PROTOCOL_VERSION}",
                reply
                    .protocol
                    .map_or("(none)".to_string(), |v| v.to_string())
            ));
            self.kill();
            return Err(e);
        }
        self.hello = Some(Hello {
            engine: reply.engine.unwrap_or_default(),
            capabilities: reply.capabilities.unwrap_or_default(),
        });
        Ok(())
    }

    fn ensure_started(&mut self) -> Result<(), ProtocolError> {
        if self.running.is_none() {
            self.start()?;
        }
        Ok(())
    }

    /// Stop the process (it is started again by the next request).
    pub fn kill(&mut self) {
        if let Some(mut r) = self.running.take() {
            let _ = r.child.kill();
            let _ = r.child.wait();
        }
    }

    fn fail(&mut self, error: ProtocolError, request: &str) -> ProtocolError {
        self.kill();
        self.incidents.push(Incident {
            error: error.clone(),
            request: request.to_owned(),
        });
        error
    }

    fn exchange(&mut self, command: Command) -> Result<Reply, ProtocolError> {
        let id = self.next_id;
        self.next_id += 1;
        let line = serde_json::to_string(&Request { id, command })
            .map_err(|e| ProtocolError::Malformed(e.to_string()))?;
        let Some(run) = self.running.as_mut() else {
            return Err(ProtocolError::Spawn("engine not running".into()));
        };
        // One write per request, so the engine never wakes to half a line.
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        let sent = run.stdin.write_all(&bytes).and_then(|_| run.stdin.flush());
        if sent.is_err() {
            let e = self.crash_error();
            return Err(self.fail(e, &line));
        }
        let msg = match run.lines.recv_timeout(self.timeout) {
            Ok(m) => m,
            Err(RecvTimeoutError::Timeout) => {
                let e = ProtocolError::Timeout(self.timeout.as_millis() as u64);
                return Err(self.fail(e, &line));
            }
            Err(RecvTimeoutError::Disconnected) => LineMsg::Eof,
        };
        let text = match msg {
            LineMsg::Line(t) => t,
            LineMsg::Oversized(n) => {
                return Err(self.fail(ProtocolError::Oversized(n.max(MAX_LINE)), &line))
            }
            LineMsg::Error(e) => return Err(self.fail(ProtocolError::Malformed(e), &line)),
            LineMsg::Eof => {
                let e = self.crash_error();
                return Err(self.fail(e, &line));
            }
        };
        let reply: Reply = match serde_json::from_str(text.trim()) {
            Ok(r) => r,
            Err(e) => {
                let shown: String = text.chars().take(200).collect();
                return Err(self.fail(ProtocolError::Malformed(format!("{e}: `{shown}`")), &line));
            }
        };
        if reply.id != id {
            let e = ProtocolError::Malformed(format!("reply id {} to request id {id}", reply.id));
            return Err(self.fail(e, &line));
        }
        if !reply.ok {
            let (kind, message, codes) = reply
                .error
                .map(|e| (e.kind, e.message, e.codes.unwrap_or_default()))
                .unwrap_or_else(|| ("unknown".into(), String::new(), Vec::new()));
            return Err(ProtocolError::Refused {
                kind,
                message,
                codes,
            });
        }
        Ok(reply)
    }

    fn crash_error(&mut self) -> ProtocolError {
        let status = match self.running.as_mut() {
            Some(r) => {
                // Give the process a moment to finish exiting.
                let mut status = None;
                for _ in 0..50 {
                    if let Ok(Some(s)) = r.child.try_wait() {
                        status = Some(s);
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(2));
                }
                status.map_or("closed its output".to_string(), |s| s.to_string())
            }
            None => "not running".into(),
        };
        // Let the stderr reader catch up with what the process wrote last.
        std::thread::sleep(Duration::from_millis(20));
        let tail = self.stderr_tail();
        let tail: String = tail
            .chars()
            .rev()
            .take(2000)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        ProtocolError::Crashed {
            status,
            stderr: tail,
        }
    }

    /// Send one command (starting the engine first if needed) and return its reply.
    pub fn request(&mut self, command: Command) -> Result<Reply, ProtocolError> {
        self.ensure_started()?;
        self.exchange(command)
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Some(r) = self.running.as_mut() {
            let _ = writeln!(r.stdin, r#"{{"id":{},"cmd":"quit"}}"#, self.next_id);
            let _ = r.stdin.flush();
        }
        self.kill();
    }
}

/// An engine in another process, driven through the protocol, as an [`Engine`].
/// The handshake happens when it is started; a crash or hang during a
/// request is an [`EngineError::Failure`] for that request, recorded in
/// [`EngineProcess::incidents`], and the next request restarts the process.
pub struct ExternalEngine {
    process: EngineProcess,
    info: EngineInfo,
}

impl ExternalEngine {
    /// Start the engine and shake hands.
    pub fn start(command: &str, timeout: Duration) -> Result<ExternalEngine, ProtocolError> {
        let mut process = EngineProcess::new(command, timeout)?;
        let hello = process.hello()?;
        let has = |c: &str| hello.capabilities.iter().any(|x| x == c);
        let info = EngineInfo {
            name: hello.engine.name.clone(),
            version: hello.engine.version.clone(),
            capabilities: Capabilities {
                legal_turns: has(CAP_LEGAL_TURNS),
                error_codes: has(CAP_ERROR_CODES),
                perft: has(CAP_PERFT),
                capture_kinds: has(CAP_CAPTURE_KINDS),
            },
        };
        Ok(ExternalEngine { process, info })
    }

    /// The process behind it: incidents, standard error, restarts.
    pub fn process(&self) -> &EngineProcess {
        &self.process
    }

    /// The process behind it, to send raw commands.
    pub fn process_mut(&mut self) -> &mut EngineProcess {
        &mut self.process
    }
}

fn failure(e: ProtocolError) -> EngineError {
    EngineError::Failure(e.to_string())
}

impl Engine for ExternalEngine {
    fn info(&self) -> EngineInfo {
        self.info.clone()
    }

    fn set_position(&mut self, one_line: &str) -> Result<(), EngineError> {
        match self.process.request(Command::Position {
            position: one_line.to_owned(),
        }) {
            Ok(_) => Ok(()),
            Err(ProtocolError::Refused {
                kind,
                message,
                codes,
            }) => Err(match kind.as_str() {
                "bad-position" => EngineError::BadPosition(message),
                "invalid-position" => EngineError::InvalidPosition { codes, message },
                _ => EngineError::Failure(format!("engine error {kind}: {message}")),
            }),
            Err(e) => Err(failure(e)),
        }
    }

    fn play(&mut self, turn: &str) -> Result<PlayReply, EngineError> {
        let reply = match self.process.request(Command::Play {
            turn: turn.to_owned(),
        }) {
            Ok(r) => r,
            Err(ProtocolError::Refused { kind, message, .. }) if kind == "bad-turn" => {
                return Err(EngineError::BadTurn(message))
            }
            Err(e) => return Err(failure(e)),
        };
        match reply.legal {
            Some(true) => {
                let position = reply.position.ok_or_else(|| {
                    EngineError::Failure("malformed reply: legal play without `position`".into())
                })?;
                Ok(PlayReply::Legal {
                    position,
                    captured: reply.captured.unwrap_or_default(),
                    kinds: reply.capture_kinds.map(|k| CaptureKinds {
                        by_move: k.by_move,
                        encircled: k.encircled,
                        echo: k.echo,
                    }),
                })
            }
            Some(false) => Ok(PlayReply::Illegal {
                codes: reply.codes.unwrap_or_default(),
            }),
            None => Err(EngineError::Failure(
                "malformed reply: play reply without `legal`".into(),
            )),
        }
    }

    fn legal_turns(&mut self) -> Result<Vec<String>, EngineError> {
        if !self.info.capabilities.legal_turns {
            return Err(EngineError::Unsupported("legal_turns"));
        }
        self.process
            .request(Command::Legal)
            .map_err(failure)?
            .turns
            .ok_or_else(|| EngineError::Failure("malformed reply: legal without `turns`".into()))
    }

    fn perft(&mut self, depth: u32) -> Result<u64, EngineError> {
        if !self.info.capabilities.perft {
            return Err(EngineError::Unsupported("perft"));
        }
        self.process
            .request(Command::Perft { depth })
            .map_err(failure)?
            .nodes
            .ok_or_else(|| EngineError::Failure("malformed reply: perft without `nodes`".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(
            split_command(r#"node "my dir/a.js" --x 'b c' d\ e"#).unwrap(),
            ["node", "my dir/a.js", "--x", "b c", "d e"]
        );
        assert!(split_command("   ").is_err());
        assert!(split_command("a 'b").is_err());
    }
}
