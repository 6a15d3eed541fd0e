//! What the commands share: durations, engines, interrupts, and printing
//! that ends quietly when the reader closes the pipe.

use hexodic_engine::{
    ExternalEngine, InProcess, Incident, IncidentKind, ProcessOptions, ReferenceEngine,
    RequestStats, StartError, Transport,
};
use hexodic_harness::run::Expectations;
use hexodic_report::{Exit, Signature};
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The signatures the expectations file at `path` pins (none without a
/// file), or the exit: how `fuzz` and `perft` tell a known difference.
pub fn known_signatures(path: Option<&std::path::Path>) -> Result<Vec<Signature>, ExitCode> {
    let Some(path) = path else {
        return Ok(Vec::new());
    };
    let e = Expectations::load(path).map_err(|e| fail(Exit::Usage, e))?;
    if !e.current {
        say(
            "notice",
            format!(
                "{} pins signatures of an earlier harness: none counts as known here; `run --update-expectations` records them anew",
                hexodic_io::paths::shown(path)
            ),
        );
        return Ok(Vec::new());
    }
    Ok(e.entries
        .values()
        .filter_map(|x| x.signature.clone())
        .collect())
}

/// Parse a duration: `30s`, `500ms`, `5m`, `1h`, or a plain number of
/// seconds; units may be combined (`1m 30s`) and numbers may have a
/// fraction (`1.5s`), as `humantime` reads them. At most a week.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let plain = !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit() || c == b'.');
    let d = if plain {
        t.parse::<f64>()
            .ok()
            .and_then(|n| Duration::try_from_secs_f64(n).ok())
            .ok_or_else(|| not_a_duration(s))?
    } else {
        humantime::parse_duration(t).map_err(|e| match e {
            humantime::DurationError::UnknownUnit { unit, .. } => {
                format!("`{s}`: unknown unit `{unit}` (ms, s, m, h)")
            }
            _ => not_a_duration(s),
        })?
    };
    if d > Duration::from_secs(86_400 * 7) {
        return Err(format!("`{s}` is out of range: give at most a week"));
    }
    Ok(d)
}

fn not_a_duration(s: &str) -> String {
    format!("`{s}` is not a duration such as 30s, 500ms or 5m")
}

/// `--jobs`: a number of engine processes, at least 1.
pub fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "`{s}` is not a number of engine processes: give a whole number from 1 up"
        )),
    }
}

/// `--timeout`: a duration of at least 1 ms.
pub fn parse_timeout(s: &str) -> Result<Duration, String> {
    let d = parse_duration(s)?;
    if d < Duration::from_millis(1) {
        return Err(format!(
            "`{s}` is too short to wait for a reply: give at least 1ms"
        ));
    }
    Ok(d)
}

static PIPE_CLOSED: AtomicBool = AtomicBool::new(false);

/// Print to standard output; once the reader has closed the pipe, print
/// nothing more (and do not fail).
pub fn out(text: &str) {
    if PIPE_CLOSED.load(Ordering::Relaxed) {
        return;
    }
    let mut o = anstream::stdout().lock();
    if o.write_all(text.as_bytes())
        .and_then(|_| o.flush())
        .is_err()
    {
        PIPE_CLOSED.store(true, Ordering::Relaxed);
    }
}

/// [`out`] with a line break.
pub fn outln(text: &str) {
    out(&format!("{text}\n"));
}

/// A message on standard error (`error`, `warning`, `notice`), styled by
/// its kind.
pub fn say(kind: &str, msg: impl std::fmt::Display) {
    let mut e = anstream::stderr().lock();
    let _ = writeln!(e, "{}", super::colour::message(kind, &msg.to_string()));
}

/// An error message on standard error, then the exit code.
pub fn fail(code: Exit, msg: impl std::fmt::Display) -> ExitCode {
    say("error", msg);
    ExitCode::from(code)
}

