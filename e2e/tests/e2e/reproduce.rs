//! Every failure's reproduce line, run through a POSIX shell, reruns
//! exactly that fixture in exactly that variant, and fails it again.
#![cfg(unix)]

use crate::common::{harness, json, run_shipped, TEST_ENGINE};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// The failing results of a run of the corpus against `engine`, in `dir`.
fn failures(dir: &Path, engine: &str) -> Vec<Value> {
    let o = run_shipped(dir, &["--engine", engine, "--json", "all.json"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let report = json(&dir.join("all.json"));
    let results = report["results"].as_array().unwrap().clone();
    results
        .into_iter()
        .filter(|r| r["status"] == "fail" || r["status"] == "incident")
        .collect()
}

/// Run `line` with `sh -c` in `dir`, the harness on the `PATH`, writing a
/// JSON report; the report.
fn rerun(dir: &Path, line: &str) -> (Option<i32>, Value) {
    let bin = harness();
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!("{line} --json one.json"))
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("GITHUB_ACTIONS")
        .output()
        .unwrap();
    (o.status.code(), json(&dir.join("one.json")))
}

/// The line of `failure` reruns that fixture alone, in its variant, and it fails again.
fn assert_reproduces(dir: &Path, failure: &Value) {
    let id = failure["id"].as_str().unwrap();
    let line = failure["rerun"].as_str().unwrap();
    let variant = failure["failure"]["variant"]
        .as_str()
        .or_else(|| failure["incident"]["variant"].as_str())
        .unwrap();
    assert!(line.contains(&format!("--variant {variant}")), "{line}");
    let (code, one) = rerun(dir, line);
    assert_eq!(code, Some(1), "{line}: {one}");
    let results = one["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{line} ran more than {id}: {one}");
    let r = &results[0];
    assert_eq!(r["id"], id, "{line}");
    assert_eq!(r["status"], failure["status"], "{line}");
    assert_eq!(r["variants_run"], 1, "{line} ran more than one variant");
    assert_eq!(
        r["failure"]["variant"], failure["failure"]["variant"],
        "{line}"
    );
    assert_eq!(r["cause"], failure["cause"], "{line}");
    assert_eq!(r["rerun"], failure["rerun"], "{line}");
}

/// Five failures, those whose id is part of another id first (a substring
/// match would select more than one fixture).
fn sample(failures: &[Value]) -> Vec<&Value> {
    let ids: Vec<&str> = failures.iter().filter_map(|f| f["id"].as_str()).collect();
    let all = crate::common::corpus();
    let inside = |id: &str| all.fixtures.iter().any(|f| f.id != id && f.id.contains(id));
    let mut picked: Vec<&Value> = failures
        .iter()
        .filter(|f| inside(f["id"].as_str().unwrap()))
        .take(3)
        .collect();
    for f in failures {
        if picked.len() >= 5 {
            break;
        }
        if !picked.iter().any(|p| p["id"] == f["id"]) {
            picked.push(f);
        }
    }
    assert!(!ids.is_empty());
    picked
}

#[test]
fn reproduce_lines_rerun_exactly_the_failing_fixture_and_variant() {
    let dir = tempfile::tempdir().unwrap();
    let engine = format!("{TEST_ENGINE} --bug edge-counts-tier");
    let failing = failures(dir.path(), &engine);
    assert!(failing.len() >= 5, "{} failures", failing.len());
    let picked = sample(&failing);
    assert!(
        picked
            .iter()
            .any(|f| f["id"] == "capture/locked-cell-stone-captured"
                || f["id"] == "capture/weight-6t-plus-1-tier2"),
        "no failure whose id is part of another id in the sample"
    );
    for f in picked {
        assert_reproduces(dir.path(), f);
    }
}

#[test]
fn a_reproduce_line_keeps_an_engine_command_with_spaces_and_quotes() {
    let dir = tempfile::tempdir().unwrap();
    let odd = dir.path().join("an engine's \"home\"");
    std::fs::create_dir(&odd).unwrap();
    let exe = odd.join("test engine");
    std::os::unix::fs::symlink(TEST_ENGINE, &exe).unwrap();
    let engine = shell_words::join([exe.to_str().unwrap(), "--bug", "edge-counts-tier"]);
    let failing = failures(dir.path(), &engine);
    let f = failing.first().unwrap();
    let line = f["rerun"].as_str().unwrap();
    assert_eq!(
        shell_words::split(line).unwrap().last().map(String::as_str),
        Some(engine.as_str()),
        "{line}"
    );
    assert_reproduces(dir.path(), f);
}

/// `run --rerun-failed REPORT` runs exactly the fixtures that failed the
/// earlier run, and nothing when it recorded no failure.
#[test]
fn rerun_failed_runs_exactly_the_failures_of_an_earlier_run() {
    let dir = tempfile::tempdir().unwrap();
    let engine = format!("{TEST_ENGINE} --bug weight-at-least");
    let failing = failures(dir.path(), &engine);
    assert!(!failing.is_empty());
    let mut want: Vec<String> = failing
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect();
    want.sort();

    let o = run_shipped(
        dir.path(),
        &[
            "--engine",
            &engine,
            "--rerun-failed",
            "all.json",
            "--json",
            "again.json",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let again = json(&dir.path().join("again.json"));
    let mut ran: Vec<String> = again["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect();
    ran.sort();
    assert_eq!(ran, want);

    // The fixed build passes exactly those; its report records no failure,
    // so rerunning its failures runs nothing.
    let o = run_shipped(
        dir.path(),
        &["--rerun-failed", "again.json", "--json", "fixed.json"],
    );
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let fixed = json(&dir.path().join("fixed.json"));
    assert_eq!(fixed["summary"]["passed"].as_u64(), Some(want.len() as u64));
    let o = run_shipped(dir.path(), &["--rerun-failed", "fixed.json"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("fixed.json records no failure"),
        "{o:?}"
    );

    // Not a report: a located message, exit 2; the report is never written over.
    std::fs::write(
        dir.path().join("x.yaml"),
        "engine: x\nexpected_failures: {}\n",
    )
    .unwrap();
    let o = run_shipped(dir.path(), &["--rerun-failed", "x.yaml"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("x.yaml:1:1: this is a YAML file"));
    let o = run_shipped(
        dir.path(),
        &["--rerun-failed", "all.json", "--json", "all.json"],
    );
    assert_eq!(o.status.code(), Some(2), "{o:?}");
}

/// `run --with DIR`: a team's own fixtures run with the corpus as one run,
/// the report naming both folders; a failing own fixture's rerun line keeps
/// `--with` and fails again; an id both folders hold is a located error.
#[test]
fn own_fixtures_run_with_the_corpus_in_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let own = dir.path().join("own");
    std::fs::create_dir_all(own.join("team")).unwrap();
    let shipped = crate::common::fixtures().join("capture");
    // The same fixture under the team's own id.
    for ext in ["yaml", "snap"] {
        let text =
            std::fs::read_to_string(shipped.join(format!("only-neighbouring-stones-weigh.{ext}")))
                .unwrap()
                .replace("capture/only-neighbouring-stones-weigh", "team/weigh");
        std::fs::write(own.join(format!("team/weigh.{ext}")), text).unwrap();
    }
    let engine = format!("{TEST_ENGINE} --bug weight-at-least");
    let o = run_shipped(
        dir.path(),
        &["--with", "own", "--engine", &engine, "--json", "all.json"],
    );
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let report = json(&dir.path().join("all.json"));
    let folders = report["corpus"]["folders"].as_array().unwrap();
    assert_eq!(folders.len(), 2, "{}", report["corpus"]);
    assert_eq!(folders[1]["folder"], "own");
    assert_eq!(folders[1]["fixtures"], 1);
    let own_result = report["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "team/weigh")
        .expect("the own fixture ran");
    assert_eq!(own_result["status"], "fail", "{own_result}");
    let line = own_result["rerun"].as_str().unwrap();
    assert!(line.contains("--with own"), "{line}");
    let (code, again) = rerun(dir.path(), line);
    assert_eq!(code, Some(1), "{line}");
    assert_eq!(crate::common::result_ids(&again), ["team/weigh"]);

    // An id the corpus holds too: the second file's load error, exit 2.
    std::fs::create_dir_all(own.join("capture")).unwrap();
    std::fs::copy(
        shipped.join("only-neighbouring-stones-weigh.yaml"),
        own.join("capture/only-neighbouring-stones-weigh.yaml"),
    )
    .unwrap();
    let o = run_shipped(dir.path(), &["--with", "own"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    let said = String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    assert!(
        said.contains("own/capture/only-neighbouring-stones-weigh.yaml")
            && said.contains("is also a fixture of"),
        "{said}"
    );
}
