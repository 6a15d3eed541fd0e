//! `hexodic-conformance`: the command-line harness.
#![forbid(unsafe_code)]

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cmd_play;

#[derive(Parser)]
#[command(
    name = "hexodic-conformance",
    version,
    about = "Rules conformance and fuzzing harness for Hexodic engines"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count legal turn sequences of a given length (N1); the last line is the bare total.
    Perft(cmd_play::PerftArgs),
    /// Play seeded random games and tally how they end and how often rare events happen.
    Play(cmd_play::PlayArgs),
    /// Show a position: diagram, legal-turn count, and the verdict on given turns.
    Explain(cmd_play::ExplainArgs),
    /// Speak the engine protocol (conformance/PROTOCOL.md) on stdin/stdout as the reference engine.
    Serve,
    /// A deliberately misbehaving engine, for testing the protocol client.
    #[command(hide = true)]
    FakeEngine {
        /// How it misbehaves.
        #[arg(long, value_enum)]
        mode: hexodic_conformance::fake::FakeMode,
        /// The request (0 = handshake) at which it misbehaves.
        #[arg(long, default_value_t = 1)]
        after: u64,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft(a) => cmd_play::perft(a),
        Command::Play(a) => cmd_play::play(a),
        Command::Explain(a) => cmd_play::explain(a),
        Command::FakeEngine { mode, after } => {
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            match hexodic_conformance::fake::run(mode, after, stdin, stdout) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        Command::Serve => {
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            match hexodic_conformance::serve::serve(stdin, stdout) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: serve: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
