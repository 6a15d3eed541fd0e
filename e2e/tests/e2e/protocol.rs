//! The protocol client against misbehaving engines: every kind of bad reply
//! is an incident of its own kind (never a pass, never a default value),
//! with the request and the standard error of that process only; a missing
//! capability skips checks; a misspelled one is a warning naming the
//! nearest known name.

use crate::common::engine_cmd;
#[cfg(unix)]
use crate::common::{alive, ends};
use hexodic_engine::{
    Capabilities, Capability, Engine, ExternalEngine, Incident, IncidentKind, PlayReply,
    ProcessOptions, ProtocolFault, StartError, Transport, NAME_CHARS,
};
use hexodic_fuzzing::{fuzz, FuzzOptions};
use hexodic_harness::corpus::{embedded, select};
use hexodic_harness::run::{run_corpus, RunOptions};
use hexodic_report::Status;
use hexodic_rules::{ReasonSet, Setup, Turn};
use std::time::Duration;

fn start(args: &str, timeout_ms: u64) -> Result<ExternalEngine, StartError> {
    let options = ProcessOptions::default().with_timeout(Duration::from_millis(timeout_ms));
    ExternalEngine::start(&engine_cmd(args), options)
}

fn engine(args: &str) -> ExternalEngine {
    start(args, 5000).unwrap_or_else(|e| panic!("{args}: {e}"))
}

fn turn(t: &str) -> Turn {
    Turn::parse(t).unwrap()
}

/// Play `turns` from the start; the first incident.
fn incident(e: &mut ExternalEngine, turns: &[&str]) -> Incident {
    e.set_position(&Setup::default()).unwrap();
    for t in turns {
        if let Err(i) = e.play(turn(t)) {
            return i;
        }
    }
    panic!("no incident")
}

/// A position where `b2 +c3` captures the corner stone on a1 by encirclement.
const CAPTURE: &str =
    "..../...../....../......./....../x..../o1x1.. x 0 x:r5c3k0u1l6P o:r6c3k0u1l6P";

#[test]
fn unknown_cells_in_captures_are_a_protocol_error() {
    let mut e = engine("--reference --misbehave unknown-cells");
    e.set_position(&Setup::from_notation(CAPTURE).unwrap())
        .unwrap();
    let i = e.play(turn("b2 +c3")).unwrap_err();
    let IncidentKind::Protocol { fault, reply } = &i.kind else {
        panic!("{}", i.kind)
    };
    assert_eq!(
        **fault,
        ProtocolFault::UnknownCell {
            field: "capture_kinds.encircled",
            text: "not-a-cell".into()
        }
    );
    assert!(reply.contains("\"zz\""), "{reply}");
    assert!(i.request.contains("\"cmd\":\"play\""), "{}", i.request);
}

#[test]
fn dropped_capture_capabilities_are_not_declared_and_replies_still_read() {
    let mut e = engine("--reference --misbehave drop-captures");
    let caps = e.info().capabilities;
    assert!(!caps.has(Capability::Captures) && !caps.has(Capability::CaptureKinds));
    assert!(caps.has(Capability::LegalTurns));
    e.set_position(&Setup::from_notation(CAPTURE).unwrap())
        .unwrap();
    let PlayReply::Legal(p) = e.play(turn("b2 +c3")).unwrap() else {
        panic!("the turn is legal")
    };
    assert_eq!((p.captured, p.kinds), (None, None));
}

#[test]
fn a_misspelled_capability_is_a_warning_naming_the_nearest() {
    let e = engine("--reference --misbehave misspell-capability");
    assert!(!e.info().capabilities.has(Capability::LegalTurns));
    let w = e.handshake_warnings().join("\n");
    assert!(
        w.contains("`legal-turns`") && w.contains("did you mean `legal_turns`"),
        "{w}"
    );
}

#[test]
fn a_run_reports_the_engine_warnings_to_library_users() {
    let corpus = select(&embedded::root(), &["count/".to_owned()]).unwrap();
    let mut e = engine("--reference --misbehave misspell-capability");
    let report = run_corpus(&mut e, &corpus, &RunOptions::default(), &mut |_| {}).report;
    let w = report.engine.warnings.join("\n");
    assert!(w.contains("did you mean `legal_turns`"), "{w}");
    assert_eq!(report.engine.warnings, Transport::warnings(&e));
}

