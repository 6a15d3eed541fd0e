//! `play`: random games with a tally of their endings.

use super::common::{fail, load_position};
use hexodic_fuzzing::tally::{play_game, Tally};
use hexodic_report::Exit;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `play`.
#[derive(clap::Args)]
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

/// `play`.
pub fn play(a: PlayArgs) -> ExitCode {
    let game = match load_position(a.position.as_deref()) {
        Ok(g) => g,
        Err(e) => return fail(Exit::Usage, e),
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
    let start = Instant::now();
    for i in 0..a.games {
        let seed = a.seed.wrapping_add(i);
        match play_game(&game, seed, a.check) {
            Ok((g, stats)) => tally.add(&g, &stats),
            Err(e) => {
                bar.finish_and_clear();
                return fail(
                    Exit::Differs,
                    format!("invariant broken in the game with seed {seed}: {e}"),
                );
            }
        }
        if i % 256 == 0 {
            bar.set_position(i);
        }
    }
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    super::common::out(&tally.report());
    eprintln!(
        "{} games in {secs:.2} s ({:.0} games/s)",
        a.games,
        a.games as f64 / secs.max(1e-9)
    );
    ExitCode::SUCCESS
}
