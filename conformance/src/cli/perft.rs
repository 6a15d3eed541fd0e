//! `perft`: turn-sequence counts, of the reference or of an engine (with
//! the first differing count bisected).

use super::common::{fail, known_signatures, load_position, outln, EngineArgs};
use super::outputs::Plan;
use hexodic_engine::{Capability, Engine, IncidentKind};
use hexodic_harness::diagnose::{bisect_perft, classify, explain};
use hexodic_io::paths;
use hexodic_report::{Difference, Divergence, Source};
use std::path::PathBuf;

use hexodic_io::escape::terminal as visible;
use hexodic_report::Exit;
use hexodic_rules::{perft, Game, Setup, Turn};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

/// The deepest `perft --depth`. From the start a ply multiplies the count by
/// about 500 (perft(3) = 114,828,774): at the measured 2.4 billion leaves/s
/// on one core (BENCHMARKS.md), depth 4 takes about half a minute and depth
/// 5 some hours; depth 6 would take months. `serve` counts at most
/// [`MAX_SERVED_DEPTH`](hexodic_engine::MAX_SERVED_DEPTH).
pub const MAX_DEPTH: u32 = 5;

/// `--depth`: from 1 to [`MAX_DEPTH`].
fn parse_depth(s: &str) -> Result<u32, String> {
    match s.trim().parse::<u32>() {
        Ok(d) if (1..=MAX_DEPTH).contains(&d) => Ok(d),
        Ok(d) if d > MAX_DEPTH => Err(format!(
            "`{s}` is deeper than perft counts: give 1 to {MAX_DEPTH} (each turn multiplies the count by about 500: depth {MAX_DEPTH} takes hours, depth {} months)",
            MAX_DEPTH + 1
        )),
        _ => Err(format!("`{s}` is not a depth: give a whole number from 1 to {MAX_DEPTH}")),
    }
}

/// Arguments of `perft`.
#[derive(clap::Args)]
pub struct PerftArgs {
    /// Depth in turns, 1 to 5 (each turn multiplies the count by about
    /// 500; `--max-time` stops a count that runs too long).
    #[arg(long, value_parser = parse_depth)]
    depth: u32,
    /// Start position in the one-line notation (default: the starting position).
    #[arg(long)]
    position: Option<String>,
    /// Print the count below each first turn.
    #[arg(long)]
    divide: bool,
    /// Expectations file of `run`: a difference in the counts whose
    /// signature it pins (the rules, kind and key of what the bisection
    /// finds) is known, reported as such with exit code 0; only a new or
    /// changed difference fails. Needs `--engine`.
    #[arg(long, value_name = "FILE", requires = "engine")]
    expectations: Option<PathBuf>,
    #[command(flatten)]
    engine: EngineArgs,
}

fn perft_engine(a: &PerftArgs, game: &Game) -> ExitCode {
    let t0 = Instant::now();
    let mut plan = Plan::default();
    if let Some(e) = &a.expectations {
        plan.input(e);
    }
    if let Err(e) = plan.check() {
        return fail(Exit::Usage, e);
    }
    let known = match known_signatures(a.expectations.as_deref()) {
        Ok(k) => k,
        Err(code) => return code,
    };
    let mut opened = match a.engine.open(t0, 1) {
        Ok(o) => o,
        Err(e) => return fail(e.code, e.message),
    };
    let engine = opened.engine.as_mut();
    let info = engine.info();
    if !info.capabilities.has(Capability::Perft) {
        return fail(
            Exit::Unusable,
            format!(
                "the engine {} does not declare the `perft` capability",
                info.label()
            ),
        );
    }
    eprintln!("engine: {}", visible(&info.label()));
    let start = Setup::from(game.position());
    let mut goto = |e: &mut dyn Engine, path: &[Turn]| {
        e.set_position(&start)?;
        for t in path {
            e.play(*t)?;
        }
        Ok(())
    };
    let result: Result<Result<u64, Difference>, hexodic_engine::Incident> = (|| {
        goto(engine, &[])?;
        let got = engine.perft(a.depth)?;
        let expected = perft::perft(game, a.depth);
        if got == expected {
            return Ok(Ok(expected));
        }
        let (path, below) = bisect_perft(engine, info.capabilities, game, a.depth, &mut goto)?;
        Ok(Err(Difference::Perft {
            depth: a.depth,
            expected,
            got,
            path,
            below: below.map(Box::new),
        }))
    })();
    match result {
        Ok(Ok(n)) => {
            outln(&format!("perft({}) agrees with the reference", a.depth));
            outln(&n.to_string());
            ExitCode::SUCCESS
        }
        Ok(Err(d)) => {
            let mut div = Divergence::new(0, 0, None, Source::Trace, d);
            div.before = Some(start);
            explain(&mut div);
            let classification = classify(&div);
            let signature = classification.signature(0);
            let is_known = known.iter().any(|k| k.same_difference(&signature));
            outln(&div.summary);
            outln(&format!("position: {}", start.to_notation()));
            for l in &div.details {
                outln(&format!("  {l}"));
            }
            outln(&format!("cause: {}", visible(&classification.heading())));
            if is_known {
                outln(&format!(
                    "known: {} pins this difference ({signature})",
                    a.expectations
                        .as_deref()
                        .map_or_else(String::new, paths::shown)
                ));
            }
            if let Difference::Perft { got, .. } = div.difference {
                outln(&got.to_string());
            }
            ExitCode::from(Exit::of_perft_difference(is_known))
        }
        Err(i) => {
            let interrupted =
                super::common::interrupt_flag().load(std::sync::atomic::Ordering::Relaxed);
            let code = Exit::after_incident(&i.kind, interrupted);
            let hint = match i.kind {
                IncidentKind::Timeout { .. } => format!(
                    " (a count at depth {} may take an engine longer: raise `--timeout`, which bounds each request, perft included)",
                    a.depth
                ),
                _ => String::new(),
            };
            fail(
                code,
                format!(
                    "the engine could not finish: {}{hint}",
                    visible(&i.kind.to_string())
                ),
            )
        }
    }
}

