//! Where `run` finds its corpus: `--fixtures`, then the targets' fixtures
//! folder, then `fixtures/` here or above, then the corpus embedded in the
//! harness (read from memory, never written out), which it names on
//! standard error and in its summary.

use std::path::Path;
use std::process::{Command, Output};

use crate::BIN;
const NOTICE: &str = "using the corpus embedded in hexodic-harness";

fn run_in(dir: &Path, cache: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("run")
        .args(args)
        .current_dir(dir)
        .env("XDG_CACHE_HOME", cache)
        .env_remove("GITHUB_ACTIONS")
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// How many fixtures the source tree's corpus holds: one golden trace
/// (`.snap`) each.
fn corpus_size() -> usize {
    fn count(dir: &Path) -> usize {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .map(|p| match p.is_dir() {
                true => count(&p),
                false => usize::from(p.extension().is_some_and(|x| x == "snap")),
            })
            .sum()
    }
    count(&crate::repo().join("fixtures"))
}

/// A fixtures folder with one fixture (and its trace) from the corpus.
fn small_corpus(at: &Path) {
    let src = crate::repo().join("fixtures");
    for f in [
        "schema/fixture.schema.json",
        "start/initial-counters.yaml",
        "start/initial-counters.snap",
    ] {
        let to = at.join(f);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(src.join(f), to).unwrap();
    }
}

#[test]
fn from_an_empty_folder_run_uses_the_embedded_corpus_and_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    let (work, cache) = (tmp.path().join("work"), tmp.path().join("cache"));
    std::fs::create_dir_all(&work).unwrap();
    let out = run_in(&work, &cache, &["--json", "r.json"]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stderr.contains(NOTICE), "{stderr}");
    let n = corpus_size();
    assert!(n > 200, "the corpus is found: {n}");
    assert!(
        stderr.contains(&format!("{n} fixtures, version {n}-fixtures-")),
        "{stderr}"
    );
    assert!(
        stdout.contains(&format!(
            "corpus embedded in the harness ({n} fixtures, version {n}-fixtures-"
        )),
        "{stdout}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(work.join("r.json")).unwrap()).unwrap();
    assert_eq!(json["corpus"]["folders"][0]["embedded"], true);
    assert_eq!(json["corpus"]["folders"][0]["fixtures"], n);
    // The notice's version is the one the report gives.
    let version = json["corpus"]["version"].as_str().unwrap();
    assert!(stderr.contains(version), "{stderr} / {version}");
    // Read from memory: nothing is written, here or in a cache.
    let again = run_in(&work, &cache, &["start/"]);
    assert_eq!(again.status.code(), Some(0));
    assert!(!cache.exists(), "the embedded corpus was written out");
    let here: Vec<_> = std::fs::read_dir(&work).unwrap().flatten().collect();
    assert_eq!(here.len(), 1, "only the report is written: {here:?}");
}

#[test]
fn a_fixtures_folder_here_or_above_comes_before_the_embedded_corpus() {
    let tmp = tempfile::tempdir().unwrap();
    let cache = tmp.path().join("cache");
    small_corpus(&tmp.path().join("fixtures"));
    let below = tmp.path().join("a/b");
    std::fs::create_dir_all(&below).unwrap();
    let out = run_in(&below, &cache, &[]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(!stderr.contains(NOTICE), "{stderr}");
    assert!(
        stdout.contains("corpus ../../fixtures (1 fixture, version 1-fixtures-"),
        "{stdout}"
    );
    assert!(
        !cache.exists(),
        "the embedded corpus was written out unused"
    );
}

#[test]
fn given_fixtures_and_a_target_path_come_first() {
    let tmp = tempfile::tempdir().unwrap();
    let cache = tmp.path().join("cache");
    let given = tmp.path().join("mine");
    small_corpus(&given);
    // A fixtures folder here, which --fixtures and a target path both override.
    small_corpus(&tmp.path().join("fixtures"));
    std::fs::copy(
        tmp.path().join("fixtures/start/initial-counters.yaml"),
        tmp.path().join("fixtures/start/second.yaml"),
    )
    .unwrap();
    let out = run_in(tmp.path(), &cache, &["--fixtures", "mine"]);
    assert!(
        text(&out.stdout).contains("corpus mine (1 fixture"),
        "{}",
        text(&out.stdout)
    );
    let out = run_in(tmp.path(), &cache, &["mine/start/initial-counters.yaml"]);
    assert!(
        text(&out.stdout).contains("corpus mine (1 fixture"),
        "{}",
        text(&out.stdout)
    );
    assert!(!text(&out.stderr).contains(NOTICE));
    let out = run_in(tmp.path(), &cache, &[]);
    // The folder here, whose second fixture declares the wrong id.
    assert!(
        text(&out.stdout).contains("corpus fixtures ("),
        "{}",
        text(&out.stdout)
    );
    assert!(!cache.exists());
}

#[test]
fn record_and_bless_refuse_to_write_into_the_embedded_corpus() {
    let tmp = tempfile::tempdir().unwrap();
    let (work, cache) = (tmp.path().join("work"), tmp.path().join("cache"));
    std::fs::create_dir_all(&work).unwrap();
    let cmd = |args: &[&str]| {
        Command::new(BIN)
            .args(args)
            .current_dir(&work)
            .env("XDG_CACHE_HOME", &cache)
            .output()
            .unwrap()
    };
    let record = cmd(&["record", "--id", "turn/new", "--rules", "T1", "c3 +d4"]);
    let bless = cmd(&["bless"]);
    for (o, name) in [(record, "record"), (bless, "bless")] {
        assert_eq!(o.status.code(), Some(2), "{name}: {}", text(&o.stderr));
        let err = text(&o.stderr);
        assert!(
            err.contains(&format!(
                "`{name}` cannot write into the corpus built into the harness"
            )),
            "{name}: {err}"
        );
        assert!(err.contains("--fixtures DIR"), "{name}: {err}");
    }
    let written: Vec<_> = walk(&cache)
        .into_iter()
        .filter(|p| p.ends_with("new.yaml"))
        .collect();
    assert!(written.is_empty(), "{written:?}");
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .flat_map(|e| {
            let p = e.path();
            if p.is_dir() {
                walk(&p)
            } else {
                vec![p]
            }
        })
        .collect()
}
