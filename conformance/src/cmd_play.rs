//! The `perft`, `play` and `explain` commands.

use clap::Args;
use hexodic_conformance::tally::Tally;
use hexodic_rules::{perft, Game, Position, Turn};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::process::ExitCode;

/// Exit code for bad input (usage, position or turn text).
const EXIT_USAGE: u8 = 2;
/// Exit code when the engine under test cannot be used.
const EXIT_ENGINE: u8 = 3;

fn load_position(text: Option<&str>) -> Result<Game, String> {
    match text {
        None => Ok(Game::new()),
        Some(s) => Position::from_notation(s.trim())
            .map(Game::from_position)
            .map_err(|e| format!("error: --position: {e}")),
    }
}

/// Arguments of `perft`.
#[derive(Args)]
pub struct PerftArgs {
    /// Depth in turns.
    #[arg(long)]
    depth: u32,
    /// Start position in the one-line notation (default: the starting position).
    #[arg(long)]
    position: Option<String>,
    /// Print the count below each first turn.
    #[arg(long)]
    divide: bool,
    /// Compare an external engine (a command speaking conformance/PROTOCOL.md) with the
    /// reference; on a difference, bisect with divide to the first disagreeing turn sequence.
    #[arg(long, value_name = "CMD")]
    engine: Option<String>,
    /// Per-request timeout for the engine, in milliseconds.
    #[arg(long, default_value_t = 60_000)]
    timeout_ms: u64,
}

fn perft_engine(a: &PerftArgs, cmd: &str) -> ExitCode {
    use hexodic_conformance::perft_diff::{compare, PerftComparison, ReferenceOracle};
    let start = match &a.position {
        Some(p) => p.trim().to_owned(),
        None => Position::start().to_notation(),
    };
    if let Err(e) = Position::from_notation(&start) {
        eprintln!("error: --position: {e}");
        return ExitCode::from(EXIT_USAGE);
    }
    let mut engine = match hexodic_conformance::external::EngineProcess::new(
        cmd,
        std::time::Duration::from_millis(a.timeout_ms),
    ) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: --engine: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    match engine.hello() {
        Ok(h) if h.capabilities.iter().any(|c| c == "perft") => {
            eprintln!("engine: {} {}", h.engine.name, h.engine.version);
        }
        Ok(h) => {
            eprintln!(
                "error: engine {} does not offer the perft capability",
                h.engine.name
            );
            return ExitCode::from(EXIT_ENGINE);
        }
        Err(e) => {
            eprintln!("error: engine unusable: {e}");
            return ExitCode::from(EXIT_ENGINE);
        }
    }
    match compare(&mut ReferenceOracle, &mut engine, &start, a.depth) {
        Ok(PerftComparison::Same(n)) => {
            println!("perft({}) agrees with the reference", a.depth);
            println!("{n}");
            ExitCode::SUCCESS
        }
        Ok(PerftComparison::Differ {
            reference,
            engine,
            at,
        }) => {
            println!(
                "perft({}) differs: reference {reference}, engine {engine}",
                a.depth
            );
            println!("position: {start}");
            if at.path.is_empty() {
                println!(
                    "first disagreement at the position itself (depth {})",
                    at.depth
                );
            } else {
                println!("first disagreement after: {}", at.path.join(" ; "));
                println!("remaining depth: {}", at.depth);
            }
            for t in &at.missing {
                println!("  legal in the reference, missing from the engine: {t}");
            }
            for t in &at.extra {
                println!("  listed by the engine, not legal in the reference: {t}");
            }
            if let Some((t, r, e)) = &at.first_differing {
                println!("  below {t}: reference {r}, engine {e}");
            }
            println!("{engine}");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EXIT_ENGINE)
        }
    }
}

pub fn perft(a: PerftArgs) -> ExitCode {
    if let Some(cmd) = a.engine.clone() {
        return perft_engine(&a, &cmd);
    }
    let game = match load_position(a.position.as_deref()) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let start = std::time::Instant::now();
    let total = if a.divide {
        let d = perft::divide(&game, a.depth);
        for (t, n) in &d {
            println!("{t}: {n}");
        }
        d.iter().map(|(_, n)| n).sum::<u64>()
    } else {
        perft::perft(&game, a.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "perft({}) = {total} in {secs:.3} s ({:.1} M leaves/s)",
        a.depth,
        total as f64 / secs.max(1e-9) / 1e6
    );
    println!("{total}");
    ExitCode::SUCCESS
}

/// Arguments of `play`.
#[derive(Args)]
pub struct PlayArgs {
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed; game `i` uses seed `S + i`, so the same seed gives the same output.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Run the invariant checker (I1-I9) after every turn.
    #[arg(long)]
    check: bool,
    /// Start position in the one-line notation (default: the starting position).
    #[arg(long)]
    position: Option<String>,
}

pub fn play(a: PlayArgs) -> ExitCode {
    let game = match load_position(a.position.as_deref()) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new(a.games);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}")
        {
            b.set_style(style);
        }
        b
    } else {
        ProgressBar::hidden()
    };
    let mut tally = Tally::default();
    let start = std::time::Instant::now();
    for i in 0..a.games {
        let seed = a.seed.wrapping_add(i);
        match hexodic_conformance::tally::play_game(&game, seed, a.check) {
            Ok((g, stats)) => tally.add(&g, &stats),
            Err(e) => {
                bar.finish_and_clear();
                eprintln!("invariant broken in game with seed {seed}: {e}");
                return ExitCode::FAILURE;
            }
        }
        if i % 256 == 0 {
            bar.set_position(i);
        }
    }
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    print!("{}", tally.report());
    eprintln!(
        "{} games in {secs:.2} s ({:.0} games/s)",
        a.games,
        a.games as f64 / secs.max(1e-9)
    );
    ExitCode::SUCCESS
}

/// Arguments of `explain`.
#[derive(Args)]
pub struct ExplainArgs {
    /// Start position in the one-line notation (default: the starting position).
    #[arg(long)]
    position: Option<String>,
    /// Turns to play in order, in the turn notation; an illegal one is reported and skipped.
    turns: Vec<String>,
    /// List every legal turn at the end.
    #[arg(long)]
    list: bool,
}

pub fn explain(a: ExplainArgs) -> ExitCode {
    let mut game = match load_position(a.position.as_deref()) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    println!("{}", game.position().diagram());
    for text in &a.turns {
        let turn = match Turn::parse(text) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: turn `{text}`: {e}");
                return ExitCode::from(EXIT_USAGE);
            }
        };
        match game.play(turn) {
            Ok(rep) => {
                println!("{turn}: legal; captured {:?}", rep.captured());
                println!("{}", game.position().diagram());
            }
            Err(e) => println!("{turn}: {e}"),
        }
    }
    let p = game.position();
    println!("position: {}", p.to_notation());
    match p.outcome() {
        Some(o) => println!("outcome: {o}"),
        None => println!("legal turns: {}", p.count_legal()),
    }
    if a.list {
        for t in p.legal_turns() {
            println!("  {t}");
        }
    }
    ExitCode::SUCCESS
}