#[test]
fn a_clear_verdict_with_an_unknown_code_is_judged_and_the_code_reported_beside_it() {
    // The reply itself: a verdict, the unknown code a warning beside it.
    let mut e = engine("--reference --misbehave unknown-code --after 2");
    e.set_position(&Setup::default()).unwrap();
    match e.play(turn("c3 +d4")) {
        Ok(PlayReply::Illegal(reasons)) => assert!(reasons.is_empty()),
        Ok(_) => panic!("the engine rejected the turn"),
        Err(i) => panic!("an incident: {}", i.kind),
    }
    let w = Transport::warnings(&e).join("\n");
    assert!(
        w.contains("protocol fault beside a clear verdict in 1 reply"),
        "{w}"
    );
    assert!(w.contains("`made-up-code` is not a reason code"), "{w}");
    // A run: the rejected legal turns are rule differences, not incidents.
    let corpus = select(&embedded::root(), &["count/".to_owned()]).unwrap();
    let mut e = engine("--reference --misbehave unknown-code --after 2");
    let report = run_corpus(&mut e, &corpus, &RunOptions::default(), &mut |_| {}).report;
    assert_eq!(report.summary.incidents, 0, "{:?}", report.summary);
    assert!(report.summary.failed > 0, "{:?}", report.summary);
    assert!(report.stopped.is_none(), "{:?}", report.stopped);
    assert!(report.results.iter().all(|r| r.status != Status::Incident));
    assert!(report.engine.warnings.join("\n").contains("made-up-code"));
    // Fuzzing: a finding, never an unusable engine.
    let mut e = engine("--reference --misbehave unknown-code --after 2");
    let opts = FuzzOptions {
        seed: 1,
        games: Some(5),
        ..FuzzOptions::default()
    };
    let report = fuzz(&mut e, &opts, &mut |_| {});
    assert!(report.incidents.is_empty(), "{:?}", report.incidents);
    assert!(report.stopped.is_none(), "{:?}", report.stopped);
    assert!(report.finding.is_some(), "the wrong verdict is judged");
}

#[test]
fn fields_of_a_misspelled_capability_are_ignored_not_taken_for_errors() {
    let mut e = engine("--reference --misbehave misspell-capability");
    assert!(!e.info().capabilities.has(Capability::ErrorCodes));
    assert!(e
        .handshake_warnings()
        .join("\n")
        .contains("did you mean `error_codes`"));
    e.set_position(&Setup::default()).unwrap();
    // The engine sends the codes of an illegal turn although it did not
    // declare `error_codes` by its right name: no protocol error.
    match e.play(turn("d4 +d4")) {
        Ok(PlayReply::Illegal(reasons)) => assert!(reasons.is_empty()),
        Ok(_) => panic!("the turn is illegal"),
        Err(i) => panic!("an incident: {}", i.kind),
    }
}

#[test]
fn a_debug_line_on_stdout_is_a_protocol_error_with_a_hint() {
    let mut e = engine("--reference --misbehave debug-print --after 2");
    let i = incident(&mut e, &["c3 +d4", "e5 +e5"]);
    assert!(
        matches!(&i.kind, IncidentKind::Protocol { fault, .. } if matches!(**fault, ProtocolFault::NotJson { .. }))
    );
    let shown = i.kind.to_string();
    assert!(shown.contains("debug: thinking"), "{shown}");
    assert!(
        shown.contains("standard output is for replies only"),
        "{shown}"
    );
}

