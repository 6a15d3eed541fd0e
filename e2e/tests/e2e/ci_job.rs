//! The CI job of `docs/engine-ci.md` run as written, in a scratch engine
//! repository, against test engines standing for four builds of one
//! engine:
//!
//! 1. a correct build, main's first run: the bootstrap step writes an empty
//!    expectations file and every step is green;
//! 2. a pull request with a bug: red on the corpus and on fuzzing, with the
//!    fixtures it newly fails; once its failures are pinned with
//!    `--update-expectations`, green on every step;
//! 3. a pull request whose build fails the same fixtures another way: red,
//!    with its changed failures, compared with main's report;
//! 4. a pull request that fixes the bug: the comparison lists the fixtures
//!    as fixed, the known failures that now pass are named for removal (red)
//!    and, after `--update-expectations`, every step is green.
//!
//! The workflow's steps are read from the document's YAML. The steps that
//! call `hexodic-conformance` (run, perft, fuzz) are run with bash as
//! written, the harness and the engine put in place of
//! `harness/target/release/...` and `node dist/hexodic-adapter.js`; only
//! the fuzzing time (`--time 2m` becomes a fixed number of games), the
//! workflow's run id (the seed) and the perft depth (3 becomes 2) are
//! changed, to keep the test short and reproducible. The download of main's
//! report is done by copying main's JSON report; the steps that build,
//! check out or upload are left out. A step of any other form fails the
//! test, so the document cannot grow a step this test does not know.
#![cfg(unix)]

use crate::common::{fixtures, harness, json, TEST_ENGINE};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The documented workflow's jobs.
#[derive(serde::Deserialize)]
struct Workflow {
    jobs: BTreeMap<String, Job>,
}

#[derive(serde::Deserialize)]
struct Job {
    steps: Vec<Step>,
}

#[derive(serde::Deserialize, Clone)]
struct Step {
    name: Option<String>,
    uses: Option<String>,
    run: Option<String>,
    #[serde(rename = "if")]
    when: Option<String>,
}

/// The `conformance` job's steps from the first workflow of the document.
fn documented_steps() -> Vec<Step> {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/engine-ci.md");
    let text = std::fs::read_to_string(doc).unwrap();
    let start = text
        .find("```yaml\n# .github/workflows/hexodic-conformance.yml")
        .expect("docs/engine-ci.md shows the workflow");
    let body = &text[start + "```yaml\n".len()..];
    let body = &body[..body.find("```").unwrap()];
    let w: Workflow = serde_saphyr::from_str(body).unwrap();
    w.jobs["conformance"].steps.clone()
}

/// What the test does with a step.
enum Action {
    /// Run it with bash.
    Run(String),
    /// Copy main's report to where the download puts it.
    DownloadMain,
    /// Not this test's concern.
    Skip,
}

fn action(step: &Step, engine: &str) -> Action {
    let run = step.run.as_deref().unwrap_or("");
    if run.contains("gh run download") {
        return Action::DownloadMain;
    }
    if run.contains("harness/target/release/hexodic-conformance") {
        let harness = harness().display().to_string();
        let fx = fixtures().display().to_string();
        let script = run
            .replace("harness/target/release/hexodic-conformance", &harness)
            .replace("harness/fixtures", &fx)
            .replace("node dist/hexodic-adapter.js", engine)
            .replace("--time 2m", "--games 150")
            .replace("${{ github.run_id }}", "1")
            .replace("--depth 3", "--depth 2");
        assert!(
            !script.contains("${{"),
            "a workflow expression this test does not replace: {run}"
        );
        return Action::Run(script);
    }
    let known_skip = step.uses.is_some()
        || run.starts_with("npm ")
        || run.starts_with("rustup ")
        || run.starts_with("cargo build");
    assert!(
        known_skip,
        "a step of docs/engine-ci.md this test does not know: {:?}",
        step.name.as_deref().unwrap_or(run)
    );
    Action::Skip
}

/// Whether a step's `if:` holds, for the forms the document uses.
fn holds(when: Option<&str>, repo: &Path, pull_request: bool) -> bool {
    let Some(w) = when.map(str::trim) else {
        return true;
    };
    if w == "always()" || w == "${{ !cancelled() }}" {
        return true;
    }
    if w == "github.event_name == 'pull_request'" {
        return pull_request;
    }
    if let Some(file) = w
        .strip_prefix("hashFiles('")
        .and_then(|r| r.strip_suffix("') == ''"))
    {
        return !repo.join(file).exists();
    }
    panic!("an `if:` this test cannot judge: {w}")
}

/// One run of the job; the exit code of each step run, by its name.
struct JobRun {
    exits: Vec<(String, i32)>,
    stdout: String,
}

