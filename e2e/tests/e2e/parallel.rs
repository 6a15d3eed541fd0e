//! `--jobs` and `--partition`: a run on several engine processes reports
//! exactly what a run on one does (timings apart), an incident stays with
//! its fixture, the parts of a partitioned run are disjoint and cover the
//! whole, and `fuzz --jobs` finds what a single process finds.

use crate::common::{
    engine_cmd, fixtures, harness, harness_in, json, result_ids, run_shipped, text,
};
use hexodic_e2e::{Bug, ModelEngine};
use hexodic_engine::{InProcess, Incident, Transport};
use hexodic_fuzzing::{fuzz, fuzz_on, FuzzOptions};
use hexodic_report::{Partition, RunReport};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

/// What a `run` gave: its exit code, its standard output, its JSON report
/// without timings and what belongs to one engine process (its standard
/// error, its count of requests), and the report as written.
struct Ran {
    code: Option<i32>,
    out: String,
    json: Value,
    raw: String,
}

impl Ran {
    /// Whether the run ran every fixture selected, as the report model,
    /// reading the report back, says.
    fn complete(&self) -> bool {
        serde_json::from_str::<RunReport>(&self.raw)
            .unwrap_or_else(|e| panic!("the report does not read back: {e}"))
            .complete()
    }
}

/// `run` on the whole corpus with `extra`.
fn run(engine: Option<&str>, extra: &[&str]) -> Ran {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec!["--json", "r.json"];
    if let Some(e) = engine {
        args.extend(["--engine", e]);
    }
    args.extend_from_slice(extra);
    let o = run_shipped(dir.path(), &args);
    let raw = std::fs::read_to_string(dir.path().join("r.json"))
        .unwrap_or_else(|e| panic!("{e}: {}", text(&o)));
    let mut j: Value = serde_json::from_str(&raw).unwrap();
    j.as_object_mut().unwrap().remove("elapsed_seconds");
    // A note on slow replies is a timing too (a busy machine makes one).
    if let Some(w) = j["engine"]["warnings"].as_array_mut() {
        w.retain(|w| !w.as_str().is_some_and(|w| w.contains("took over")));
    }
    for r in j["results"].as_array_mut().unwrap() {
        if let Some(i) = r["incident"].as_object_mut() {
            // The request's id counts that process's requests.
            i.remove("stderr_tail");
            i.remove("request");
        }
    }
    let out = String::from_utf8_lossy(&o.stdout);
    let out = out
        .lines()
        .filter(|l| !per_process(l))
        .map(|l| l.split(" variant runs in ").next().unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n");
    Ran {
        code: o.status.code(),
        out,
        json: j,
        raw,
    }
}

/// A line of the text report that belongs to one engine process or to the
/// clock: the request, the engine's own text, a note on slow replies.
fn per_process(l: &str) -> bool {
    let slow = l.starts_with("warning: ") && l.contains("took over");
    slow || l.contains("\"cmd\":") || l.starts_with("      test engine")
}

/// Assert two JSON reports equal field by field, naming the first that differs.
fn assert_same(a: &Value, b: &Value, at: &str) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for k in keys {
                assert_same(&x[k], &y[k], &format!("{at}.{k}"));
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            assert_eq!(x.len(), y.len(), "{at}: lengths differ");
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                assert_same(p, q, &format!("{at}[{i}]"));
            }
        }
        _ => assert_eq!(a, b, "{at}"),
    }
}

fn assert_jobs_agree(engine: &str) -> Ran {
    let one = run(Some(engine), &["--jobs", "1"]);
    let two = run(Some(engine), &["--jobs", "2"]);
    assert_eq!(one.code, two.code, "{}\n{}", one.out, two.out);
    assert_eq!(one.out, two.out);
    assert_same(&one.json, &two.json, "report");
    two
}

#[test]
fn two_jobs_report_what_one_does_against_a_planted_bug() {
    let j = assert_jobs_agree(&engine_cmd("--bug weight-at-least")).json;
    assert!(
        j["summary"]["failed"].as_u64().unwrap() > 0,
        "{}",
        j["summary"]
    );
    assert!(!j["root_causes"].as_array().unwrap().is_empty());
    assert_eq!(j["exit_code"], 1);
}