#[test]
fn a_crash_is_an_incident_with_that_process_standard_error_only() {
    let mut e = engine("--reference --misbehave 'crash-on=e5 +e5'");
    let first = incident(&mut e, &["c3 +d4", "e5 +e5"]);
    assert!(
        matches!(first.kind, IncidentKind::Exited { .. }),
        "{}",
        first.kind
    );
    assert!(
        first.stderr.contains("crashing on `e5 +e5`"),
        "{}",
        first.stderr
    );
    assert_eq!(
        first.stderr.matches("started").count(),
        1,
        "{}",
        first.stderr
    );
    // The next request starts a new process; its crash shows its own error only.
    let second = incident(&mut e, &["c3 +d4", "e5 +e5"]);
    assert_eq!(
        second.stderr.matches("started").count(),
        1,
        "{}",
        second.stderr
    );
    assert_ne!(first.stderr, second.stderr, "each process has its own pid");
    assert_eq!(e.process().starts, 2, "the first process, then one restart");
}

#[test]
fn a_hang_times_out_and_the_engine_is_restarted() {
    let mut e = start("--reference --misbehave hang-after --after 3", 300).unwrap();
    let i = incident(&mut e, &["c3 +d4", "e5 +e5", "c4 +c4"]);
    assert_eq!(i.kind, IncidentKind::Timeout { millis: 300 });
    // A new process answers again.
    e.set_position(&Setup::default()).unwrap();
}

#[test]
fn wrong_ids_invalid_json_and_huge_lines_are_incidents_of_their_kind() {
    let mut e = engine("--reference --misbehave wrong-id --after 2");
    let i = incident(&mut e, &["c3 +d4", "e5 +e5"]);
    assert!(
        matches!(&i.kind, IncidentKind::Protocol { fault, .. } if matches!(**fault, ProtocolFault::WrongId { .. }))
    );
    let mut e = engine("--reference --misbehave invalid-json --after 2");
    let i = incident(&mut e, &["c3 +d4", "e5 +e5"]);
    assert!(
        matches!(&i.kind, IncidentKind::Protocol { fault, .. } if matches!(**fault, ProtocolFault::NotJson { .. }))
    );
    let mut e = engine("--reference --misbehave duplicate-key --after 2");
    let i = incident(&mut e, &["c3 +d4", "e5 +e5"]);
    assert!(
        matches!(&i.kind, IncidentKind::Protocol { fault, .. } if matches!(&**fault, ProtocolFault::DuplicateKey { key } if key == "ok")),
        "{}",
        i.kind
    );
    let mut e = engine("--reference --misbehave huge-line --after 2");
    let i = incident(&mut e, &["c3 +d4", "e5 +e5"]);
    assert!(
        matches!(i.kind, IncidentKind::Oversized { .. }),
        "{}",
        i.kind
    );
}

#[test]
fn engines_that_cannot_start_or_speak_another_version_are_unusable() {
    for (args, what) in [
        (
            "--reference --misbehave exit-at-start",
            "exited with code 3",
        ),
        ("--reference --misbehave other-version", "protocol 99"),
    ] {
        match start(args, 5000) {
            Err(StartError::Incident(i)) => {
                assert!(i.kind.is_fatal(), "{args}: {}", i.kind);
                assert!(i.kind.to_string().contains(what), "{args}: {}", i.kind);
            }
            Err(e) => panic!("{args}: {e}"),
            Ok(_) => panic!("{args}: started"),
        }
    }
    let options = ProcessOptions::default();
    match ExternalEngine::start("/nonexistent/engine --x", options) {
        Err(StartError::Incident(i)) => {
            assert!(matches!(i.kind, IncidentKind::Spawn { .. }));
            let shown = i.kind.to_string();
            assert!(
                shown.starts_with("it could not be started (`/nonexistent/engine`"),
                "{shown}"
            );
        }
        _ => panic!("a missing program is a spawn error"),
    }
}

#[test]
fn a_line_after_the_reply_is_a_stray_line_not_the_next_reply() {
    let mut e = engine("--reference --misbehave stray-line --after 2");
    e.set_position(&Setup::default()).unwrap();
    // Request 2: the reply, then a line no request asked for.
    e.play(turn("c3 +d4")).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let i = e.play(turn("e5 +e5")).unwrap_err();
    let IncidentKind::Protocol { fault, reply } = &i.kind else {
        panic!("{}", i.kind)
    };
    assert_eq!(**fault, ProtocolFault::StrayLine);
    assert_eq!(reply, "debug: replied to request 2");
    let shown = i.kind.to_string();
    assert!(shown.contains("answers no request"), "{shown}");
    assert!(
        shown.contains("standard output is for replies only"),
        "{shown}"
    );
    // The stray line came after the reply to this request.
    assert!(i.request.contains("c3 +d4"), "{}", i.request);
    assert!(!e.process().is_running(), "the process is stopped");
}

