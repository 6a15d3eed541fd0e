//! `merge`: the parts of a partitioned run, merged, are the single run
//! (reports equal once timings are removed), and parts that are not the
//! parts of one run are refused with the file and field at fault, exit 2,
//! nothing written.

use crate::common::{engine_cmd, harness_in, json, result_ids, run_report, run_shipped, text};
use hexodic_report::Partition;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

const BUG: &str = "--bug weight-at-least";

/// `run --json FILE` in `dir` on the capture and echo fixtures against the
/// planted-bug engine, with `extra`; its standard output. The exit code is 1
/// exactly when the report counts a failure (a part of a partition may hold
/// none of the bug's fixtures).
fn run(dir: &Path, file: &str, extra: &[&str]) -> String {
    let engine = engine_cmd(BUG);
    let mut args = vec!["--engine", &engine, "--jobs", "1", "--json", file];
    args.extend_from_slice(extra);
    args.extend(["capture", "echo"]);
    let o = run_shipped(dir, &args);
    let failed = json(&dir.join(file))["summary"]["failed"].as_u64().unwrap();
    let expected = if failed > 0 { 1 } else { 0 };
    assert_eq!(o.status.code(), Some(expected), "{}", text(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Timings and notes on slow requests (the machine's load) taken out.
fn timeless(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| !matches!(k.as_str(), "elapsed" | "elapsed_seconds"))
                .map(|(k, x)| (k.clone(), timeless(x)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(
            a.iter()
                .filter(|x| !x.as_str().is_some_and(|s| s.contains(" took over ")))
                .map(timeless)
                .collect(),
        ),
        x => x.clone(),
    }
}

fn read(path: &Path) -> Value {
    timeless(&json(path))
}

fn text_lines(s: &str) -> Vec<&str> {
    s.lines()
        .filter(|l| !l.starts_with("warning:"))
        .map(|l| l.split(" variant runs in ").next().unwrap_or(l))
        .collect()
}

#[test]
fn the_merged_parts_are_the_single_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let whole_text = run(d, "whole.json", &[]);
    for k in 1..=3 {
        run(
            d,
            &format!("p{k}.json"),
            &["--partition", &format!("{k}/3")],
        );
    }
    let whole = read(&d.join("whole.json"));
    let parts: Vec<Value> = (1..=3)
        .map(|k| read(&d.join(format!("p{k}.json"))))
        .collect();
    // Disjoint, and together the whole.
    let mut seen = BTreeSet::new();
    for p in &parts {
        for id in result_ids(p) {
            assert!(seen.insert(id.clone()), "{id} in two parts");
        }
    }
    let all: BTreeSet<String> = result_ids(&whole).into_iter().collect();
    assert_eq!(seen, all);
    assert!(whole["summary"]["failed"].as_u64().unwrap() > 0);

    let o = harness_in(
        d,
        &[
            "merge", "p2.json", "p3.json", "p1.json", "--json", "m.json", "--junit", "m.xml",
            "--text",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(read(&d.join("m.json")), whole);
    let merged_text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(text_lines(&merged_text), text_lines(&whole_text));
    let xml = std::fs::read_to_string(d.join("m.xml")).unwrap();
    assert!(xml.contains("weight-exactly-6t-tier1"), "{xml}");
}

fn refused(dir: &Path, args: &[&str], says: &[&str]) {
    let mut all = vec!["merge"];
    all.extend_from_slice(args);
    all.extend(["--json", "out.json"]);
    let o = harness_in(dir, &all);
    let w = text(&o);
    assert_eq!(o.status.code(), Some(2), "{w}");
    for s in says {
        assert!(w.contains(s), "{s:?} not in: {w}");
    }
    assert!(!dir.join("out.json").exists(), "{w}");
}

fn edited(dir: &Path, from: &str, to: &str, edit: impl Fn(&mut Value)) {
    let mut v = json(&dir.join(from));
    edit(&mut v);
    std::fs::write(dir.join(to), serde_json::to_string_pretty(&v).unwrap()).unwrap();
}

#[test]
fn parts_of_other_runs_are_refused_with_the_place() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for k in 1..=2 {
        run(
            d,
            &format!("p{k}.json"),
            &["--partition", &format!("{k}/2")],
        );
    }
    refused(d, &["p1.json"], &["part 2/2 is missing"]);
    refused(
        d,
        &["p1.json", "p1.json"],
        &["p1.json", "`settings.partition`", "part 1/2 again"],
    );
    edited(d, "p2.json", "other.json", |v| {
        v["corpus"]["version"] = "0123".into();
    });
    refused(
        d,
        &["p1.json", "other.json"],
        &["other.json", "`corpus.version`"],
    );
    edited(d, "p2.json", "engine.json", |v| {
        v["engine"]["command"] = "another-engine".into();
    });
    refused(
        d,
        &["p1.json", "engine.json"],
        &["engine.json", "`engine.command`"],
    );
    // A part 2/2 holding a fixture of part 1/2 (its counts its own).
    let mut overlap = run_report(&d.join("p1.json"));
    overlap.results.truncate(1);
    overlap.settings.partition = Partition::new(2, 2);
    overlap.derive();
    std::fs::write(d.join("overlap.json"), overlap.to_json()).unwrap();
    refused(
        d,
        &["p1.json", "overlap.json"],
        &["overlap.json", "`results`", "the parts overlap"],
    );
    // A report of an earlier shape: it lacks what a merge needs.
    edited(d, "p2.json", "old.json", |v| {
        v["schema_version"] = 1.into();
    });
    refused(
        d,
        &["p1.json", "old.json"],
        &["old.json", "schema_version 1", "write the report again"],
    );
    let text = std::fs::read_to_string(d.join("p2.json")).unwrap();
    std::fs::write(d.join("cut.json"), &text[..text.len() / 2]).unwrap();
    refused(d, &["p1.json", "cut.json"], &["cut.json:", "truncated"]);
    std::fs::write(d.join("foreign.json"), "{\"name\": \"something else\"}\n").unwrap();
    refused(
        d,
        &["foreign.json"],
        &["foreign.json:1:1", "not a hexodic-conformance"],
    );
    refused(d, &["nowhere.json"], &["nowhere.json", "cannot read"]);
}