impl JobRun {
    fn exit_of(&self, name_part: &str) -> Option<i32> {
        self.exits
            .iter()
            .find(|(n, _)| n.contains(name_part))
            .map(|(_, c)| *c)
    }
}

/// Run the job in `repo` with the test engine `bug` (none: a correct
/// build); `main_report` is main's last report, for a pull request.
fn run_job(repo: &Path, bug: Option<&str>, main_report: Option<&Path>) -> JobRun {
    let engine = match bug {
        Some(b) => format!("{TEST_ENGINE} --bug {b}"),
        None => TEST_ENGINE.to_owned(),
    };
    let pull_request = main_report.is_some();
    // A fresh workspace: the committed files stay, last run's outputs go.
    for out in [
        "baseline",
        "transcripts",
        "found",
        "conformance.json",
        "conformance.md",
    ] {
        let p = repo.join(out);
        let _ = std::fs::remove_dir_all(&p);
        let _ = std::fs::remove_file(&p);
    }
    let summary_page = repo.join("step-summary.md");
    let _ = std::fs::remove_file(&summary_page);
    let mut job = JobRun {
        exits: Vec::new(),
        stdout: String::new(),
    };
    for step in documented_steps() {
        if !holds(step.when.as_deref(), repo, pull_request) {
            continue;
        }
        match action(&step, &engine) {
            Action::Skip => {}
            Action::DownloadMain => {
                let from = main_report.expect("only a pull request downloads");
                std::fs::create_dir_all(repo.join("baseline")).unwrap();
                std::fs::copy(from, repo.join("baseline/conformance.json")).unwrap();
            }
            Action::Run(script) => {
                let o = Command::new("bash")
                    .args(["-c", &script])
                    .current_dir(repo)
                    .env("GITHUB_ACTIONS", "true")
                    .env("GITHUB_STEP_SUMMARY", &summary_page)
                    .env_remove("NO_COLOR")
                    .output()
                    .unwrap();
                let out = String::from_utf8_lossy(&o.stdout).into_owned();
                let err = String::from_utf8_lossy(&o.stderr);
                job.stdout.push_str(&out);
                let name = step.name.clone().unwrap_or_default();
                let code = o.status.code().unwrap_or(-1);
                eprintln!("step {name:?}: exit {code}\n{err}");
                job.exits.push((name, code));
            }
        }
    }
    job
}

fn ids(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_str().unwrap().to_owned())
        .collect()
}

impl JobRun {
    /// The exit codes of the corpus, perft and fuzzing steps.
    fn verdicts(&self) -> [Option<i32>; 3] {
        [
            self.exit_of("Corpus"),
            self.exit_of("perft"),
            self.exit_of("fuzzing"),
        ]
    }
}