#[test]
fn a_reply_written_before_the_request_is_never_taken_as_its_reply() {
    // Each time: the reply to request 2 and a well-formed copy with id 3,
    // in one write; request 3 follows at once. The copy is there before
    // request 3 is sent, so it is a stray line, never request 3's reply.
    for round in 0..30 {
        let mut e = engine("--reference --misbehave fake-reply --after 2");
        e.set_position(&Setup::default()).unwrap();
        e.play(turn("c3 +d4")).unwrap();
        let i = e
            .play(turn("c3 +d4"))
            .expect_err("the copy was taken as the reply");
        let IncidentKind::Protocol { fault, reply } = &i.kind else {
            panic!("round {round}: {}", i.kind)
        };
        assert_eq!(**fault, ProtocolFault::StrayLine, "round {round}");
        assert!(reply.contains("\"id\":3"), "round {round}: {reply}");
        assert!(i.request.contains("c3 +d4"), "{}", i.request);
    }
}

#[test]
fn an_engine_flooding_its_output_is_stopped_at_the_next_request() {
    let mut e = engine("--reference --misbehave flood-stdout --after 2");
    e.set_position(&Setup::default()).unwrap();
    e.play(turn("c3 +d4")).unwrap();
    // The engine writes without end meanwhile; it is held back, not read
    // into memory, and its first line is the incident.
    std::thread::sleep(Duration::from_millis(300));
    let i = e.play(turn("e5 +e5")).unwrap_err();
    assert!(
        matches!(&i.kind, IncidentKind::Protocol { fault, reply } if **fault == ProtocolFault::StrayLine && reply == "debug: still here"),
        "{}",
        i.kind
    );
    // A new process answers again.
    e.set_position(&Setup::default()).unwrap();
    assert_eq!(e.process().starts, 2);
}

#[cfg(unix)]
#[test]
fn an_engine_that_exits_while_a_child_holds_its_output_is_reported_as_exited() {
    let mut e = start(
        "--reference --misbehave exit-leaving-output --after 2",
        3000,
    )
    .unwrap();
    e.set_position(&Setup::default()).unwrap();
    let i = e.play(turn("c3 +d4")).unwrap_err();
    assert!(
        matches!(&i.kind, IncidentKind::Exited { status } if status == "exited with code 7"),
        "{}",
        i.kind
    );
    // The process it left holding the output is stopped with it.
    let pid = i
        .stderr
        .split("started process ")
        .nth(1)
        .and_then(|r| r.split(',').next())
        .and_then(|p| p.trim().parse::<u32>().ok())
        .unwrap_or_else(|| panic!("no process id in: {}", i.stderr));
    std::thread::sleep(Duration::from_millis(100));
    assert!(!alive(pid), "process {pid} outlived the engine");
}