/// The statuses of a report's results, in order.
fn statuses(j: &Value) -> Vec<(String, String)> {
    j["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap_or_default().to_owned();
            (s("id"), s("status"))
        })
        .collect()
}

#[test]
fn fail_fast_stops_at_the_first_failure_on_one_job_and_on_two() {
    let bug = engine_cmd("--bug weight-at-least");
    let all = statuses(&run(Some(&bug), &["--jobs", "1"]).json);
    let first = all.iter().position(|(_, s)| s == "fail").unwrap();
    let one = run(Some(&bug), &["--jobs", "1", "--fail-fast"]);
    let two = run(Some(&bug), &["--jobs", "2", "--fail-fast"]);
    let (out1, j1) = (&one.out, &one.json);
    assert_eq!(one.code, Some(1), "{out1}");
    assert_eq!(one.code, two.code, "{out1}\n{}", two.out);
    assert_eq!(one.out, two.out);
    assert_same(j1, &two.json, "report");
    // Everything up to the first failure, and nothing after it: the
    // fixtures after it are in the report, not run.
    let got = statuses(j1);
    assert_eq!(got[..=first], all[..=first]);
    let after: Vec<(String, String)> = all[first + 1..]
        .iter()
        .map(|(id, _)| (id.clone(), "not-run".to_owned()))
        .collect();
    assert_eq!(got[first + 1..], after[..]);
    assert_eq!(j1["stopped"], "fail-fast");
    assert!(!one.complete());
    assert!(!two.complete());
    assert!(
        out1.contains("stopped at the first failure (--fail-fast)"),
        "{out1}"
    );
}

#[test]
fn a_fixture_that_does_not_load_is_reported_on_any_number_of_jobs() {
    let dir = tempfile::tempdir().unwrap();
    let fx = dir.path().join("fixtures");
    std::fs::create_dir_all(fx.join("capture")).unwrap();
    for e in std::fs::read_dir(fixtures().join("capture")).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, fx.join("capture").join(p.file_name().unwrap())).unwrap();
    }
    std::fs::write(fx.join("capture/zz-broken.yaml"), "id: [broken\n").unwrap();
    let run = |jobs: &str| {
        let o = harness_in(
            dir.path(),
            &[
                "run",
                "--fixtures",
                "fixtures",
                "--jobs",
                jobs,
                "--json",
                "r.json",
            ],
        );
        let j = json(&dir.path().join("r.json"));
        (
            o.status.code(),
            j["summary"]["errors"].clone(),
            j["errors"].clone(),
        )
    };
    let one = run("1");
    assert_eq!(one.0, Some(2), "a load error exits 2");
    assert_eq!(one.1, 1);
    assert_eq!(run("2"), one);
}

/// `run` against an engine that declares `pipelining` (sent a fixture's
/// requests at once) and against the same engine asked one request at a
/// time: the same exit code, text and JSON report, failures, diagnosis and
/// incidents included.
#[test]
fn fixtures_sent_at_once_report_what_one_request_at_a_time_does() {
    for args in [
        "--bug weight-at-least",
        "--misbehave 'crash-on=c2-c3 @f6'",
        "--misbehave drop-captures",
    ] {
        let once = engine_cmd(args);
        let alone = engine_cmd(&format!("{args} --one-at-a-time"));
        // As many engines as cores (on 2 cores): pipelining is used.
        let Ran {
            code: code1,
            out: out1,
            json: j1,
            ..
        } = run(Some(&once), &["--jobs", "2"]);
        let Ran {
            code: code2,
            out: out2,
            json: j2,
            ..
        } = run(Some(&alone), &["--jobs", "2"]);
        // The two engines' commands differ by the flag only.
        let unflag = |s: &str| s.replace(" --one-at-a-time", "");
        let j2: Value = serde_json::from_str(&unflag(&j2.to_string())).unwrap();
        assert_eq!(code1, code2, "{args}: {out1}\n{out2}");
        assert_eq!(out1, unflag(&out2), "{args}");
        assert_same(&j1, &j2, args);
        if args.contains("--bug") {
            assert!(j1["summary"]["failed"].as_u64().unwrap() > 0, "{args}");
        }
    }
}