/// Pin the current failures, as the team does on a workstation.
fn update_expectations(repo: &Path, bug: Option<&str>) {
    let mut engine = vec![TEST_ENGINE.to_owned()];
    if let Some(b) = bug {
        engine.extend(["--bug".to_owned(), b.to_owned()]);
    }
    let o = Command::new(harness())
        .current_dir(repo)
        .arg("run")
        .arg("--fixtures")
        .arg(fixtures())
        .args(["--engine", &engine.join(" ")])
        .args(["--expectations", "hexodic-expectations.yaml"])
        .arg("--update-expectations")
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// The Markdown summary and the text report give the JSON report's totals.
fn counts_agree(repo: &Path, job: &JobRun) {
    let md = std::fs::read_to_string(repo.join("conformance.md")).unwrap();
    let totals = md
        .lines()
        .find_map(|l| l.strip_prefix("**").and_then(|l| l.strip_suffix("**")))
        .expect("the Markdown states the totals");
    assert!(
        job.stdout.contains(totals),
        "the text report does not say `{totals}`:\n{}",
        job.stdout
    );
    let j = json(&repo.join("conformance.json"));
    let passed = j["summary"]["passed"].as_u64().unwrap();
    let fixtures = j["summary"]["fixtures"].as_u64().unwrap();
    assert!(
        totals.starts_with(&format!("{fixtures} fixtures: {passed} passed")),
        "{totals} against {}",
        j["summary"]
    );
}

#[test]
fn the_documented_job_is_green_on_each_known_state_and_red_on_each_change() {
    let repo = tempfile::tempdir().unwrap();
    let repo = repo.path();
    let expectations = repo.join("hexodic-expectations.yaml");
    let mut table = Vec::new();

    // 1. a correct build, main's first run: the bootstrap writes an empty file, all green.
    let correct = run_job(repo, None, None);
    assert_eq!(correct.exit_of("Expectations, created"), Some(0));
    assert_eq!(correct.verdicts(), [Some(0); 3], "{}", correct.stdout);
    counts_agree(repo, &correct);
    assert!(expectations.is_file());
    table.push(("correct", correct.verdicts()));
    let main_report: PathBuf = repo.join("main.json");
    std::fs::copy(repo.join("conformance.json"), &main_report).unwrap();

    // 2. a pull request with a bug: red on the corpus and on fuzzing (perft
    // counts no captures at depth 2: green), the fixtures newly failing.
    let bug = run_job(repo, Some("edge-counts-tier"), Some(&main_report));
    assert_eq!(bug.exit_of("Expectations, created"), None);
    assert_eq!(
        bug.verdicts(),
        [Some(1), Some(0), Some(1)],
        "{}",
        bug.stdout
    );
    counts_agree(repo, &bug);
    table.push(("bug", bug.verdicts()));
    let j = json(&repo.join("conformance.json"));
    let newly = ids(&j["comparison"]["newly_failing"]);
    assert!(!newly.is_empty(), "{}", j["comparison"]);
    assert!(
        repo.join("found").read_dir().is_ok(),
        "fuzzing wrote no finding"
    );

    // The team pins the bug's failures: every step of that build is green,
    // fuzzing included (what it finds is pinned by signature).
    update_expectations(repo, Some("edge-counts-tier"));
    let listed = std::fs::read_to_string(&expectations).unwrap();
    for id in &newly {
        assert!(
            listed.contains(id.as_str()),
            "{id} is not in the expectations"
        );
    }
    let known = run_job(repo, Some("edge-counts-tier"), Some(&main_report));
    assert_eq!(known.verdicts(), [Some(0); 3], "{}", known.stdout);
    counts_agree(repo, &known);
    table.push(("bug, pinned", known.verdicts()));
    std::fs::copy(repo.join("conformance.json"), &main_report).unwrap();
    let main_json = json(&main_report);
    let main_failing: Vec<String> = main_json["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["status"] == "expected-fail")
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect();
    assert!(!main_failing.is_empty(), "the bug fails no fixture");

    // 3. a pull request whose build fails known failures another way: red, "changed".
    let changed = run_job(repo, Some("weight-at-least"), Some(&main_report));
    assert_eq!(
        changed.verdicts(),
        [Some(1), Some(0), Some(1)],
        "{}",
        changed.stdout
    );
    counts_agree(repo, &changed);
    table.push(("other bug", changed.verdicts()));
    let j = json(&repo.join("conformance.json"));
    assert!(j["summary"]["changed_failures"].as_u64().unwrap() > 0);
    assert!(changed.stdout.contains("CHANGED "), "{}", changed.stdout);
    let failing_differently = ids(&j["comparison"]["changed"]);
    assert!(!failing_differently.is_empty(), "{}", j["comparison"]);
    let md = std::fs::read_to_string(repo.join("conformance.md")).unwrap();
    let page = std::fs::read_to_string(repo.join("step-summary.md")).unwrap();
    assert!(
        page.contains(md.trim()),
        "the summary page lacks the Markdown"
    );
    assert!(repo
        .join("transcripts")
        .read_dir()
        .unwrap()
        .next()
        .is_some());

    // 4. a pull request that fixes the bug: every fixture main failed is fixed.
    let fixed = run_job(repo, None, Some(&main_report));
    let j = json(&repo.join("conformance.json"));
    let mut fixed_ids = ids(&j["comparison"]["fixed"]);
    fixed_ids.sort();
    let mut want = main_failing.clone();
    want.sort();
    assert_eq!(fixed_ids, want);
    assert!(ids(&j["comparison"]["newly_failing"]).is_empty());
    // The known failures that now pass are named for removal, which keeps the job red.
    assert_eq!(
        j["summary"]["unexpected_passes"].as_u64(),
        Some(want.len() as u64)
    );
    assert_eq!(
        fixed.verdicts(),
        [Some(1), Some(0), Some(0)],
        "{}",
        fixed.stdout
    );
    counts_agree(repo, &fixed);
    table.push(("fix", fixed.verdicts()));
    assert!(
        fixed
            .stdout
            .contains("remove them from the expectations file"),
        "{}",
        fixed.stdout
    );
    update_expectations(repo, None);
    let clean = run_job(repo, None, Some(&main_report));
    assert_eq!(clean.verdicts(), [Some(0); 3], "{}", clean.stdout);
    counts_agree(repo, &clean);
    table.push(("fix, file updated", clean.verdicts()));

    eprintln!("build                corpus perft fuzz");
    for (build, [c, p, f]) in table {
        let show = |x: Option<i32>| x.map_or("-".to_owned(), |x| x.to_string());
        eprintln!("{build:<20} {:>6} {:>5} {:>4}", show(c), show(p), show(f));
    }
}
