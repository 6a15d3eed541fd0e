//! `hexodic-test-engine`: a test engine over the protocol, for the
//! harness's end-to-end tests (never shipped).
//!
//! ```text
//! hexodic-test-engine [--bug NAME] [--fault NAME] [--misbehave MODE] [--after N]
//! ```
//!
//! Without `--bug` or `--fault` it serves the testkit's model with no bug
//! (`--reference` serves the reference engine instead). `--misbehave`
//! takes a mode of `hexodic_e2e::wire::Misbehave`, from request `--after`
//! on (default 1; 0 is the handshake).
#![forbid(unsafe_code)]

use hexodic_conformance::engine::{Engine, ReferenceEngine};
use hexodic_e2e::wire::{serve, Misbehave};
use hexodic_e2e::{Bug, ModelEngine, ReplyFault};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut bug = None;
    let mut fault = None;
    let mut mode = Misbehave::None;
    let mut after = 1;
    let mut reference = false;
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
            "--reference" => {
                reference = true;
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
    match serve(engine.as_mut(), &mode, after, stdin, stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
