//! An engine program driven through the protocol, as an [`Engine`]: the
//! handshake, strict reading of every reply ([`protocol::parse`]), and a
//! restart after an incident. Misbehaviour comes back as an [`Incident`]
//! with the request and that process's standard error.

use super::process::{EngineProcess, ProcessOptions};
use super::protocol::parse::{self, Declared, ReplyError};
use super::protocol::{Command, PROTOCOL_VERSION};
use super::transcript::{Exchange, Recorder, Transcript};
use super::transport::Transport;
use super::{
    one_at_a_time, Answer, Ask, Capabilities, Capability, CommandError, Engine, EngineCommand,
    EngineInfo, EngineResult, Incident, IncidentKind, PlayReply, PositionReply, ProtocolFault,
};
use hexodic_rules::{Setup, Turn};

/// Why an engine could not be started.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The command line cannot be used.
    #[error(transparent)]
    Command(#[from] CommandError),
    /// The process could not be started or its handshake failed.
    #[error(transparent)]
    Incident(#[from] Incident),
}

/// An engine in another process speaking `conformance/PROTOCOL.md`.
pub struct ExternalEngine {
    process: EngineProcess,
    info: EngineInfo,
    /// Capabilities the engine seems to have meant without declaring them
    /// rightly: their checks are skipped, their fields ignored.
    guessed: Capabilities,
    warnings: Vec<String>,
    /// Protocol faults beside clear verdicts (the verdicts judged): each
    /// fault's words, how many replies carried it and the first request.
    beside: Vec<(String, u64, String)>,
    /// The fixture's exchange, when one is being recorded.
    recorder: Recorder,
    /// The first handshake, that a replayed transcript opens with.
    hello: Option<Exchange>,
    /// Whether the engine declared `pipelining`: a batch of requests
    /// ([`Engine::pipeline`]) is then sent at once.
    pipelining: bool,
}

impl ExternalEngine {
    /// Start the engine and shake hands.
    ///
    /// The command is split as [`EngineCommand::parse`] describes.
    pub fn start(command: &str, options: ProcessOptions) -> Result<ExternalEngine, StartError> {
        let command = EngineCommand::parse(command)?;
        let mut engine = ExternalEngine {
            process: EngineProcess::new(command, options),
            info: EngineInfo {
                name: String::new(),
                version: String::new(),
                capabilities: Capabilities::NONE,
            },
            guessed: Capabilities::NONE,
            warnings: Vec::new(),
            beside: Vec::new(),
            recorder: Recorder::default(),
            hello: None,
            pipelining: false,
        };
        let hello = engine.handshake()?;
        engine.pipelining = hello.pipelining;
        let mut caps = hello.capabilities;
        let mut ignored: Vec<&str> = Vec::new();
        for (name, near) in &hello.unknown {
            match near {
                Some(k) if !engine.guessed.has(*k) => {
                    engine.warnings.push(format!(
                        "the engine declares the unknown capability `{name}`; did you mean `{k}`? (the checks of {} are skipped, and those fields of its replies ignored, until it declares `{k}`)",
                        k.checks()
                    ));
                    engine.guessed = engine.guessed.with(*k);
                }
                _ => ignored.push(name),
            }
        }
        if let Some(w) = unknown_capabilities(&ignored) {
            engine.warnings.push(w);
        }
        if caps.has(Capability::CaptureKinds) && !caps.has(Capability::Captures) {
            engine.warnings.push(
                "the engine declares `capture_kinds` without `captures`; both are treated as missing".into(),
            );
            caps = caps.without(Capability::CaptureKinds);
            engine.guessed = engine.guessed.with(Capability::CaptureKinds);
        }
        engine.info = EngineInfo {
            name: hello.name,
            version: hello.version,
            capabilities: caps,
        };
        Ok(engine)
    }

    /// Warnings about the engine's handshake (unknown capabilities).
    pub fn handshake_warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The process: starts, timing.
    pub fn process(&self) -> &EngineProcess {
        &self.process
    }

    /// Start the process and read its handshake.
    fn handshake(&mut self) -> Result<parse::Hello, Incident> {
        self.process.start()?;
        let (id, request, line) = self
            .sent(Command::Hello {
                protocol: PROTOCOL_VERSION,
            })
            .map_err(|i| match i.kind {
                IncidentKind::Stopped => i,
                _ => Incident {
                    kind: IncidentKind::Handshake {
                        reason: i.kind.to_string(),
                    },
                    ..i
                },
            })?;
        if self.hello.is_none() {
            self.hello = Some(Exchange {
                request: request.clone(),
                reply: Some(line.clone()),
            });
        }
        let fail = |me: &mut Self, reason: String| {
            let stderr = me.process.stderr_tail();
            me.process.kill();
            Incident {
                kind: IncidentKind::Handshake { reason },
                request: request.clone(),
                stderr,
            }
        };
        let hello = match parse::hello(&line, id) {
            Ok(h) => h,
            Err(ReplyError::Fault(f)) => return Err(fail(self, f.to_string())),
            Err(ReplyError::Refused { kind, message }) => {
                return Err(fail(
                    self,
                    format!("it answered {}: {message}", kind.name()),
                ))
            }
        };
        if hello.protocol != PROTOCOL_VERSION {
            let reason = format!(
                "the engine speaks protocol {}, the harness speaks {PROTOCOL_VERSION}",
                hello.protocol
            );
            return Err(fail(self, reason));
        }
        Ok(hello)
    }

    /// Make sure a process is running, restarting it (with a handshake that
    /// must match the first) after an incident.
    fn ensure(&mut self) -> Result<(), Incident> {
        if self.process.is_running() {
            return Ok(());
        }
        let hello = self.handshake()?;
        self.pipelining = hello.pipelining;
        let same_caps = hello.capabilities.without(Capability::CaptureKinds)
            == self.info.capabilities.without(Capability::CaptureKinds);
        if (hello.name.as_str(), hello.version.as_str()) != (&self.info.name, &self.info.version)
            || !same_caps
        {
            self.process.kill();
            let restarted = EngineInfo {
                name: hello.name,
                version: hello.version,
                capabilities: hello.capabilities,
            };
            return Err(Incident::new(IncidentKind::Handshake {
                reason: format!(
                    "the restarted engine is {} with [{}], not {} with [{}]",
                    restarted.label(),
                    restarted.capabilities.names().join(", "),
                    self.info.label(),
                    self.info.capabilities.names().join(", ")
                ),
            }));
        }
        Ok(())
    }

    /// Send one request, noting it and its reply in the record.
    fn sent(&mut self, command: Command) -> Result<(u64, String, String), Incident> {
        match self.process.request(command) {
            Ok((id, sent, line)) => {
                self.recorder.note(&sent, Some(&line));
                Ok((id, sent, line))
            }
            Err(i) => {
                if !i.request.is_empty() {
                    self.recorder.note(&i.request, None);
                }
                Err(i)
            }
        }
    }

    /// One request, its reply read by `read`.
    fn call<T>(
        &mut self,
        command: Command,
        read: impl FnOnce(&str, u64, Declared) -> Result<T, ReplyError>,
    ) -> EngineResult<T> {
        self.ensure()?;
        let (id, sent, line) = self.sent(command)?;
        self.judge(&sent, &line, id, read)
    }

    /// Read the reply `line` to the request `sent` (id `id`) with `read`:
    /// a reply that cannot be used is an incident, and the process is
    /// stopped.
    fn judge<T>(
        &mut self,
        sent: &str,
        line: &str,
        id: u64,
        read: impl FnOnce(&str, u64, Declared) -> Result<T, ReplyError>,
    ) -> EngineResult<T> {
        let declared = Declared {
            caps: self.info.capabilities,
            guessed: self.guessed,
        };
        match read(line, id, declared) {
            Ok(v) => Ok(v),
            Err(e) => {
                let stderr = self.process.stderr_tail();
                // After a bad reply the two sides may be out of step: start afresh.
                self.process.kill();
                let kind = match e {
                    ReplyError::Fault(fault) => IncidentKind::Protocol {
                        fault: Box::new(fault),
                        reply: super::shorten(line, 300),
                    },
                    ReplyError::Refused { kind, message } => IncidentKind::Refused {
                        kind: kind.name().into(),
                        message,
                    },
                };
                Err(Incident {
                    kind,
                    request: sent.to_owned(),
                    stderr,
                })
            }
        }
    }

    /// Note the faults beside a clear verdict of the reply to `turn`.
    fn note_beside(&mut self, turn: Turn, faults: Vec<ProtocolFault>) {
        for fault in faults {
            let words = fault.to_string();
            let kinds = self.beside.len();
            match self.beside.iter_mut().find(|(w, _, _)| *w == words) {
                Some(seen) => seen.1 += 1,
                None if kinds < BESIDE_KINDS => {
                    self.beside.push((words, 1, format!("play {turn}")));
                }
                // Past a few, faults are counted with the last one.
                None => {
                    if let Some(last) = self.beside.last_mut() {
                        last.0 = "and other faults of this kind".into();
                        last.1 += 1;
                    }
                }
            }
        }
    }

    /// Send `asks` at once and read their replies (the engine declared
    /// `pipelining`).
    fn pipelined(&mut self, asks: &[Ask]) -> EngineResult<Vec<Answer>> {
        self.ensure()?;
        let commands = asks.iter().map(command).collect();
        let replies = match self.process.requests(commands) {
            Ok(r) => r,
            Err(i) => {
                if !i.request.is_empty() {
                    self.recorder.note(&i.request, None);
                }
                return Err(i);
            }
        };
        let mut answers = Vec::with_capacity(asks.len());
        for (ask, (id, sent, line)) in asks.iter().zip(replies) {
            self.recorder.note(&sent, Some(&line));
            answers.push(match ask {
                Ask::Position(_) => {
                    Answer::Position(self.judge(&sent, &line, id, parse::position_reply)?)
                }
                Ask::Play(turn) => {
                    let read = self.judge(&sent, &line, id, parse::play_read)?;
                    self.note_beside(*turn, read.beside);
                    Answer::Play(read.reply)
                }
                Ask::Legal => {
                    Answer::Legal(self.judge(&sent, &line, id, |l, id, _| parse::legal(l, id))?)
                }
                Ask::Perft(_) => {
                    Answer::Perft(self.judge(&sent, &line, id, |l, id, _| parse::perft(l, id))?)
                }
            });
        }
        Ok(answers)
    }
}

/// The protocol request of an [`Ask`].
fn command(ask: &Ask) -> Command {
    match ask {
        Ask::Position(position) => Command::Position {
            position: position.to_notation(),
        },
        Ask::Play(turn) => Command::Play {
            turn: turn.to_string(),
        },
        Ask::Legal => Command::Legal,
        Ask::Perft(depth) => Command::Perft { depth: *depth },
    }
}

impl Engine for ExternalEngine {
    fn info(&self) -> EngineInfo {
        self.info.clone()
    }

    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        let command = Command::Position {
            position: position.to_notation(),
        };
        self.call(command, parse::position_reply)
    }

    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        let command = Command::Play {
            turn: turn.to_string(),
        };
        let read = self.call(command, parse::play_read)?;
        self.note_beside(turn, read.beside);
        Ok(read.reply)
    }

    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        self.call(Command::Legal, |l, id, _| parse::legal(l, id))
    }

    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        self.call(Command::Perft { depth }, |l, id, _| parse::perft(l, id))
    }

    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        self.call(Command::Divide { depth }, |l, id, _| parse::divide(l, id))
    }
}