/// The id of the process the engine named on its standard error.
#[cfg(unix)]
fn started_process(e: &ExternalEngine) -> u32 {
    for _ in 0..100 {
        let tail = e.process().stderr_tail();
        let pid = tail
            .split("started process ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|p| p.parse::<u32>().ok());
        if let Some(pid) = pid {
            return pid;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("the engine names no process it started")
}

/// An engine that starts a sleeping process at request 2 (as `mode` says)
/// and gives no reply from request 3: after the timeout, the process it
/// started is gone too.
#[cfg(unix)]
fn stopped_with_the_engine(mode: &str) {
    let mut e = start(&format!("--reference --misbehave {mode} --after 2"), 300).unwrap();
    e.set_position(&Setup::default()).unwrap();
    // Request 2: the engine starts a sleeping process and replies.
    e.play(turn("c3 +d4")).unwrap();
    let pid = started_process(&e);
    assert!(alive(pid), "the sleeping process runs");
    // Request 3: no reply; the engine is stopped, and what it started with it.
    let i = e.play(turn("e5 +e5")).unwrap_err();
    assert_eq!(i.kind, IncidentKind::Timeout { millis: 300 });
    assert!(
        ends(pid),
        "process {pid}, started by the engine, outlived it"
    );
}

#[cfg(unix)]
#[test]
fn after_a_timeout_the_processes_the_engine_started_are_stopped_too() {
    stopped_with_the_engine("grandchild");
}

#[cfg(target_os = "linux")]
#[test]
fn a_process_the_engine_started_in_a_session_of_its_own_is_stopped_too() {
    stopped_with_the_engine("own-session");
}

#[test]
fn a_handshake_without_capabilities_declares_none() {
    let mut e = engine("--reference --misbehave no-capabilities");
    assert_eq!(e.info().capabilities, Capabilities::NONE);
    assert!(
        e.handshake_warnings().is_empty(),
        "{:?}",
        e.handshake_warnings()
    );
    e.set_position(&Setup::default()).unwrap();
    assert_eq!(
        e.play(turn("d4 +d4")).unwrap(),
        PlayReply::Illegal(ReasonSet::EMPTY)
    );
    let PlayReply::Legal(p) = e.play(turn("c3 +d4")).unwrap() else {
        panic!("the turn is legal")
    };
    assert_eq!((p.captured, p.kinds), (None, None));
}

#[test]
fn a_long_engine_name_and_version_are_cut() {
    let e = engine("--reference --misbehave long-name");
    let info = e.info();
    assert_eq!(info.name, format!("{}…", "n".repeat(NAME_CHARS)));
    assert_eq!(info.version, format!("{}…", "v".repeat(NAME_CHARS)));
}

#[test]
fn a_stderr_flood_neither_blocks_nor_is_kept_whole() {
    let mut e = engine("--reference --misbehave flood-stderr");
    e.set_position(&Setup::default()).unwrap();
    e.play(turn("c3 +d4")).unwrap();
    assert!(e.process().stderr_tail().len() <= 2000 * 4);
}

#[test]
fn environment_assignments_reach_the_engine() {
    // `RUST_BACKTRACE=1 prog ...`: the assignment is taken as the
    // environment, not as the program.
    let options = ProcessOptions::default();
    let cmd = format!("HEXODIC_TEST=1 {}", engine_cmd("--reference"));
    let mut e = ExternalEngine::start(&cmd, options).unwrap();
    e.set_position(&Setup::default()).unwrap();
}

#[test]
fn fuzzing_an_engine_without_capture_capabilities_finds_nothing() {
    // Checks of the captures are skipped, never failed: 1,000 games of
    // differential fuzzing find no difference in the reference behind a
    // peer that drops the capture capabilities.
    let mut e = engine("--reference --misbehave drop-captures");
    let opts = FuzzOptions {
        seed: 3,
        games: Some(1000),
        ..Default::default()
    };
    let report = fuzz(&mut e, &opts, &mut |_| {});
    assert_eq!(report.games, 1000);
    assert!(report.incidents.is_empty());
    assert!(
        report.finding.is_none(),
        "{}",
        report
            .finding
            .map(|f| f.divergence.difference.summary())
            .unwrap_or_default()
    );
}

/// A process whose parent ended while the engine ran (a daemon the engine
/// started through a shell, in a session of its own) is adopted by the
/// command-line tool and ends with the run.
#[cfg(target_os = "linux")]
#[test]
fn an_orphan_the_engine_left_in_a_session_of_its_own_ends_with_the_run() {
    let dir = std::env::temp_dir().join(format!("hexodic-orphan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pid_file = dir.join("pid");
    let engine = engine_cmd(&format!(
        "--reference --misbehave orphan={} --after 2",
        pid_file.display()
    ));
    let out = crate::common::harness_in(
        &dir,
        &[
            "run",
            &crate::common::fixtures()
                .join("capture")
                .display()
                .to_string(),
            "--engine",
            &engine,
            "--jobs",
            "1",
        ],
    );
    assert!(
        out.status.code().is_some_and(|c| c < 2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pid: u32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        ends(pid),
        "process {pid}, orphaned by the engine, outlived the run"
    );
}
