//! `hexodic-conformance`: the command-line harness.
#![forbid(unsafe_code)]
#![deny(clippy::unwrap_used, clippy::expect_used)]

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cli;

#[derive(Parser)]
#[command(
    name = "hexodic-conformance",
    version,
    about = "Rules conformance and fuzzing harness for Hexodic engines"
)]
struct Cli {
    /// When to colour what is printed: `auto` on a terminal unless
    /// `NO_COLOR` is set, `always`, or `never`. Files are never coloured.
    #[arg(long, global = true, value_enum, default_value_t, value_name = "WHEN")]
    color: cli::colour::ColorChoice,
    #[command(subcommand)]
    command: Command,
}

// Parsed once per process: the size of its largest variant costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Run fixtures against an engine (files, folders or parts of ids; default: the whole corpus).
    Run(cli::run::RunArgs),
    /// Differential fuzzing: games steered to rare rules, engine against reference,
    /// with positions V1 must judge, probes for every reason code and questions after
    /// the end; a difference is shrunk and written as a fixture.
    Fuzz(cli::fuzz::FuzzArgs),
    /// Merge the JSON reports of the parts of one run (`run --partition K/N`)
    /// into the reports a single run writes.
    Merge(cli::merge::MergeArgs),
    /// Compare two builds' JSON reports: newly failing, fixed, failing
    /// differently, by fixture and by rule (exit 1 on a new or changed failure).
    Compare(cli::compare::CompareArgs),
    /// One page comparing several JSON reports (engines, or builds of one)
    /// by rule area and rule, with what changed between builds of one engine.
    Dashboard(cli::dashboard::DashboardArgs),
    /// Count legal turn sequences (N1); with --engine, compare and bisect.
    Perft(cli::perft::PerftArgs),
    /// Play seeded random games and tally how they end and how often rare events happen.
    Play(cli::play::PlayArgs),
    /// Show a position (diagram, pictures), play turns on it, list its legal turns.
    Explain(cli::explain::ExplainArgs),
    /// Write a fixture from a position and turns, with every check from the reference.
    Record(cli::record::RecordArgs),
    /// Write (or with --check, verify) the golden traces of fixtures from the reference.
    Bless(cli::corpus::BlessArgs),
    /// List each rule ID's fixtures on both sides; fail when a side is empty.
    Coverage(cli::corpus::CorpusArgs),
    /// Check every fixture's metadata, reason lists and that the schema files are current.
    Lint(cli::corpus::CorpusArgs),
    /// Write the corpus as a static site: the rules with their fixtures, a page per fixture.
    Catalogue(cli::catalogue::CatalogueArgs),
    /// Print the fixtures' JSON Schema.
    Schema(cli::corpus::SchemaArgs),
    /// Measure protocol round trips per second against an engine.
    BenchProtocol(cli::bench::BenchProtocolArgs),
    /// The reference engine speaking the protocol (conformance/PROTOCOL.md) on
    /// standard input and output.
    Serve,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli::colour::init(cli.color);
    // A process an engine started that outlives its parent comes back to
    // the tool, which ends it with the command (engine/reaper.rs).
    hexodic_engine::reaper::adopt_orphans();
    let code = match cli.command {
        Command::Run(a) => cli::run::run(a),
        Command::Compare(a) => cli::compare::run(a),
        Command::Dashboard(a) => cli::dashboard::run(a),
        Command::Fuzz(a) => cli::fuzz::run(a),
        Command::Merge(a) => cli::merge::run(a),
        Command::Perft(a) => cli::perft::perft_cmd(a),
        Command::Play(a) => cli::play::play(a),
        Command::Explain(a) => cli::explain::explain(a),
        Command::Record(a) => cli::record::run(a),
        Command::Bless(a) => cli::corpus::bless_cmd(a),
        Command::Coverage(a) => cli::corpus::coverage_cmd(a),
        Command::Lint(a) => cli::corpus::lint_cmd(a),
        Command::Catalogue(a) => cli::catalogue::run(a),
        Command::Schema(a) => cli::corpus::schema(a),
        Command::BenchProtocol(a) => cli::bench::bench_protocol(a),
        Command::Serve => {
            let mut engine = hexodic_engine::ReferenceEngine::new();
            match hexodic_engine::serve_stdio(&mut engine) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: serve: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    };
    hexodic_engine::reaper::end_adopted();
    code
}
