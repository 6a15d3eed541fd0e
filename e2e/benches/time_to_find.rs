//! Time to find: `fuzz` against each test engine with one planted bug,
//! through the protocol (as against any engine build), reporting the games
//! and seconds until the first difference and the rule it implicates, as a
//! Markdown table for `fuzz/README.md`. A benchmark, not a test: the numbers
//! depend on the machine.
//!
//! ```text
//! cargo bench -p hexodic-e2e --bench time_to_find            # every bug, seed 1, at most 60 s each
//! cargo bench -p hexodic-e2e --bench time_to_find -- 3 cap   # seed 3, bugs whose name holds `cap`
//! ```

use hexodic_e2e::Bug;
use hexodic_engine::{ExternalEngine, ProcessOptions};
use hexodic_fuzzing::{fuzz, FuzzOptions};
use std::time::{Duration, Instant};

const LIMIT: Duration = Duration::from_secs(60);

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let seed: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(1);
    let filter = args.get(1).cloned().unwrap_or_default();
    let engine_bin = env!("CARGO_BIN_EXE_hexodic-test-engine");
    println!("| bug | rule | games | seconds | implicated rules |");
    println!("| --- | --- | ---: | ---: | --- |");
    let mut worst = Duration::ZERO;
    for bug in Bug::ALL
        .iter()
        .filter(|b| b.name().contains(filter.as_str()))
    {
        let cmd = format!("{engine_bin} --bug {}", bug.name());
        let mut engine = match ExternalEngine::start(&cmd, ProcessOptions::default()) {
            Ok(e) => e,
            Err(e) => {
                println!(
                    "| {bug} | {} | - | - | engine unusable: {e} |",
                    bug.rules()[0]
                );
                continue;
            }
        };
        let opts = FuzzOptions {
            seed,
            time: Some(LIMIT),
            ..FuzzOptions::default()
        };
        let t0 = Instant::now();
        let report = fuzz(&mut engine, &opts, &mut |_| {});
        let took = t0.elapsed();
        worst = worst.max(took);
        match &report.finding {
            Some(f) => println!(
                "| {bug} | {} | {} | {:.2} | {} |",
                bug.rules()[0],
                report.games,
                took.as_secs_f64(),
                f.divergence.implicated.join(", ")
            ),
            None => println!(
                "| {bug} | {} | {} | not found in {} s | |",
                bug.rules()[0],
                report.games,
                LIMIT.as_secs()
            ),
        }
    }
    eprintln!(
        "slowest: {:.2} s (including shrinking)",
        worst.as_secs_f64()
    );
}
