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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft(a) => cmd_play::perft(a),
        Command::Play(a) => cmd_play::play(a),
        Command::Explain(a) => cmd_play::explain(a),
    }
}