#[test]
fn two_jobs_report_what_one_does_against_serve() {
    let serve = format!("{} serve", harness().display());
    let ran = assert_jobs_agree(&serve);
    let j = &ran.json;
    assert_eq!(j["summary"]["passed"], j["summary"]["fixtures"]);
    assert!(ran.complete());
}

#[test]
fn a_crash_on_one_fixture_is_its_incident_while_the_other_workers_carry_on() {
    // The only fixture with this turn (in any of its variants).
    let crash = engine_cmd("--misbehave 'crash-on=c2-c3 @f6'");
    let j = assert_jobs_agree(&crash).json;
    let results = j["results"].as_array().unwrap();
    let fixtures = j["summary"]["fixtures"].as_u64().unwrap() as usize;
    assert!(fixtures > 200);
    assert_eq!(results.len(), fixtures, "every fixture ran");
    let hit: Vec<&Value> = results
        .iter()
        .filter(|r| !r["incident"].is_null())
        .collect();
    assert_eq!(hit.len(), 1, "{hit:?}");
    assert_eq!(hit[0]["id"], "end/repetition-key-counts-charges");
    // At step 1, `c2-c3 @f6`.
    assert_eq!(hit[0]["incident"]["step"], 1);
    assert_eq!(hit[0]["incident"]["turn"], "c2-c3 @f6");
    assert_eq!(j["summary"]["passed"], fixtures as u64 - 1);
    assert_eq!(j["exit_code"], 4);
}

#[test]
fn the_parts_of_a_partitioned_run_are_disjoint_and_cover_the_corpus() {
    let whole = run(None, &[]).json;
    assert!(whole["settings"]["partition"].is_null());
    let n = result_ids(&whole).len();
    // Round-robin in id order: the parts differ by at most one fixture.
    let sizes = (n / 3)..=n.div_ceil(3);
    let mut seen = Vec::new();
    for k in 1..=3 {
        let p = format!("{k}/3");
        let Ran { code, json: j, .. } = run(None, &["--partition", &p, "--jobs", "2"]);
        assert_eq!(code, Some(0));
        assert_eq!(j["settings"]["partition"], p.as_str());
        assert_eq!(j["corpus"]["version"], whole["corpus"]["version"], "{p}");
        let part = result_ids(&j);
        assert!(sizes.contains(&part.len()), "{p}: {}", part.len());
        seen.extend(part);
    }
    let all = result_ids(&whole);
    assert_eq!(seen.len(), all.len(), "no fixture in two parts");
    let (a, b): (BTreeSet<_>, BTreeSet<_>) =
        (seen.into_iter().collect(), all.into_iter().collect());
    assert_eq!(a, b);
}

#[test]
fn bad_jobs_and_partitions_exit_2_saying_what_is_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let fx = fixtures();
    let fx = fx.to_str().unwrap();
    for (cmd, flag, value, allowed) in [
        ("run", "--jobs", "0", "from 1 up"),
        ("fuzz", "--jobs", "0", "from 1 up"),
        ("run", "--jobs", "many", "from 1 up"),
        ("run", "--partition", "0/3", "K from 1 to N"),
        ("run", "--partition", "4/3", "K from 1 to N"),
        ("run", "--partition", "1/0", "N at least 1"),
        ("fuzz", "--partition", "a/b", "K from 1 to N"),
    ] {
        let mut args = vec![cmd, flag, value];
        if cmd == "run" {
            args.extend(["--fixtures", fx]);
        }
        let o = harness_in(dir.path(), &args);
        let t = text(&o);
        assert_eq!(o.status.code(), Some(2), "{cmd} {flag} {value}: {t}");
        assert!(
            t.contains(allowed) && t.contains(value),
            "{cmd} {flag} {value}: {t}"
        );
    }
}

fn fuzz_opts(partition: Option<Partition>) -> FuzzOptions {
    FuzzOptions {
        seed: 7,
        games: Some(600),
        partition,
        ..FuzzOptions::default()
    }
}

