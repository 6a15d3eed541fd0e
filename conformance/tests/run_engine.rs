//! `run --engine` against engines that misbehave: each case ends in bounded
//! time with a clear per-fixture failure (or "engine unusable"), no panic,
//! the documented exit code, and the report files written.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_hexodic-conformance");

fn fixtures() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures")
        .display()
        .to_string()
}

struct Outcome {
    code: i32,
    stdout: String,
    junit: String,
    json: String,
    took: Duration,
}

/// Run three start-position fixtures against `engine` with a short timeout.
fn run(engine: &str, extra: &[&str]) -> Outcome {
    let dir = tempfile::tempdir().unwrap();
    let junit = dir.path().join("r.xml");
    let json = dir.path().join("r.json");
    let t = Instant::now();
    let out = Command::new(BIN)
        .args([
            "run",
            "--fixtures",
            &fixtures(),
            "--no-snapshots",
            "--timeout",
            "0.5",
        ])
        .args(["--engine", engine])
        .arg("--junit")
        .arg(&junit)
        .arg("--json")
        .arg(&json)
        .args(extra)
        .args([
            "start/x-moves-first",
            "start/initial-counters",
            "count/start-480",
        ])
        .env_remove("GITHUB_ACTIONS")
        .output()
        .unwrap();
    Outcome {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        junit: std::fs::read_to_string(&junit).unwrap_or_default(),
        json: std::fs::read_to_string(&json).unwrap_or_default(),
        took: t.elapsed(),
    }
}

fn fake(mode: &str, after: u64) -> String {
    format!("{BIN} fake-engine --mode {mode} --after {after}")
}

#[test]
fn the_reference_through_serve_passes_and_writes_reports() {
    let o = run(&format!("{BIN} serve"), &[]);
    assert_eq!(o.code, 0, "{}", o.stdout);
    assert!(o.junit.contains("failures=\"0\""), "{}", o.junit);
    let v: serde_json::Value = serde_json::from_str(&o.json).unwrap();
    assert_eq!(v["engine"]["name"], "hexodic-reference");
    assert_eq!(v["summary"]["passed"], 3);
    assert!(v["corpus"]["version"]
        .as_str()
        .unwrap()
        .starts_with("3-fixtures-"));
}

#[test]
fn an_engine_that_exits_at_start_is_unusable() {
    let o = run(&fake("exit-at-start", 0), &[]);
    assert_eq!(o.code, 3, "{}", o.stdout);
    assert!(o.took < Duration::from_secs(10));
    assert!(o.junit.contains("<error"), "{}", o.junit);
    let v: serde_json::Value = serde_json::from_str(&o.json).unwrap();
    assert!(v["engine"]["unusable"]
        .as_str()
        .unwrap()
        .contains("exiting at start"));
}

#[test]
fn another_protocol_version_is_unusable() {
    let o = run(&fake("other-version", 0), &[]);
    assert_eq!(o.code, 3, "{}", o.stdout);
}

#[test]
fn misbehaving_engines_fail_fixtures_in_bounded_time_with_reports() {
    for (mode, after, needle) in [
        ("exit-mid-run", 2, "engine exited"),
        ("hang", 2, "did not reply within"),
        ("invalid-json", 2, "malformed reply"),
        ("wrong-shape", 2, "malformed reply"),
        ("huge-line", 2, "more than"),
    ] {
        let o = run(&fake(mode, after), &[]);
        assert_eq!(o.code, 1, "{mode}: {}", o.stdout);
        assert!(o.stdout.contains(needle), "{mode}: {}", o.stdout);
        assert!(o.stdout.contains("engine incident"), "{mode}: {}", o.stdout);
        assert!(o.took < Duration::from_secs(30), "{mode}: {:?}", o.took);
        assert!(o.junit.contains("<failure"), "{mode}: junit written");
        let v: serde_json::Value = serde_json::from_str(&o.json).unwrap();
        assert!(
            !v["engine"]["incidents"].as_array().unwrap().is_empty(),
            "{mode}"
        );
    }
}

#[test]
fn a_stderr_flood_does_not_stop_the_run() {
    let o = run(&fake("flood-stderr", 0), &[]);
    assert_eq!(o.code, 0, "{}", o.stdout);
    let v: serde_json::Value = serde_json::from_str(&o.json).unwrap();
    let tail = v["engine"]["stderr_tail"].as_str().unwrap();
    assert!(tail.len() <= 64 * 1024 && tail.starts_with('e'));
}

#[cfg(feature = "planted-bugs")]
#[test]
fn expectations_turn_known_failures_green_and_catch_unexpected_passes() {
    let dir = tempfile::tempdir().unwrap();
    let exp = dir.path().join("exp.yaml");
    let exp_s = exp.display().to_string();
    let buggy = format!("{BIN} serve --planted-bug centre-first-place");
    let fixtures = fixtures();
    let base = [
        "run",
        "--fixtures",
        fixtures.as_str(),
        "--no-snapshots",
        "turn/opening",
    ];
    let status = |args: &[&str], engine: Option<&str>| {
        let mut c = Command::new(BIN);
        c.args(base).args(args);
        if let Some(e) = engine {
            c.args(["--engine", e]);
        }
        c.output().unwrap()
    };
    let first = status(&[], Some(&buggy));
    assert_eq!(first.status.code(), Some(1));
    let upd = status(
        &["--expectations", &exp_s, "--update-expectations"],
        Some(&buggy),
    );
    assert_eq!(upd.status.code(), Some(0));
    let text = std::fs::read_to_string(&exp).unwrap();
    assert!(text.contains("expected_failures:"), "{text}");
    let again = status(&["--expectations", &exp_s], Some(&buggy));
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&again.stdout)
    );
    // The reference passes the listed fixtures: unexpected passes fail the run.
    let fixed = status(&["--expectations", &exp_s], None);
    assert_eq!(fixed.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&fixed.stdout).contains("XPASS"));
}

#[test]
fn the_whole_corpus_passes_through_serve() {
    use hexodic_conformance::external::ExternalEngine;
    use hexodic_conformance::suite::{bundled_fixtures, run_corpus};
    let mut serve =
        ExternalEngine::start(&format!("{BIN} serve"), Duration::from_secs(30)).unwrap();
    let report = run_corpus(&mut serve, &bundled_fixtures());
    report.assert_all_pass();
    assert!(report.summary.fixtures >= 150);
    assert!(serve.process().incidents.is_empty());
    assert_eq!(
        serve.process().starts,
        1,
        "one long-lived process for the corpus"
    );
}

#[test]
fn bench_protocol_measures_round_trips() {
    let out = Command::new(BIN)
        .args([
            "bench-protocol",
            "--requests",
            "200",
            "--engine",
            &format!("{BIN} serve"),
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("200 requests in") && text.contains("requests/s"),
        "{text}"
    );
    let bad = Command::new(BIN)
        .args(["bench-protocol", "--engine", &fake("exit-at-start", 0)])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(3));
}
