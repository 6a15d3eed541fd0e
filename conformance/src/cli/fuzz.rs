//! `fuzz`: differential fuzzing against the reference, on stable Rust.

use super::common::{fail, interrupt_flag, outln, say, EngineArgs};
use super::outputs::Plan;
use hexodic_fuzzing::finding::write_finding;
use hexodic_fuzzing::{fuzz_on, FuzzOptions, Repeat};
use hexodic_harness::pool::Limits;
use hexodic_harness::run::default_jobs;
use hexodic_io::escape::terminal;
use hexodic_io::paths;
use hexodic_printer::fuzz::fuzz_text;
use hexodic_report::{Exit, Partition};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Arguments of `fuzz`.
#[derive(clap::Args)]
pub struct FuzzArgs {
    #[command(flatten)]
    engine: EngineArgs,
    /// Base seed (game i uses seed + i); printed so any run can be repeated.
    #[arg(long)]
    seed: Option<u64>,
    /// Fuzz for this long, for example `90s`, `5m` (default: 1000 games).
    #[arg(long, value_parser = super::common::parse_duration, conflicts_with = "games")]
    time: Option<Duration>,
    /// Stop after this many games.
    #[arg(long)]
    games: Option<u64>,
    /// The folder of your own fixtures a finding is written to, as
    /// `found/seed-<game seed>.yaml` with its golden trace (made when
    /// missing; `run --fixtures DIR` and `lint DIR` take it as it is).
    #[arg(long, default_value = "hexodic-findings", value_name = "DIR")]
    out: PathBuf,
    /// Expectations file of `run`: a difference whose signature it pins
    /// (its rules, kind and key) is known: counted, and the campaign goes
    /// on looking for a new one; only a new difference fails it.
    #[arg(long, value_name = "FILE")]
    expectations: Option<PathBuf>,
    /// Print the rule reach table (games in which each rule fired) even
    /// when a difference is found, then the reach of questions: per rule,
    /// how often each question testing it was asked (positions V1 accepts
    /// or refuses with each fault code, legal turns, each reason code, the
    /// legal list, each kind of capture, the probes after the end), and the
    /// questions never asked.
    #[arg(long)]
    reach: bool,
    /// Play on this many engine processes at once (default: the number of
    /// cores); the finding is the one a single process finds.
    #[arg(long, value_name = "N", value_parser = super::common::parse_jobs)]
    jobs: Option<usize>,
    /// Play only part K of N of the games (`2/3`): game i (seed + i) goes to
    /// part i mod N + 1, so N machines share a campaign; `--games` counts them all.
    #[arg(long, value_name = "K/N")]
    partition: Option<Partition>,
    /// Write a JSON report of the campaign (games, rule reach, incidents,
    /// the finding and its repeat line); `merge` puts several together.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Replace a fixture of the same name in `--out` (by default a finding
    /// whose name is taken is written under a new name: `seed-S-2`, ...).
    #[arg(long)]
    force: bool,
}

/// `fuzz`.
pub fn run(a: FuzzArgs) -> ExitCode {
    let t0 = Instant::now();
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0)
    });
    let mut plan = Plan::default();
    plan.corpus(&a.out);
    if let Some(e) = &a.expectations {
        plan.input(e);
    }
    plan.output("--json", a.json.as_deref());
    if let Err(e) = plan.check() {
        return fail(Exit::Usage, e);
    }
    let known = match super::common::known_signatures(a.expectations.as_deref()) {
        Ok(k) => k,
        Err(code) => return code,
    };
    let jobs = a.jobs.unwrap_or_else(default_jobs);
    let opened = match a.engine.open(t0, jobs) {
        Ok(o) => o,
        Err(e) => return fail(e.code, e.message),
    };
    for w in &opened.warnings {
        say("warning", terminal(w));
    }
    let info = opened.engine.info();
    let opts = FuzzOptions {
        seed,
        games: a.games,
        time: a.time,
        limits: Limits {
            deadline: a.engine.deadline(t0),
            stop: Some(interrupt_flag()),
            start_until: None,
        },
        partition: a.partition,
        jobs,
        known,
        command: a.engine.engine.clone(),
        repeat: Repeat::Command {
            engine: a.engine.engine.clone(),
            timeout: (a.engine.timeout != hexodic_engine::DEFAULT_TIMEOUT)
                .then(|| humantime::format_duration(a.engine.timeout).to_string()),
        },
    };
    let part = a
        .partition
        .map(|p| format!(" --partition {p}"))
        .unwrap_or_default();
    say(
        "notice",
        format!(
            "fuzzing {} with seed {seed}{part} (repeat with --seed {seed}{part})",
            terminal(&info.label())
        ),
    );
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new_spinner();
        if let Ok(style) = ProgressStyle::with_template("{spinner} {pos} games {per_sec} {elapsed}")
        {
            b.set_style(style);
        }
        b
    } else {
        ProgressBar::hidden()
    };
    let engines = super::engines::Engines::new(&a.engine, t0, jobs, opened);
    let played = fuzz_on(&|| engines.make(), &opts, &mut |i| {
        if i % 16 == 0 {
            bar.set_position(i);
        }
    });
    bar.finish_and_clear();
    let mut report = match played {
        Ok(r) => r,
        Err(i) => {
            let msg = format!(
                "the engine cannot be used: {}",
                terminal(&i.kind.to_string())
            );
            return fail(Exit::Unusable, msg);
        }
    };
    outln(fuzz_text(&report, a.reach, &super::colour::STYLES).trim_end());
    if a.reach {
        outln(hexodic_fuzzing::reach::questions_text(&report).trim_end());
    }
    let mut ok = true;
    if let Some(f) = report.finding.as_mut().filter(|f| !f.known) {
        match write_finding(&a.out, f, &info.label(), a.force) {
            Ok(r) => {
                outln(&format!(
                    "fixture written: {} (passes on the reference in {} variants; trace {}); run it with `hexodic-conformance run --fixtures {} {}`",
                    paths::shown(&r.fixture),
                    r.variants,
                    paths::shown(&r.trace),
                    paths::shown(&a.out),
                    r.id
                ));
                f.fixture = Some(paths::shown(&r.fixture));
            }
            Err(e) => {
                say(
                    "error",
                    format!("the finding could not be written as a fixture: {e}"),
                );
                ok = false;
            }
        }
    }
    if let Some(path) = &a.json {
        ok &= super::write::file(path, &report.to_json());
    }
    ExitCode::from(Exit::of_fuzz(&report).after_writing(ok))
}
