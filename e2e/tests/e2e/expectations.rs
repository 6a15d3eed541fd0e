//! Expectations files that pin each failure's signature, end to end: the
//! file written from one planted bug, then a run with another bug that
//! fails some of the same fixtures the other way round.

use crate::common::{engine_cmd, json, run_shipped, text};
use hexodic_report::Behaviour;
use std::path::Path;
use std::process::Output;

/// Fixtures `edge-counts-tier` fails by missing a capture and
/// `weight-at-least` by capturing a stone too many, and one only the
/// first fails.
const IDS: [&str; 3] = [
    "echo/capture-group-exactly-6t-stays",
    "end/takeover-6-by-echo-capture",
    "capture/edge-slots-count-tier-plus-1",
];
const CHANGED: [&str; 2] = [IDS[0], IDS[1]];

fn run(dir: &Path, bug: &str, extra: &[&str]) -> Output {
    let engine = engine_cmd(&format!("--bug {bug}"));
    let mut args = vec!["--engine", &engine, "--jobs", "1"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&IDS);
    run_shipped(dir, &args)
}

#[test]
fn a_failure_of_another_signature_is_a_changed_failure() {
    let dir = tempfile::tempdir().unwrap();
    // Bootstrap: no file yet, the first run writes it and is green.
    let o = run(
        dir.path(),
        "edge-counts-tier",
        &["--expectations", "e.yaml", "--update-expectations"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let written = std::fs::read_to_string(dir.path().join("e.yaml")).unwrap();
    for id in IDS {
        assert!(written.contains(&format!("  {id}:\n")), "{written}");
    }
    // Each pinned signature: a capture missing (the key names the kind of
    // capture and the direction).
    let pinned: Vec<&str> = written
        .lines()
        .filter(|l| l.contains("signature:"))
        .collect();
    assert_eq!(pinned.len(), IDS.len(), "{written}");
    for l in &pinned {
        assert!(
            l.contains("kind: captures, key: ") && l.contains("missing, step: "),
            "{written}"
        );
    }
    // The same engine again: every failure is the one expected.
    let o = run(
        dir.path(),
        "edge-counts-tier",
        &["--expectations", "e.yaml"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));

    let o = run(
        dir.path(),
        "weight-at-least",
        &["--expectations", "e.yaml", "--json", "r.json"],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let out = text(&o);
    let j = json(&dir.path().join("r.json"));
    let results = j["results"].as_array().unwrap();
    let changed: Vec<&str> = results
        .iter()
        .filter(|r| r["status"] == "changed-fail")
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(changed, CHANGED, "{out}");
    for r in results.iter().filter(|r| r["status"] == "changed-fail") {
        let pinned = r["expected"]["signature"]["key"].as_str().unwrap();
        assert!(pinned.ends_with("missing"), "{r}");
        assert_eq!(r["expected"]["signature"]["kind"], "captures", "{r}");
    }
    for r in results.iter().filter(|r| r["status"] == "changed-fail") {
        // The signature now: the classification's behaviour, its kind and key.
        let now: Behaviour = serde_json::from_value(r["classification"].clone()).unwrap();
        assert!(now.key().ends_with("extra"), "{now:?}");
        assert_eq!(now.kind(), "captures", "{now:?}");
    }
    assert_eq!(j["summary"]["changed_failures"], 2);
    for id in CHANGED {
        let at = out
            .find(&format!("CHANGED {id}"))
            .unwrap_or_else(|| panic!("{id} not reported as changed:\n{out}"));
        let block: Vec<&str> = out[at..].lines().take(3).collect();
        assert!(
            block[1].contains("expected:") && block[1].contains("missing)"),
            "{out}"
        );
        assert!(
            block[2].contains("now:") && block[2].contains("extra)"),
            "{out}"
        );
    }
    // Refreshing keeps the reasons people wrote and pins the new signature.
    // The harness wrote its cause; a person adds a reason above it.
    let entry = format!("  {}:\n    cause: ", IDS[0]);
    assert!(written.contains(&entry), "{written}");
    let edited = written.replacen(
        &entry,
        &format!("  {}:\n    reason: \"ENG-7 walls\"\n    cause: ", IDS[0]),
        1,
    );
    std::fs::write(dir.path().join("e.yaml"), &edited).unwrap();
    let o = run(
        dir.path(),
        "weight-at-least",
        &["--expectations", "e.yaml", "--update-expectations"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let next = std::fs::read_to_string(dir.path().join("e.yaml")).unwrap();
    assert!(next.contains("reason: \"ENG-7 walls\""), "{next}");
    assert!(
        next.lines()
            .any(|l| l.contains("kind: captures, key: ") && l.contains("extra, step: ")),
        "{next}"
    );
    assert!(
        !next.contains(IDS[2]),
        "an unexpected pass stays listed:\n{next}"
    );
}

#[test]
fn the_older_form_matches_any_failure_with_a_notice() {
    let dir = tempfile::tempdir().unwrap();
    let mut yaml = String::from("engine: model\nexpected_failures:\n");
    for id in CHANGED {
        yaml.push_str(&format!("  {id}: \"known\"\n"));
    }
    std::fs::write(dir.path().join("old.yaml"), yaml).unwrap();
    let o = run(
        dir.path(),
        "weight-at-least",
        &["--expectations", "old.yaml"],
    );
    let out = text(&o);
    assert_eq!(
        out.matches("notice: 2 entries of old.yaml").count(),
        1,
        "{out}"
    );
    assert!(out.contains("--update-expectations"), "{out}");
    assert!(!out.contains("CHANGED"), "{out}");
}

#[test]
fn a_bad_expectations_file_is_located_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "expected_failures:\n  a/b:\n    reason: \"x\"\n    signature: {rules: [C1], kind: captures, key: missing, stp: 1}\n",
            "bad.yaml:4:",
        ),
        ("expected_failures:\n  a/b: [oops\n", "bad.yaml:"),
        ("id: capture/x\ndescription: a fixture\n", "bad.yaml:1:1"),
    ];
    for (body, at) in cases {
        std::fs::write(dir.path().join("bad.yaml"), body).unwrap();
        let o = run(
            dir.path(),
            "weight-at-least",
            &["--expectations", "bad.yaml", "--update-expectations"],
        );
        let out = text(&o);
        assert_eq!(o.status.code(), Some(2), "{out}");
        assert!(out.contains(at), "{body}\n{out}");
        let after = std::fs::read_to_string(dir.path().join("bad.yaml")).unwrap();
        assert_eq!(after, body, "the file was overwritten");
    }
}