#[test]
fn fuzz_on_two_engines_finds_what_one_finds() {
    for bug in [Bug::CapBeforeRepetition, Bug::CapBeforeStrangle] {
        let opts = fuzz_opts(None);
        let one = fuzz(
            &mut InProcess::new(ModelEngine::new(Some(bug), None)),
            &opts,
            &mut |_| {},
        );
        let make = || -> Result<Box<dyn Transport + Send>, Incident> {
            Ok(Box::new(InProcess::new(ModelEngine::new(Some(bug), None))))
        };
        let on_two = FuzzOptions {
            jobs: 2,
            ..opts.clone()
        };
        let two = fuzz_on(&make, &on_two, &mut |_| {}).unwrap();
        let (f1, f2) = (one.finding.unwrap(), two.finding.unwrap());
        assert!(f1.game_seed > opts.seed, "{bug}: found in the first game");
        assert_eq!(f1.game_seed, f2.game_seed, "{bug}");
        assert_eq!(f1.start, f2.start, "{bug}");
        assert_eq!(f1.turns, f2.turns, "{bug}");
        assert_eq!(f1.divergence.implicated, f2.divergence.implicated, "{bug}");
        assert_eq!((one.games, one.turns), (two.games, two.turns), "{bug}");
        assert_eq!(one.reach, two.reach, "{bug}");
    }
}

#[test]
fn fuzz_partitions_play_disjoint_seeds_covering_the_whole() {
    let whole = fuzz_opts(None);
    let all: Vec<u64> = (0..whole.game_limit().unwrap())
        .map(|j| whole.game_seed(j))
        .collect();
    let mut seen = Vec::new();
    for k in 1..=3 {
        let o = fuzz_opts(Partition::new(k, 3));
        seen.extend((0..o.game_limit().unwrap()).map(|j| o.game_seed(j)));
    }
    assert_eq!(seen.len(), all.len(), "no seed in two parts");
    seen.sort();
    assert_eq!(seen, all);
}

/// `fuzz` on the command line; its output and the fixture it wrote (`--out
/// found` writes its findings into `found/found/`).
fn fuzz_cli(dir: &Path, extra: &[&str]) -> (String, String) {
    let e = engine_cmd("--bug cap-before-repetition");
    let mut args = vec!["fuzz", "--engine", &e, "--seed", "7", "--out", "found"];
    args.extend_from_slice(extra);
    let o = harness_in(dir, &args);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let file = std::fs::read_dir(dir.join("found").join("found"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "yaml"))
        .unwrap();
    (out, std::fs::read_to_string(file).unwrap())
}

#[test]
fn fuzz_jobs_and_parts_give_the_finding_of_one_process_and_name_its_seed() {
    let (d1, d2, d3) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );
    let (out1, fx1) = fuzz_cli(d1.path(), &["--jobs", "1"]);
    let (out2, fx2) = fuzz_cli(d2.path(), &["--jobs", "2"]);
    let seed = out1
        .lines()
        .find_map(|l| l.strip_prefix("difference found (game seed "))
        .and_then(|l| l.split(')').next())
        .unwrap()
        .to_owned();
    assert_ne!(seed, "7", "the finding is not from the first game");
    assert_eq!(fx1, fx2);
    let keep = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with("games:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(keep(&out1), keep(&out2));
    // The repeat line names the game that found it, alone.
    let repeat = format!("--seed {seed} --games 1");
    assert!(fx1.replace("\n  ", " ").contains(&repeat), "{fx1}");
    // The part holding that game finds it too.
    let i: u64 = seed.parse::<u64>().unwrap() - 7;
    let part = format!("{}/3", i % 3 + 1);
    let (out3, fx3) = fuzz_cli(d3.path(), &["--partition", &part, "--jobs", "2"]);
    assert!(out3.contains(&format!("(game seed {seed})")), "{out3}");
    assert_eq!(fx3, fx1);
}