static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The flag Ctrl-C and SIGTERM set. The first interrupt asks the run to stop
/// (the engine is stopped and the reports are written); a second one exits
/// at once.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    STOP.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let f = Arc::clone(&flag);
        let _ = ctrlc::set_handler(move || {
            if f.swap(true, Ordering::SeqCst) {
                eprintln!("\ninterrupted again: exiting now");
                // The engines and everything they started end with the tool
                // (the handler runs on a thread of its own, not in the signal).
                hexodic_engine::reaper::end_adopted();
                std::process::exit(i32::from(Exit::Interrupted.code()));
            }
            eprintln!("\ninterrupted: stopping the engine and writing the reports (again to exit at once)");
        });
        flag
    })
    .clone()
}

/// Why an engine could not be opened.
pub struct OpenError {
    /// The exit code it calls for.
    pub code: Exit,
    /// What went wrong, for a person.
    pub message: String,
    /// The engine's incident, when it was started and failed.
    pub incident: Option<Box<Incident>>,
}

/// An engine ready to use.
pub struct Opened {
    /// The engine.
    pub engine: Box<dyn Transport + Send>,
    /// Warnings about its handshake.
    pub warnings: Vec<String>,
    /// Its request timing (an external engine).
    pub stats: Option<Arc<Mutex<RequestStats>>>,
}

/// Read a diagram from a file or standard input (`-`), as `explain` prints
/// it: the board rows (cell numbers optional) and the counters line; any
/// lines after the counters line (the rest of `explain`'s output) are ignored.
pub fn read_diagram(source: &str) -> Result<hexodic_rules::Setup, String> {
    use hexodic_harness::corpus::{read_bounded, MAX_FILE_BYTES};
    use hexodic_io::paths::io_words;
    use std::io::Read as _;
    let mut text = String::new();
    if source == "-" {
        std::io::stdin()
            .take(MAX_FILE_BYTES)
            .read_to_string(&mut text)
            .map_err(|e| format!("--diagram {source}: {}", io_words(&e)))?;
    } else {
        let bytes = read_bounded(std::path::Path::new(source), MAX_FILE_BYTES)
            .map_err(|e| format!("--diagram {e}"))?;
        text = String::from_utf8(bytes)
            .map_err(|_| format!("--diagram {source}: the file is not valid UTF-8"))?;
    }
    let mut kept = String::new();
    for line in text.lines() {
        kept.push_str(line);
        kept.push('\n');
        if line.contains("x:") && line.contains("o:") {
            break;
        }
    }
    hexodic_rules::diagram::parse_diagram(&kept).map_err(|e| format!("--diagram {source}: {e}"))
}

/// The engine options every engine-driving command shares.
#[derive(clap::Args, Clone, Debug)]
pub struct EngineArgs {
    /// The engine under test: a command speaking conformance/PROTOCOL.md
    /// (default: the built-in reference). It is split into words like a
    /// shell would (quotes and backslashes, no `$` expansion); leading
    /// NAME=VALUE words set environment variables for it.
    #[arg(long, value_name = "CMD")]
    pub engine: Option<String>,
    /// How long the engine may take to answer one request (`5s`, `500ms`).
    #[arg(long, value_name = "DURATION", default_value = "5s", value_parser = parse_timeout)]
    pub timeout: Duration,
    /// Stop the whole command after this long (`90s`, `10m`): the engine is
    /// stopped, the reports are written and marked incomplete, exit code 5.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub max_time: Option<Duration>,
}

impl EngineArgs {
    /// When the command must end.
    pub fn deadline(&self, t0: Instant) -> Option<Instant> {
        self.max_time.map(|d| t0 + d)
    }

