//! The `fuzz` command: differential fuzzing of an engine against the
//! reference, on stable Rust.

use clap::Args;
use hexodic_conformance::difffuzz::{fixture_yaml, fuzz, FuzzOptions};
use hexodic_conformance::engine::{Engine, ReferenceEngine};
use hexodic_conformance::external::ExternalEngine;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `fuzz`.
#[derive(Args)]
pub struct FuzzArgs {
    /// The engine under test: a command speaking conformance/PROTOCOL.md
    /// (default: the built-in reference, a self-check).
    #[arg(long, value_name = "CMD")]
    engine: Option<String>,
    /// Base seed (game i uses seed + i); printed so any run can be repeated.
    #[arg(long)]
    seed: Option<u64>,
    /// Stop after this long, for example `90s`, `5m` (default: 1000 games).
    #[arg(long, value_parser = parse_duration, conflicts_with = "games")]
    time: Option<Duration>,
    /// Stop after this many games.
    #[arg(long)]
    games: Option<u64>,
    /// Folder to write the finding's fixture to (its id is `found/<name>`
    /// when the folder is `fixtures/found`).
    #[arg(long, default_value = "fixtures/found")]
    out: PathBuf,
    /// Per-request timeout for the engine, in milliseconds.
    #[arg(long, default_value_t = 5000)]
    timeout_ms: u64,
}

fn parse_duration(s: &str) -> Result<Duration, String> {
    let (num, unit) = s.split_at(
        s.find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(s.len()),
    );
    let n: f64 = num
        .parse()
        .map_err(|_| format!("`{s}` is not a duration such as 30s or 5m"))?;
    let secs = match unit {
        "" | "s" => n,
        "ms" => n / 1000.0,
        "m" => n * 60.0,
        "h" => n * 3600.0,
        _ => return Err(format!("`{s}`: unknown unit `{unit}` (ms, s, m, h)")),
    };
    Ok(Duration::from_secs_f64(secs))
}

/// The id of a fixture written to `out` with file stem `stem`: the path
/// below the `fixtures` folder when `out` is inside one, else `found/<stem>`.
fn fixture_id(out: &std::path::Path, stem: &str) -> String {
    let parts: Vec<String> = out
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    match parts.iter().rposition(|p| p == "fixtures") {
        Some(i) if i + 1 < parts.len() => format!("{}/{stem}", parts[i + 1..].join("/")),
        _ => format!("found/{stem}"),
    }
}

pub fn run(a: FuzzArgs) -> ExitCode {
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0)
    });
    let mut engine: Box<dyn Engine> = match &a.engine {
        None => Box::new(ReferenceEngine::new()),
        Some(cmd) => match ExternalEngine::start(cmd, Duration::from_millis(a.timeout_ms)) {
            Ok(e) => Box::new(e),
            Err(e) => {
                eprintln!("error: engine unusable: {e}");
                return ExitCode::from(3);
            }
        },
    };
    let info = engine.info();
    let games = if a.time.is_none() && a.games.is_none() {
        Some(1000)
    } else {
        a.games
    };
    let opts = FuzzOptions {
        seed,
        games,
        time: a.time,
    };
    eprintln!(
        "fuzzing {} {} with seed {seed} (repeat with --seed {seed})",
        info.name, info.version
    );
    let bar = if std::io::stderr().is_terminal() {
        let b = match games {
            Some(n) => ProgressBar::new(n),
            None => ProgressBar::new_spinner(),
        };
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos} games {per_sec} {elapsed}")
        {
            b.set_style(style);
        }
        b
    } else {
        ProgressBar::hidden()
    };
    let t0 = std::time::Instant::now();
    let report = fuzz(engine.as_mut(), &opts, |i| {
        if i % 16 == 0 {
            bar.set_position(i);
        }
    });
    bar.finish_and_clear();
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "games: {} ({:.0} games/s), turns: {}",
        report.games,
        report.games as f64 / secs.max(1e-9),
        report.turns
    );
    println!("rule reach (games in which each rule fired, per 1000 games):");
    for r in hexodic_rules::registry::RULES
        .iter()
        .filter(|r| !r.id.starts_with('I') && r.id != "RS1")
    {
        let n = report.reach.get(r.id).copied().unwrap_or(0);
        let per = if report.games == 0 {
            0.0
        } else {
            n as f64 * 1000.0 / report.games as f64
        };
        println!("  {:<4} {:>8} {:>8.1}", r.id, n, per);
    }
    for f in &report.engine_failures {
        println!("engine failure: {f}");
    }
    let Some(finding) = report.finding else {
        println!("no difference found");
        return ExitCode::SUCCESS;
    };
    println!(
        "difference found (game seed {}): {}",
        finding.game_seed, finding.difference.what
    );
    println!("start: {}", finding.start);
    println!("turns: {}", finding.turns.join(" ; "));
    let stem = format!("seed-{}", finding.game_seed);
    let id = fixture_id(&a.out, &stem);
    let cmd = format!("hexodic-conformance fuzz --seed {seed}");
    let yaml = fixture_yaml(
        &finding,
        &id,
        &format!("{} {}", info.name, info.version),
        &cmd,
    );
    let path = a.out.join(format!("{stem}.yaml"));
    match std::fs::create_dir_all(&a.out).and_then(|_| std::fs::write(&path, yaml)) {
        Ok(()) => println!("fixture written: {}", path.display()),
        Err(e) => eprintln!("error: cannot write {}: {e}", path.display()),
    }
    ExitCode::from(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_ids() {
        assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert!(parse_duration("soon").is_err());
        assert_eq!(
            fixture_id(std::path::Path::new("fixtures/found"), "a"),
            "found/a"
        );
        assert_eq!(
            fixture_id(std::path::Path::new("/x/fixtures/turn/new"), "a"),
            "turn/new/a"
        );
        assert_eq!(fixture_id(std::path::Path::new("/tmp/out"), "a"), "found/a");
    }
}

/// Arguments of `bench-protocol`.
#[derive(Args)]
pub struct BenchProtocolArgs {
    /// The engine: a command speaking conformance/PROTOCOL.md.
    #[arg(long, value_name = "CMD")]
    engine: String,
    /// Number of requests (alternating `position` and `play`).
    #[arg(long, default_value_t = 20_000)]
    requests: u64,
}

/// Measure protocol round trips per second against an engine.
pub fn bench_protocol(a: BenchProtocolArgs) -> ExitCode {
    use hexodic_conformance::protocol::Command;
    let mut engine = match ExternalEngine::start(&a.engine, Duration::from_secs(10)) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: engine unusable: {e}");
            return ExitCode::from(3);
        }
    };
    let start = hexodic_rules::Position::start().to_notation();
    let t0 = std::time::Instant::now();
    for i in 0..a.requests {
        let cmd = if i % 2 == 0 {
            Command::Position {
                position: start.clone(),
            }
        } else {
            Command::Play {
                turn: "c3 +d4".into(),
            }
        };
        if let Err(e) = engine.process_mut().request(cmd) {
            eprintln!("error: request {i}: {e}");
            return ExitCode::from(3);
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "{} requests in {secs:.3} s: {:.0} requests/s, {:.1} us per round trip",
        a.requests,
        a.requests as f64 / secs.max(1e-9),
        secs * 1e6 / a.requests.max(1) as f64
    );
    ExitCode::SUCCESS
}
