//! The protocol client against the reference server and against engines
//! that crash, hang or reply nonsense: every failure is a typed error in
//! bounded time, and the client recovers by restarting the engine.

use hexodic_conformance::external::{EngineProcess, ProtocolError};
use hexodic_conformance::protocol::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_hexodic-conformance");
const START: &str = "..../...../....../......./....../...../.... x 0 x:r7c3k0u0l6 o:r7c3k0u0l6";

fn engine(args: &str, timeout_ms: u64) -> EngineProcess {
    EngineProcess::new(&format!("{BIN} {args}"), Duration::from_millis(timeout_ms)).unwrap()
}

fn fake(mode: &str, after: u64) -> EngineProcess {
    engine(&format!("fake-engine --mode {mode} --after {after}"), 1500)
}

fn play(
    e: &mut EngineProcess,
    turn: &str,
) -> Result<hexodic_conformance::protocol::Reply, ProtocolError> {
    e.request(Command::Play { turn: turn.into() })
}

#[test]
fn serve_answers_the_whole_protocol() {
    let mut e = engine("serve", 5000);
    let hello = e.hello().unwrap();
    assert_eq!(hello.engine.name, "hexodic-reference");
    assert!(hello.capabilities.iter().any(|c| c == "perft"));
    e.request(Command::Position {
        position: START.into(),
    })
    .unwrap();
    let r = play(&mut e, "d4 +d4").unwrap();
    assert_eq!(r.legal, Some(false));
    assert_eq!(r.codes.unwrap(), ["place-centre-first"]);
    let r = play(&mut e, "c3 +d4").unwrap();
    assert_eq!(r.legal, Some(true));
    assert!(r
        .position
        .unwrap()
        .ends_with("o 1 x:r6c3k0u1l6P o:r7c3k0u0l6"));
    let n = e.request(Command::Legal).unwrap().turns.unwrap().len();
    let p = e
        .request(Command::Perft { depth: 1 })
        .unwrap()
        .nodes
        .unwrap();
    assert_eq!(n as u64, p);
    let err = e
        .request(Command::Position {
            position: "nonsense".into(),
        })
        .unwrap_err();
    assert!(
        matches!(err, ProtocolError::Refused { ref kind, .. } if kind == "bad-position"),
        "{err}"
    );
    assert!(e.incidents.is_empty());
    assert_eq!(e.starts, 1, "one long-lived process");
}

#[test]
fn an_engine_that_exits_at_start_is_a_crash() {
    let mut e = fake("exit-at-start", 0);
    let t = Instant::now();
    let err = e.hello().unwrap_err();
    assert!(matches!(err, ProtocolError::Crashed { .. }), "{err}");
    assert!(
        err.to_string().contains("exiting at start"),
        "stderr is kept: {err}"
    );
    assert!(t.elapsed() < Duration::from_secs(5));
}

#[test]
fn an_engine_that_exits_mid_run_is_restarted() {
    let mut e = fake("exit-mid-run", 2);
    e.hello().unwrap();
    play(&mut e, "c3 +d4").unwrap();
    let err = play(&mut e, "d5 +d5").unwrap_err();
    assert!(
        matches!(err, ProtocolError::Crashed { ref status, .. } if status.contains('4')),
        "{err}"
    );
    assert_eq!(e.incidents.len(), 1);
    // The next request starts a new process.
    let r = play(&mut e, "c3 +d4").unwrap();
    assert_eq!(r.legal, Some(true));
    assert_eq!(e.starts, 2);
}

#[test]
fn a_hanging_engine_times_out_in_bounded_time() {
    let mut e = fake("hang", 1);
    e.hello().unwrap();
    let t = Instant::now();
    let err = play(&mut e, "c3 +d4").unwrap_err();
    assert_eq!(err, ProtocolError::Timeout(1500));
    assert!(t.elapsed() < Duration::from_secs(4));
}

#[test]
fn invalid_json_and_wrong_shapes_are_protocol_errors() {
    let mut e = fake("invalid-json", 1);
    e.hello().unwrap();
    assert!(matches!(
        play(&mut e, "c3 +d4").unwrap_err(),
        ProtocolError::Malformed(_)
    ));
    let mut e = fake("wrong-shape", 1);
    e.hello().unwrap();
    assert!(matches!(
        play(&mut e, "c3 +d4").unwrap_err(),
        ProtocolError::Malformed(_)
    ));
}

#[test]
fn a_100_mb_line_is_refused_without_keeping_it() {
    let mut e = fake("huge-line", 1);
    e.hello().unwrap();
    let err = play(&mut e, "c3 +d4").unwrap_err();
    assert!(matches!(err, ProtocolError::Oversized(_)), "{err}");
}

#[test]
fn another_protocol_version_makes_the_engine_unusable() {
    let mut e = fake("other-version", 0);
    let err = e.hello().unwrap_err();
    assert!(matches!(err, ProtocolError::Unusable(_)), "{err}");
}

#[test]
fn a_stderr_flood_neither_blocks_nor_grows_memory() {
    let mut e = fake("flood-stderr", 0);
    e.hello().unwrap();
    let r = play(&mut e, "c3 +d4").unwrap();
    assert_eq!(r.legal, Some(true));
    assert!(e.stderr_tail().len() <= hexodic_conformance::external::STDERR_KEEP);
}

#[test]
fn a_missing_program_is_a_spawn_error() {
    let mut e = EngineProcess::new("/nonexistent/engine --x", Duration::from_millis(500)).unwrap();
    assert!(matches!(e.hello().unwrap_err(), ProtocolError::Spawn(_)));
}