    /// Open the engine: the reference, or the external command (with its
    /// handshake), one of `jobs` run at once. On failure, the exit code and
    /// message.
    pub fn open(&self, t0: Instant, jobs: usize) -> Result<Opened, OpenError> {
        let Some(cmd) = &self.engine else {
            return Ok(Opened {
                engine: Box::new(InProcess::new(ReferenceEngine::new())),
                warnings: Vec::new(),
                stats: None,
            });
        };
        let options = ProcessOptions::default()
            .with_timeout(self.timeout)
            .with_deadline(self.deadline(t0))
            .with_stop(Some(interrupt_flag()))
            .with_jobs(jobs);
        match ExternalEngine::start(cmd, options) {
            Ok(e) => Ok(Opened {
                warnings: e.handshake_warnings().to_vec(),
                stats: Some(e.process().stats()),
                engine: Box::new(e),
            }),
            Err(StartError::Command(e)) => Err(OpenError {
                code: Exit::Usage,
                message: e.to_string(),
                incident: None,
            }),
            Err(StartError::Incident(i)) if i.kind == IncidentKind::Stopped => {
                let code = Exit::after_incident(&i.kind, interrupt_flag().load(Ordering::Relaxed));
                Err(OpenError {
                    code,
                    message: "the time ran out before the engine answered its handshake".into(),
                    incident: None,
                })
            }
            Err(StartError::Incident(i)) => {
                use hexodic_io::escape::terminal as visible;
                let mut msg = format!(
                    "the engine `{cmd}` cannot be used: {}",
                    visible(&i.kind.to_string())
                );
                let tail: Vec<&str> = i.stderr.lines().rev().take(8).collect();
                if !tail.is_empty() {
                    msg.push_str("\nits standard error ended with:");
                    for l in tail.iter().rev() {
                        msg.push_str("\n  ");
                        msg.push_str(&visible(l));
                    }
                }
                Err(OpenError {
                    code: Exit::Unusable,
                    message: msg,
                    incident: Some(Box::new(i)),
                })
            }
        }
    }
}

/// The game at `text` (the one-line notation), or the start.
pub fn load_position(text: Option<&str>) -> Result<hexodic_rules::Game, String> {
    use hexodic_rules::{Game, Position};
    match text {
        None => Ok(Game::new()),
        Some(s) => Position::from_notation(s.trim())
            .map(Game::from_position)
            .map_err(|e| format!("--position: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("3"), Ok(Duration::from_secs(3)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("5m"), Ok(Duration::from_secs(300)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse_duration(" 1.5 "), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("1m 30s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("0.5ms"), Ok(Duration::from_micros(500)));
        assert_eq!(
            parse_duration("soon"),
            Err("`soon` is not a duration such as 30s, 500ms or 5m".into())
        );
        assert_eq!(
            parse_duration(""),
            Err("`` is not a duration such as 30s, 500ms or 5m".into())
        );
        assert_eq!(
            parse_duration("1.2.3"),
            Err("`1.2.3` is not a duration such as 30s, 500ms or 5m".into())
        );
        assert_eq!(
            parse_duration("5 parsecs"),
            Err("`5 parsecs`: unknown unit `parsecs` (ms, s, m, h)".into())
        );
        assert_eq!(
            parse_duration("8days"),
            Err("`8days` is out of range: give at most a week".into())
        );
    }

    #[test]
    fn timeouts_are_at_least_a_millisecond_and_default_to_the_engine_default() {
        assert_eq!(parse_timeout("1ms"), Ok(Duration::from_millis(1)));
        for short in ["0", "0ms", "0.5ms", "0.0001s"] {
            let e = parse_timeout(short).unwrap_err();
            assert!(e.contains("at least 1ms"), "{short}: {e}");
        }
        #[derive(clap::Parser)]
        struct Cli {
            #[command(flatten)]
            engine: EngineArgs,
        }
        let cli = <Cli as clap::Parser>::try_parse_from(["x"]).unwrap();
        assert_eq!(cli.engine.timeout, hexodic_engine::DEFAULT_TIMEOUT);
        assert!(<Cli as clap::Parser>::try_parse_from(["x", "--timeout", "0s"]).is_err());
    }
}