/// How many different faults beside clear verdicts are told apart; the
/// rest are counted together.
const BESIDE_KINDS: usize = 5;

/// How many unknown capability names one warning lists.
const NAMES_SHOWN: usize = 5;

/// One warning for every unknown capability without a likely meaning: the
/// count and the first few names, however many the engine declares.
fn unknown_capabilities(names: &[&str]) -> Option<String> {
    let (first, rest) = names.split_at(names.len().min(NAMES_SHOWN));
    let listed: Vec<String> = first.iter().map(|n| format!("`{n}`")).collect();
    match (first.len(), rest.len()) {
        (0, _) => None,
        (1, _) => Some(format!(
            "the engine declares the unknown capability {} (ignored)",
            listed[0]
        )),
        (_, 0) => Some(format!(
            "the engine declares {} unknown capabilities (ignored): {}",
            names.len(),
            listed.join(", ")
        )),
        (_, more) => Some(format!(
            "the engine declares {} unknown capabilities (ignored): {} and {more} more",
            names.len(),
            listed.join(", ")
        )),
    }
}

impl Transport for ExternalEngine {
    /// With `pipelining` declared.
    fn pipelines(&self) -> bool {
        self.pipelining
    }

    fn pipeline(&mut self, asks: &[Ask]) -> EngineResult<Vec<Answer>> {
        if self.pipelining && asks.len() > 1 {
            self.pipelined(asks)
        } else {
            one_at_a_time(self, asks)
        }
    }

