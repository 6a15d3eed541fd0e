//! The `perft`, `play` and `explain` commands.

use clap::Args;
use hexodic_conformance::tally::Tally;
use hexodic_rules::{perft, Game, Position, Turn};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::process::ExitCode;

/// Exit code for bad input (usage, position or turn text).
const EXIT_USAGE: u8 = 2;

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
}

pub fn perft(a: PerftArgs) -> ExitCode {
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