/// The count below each first turn, one first turn at a time, with progress
/// on a terminal; `None` when the deadline passes or Ctrl-C is pressed first.
fn count_by_first_turn(
    game: &Game,
    depth: u32,
    deadline: Option<Instant>,
) -> Option<Vec<(Turn, u64)>> {
    let stop = super::common::interrupt_flag();
    let turns = game.position().legal_turns();
    let bar = if std::io::stderr().is_terminal() && depth >= 4 {
        let b = ProgressBar::new(turns.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{pos}/{len} first turns [{elapsed}, about {eta} left]")
        {
            b.set_style(style);
        }
        b
    } else {
        ProgressBar::hidden()
    };
    let mut counts = Vec::with_capacity(turns.len());
    for t in turns {
        if stop.load(std::sync::atomic::Ordering::Relaxed)
            || deadline.is_some_and(|d| Instant::now() >= d)
        {
            bar.finish_and_clear();
            return None;
        }
        let mut next = game.clone();
        next.play_legal(t);
        counts.push((t, perft::perft(&next, depth - 1)));
        bar.inc(1);
    }
    bar.finish_and_clear();
    Some(counts)
}

/// `perft`.
pub fn perft_cmd(a: PerftArgs) -> ExitCode {
    let game = match load_position(a.position.as_deref()) {
        Ok(g) => g,
        Err(e) => return fail(Exit::Usage, e),
    };
    if a.engine.engine.is_some() {
        return perft_engine(&a, &game);
    }
    let start = Instant::now();
    let Some(counts) = count_by_first_turn(&game, a.depth, a.engine.deadline(start)) else {
        let interrupted =
            super::common::interrupt_flag().load(std::sync::atomic::Ordering::Relaxed);
        let (code, why) = if interrupted {
            (Exit::Interrupted, "interrupted")
        } else {
            (Exit::Incomplete, "the time limit (--max-time) ran out")
        };
        return fail(code, format!("perft({}) not finished: {why}", a.depth));
    };
    if a.divide {
        for (t, n) in &counts {
            outln(&format!("{t}: {n}"));
        }
    }
    let total = counts.iter().map(|(_, n)| n).sum::<u64>();
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "perft({}) = {total} in {secs:.3} s ({:.1} M leaves/s)",
        a.depth,
        total as f64 / secs.max(1e-9) / 1e6
    );
    outln(&total.to_string());
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_past_the_limit_are_refused_with_the_reason() {
        assert_eq!(parse_depth("3"), Ok(3));
        assert_eq!(parse_depth(&MAX_DEPTH.to_string()), Ok(MAX_DEPTH));
        let deep = parse_depth("100").unwrap_err();
        assert!(
            deep.contains("deeper than perft counts") && deep.contains("months"),
            "{deep}"
        );
        assert!(parse_depth("0").unwrap_err().contains("from 1"));
        assert!(parse_depth("-1").is_err());
    }

    #[test]
    fn counting_by_first_turn_is_perft() {
        let game = Game::new();
        let counts = count_by_first_turn(&game, 2, None).unwrap();
        assert_eq!(
            counts.iter().map(|(_, n)| n).sum::<u64>(),
            perft::perft(&game, 2)
        );
        assert_eq!(counts, perft::divide(&game, 2));
        let past = Instant::now();
        assert_eq!(count_by_first_turn(&game, 2, Some(past)), None);
    }
}