/// `fuzz --json` of a campaign, its timings removed.
fn fuzz_json(dir: &Path, engine: &str, games: &str, extra: &[&str]) -> (Option<i32>, Value) {
    let mut args = vec![
        "fuzz", "--engine", engine, "--seed", "7", "--games", games, "--out", "found", "--json",
        "f.json",
    ];
    args.extend_from_slice(extra);
    let o = harness_in(dir, &args);
    let mut j: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("f.json")).unwrap())
        .unwrap_or_else(|e| panic!("{e}: {}", text(&o)));
    j.as_object_mut().unwrap().remove("elapsed_seconds");
    (o.status.code(), j)
}

/// Merge JSON reports found in `dirs` (as `f.json`); exit code and report.
fn merge_fuzz(out: &Path, dirs: &[&Path]) -> (Option<i32>, Value) {
    let files: Vec<String> = dirs
        .iter()
        .map(|d| d.join("f.json").display().to_string())
        .collect();
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--json", "merged.json"]);
    let o = harness_in(out, &args);
    let text = std::fs::read_to_string(out.join("merged.json"))
        .unwrap_or_else(|_| panic!("no merged report: {}", text(&o)));
    let mut j: Value = serde_json::from_str(&text).unwrap();
    j.as_object_mut().unwrap().remove("elapsed_seconds");
    (o.status.code(), j)
}

#[test]
fn merged_fuzz_parts_equal_the_whole_campaign() {
    let serve = format!("{} serve", harness().display());
    let whole = tempfile::tempdir().unwrap();
    let (code, single) = fuzz_json(whole.path(), &serve, "45", &["--jobs", "2"]);
    assert_eq!(code, Some(0));
    assert_eq!(single["games"], 45);
    let parts: Vec<tempfile::TempDir> = (0..3).map(|_| tempfile::tempdir().unwrap()).collect();
    for (k, d) in parts.iter().enumerate() {
        let part = format!("{}/3", k + 1);
        let (code, j) = fuzz_json(
            d.path(),
            &serve,
            "45",
            &["--partition", &part, "--jobs", "1"],
        );
        assert_eq!(code, Some(0));
        assert_eq!(j["games"], 15, "part {part} plays a third of the games");
    }
    let out = tempfile::tempdir().unwrap();
    let dirs: Vec<&Path> = parts.iter().map(|d| d.path()).collect();
    let (code, merged) = merge_fuzz(out.path(), &dirs);
    assert_eq!(code, Some(0));
    assert_same(&single, &merged, "fuzz report");
    // A part missing, or given twice: exit 2, nothing written.
    let again = tempfile::tempdir().unwrap();
    let o = harness_in(
        again.path(),
        &[
            "merge",
            dirs[0].join("f.json").to_str().unwrap(),
            dirs[1].join("f.json").to_str().unwrap(),
            "--json",
            "m.json",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("part 3/3 of the campaign with seed 7 is missing"));
    assert!(!again.path().join("m.json").exists());
}

#[test]
fn merged_fuzz_parts_keep_the_finding_a_single_run_makes() {
    let bug = engine_cmd("--bug cap-before-repetition");
    let whole = tempfile::tempdir().unwrap();
    let (code, single) = fuzz_json(whole.path(), &bug, "1000", &["--jobs", "1"]);
    assert_eq!(code, Some(1));
    let parts: Vec<tempfile::TempDir> = (0..3).map(|_| tempfile::tempdir().unwrap()).collect();
    for (k, d) in parts.iter().enumerate() {
        let part = format!("{}/3", k + 1);
        fuzz_json(
            d.path(),
            &bug,
            "1000",
            &["--partition", &part, "--jobs", "1"],
        );
    }
    let out = tempfile::tempdir().unwrap();
    let dirs: Vec<&Path> = parts.iter().map(|d| d.path()).collect();
    let (code, merged) = merge_fuzz(out.path(), &dirs);
    assert_eq!(code, Some(1));
    let (mut a, mut b) = (single["finding"].clone(), merged["finding"].clone());
    // Each run wrote its fixture into its own folder.
    a.as_object_mut().unwrap().remove("fixture");
    b.as_object_mut().unwrap().remove("fixture");
    assert_eq!(a, b);
    assert!(a["repeat"]
        .as_str()
        .unwrap()
        .contains(&format!("--seed {} --games 1", a["game_seed"])));
}
