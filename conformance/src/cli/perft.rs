//! `perft`: turn-sequence counts, of the reference or of an engine (with
//! the first differing count bisected).

use super::common::{fail, load_position, outln, EngineArgs};
use hexodic_conformance::diagnose::bisect_perft;
use hexodic_conformance::engine::{Capability, Engine};
use hexodic_conformance::oracle::Difference;
use hexodic_conformance::report::text::details;
use hexodic_conformance::run::Exit;
use hexodic_rules::{perft, Game, Setup, Turn};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `perft`.
#[derive(clap::Args)]
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
    #[command(flatten)]
    engine: EngineArgs,
}

fn perft_engine(a: &PerftArgs, game: &Game) -> ExitCode {
    let t0 = Instant::now();
    let mut opened = match a.engine.open(t0) {
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
    eprintln!("engine: {}", info.label());
    let start = Setup::from(game.position());
    let mut goto = |e: &mut dyn Engine, path: &[Turn]| {
        e.set_position(&start)?;
        for t in path {
            e.play(*t)?;
        }
        Ok(())
    };
    let result: Result<Result<u64, Difference>, hexodic_conformance::engine::Incident> = (|| {
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
            outln(&d.summary());
            outln(&format!("position: {}", start.to_notation()));
            for l in details(&d) {
                outln(&format!("  {l}"));
            }
            if let Difference::Perft { got, .. } = d {
                outln(&got.to_string());
            }
            ExitCode::from(Exit::Differs)
        }
        Err(i) => {
            let interrupted =
                super::common::interrupt_flag().load(std::sync::atomic::Ordering::Relaxed);
            let code = Exit::after_incident(&i.kind, interrupted);
            fail(code, format!("the engine could not finish: {}", i.kind))
        }
    }
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
    let total = if a.divide {
        let d = perft::divide(&game, a.depth);
        for (t, n) in &d {
            outln(&format!("{t}: {n}"));
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
    outln(&total.to_string());
    ExitCode::SUCCESS
}
