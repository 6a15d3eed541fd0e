//! `run --transcript`: the `.in` file of a failing fixture, fed to the
//! engine, gives back the recorded replies; fed to `serve`, the expected.
#![cfg(unix)]

use crate::common::{harness, json, run_shipped, TEST_ENGINE};
use std::path::Path;
use std::process::{Command, Stdio};

/// Run `program args` with the file `input` on standard input; its output.
fn replay(program: &Path, args: &[&str], input: &Path) -> String {
    let o = Command::new(program)
        .args(args)
        .stdin(Stdio::from(std::fs::File::open(input).unwrap()))
        .stderr(Stdio::null())
        .output()
        .unwrap();
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn a_transcript_replays_to_the_engine_replies_and_to_serve_the_expected() {
    let dir = tempfile::tempdir().unwrap();
    let engine = format!("{TEST_ENGINE} --bug edge-counts-tier");
    let o = run_shipped(
        dir.path(),
        &[
            "--engine",
            &engine,
            "--transcript",
            "tr",
            "--json",
            "r.json",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let report = json(&dir.path().join("r.json"));
    let failing: Vec<&str> = report["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["status"] == "fail")
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert!(!failing.is_empty());
    let passing = report["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["status"] == "pass")
        .map(|r| r["id"].as_str().unwrap())
        .unwrap();
    let base = dir.path().join("tr");
    assert!(
        !base.join(format!("{passing}.in")).exists(),
        "a passing fixture has a transcript"
    );
    for id in failing.iter().take(3) {
        let input = base.join(format!("{id}.in"));
        let got = std::fs::read_to_string(base.join(format!("{id}.got"))).unwrap();
        let expected = std::fs::read_to_string(base.join(format!("{id}.expected"))).unwrap();
        let first = std::fs::read_to_string(&input).unwrap();
        assert!(first.starts_with("{\"id\":0,\"cmd\":\"hello\""), "{first}");
        assert!(first.lines().count() > 1);
        assert_ne!(got, expected, "{id}: the engine agreed with the reference");
        let replies = replay(
            Path::new(TEST_ENGINE),
            &["--bug", "edge-counts-tier"],
            &input,
        );
        assert_eq!(replies, got, "{id}: the replay differs from the run");
        let served = replay(&harness(), &["serve"], &input);
        assert_eq!(
            served, expected,
            "{id}: serve differs from the expected replies"
        );
    }
}

#[test]
fn a_transcript_folder_that_cannot_be_written_stops_before_the_engine_starts() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("taken"), "a file").unwrap();
    let marker = dir.path().join("started");
    let engine = format!("sh -c 'touch {} && exec {TEST_ENGINE}'", marker.display());
    let o = run_shipped(dir.path(), &["--engine", &engine, "--transcript", "taken"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("cannot write transcripts into taken: it is a file"),
        "{err}"
    );
    assert!(!marker.exists(), "the engine was started");
}
