//! `hexodic-test-engine`: a test engine over the protocol, for the
//! harness's end-to-end tests (never shipped).
//!
//! ```text
//! hexodic-test-engine [--bug NAME] [--fault NAME] [--misbehave MODE] [--after N] [--delay-ms N] [--one-at-a-time]
//! ```
//!
//! Without `--bug` or `--fault` it serves the testkit's model with no bug
//! (`--reference` serves the reference engine instead). `--misbehave`
//! takes a mode of `hexodic_e2e::wire::Misbehave`, from request `--after`
//! on (default 1; 0 is the handshake). `--delay-ms N` waits N ms before
//! every reply, like an engine in a slow language (for benchmarks); it
//! goes with any bug or mode. `--one-at-a-time` leaves `pipelining` out
//! of the handshake, so the harness waits for each reply before the next
//! request.
#![forbid(unsafe_code)]

use hexodic_e2e::wire::{serve, Misbehave};
use hexodic_e2e::{Bug, ModelEngine, ReplyFault};
use hexodic_engine::{Engine, EngineInfo, EngineResult, PlayReply, PositionReply, ReferenceEngine};
use hexodic_rules::{Setup, Turn};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut bug = None;
    let mut fault = None;
    let mut mode = Misbehave::None;
    let mut after = 1;
    let mut reference = false;
    let mut delay = None;
    let mut pipelining = true;
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--bug" => bug = Bug::from_name(&value),
            "--fault" => fault = ReplyFault::from_name(&value),
            "--misbehave" => match Misbehave::parse(&value) {
                Some(m) => mode = m,
                None => {
                    eprintln!("unknown mode `{value}`");
                    return ExitCode::from(2);
                }
            },
            "--after" => after = value.parse().unwrap_or(1),
            "--delay-ms" => match value.parse() {
                Ok(ms) => delay = Some(std::time::Duration::from_millis(ms)),
                Err(_) => {
                    eprintln!("--delay-ms takes a number of milliseconds, not `{value}`");
                    return ExitCode::from(2);
                }
            },
            "--reference" => {
                reference = true;
                i += 1;
                continue;
            }
            "--one-at-a-time" => {
                pipelining = false;
                i += 1;
                continue;
            }
            other => {
                eprintln!("unknown argument `{other}`");
                return ExitCode::from(2);
            }
        }
        if args[i] == "--bug" && bug.is_none() {
            eprintln!("unknown bug `{value}`");
            return ExitCode::from(2);
        }
        i += 2;
    }
    let mut engine: Box<dyn Engine> = if reference {
        Box::new(ReferenceEngine::new())
    } else {
        Box::new(ModelEngine::new(bug, fault))
    };
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    let served = match delay {
        Some(d) => serve(
            &mut Delayed(engine.as_mut(), d),
            &mode,
            after,
            pipelining,
            stdin,
            stdout,
        ),
        None => serve(engine.as_mut(), &mode, after, pipelining, stdin, stdout),
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

/// An engine that waits before every answer.
struct Delayed<'a>(&'a mut dyn Engine, std::time::Duration);

impl Delayed<'_> {
    fn wait<T>(&mut self, f: impl FnOnce(&mut dyn Engine) -> T) -> T {
        std::thread::sleep(self.1);
        f(self.0)
    }
}

impl Engine for Delayed<'_> {
    fn info(&self) -> EngineInfo {
        self.0.info()
    }
    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        self.wait(|e| e.set_position(position))
    }
    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        self.wait(|e| e.play(turn))
    }
    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        self.wait(|e| e.legal_turns())
    }
    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        self.wait(|e| e.perft(depth))
    }
    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        self.wait(|e| e.divide(depth))
    }
}
