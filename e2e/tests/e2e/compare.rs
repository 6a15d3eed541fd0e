//! Builds compared end to end: `compare OLD.json NEW.json` and `run
//! --baseline` on the reports of a clean engine (the reference through
//! `serve`) and of one with a planted bug; reports of different corpus
//! versions; bad baselines; the Markdown summary; annotations an engine
//! repository can see.

use crate::common::{
    engine_cmd, fixtures, harness, harness_in, json, run_in_process, run_report, run_shipped, text,
};
use hexodic_e2e::{Bug, ModelEngine};
use hexodic_harness::corpus::select;
use hexodic_printer::markdown::{markdown, MarkdownOptions, MAX_CAUSES, MAX_ROWS};
use hexodic_report::{read_run, Behaviour, Status, Totals};
use std::path::Path;
use std::process::{Command, Output};

/// The planted bug, its rule and the corpus folder it fails in.
const BUG: &str = "cap-at-59";
const RULE: &str = "G7";
const PART: &str = "end/";

fn run(dir: &Path, engine: &str, extra: &[&str]) -> Output {
    let mut args = vec![PART, "--jobs", "1", "--engine", engine];
    args.extend_from_slice(extra);
    run_shipped(dir, &args)
}

fn serve() -> String {
    format!("{} serve", harness().display())
}

