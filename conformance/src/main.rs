//! `hexodic-conformance`: the command-line harness.
#![forbid(unsafe_code)]
#![deny(clippy::unwrap_used, clippy::expect_used)]

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cmd_conf;
mod cmd_fuzz;
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
    /// Run fixtures (files, folders or id substrings; default: the whole corpus).
    Run(cmd_conf::RunArgs),
    /// List each rule ID's fixtures on both sides; fail when a side is empty.
    Coverage(cmd_conf::CorpusArgs),
    /// Check every fixture's metadata and that the schema file is current.
    Lint(cmd_conf::CorpusArgs),
    /// Print the fixtures' JSON Schema.
    Schema(cmd_conf::SchemaArgs),
    /// Differential fuzzing: random games steered to rare rules, engine versus reference;
    /// a difference is shrunk and written as a fixture.
    Fuzz(cmd_fuzz::FuzzArgs),
    /// Measure protocol round trips per second against an engine.
    BenchProtocol(cmd_fuzz::BenchProtocolArgs),
    /// Speak the engine protocol (conformance/PROTOCOL.md) on stdin/stdout as the reference engine.
    Serve {
        /// Test-only: run with one planted rule bug (see rules/src/planted.rs); needs a
        /// build with the planted-bugs feature.
        #[arg(long, hide = true, value_name = "BUG")]
        planted_bug: Option<hexodic_rules::planted::PlantedBug>,
    },
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
        Command::Run(a) => cmd_conf::run(a),
        Command::Coverage(a) => cmd_conf::coverage_cmd(a),
        Command::Lint(a) => cmd_conf::lint(a),
        Command::Schema(a) => cmd_conf::schema(a),
        Command::FakeEngine { mode, after } => {
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            match hexodic_conformance::fake::run(mode, after, stdin, stdout) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        Command::Fuzz(a) => cmd_fuzz::run(a),
        Command::BenchProtocol(a) => cmd_fuzz::bench_protocol(a),
        Command::Serve { planted_bug } => {
            if planted_bug.is_some() && !cfg!(feature = "planted-bugs") {
                eprintln!("error: --planted-bug needs a build with the planted-bugs feature");
                return ExitCode::from(2);
            }
            hexodic_rules::planted::plant(planted_bug);
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
