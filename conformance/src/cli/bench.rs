//! `bench-protocol`: round trips per second over the protocol.

use super::common::{fail, interrupt_flag, outln, EngineArgs};
use hexodic_report::Exit;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Arguments of `bench-protocol`.
#[derive(clap::Args)]
pub struct BenchProtocolArgs {
    #[command(flatten)]
    engine: EngineArgs,
    /// Number of requests (alternating `position` and `play`).
    #[arg(long, default_value_t = 20_000)]
    requests: u64,
}

/// `bench-protocol`: round trips per second against an engine (without
/// `--engine`, against this harness's own `serve`, so the protocol is what
/// is measured).
pub fn bench_protocol(mut a: BenchProtocolArgs) -> ExitCode {
    let t0 = Instant::now();
    if a.engine.engine.is_none() {
        let me = std::env::current_exe().map(|p| p.display().to_string());
        match me {
            Ok(me) => a.engine.engine = Some(format!("'{me}' serve")),
            Err(e) => return fail(Exit::Usage, format!("cannot find this program: {e}")),
        }
    }
    let mut opened = match a.engine.open(t0, 1) {
        Ok(o) => o,
        Err(e) => return fail(e.code, e.message),
    };
    let engine = opened.engine.as_mut();
    let start = hexodic_rules::Setup::default();
    let Ok(turn) = hexodic_rules::Turn::parse("c3 +d4") else {
        return fail(Exit::Usage, "internal: the bench turn does not parse");
    };
    let t = Instant::now();
    for i in 0..a.requests {
        let r = if i % 2 == 0 {
            engine.set_position(&start).map(|_| ())
        } else {
            engine.play(turn).map(|_| ())
        };
        if let Err(e) = r {
            let code = Exit::after_incident(&e.kind, interrupt_flag().load(Ordering::Relaxed));
            return fail(code, format!("request {i}: {}", e.kind));
        }
    }
    let secs = t.elapsed().as_secs_f64();
    outln(&format!(
        "{} requests in {secs:.3} s: {:.0} requests/s, {:.1} us per round trip",
        a.requests,
        a.requests as f64 / secs.max(1e-9),
        secs * 1e6 / a.requests.max(1) as f64
    ));
    ExitCode::SUCCESS
}