    /// The handshake's warnings, then a note on slow replies if there were any.
    fn warnings(&self) -> Vec<String> {
        let slow = self
            .process
            .stats()
            .lock()
            .ok()
            .and_then(|st| st.slow_note());
        let beside = self.beside.iter().map(|(words, n, first)| {
            format!(
                "protocol fault beside a clear verdict in {n} repl{} (the verdict was judged, \
                 the known reason codes with it): {words}; first to `{first}`",
                if *n == 1 { "y" } else { "ies" }
            )
        });
        self.warnings
            .iter()
            .cloned()
            .chain(beside)
            .chain(slow)
            .collect()
    }

    fn begin_transcript(&mut self) {
        self.recorder.begin();
    }

    fn take_transcript(&mut self) -> Option<Transcript> {
        self.recorder.take(self.hello.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_of_unknown_capabilities_is_one_warning_with_the_count() {
        let names: Vec<String> = (0..300_000).map(|i| format!("cap{i}")).collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let w = unknown_capabilities(&refs).unwrap();
        assert!(w.contains("300000 unknown capabilities"), "{w}");
        assert!(
            w.contains("`cap4` and 299995 more") && !w.contains("cap5`"),
            "{w}"
        );
        assert_eq!(unknown_capabilities(&[]), None);
        assert!(unknown_capabilities(&["x"])
            .unwrap()
            .contains("capability `x`"));
    }
}
