//! `fuzz`: differential fuzzing against the reference.

use super::common::{fail, interrupt_flag, outln, EngineArgs};
use hexodic_conformance::corpus::root_of;
use hexodic_conformance::fuzz::{
    fuzz_parallel, recording, repeat_command, Campaign, Finding, FuzzJson, FuzzOptions,
};
use hexodic_conformance::record::{record, RecordError};
use hexodic_conformance::report::text::visible;
use hexodic_conformance::run::{default_jobs, Exit, Partition};
use hexodic_io::paths;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
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
    /// Folder to write a finding's fixture to; inside a fixtures folder its
    /// id is its path there (default `fixtures/found`).
    #[arg(long, default_value = "fixtures/found")]
    out: PathBuf,
    /// Print the rule reach table (games in which each rule fired) even
    /// when a difference is found.
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

/// The fixtures folder and id of a finding written to `out` as `stem`.
fn place(out: &Path, stem: &str) -> (PathBuf, String) {
    let _ = std::fs::create_dir_all(out);
    match root_of(out) {
        Some(root) => {
            let abs = std::fs::canonicalize(out).unwrap_or_else(|_| out.to_path_buf());
            let rel = abs
                .strip_prefix(&root)
                .map(|r| r.to_string_lossy().replace('\\', "/"))
                .unwrap_or_default();
            let id = if rel.is_empty() {
                format!("found/{stem}")
            } else {
                format!("{rel}/{stem}")
            };
            (root, id)
        }
        None => {
            let parent = out
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
            let name = out
                .file_name()
                .map_or_else(|| "found".into(), |n| n.to_string_lossy().into_owned());
            (parent, format!("{name}/{stem}"))
        }
    }
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
    // The report may not land on a fixture of the corpus the findings go to.
    let mut plan = super::outputs::Plan::default();
    if let Some(root) = root_of(&a.out) {
        plan.corpus(&root);
    }
    plan.output("--json", a.json.as_deref());
    if let Err(e) = plan.check() {
        return fail(Exit::Usage, e);
    }
    let jobs = a.jobs.unwrap_or_else(default_jobs);
    let opened = match a.engine.open(t0, jobs) {
        Ok(o) => o,
        Err(e) => return fail(e.code, e.message),
    };
    for w in &opened.warnings {
        eprintln!("warning: {}", visible(w));
    }
    let info = opened.engine.info();
    let opts = FuzzOptions {
        seed,
        games: a.games,
        time: a.time,
        stop: Some(interrupt_flag()),
        deadline: a.engine.deadline(t0),
        partition: a.partition,
    };
    let part = a
        .partition
        .map(|p| format!(" --partition {p}"))
        .unwrap_or_default();
    eprintln!(
        "fuzzing {} with seed {seed}{part} (repeat with --seed {seed}{part})",
        visible(&info.label())
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
    let played = fuzz_parallel(&|| engines.make(), &opts, jobs, |i| {
        if i % 16 == 0 {
            bar.set_position(i);
        }
    });
    bar.finish_and_clear();
    let report = match played {
        Ok(r) => r,
        Err(i) => {
            let msg = format!(
                "the engine cannot be used: {}",
                visible(&i.kind.to_string())
            );
            return fail(Exit::Unusable, msg);
        }
    };
    let campaign = Campaign {
        seed,
        games: a.games,
        time_seconds: a.time.map(|t| t.as_secs_f64()),
        partition: a.partition,
    };
    let mut doc = FuzzJson::new(&report, &info, a.engine.engine.as_deref(), campaign);
    outln(doc.text(a.reach).trim_end());
    if let Some(finding) = &report.finding {
        let repeat = repeat_command(a.engine.engine.as_deref(), finding.game_seed);
        let fixture = write_finding(&a.out, finding, &info.label(), &repeat, a.force);
        if let Some(f) = doc.finding.as_mut() {
            f.fixture = fixture;
        }
    }
    if let Some(path) = &a.json {
        if let Err(e) = std::fs::write(path, doc.to_json()) {
            let msg = format!(
                "cannot write {}: {}",
                paths::shown(path),
                paths::io_words(&e)
            );
            return fail(Exit::Usage, msg);
        }
    }
    ExitCode::from(doc.exit())
}

/// How many names `write_finding` tries for one finding.
const MAX_NAMES: u32 = 100;

/// Write a finding as a fixture below `out`; the fixture's path as shown.
/// An existing fixture is never replaced without `force`: the next free
/// name is taken instead (`seed-S-2`, ...).
fn write_finding(
    out: &Path,
    finding: &Finding,
    engine: &str,
    repeat: &str,
    force: bool,
) -> Option<String> {
    let mut written = Err(RecordError::Check("no free fixture name".into()));
    for n in 1..=MAX_NAMES {
        let stem = match n {
            1 => format!("seed-{}", finding.game_seed),
            n => format!("seed-{}-{n}", finding.game_seed),
        };
        let (root, id) = place(out, &stem);
        written = record(&root, &recording(finding, &id, engine, repeat), force);
        if !matches!(written, Err(RecordError::Exists(_))) {
            break;
        }
    }
    match written {
        Ok(r) => {
            outln(&format!(
                "fixture written: {} (passes on the reference in {} variants; trace {})",
                paths::shown(&r.fixture),
                r.variants,
                paths::shown(&r.trace)
            ));
            Some(paths::shown(&r.fixture))
        }
        Err(e) => {
            eprintln!("error: the finding could not be written as a fixture: {e}");
            None
        }
    }
}