/// A clean report `clean.json` and a one-bug report `bug.json` in `dir`;
/// the ids of the bug's failing fixtures.
fn two_reports(dir: &Path) -> Vec<String> {
    let o = run(dir, &serve(), &["--json", "clean.json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let o = run(
        dir,
        &engine_cmd(&format!("--bug {BUG}")),
        &["--json", "bug.json"],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let bug = json(&dir.join("bug.json"));
    let failing: Vec<String> = bug["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["status"] == "fail")
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect();
    assert!(!failing.is_empty());
    // Every failure has its signature: the rules heading its
    // classification and the kind of behaviour (with the step of its cause).
    for r in bug["results"].as_array().unwrap() {
        if r["status"] == "fail" {
            let c = &r["classification"];
            assert!(c["rules"].as_array().is_some_and(|a| !a.is_empty()), "{r}");
            assert!(c["behaviour"].is_string(), "{r}");
            assert!(r["failure"]["cause"]["step"].is_u64(), "{r}");
        }
    }
    failing
}

#[test]
fn compare_names_a_bugs_fixtures_newly_failing_under_its_rule_and_reversed_fixed() {
    let dir = tempfile::tempdir().unwrap();
    let failing = two_reports(dir.path());
    let n = failing.len();
    let o = harness_in(
        dir.path(),
        &["compare", "clean.json", "bug.json", "--markdown", "pr.md"],
    );
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains(&format!("{n} newly failing, 0 fixed")),
        "{out}"
    );
    assert!(
        out.contains(&format!("broke {RULE} in {n} fixtures")),
        "{out}"
    );
    for id in &failing {
        assert!(
            out.contains(&format!("{id} ({RULE}")),
            "{id} missing:\n{out}"
        );
    }
    let md = std::fs::read_to_string(dir.path().join("pr.md")).unwrap();
    assert!(
        md.contains(&format!("| {RULE} | {n} | 0 | 0 | 0 |")),
        "{md}"
    );

    let o = harness_in(dir.path(), &["compare", "bug.json", "clean.json"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains(&format!("0 newly failing, {n} fixed")),
        "{out}"
    );
    assert!(
        out.contains(&format!("fixed {RULE} in {n} fixtures")),
        "{out}"
    );

    let o = harness_in(dir.path(), &["compare", "bug.json", "bug.json"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains(&format!("{n} still failing")), "{out}");
}

#[test]
fn a_failure_with_another_signature_is_changed_and_fails_compare() {
    let dir = tempfile::tempdir().unwrap();
    let failing = two_reports(dir.path());
    // The baseline failed the first fixture with the same kind of
    // behaviour under the same rules, but another key.
    let mut old = run_report(&dir.path().join("bug.json"));
    for r in &mut old.results {
        if r.id == failing[0] {
            let c = r.classification.as_mut().unwrap();
            c.behaviour = Behaviour::Other {
                kind: c.behaviour.kind().to_owned(),
                key: "another-key".into(),
            };
        }
    }
    old.derive();
    std::fs::write(dir.path().join("old.json"), old.to_json()).unwrap();
    let o = harness_in(dir.path(), &["compare", "old.json", "bug.json"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("1 failing differently"), "{out}");
    assert!(
        out.contains(&format!("{}: was {RULE}", failing[0])),
        "{out}"
    );
}

#[test]
fn run_with_a_baseline_fails_only_on_what_is_new_and_writes_the_comparison() {
    let dir = tempfile::tempdir().unwrap();
    let failing = two_reports(dir.path());
    let bug = engine_cmd(&format!("--bug {BUG}"));
    // The same bug as the baseline: known failures do not fail the run.
    let o = run(
        dir.path(),
        &bug,
        &["--baseline", "bug.json", "--json", "again.json"],
    );
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let summary_at = out.find("failures of documented rules").unwrap();
    let compared_at = out.find("against the baseline").unwrap();
    assert!(summary_at < compared_at, "{out}");
    let again = json(&dir.path().join("again.json"));
    let c = &again["comparison"];
    assert_eq!(c["still_failing"].as_array().unwrap().len(), failing.len());
    assert_eq!(c["newly_failing"].as_array().unwrap().len(), 0);
    // The failures are still counted; the report's exit code is the run's
    // one decision, the baseline included: the command's.
    assert_eq!(again["summary"]["failed"], failing.len());
    assert_eq!(
        again["exit_code"], 0,
        "the report's exit code is the command's"
    );
    assert!(read_run(&dir.path().join("again.json")).is_ok());

    // Against a clean baseline the bug's fixtures are new: the run fails.
    let o = run(
        dir.path(),
        &bug,
        &["--baseline", "clean.json", "--json", "new.json"],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let new = json(&dir.path().join("new.json"));
    let ids: Vec<&str> = new["comparison"]["newly_failing"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, failing);
    assert_eq!(new["comparison"]["by_rule"][0]["rule"], RULE);
}

#[test]
fn reports_of_different_corpus_versions_are_compared_on_the_fixtures_they_share() {
    let dir = tempfile::tempdir().unwrap();
    let failing = two_reports(dir.path());
    let mut old = run_report(&dir.path().join("clean.json"));
    let results = &mut old.results;
    let total = results.len();
    // Drop a failing fixture and another from the baseline, rename one.
    let dropped = failing[0].clone();
    results.retain(|r| r.id != dropped);
    let other = results.remove(0).id;
    results[0].id = "end/only-in-the-old-corpus".into();
    old.corpus.version = "older-version".into();
    // Its counts those of the results it keeps.
    old.derive();
    std::fs::write(dir.path().join("old.json"), old.to_json()).unwrap();
    let o = harness_in(dir.path(), &["compare", "old.json", "bug.json"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    let shared = total - 3;
    assert!(
        out.contains(&format!("compared on the {shared} fixtures both ran")),
        "{out}"
    );
    assert!(out.contains("another version"), "{out}");
    assert!(out.contains("3 fixtures not in the baseline"), "{out}");
    assert!(out.contains(&dropped) && out.contains(&other), "{out}");
    assert!(
        out.contains("1 fixture only in the baseline: end/only-in-the-old-corpus"),
        "{out}"
    );
    assert!(
        out.contains(&format!("{} newly failing", failing.len() - 1)),
        "{out}"
    );
}

#[test]
fn bad_baselines_are_located_errors_and_nothing_is_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    two_reports(dir.path());
    let clean = std::fs::read_to_string(dir.path().join("clean.json")).unwrap();
    let now = format!("\"schema_version\": {}", hexodic_report::SCHEMA_VERSION);
    assert!(clean.contains(&now));
    let other_version = clean.replacen(&now, "\"schema_version\": 7", 1);
    let cut = &clean[..clean.len() / 2];
    let cases = [
        (
            "other.json",
            "{\n  \"id\": \"capture/a\",\n  \"rules\": []\n}\n",
            "not a hexodic-conformance report",
        ),
        ("version.json", other_version.as_str(), "schema_version 7"),
        ("cut.json", cut, "truncated"),
        ("absent.json", "", "cannot read"),
    ];
    for (name, body, words) in cases {
        if name != "absent.json" {
            std::fs::write(dir.path().join(name), body).unwrap();
        }
        std::fs::write(dir.path().join("keep.md"), "kept").unwrap();
        std::fs::write(dir.path().join("keep.json"), "kept").unwrap();
        let o = harness_in(
            dir.path(),
            &["compare", name, "bug.json", "--markdown", "keep.md"],
        );
        let out = text(&o);
        assert_eq!(o.status.code(), Some(2), "{name}: {out}");
        assert!(out.contains(&format!("error: {name}:")), "{name}: {out}");
        assert!(out.contains(words), "{name}: {out}");
        let o = run(
            dir.path(),
            &serve(),
            &[
                "--baseline",
                name,
                "--json",
                "keep.json",
                "--markdown",
                "keep.md",
            ],
        );
        let out = text(&o);
        assert_eq!(o.status.code(), Some(2), "{name}: {out}");
        assert!(out.contains(words), "{name}: {out}");
        for kept in ["keep.md", "keep.json"] {
            let body = std::fs::read_to_string(dir.path().join(kept)).unwrap();
            assert_eq!(body, "kept", "{name} overwrote {kept}");
        }
    }
    // The truncated one says on which line the file ends.
    let o = harness_in(dir.path(), &["compare", "cut.json", "bug.json"]);
    let lines = cut.lines().count();
    assert!(
        text(&o).contains(&format!("error: cut.json:{lines}:")),
        "{}",
        text(&o)
    );
}

/// The Markdown totals line: the summary's sentence in bold.
fn markdown_totals(md: &str) -> &str {
    md.lines()
        .find(|l| l.starts_with("**") && l.ends_with("**") && l.contains(" fixtures: "))
        .unwrap_or_else(|| panic!("no totals line in:\n{md}"))
}

/// The numbers of a line, in order.
fn numbers(line: &str) -> Vec<u64> {
    line.split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect()
}

#[test]
fn the_markdown_summary_has_the_json_numbers_and_goes_to_the_job_summary() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("job.md"), "earlier step\n").unwrap();
    let o = Command::new(harness())
        .args([
            "run",
            "--fixtures",
            fixtures().to_str().unwrap(),
            PART,
            "--jobs",
            "1",
            "--engine",
            &engine_cmd(&format!("--bug {BUG}")),
            "--json",
            "r.json",
            "--markdown",
            "r.md",
        ])
        .current_dir(dir.path())
        .env_remove("GITHUB_ACTIONS")
        .env("GITHUB_STEP_SUMMARY", dir.path().join("job.md"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let md = std::fs::read_to_string(dir.path().join("r.md")).unwrap();
    // The totals are the JSON report's: its sentence, its numbers.
    let s = &json(&dir.path().join("r.json"))["summary"];
    let totals: Totals = serde_json::from_value(s.clone()).unwrap();
    let line = markdown_totals(&md);
    assert_eq!(
        line,
        format!("**{}**", hexodic_io::escape::markdown(&totals.sentence())),
        "{md}"
    );
    let want: Vec<u64> = ["fixtures", "passed", "failed"]
        .iter()
        .map(|k| s[*k].as_u64().unwrap())
        .collect();
    assert_eq!(numbers(line)[..3], want[..], "{md}");
    assert!(s["failed"].as_u64().unwrap() > 0, "{s}");
    assert!(md.contains(&format!("| {RULE} |")), "{md}");
    assert!(
        md.contains("hexodic-conformance run end/") && md.contains(&format!("--bug {BUG}'")),
        "{md}"
    );
    let job = std::fs::read_to_string(dir.path().join("job.md")).unwrap();
    assert_eq!(job, format!("earlier step\n{md}"));
}

#[test]
fn the_markdown_summary_stays_short_at_300_failures_and_counts_the_rest() {
    // The bug's report, made in process.
    let end = select(&fixtures(), &[PART.to_owned()]).unwrap();
    let mut r = run_in_process(&mut ModelEngine::new(Some(Bug::CapAt59), None), &end);
    let failing = r
        .results
        .iter()
        .find(|x| x.status == Status::Fail)
        .unwrap()
        .clone();
    r.results.clear();
    // 300 failures, each a behaviour of its own (a code of its own) headed
    // by a rule of its own: 300 root causes.
    for i in 0..300 {
        let mut f = failing.clone();
        f.id = format!("many/fixture-{i:03}");
        let c = f.classification.as_mut().unwrap();
        c.rules = vec![format!("R{i}")];
        c.behaviour = Behaviour::Code {
            code: format!("code-{i:03}"),
            fault: false,
        };
        r.results.push(f);
    }
    r.derive();
    assert_eq!(r.root_causes.len(), 300);
    assert_eq!(r.summary.failed, 300);
    let md = markdown(&r, &MarkdownOptions::default());
    assert!(md.len() < 8_000, "{} bytes:\n{md}", md.len());
    let rows = md.lines().filter(|l| l.starts_with("| R")).count();
    assert_eq!(rows, MAX_ROWS, "{md}");
    assert!(
        md.contains(&format!("… and {} more rules.", 300 - MAX_ROWS)),
        "{md}"
    );
    assert!(
        md.contains(&format!(
            "… and {} more root causes ({} fixtures).",
            300 - MAX_CAUSES,
            300 - MAX_CAUSES
        )),
        "{md}"
    );
    assert!(
        md.contains("**300 fixtures: 0 passed, 300 failed**"),
        "{md}"
    );
}

fn annotate(dir: &Path, engine: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "run".to_owned(),
        "--fixtures".to_owned(),
        fixtures().to_str().unwrap().to_owned(),
        PART.to_owned(),
        "--jobs".to_owned(),
        "1".to_owned(),
        "--engine".to_owned(),
        engine.to_owned(),
    ];
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    let o = Command::new(harness())
        .args(&args)
        .current_dir(dir)
        .env("GITHUB_ACTIONS", "true")
        .env_remove("GITHUB_STEP_SUMMARY")
        .output()
        .unwrap();
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter(|l| l.starts_with("::"))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn annotations_point_at_the_expectations_line_else_at_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let failing = two_reports(dir.path());
    // The fixtures are outside this folder (a harness checkout or cache):
    // an unlisted failure is annotated without a file.
    let bug = engine_cmd(&format!("--bug {BUG}"));
    let out = annotate(dir.path(), &bug, &[]);
    let first = out
        .lines()
        .find(|l| l.contains(&format!("title={}", failing[0])))
        .unwrap_or_else(|| panic!("no annotation for {}:\n{out}", failing[0]));
    assert!(!first.contains("file="), "{first}");
    assert!(first.contains(&format!("::{}: ", failing[0])), "{first}");
    assert!(first.contains(&format!("rules: {RULE}")), "{first}");
    assert!(
        first.contains(&format!(
            "rerun: hexodic-conformance run {} --variant r0 ",
            failing[0]
        )) && first.contains(" --engine "),
        "{first}"
    );
    // A listed fixture that passes points at its line of the expectations file.
    let listed = format!(
        "engine: \"x\"\nexpected_failures:\n  capture/none: \"other\"\n  {}: \"known\"\n",
        failing[0]
    );
    std::fs::write(dir.path().join("expected.yaml"), listed).unwrap();
    let out = annotate(dir.path(), &serve(), &["--expectations", "expected.yaml"]);
    let pass = out
        .lines()
        .find(|l| l.contains("listed as an expected failure"))
        .unwrap_or_else(|| panic!("no unexpected-pass annotation:\n{out}"));
    assert!(
        pass.starts_with("::error file=expected.yaml,line=4,"),
        "{pass}"
    );
}

#[test]
fn annotations_point_at_fixture_files_of_this_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let bug = engine_cmd(&format!("--bug {BUG}"));
    let o = Command::new(harness())
        .args(["run", "fixtures/end/cap-not-at-59.yaml", "--engine", &bug])
        .current_dir(&root)
        .env("GITHUB_ACTIONS", "true")
        .env_remove("GITHUB_STEP_SUMMARY")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("::error file=fixtures/end/cap-not-at-59.yaml,line="),
        "{out}"
    );
}
