//! The harness binary end to end against test engines: exit codes, the
//! summary, the reports, and the contracts of the protocol as a user meets
//! them (a missing capability skips, a bad reply is an incident, a crash is
//! not a rule failure, output stays readable).

use crate::common::{
    as_xml, assert_no_debug, engine_cmd, fixtures, harness_in, json, run_report, run_shipped, text,
};
use std::path::Path;
use std::process::Output;

fn run(dir: &Path, engine: &str, extra: &[&str]) -> Output {
    let mut args = vec!["--engine", engine];
    args.extend_from_slice(extra);
    run_shipped(dir, &args)
}

/// No `name/..` detour in any path of `text` (leading `../` steps are fine).
fn assert_clean_paths(text: &str) {
    for word in text.split_whitespace() {
        let parts: Vec<&str> = word.split('/').collect();
        for w in parts.windows(2) {
            assert!(
                !(w[1] == ".." && w[0] != ".." && !w[0].is_empty()),
                "a path with a detour: {word}"
            );
        }
    }
}

#[test]
fn the_reference_through_serve_passes_and_writes_reports() {
    let dir = tempfile::tempdir().unwrap();
    let serve = format!("{} serve", crate::common::harness().display());
    let o = run(
        dir.path(),
        &serve,
        &["--junit", "r.xml", "--json", "r.json"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let j = json(&dir.path().join("r.json"));
    assert_eq!(j["summary"]["failed"], 0);
    assert_eq!(j["summary"]["incidents"], 0);
    assert_eq!(j["engine"]["name"], "hexodic-reference");
    assert!(run_report(&dir.path().join("r.json")).complete());
    let xml = std::fs::read_to_string(dir.path().join("r.xml")).unwrap();
    assert!(xml.contains("<testsuites") && !xml.contains("<failure"));
}

#[test]
fn dropped_capture_capabilities_skip_checks_and_fail_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_cmd("--reference --misbehave drop-captures");
    let o = run(dir.path(), &e, &["--json", "r.json"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("checks skipped for missing capabilities"),
        "{out}"
    );
    let j = json(&dir.path().join("r.json"));
    assert_eq!(j["summary"]["failed"], 0);
    assert!(
        j["summary"]["skipped_checks"]["captures"].as_u64().unwrap() > 0,
        "{j}"
    );
    assert!(j["summary"]["skipped"].as_u64().unwrap() > 0);
}

#[test]
fn unknown_cells_in_replies_are_incidents_and_fail_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_cmd("--reference --misbehave unknown-cells");
    let o = run(dir.path(), &e, &["--json", "r.json", "capture/"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(4), "{out}");
    let j = json(&dir.path().join("r.json"));
    assert_eq!(j["summary"]["failed"], 0, "{out}");
    assert!(j["summary"]["incidents"].as_u64().unwrap() >= 1);
    let statuses: Vec<&str> = j["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert!(statuses.contains(&"incident"), "{statuses:?}");
    assert!(out.contains("not-a-cell"), "{out}");
}

#[test]
fn a_crash_on_one_turn_is_counted_apart_and_the_output_stays_short() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_cmd("--reference --misbehave 'crash-on=c3 +d4'");
    let o = run(dir.path(), &e, &["--json", "r.json", "--junit", "r.xml"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(4), "{out}");
    assert!(out.lines().count() < 300, "{} lines", out.lines().count());
    let j = json(&dir.path().join("r.json"));
    assert_eq!(j["summary"]["failed"], 0, "{out}");
    assert_eq!(j["summary"]["failed_documented"], 0);
    let incidents = j["summary"]["incidents"].as_u64().unwrap();
    assert!(incidents >= 1, "{out}");
    // Each incident carries its own process's standard error only.
    for r in j["results"].as_array().unwrap() {
        if r["status"] == "incident" {
            let err = r["incident"]["stderr_tail"].as_str().unwrap();
            assert_eq!(err.matches("started").count(), 1, "{err}");
            assert!(r["incident"]["turn"].as_str().is_some(), "{r}");
        }
    }
    let xml = std::fs::read_to_string(dir.path().join("r.xml")).unwrap();
    assert!(xml.contains("<error"), "incidents are JUnit errors");
    assert!(!xml.contains("<failure"), "not failures");
}

#[test]
fn a_misspelled_capability_is_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_cmd("--reference --misbehave misspell-capability");
    let o = run(dir.path(), &e, &["count/"]);
    let out = text(&o);
    assert!(out.contains("did you mean `legal_turns`"), "{out}");
    assert_eq!(o.status.code(), Some(0), "{out}");
}

#[test]
fn an_engine_that_stops_answering_is_declared_unusable() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_cmd("--reference --misbehave hang-after --after 40");
    let o = run(dir.path(), &e, &["--timeout", "300ms", "--json", "r.json"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(3), "{out}");
    assert!(out.contains("engine unusable"), "{out}");
    let j = json(&dir.path().join("r.json"));
    assert!(!run_report(&dir.path().join("r.json")).complete());
    assert_eq!(j["stopped"], "unusable");
    assert!(j["summary"]["run"].as_u64().unwrap() <= 8, "{j}");
}

#[test]
fn an_engine_that_cannot_start_is_reported_as_such_not_as_a_handshake() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(
        dir.path(),
        "no-such-hexodic-engine --flag",
        &["--json", "r.json", "--junit", "r.xml"],
    );
    let out = text(&o);
    assert_eq!(o.status.code(), Some(3), "{out}");
    let j = json(&dir.path().join("r.json"));
    assert_eq!(j["stopped"], "unusable");
    let why = j["engine"]["unusable"].as_str().unwrap();
    assert!(why.starts_with("it could not be started ("), "{why}");
    assert!(why.contains("no-such-hexodic-engine"), "{why}");
    assert!(!why.contains("handshake"), "{why}");
    assert!(!why.contains("cannot be used"), "said twice: {why}");
    let xml = std::fs::read_to_string(dir.path().join("r.xml")).unwrap();
    assert!(
        xml.contains("engine unusable: it could not be started"),
        "{xml}"
    );
}

#[test]
fn the_time_limit_stops_the_run_and_marks_the_reports_incomplete() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_cmd("--reference --misbehave slow=300");
    let o = run(
        dir.path(),
        &e,
        &["--max-time", "2s", "--json", "r.json", "--junit", "r.xml"],
    );
    let out = text(&o);
    assert_eq!(o.status.code(), Some(5), "{out}");
    let j = json(&dir.path().join("r.json"));
    assert!(!run_report(&dir.path().join("r.json")).complete());
    assert_eq!(j["stopped"], "time-limit");
    let xml = std::fs::read_to_string(dir.path().join("r.xml")).unwrap();
    assert!(xml.contains("run incomplete"), "{xml}");
}

#[cfg(unix)]
#[test]
fn sigterm_stops_the_engine_and_writes_the_reports() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_cmd("--reference --misbehave slow=300");
    let child = crate::common::spawn_run_shipped(dir.path(), &["--engine", &e, "--json", "r.json"]);
    std::thread::sleep(std::time::Duration::from_millis(1500));
    assert!(crate::common::signal(child.id(), "TERM"));
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", text(&o));
    let j = json(&dir.path().join("r.json"));
    assert_eq!(j["stopped"], "interrupted");
}

/// A second SIGTERM exits at once, and the engine (which would never end
/// on its own: it sleeps without reading) ends with the tool.
#[cfg(target_os = "linux")]
#[test]
fn a_second_sigterm_exits_at_once_and_the_engine_ends_with_the_tool() {
    use std::process::Command;
    let dir = tempfile::tempdir().unwrap();
    let e = engine_cmd("--reference --misbehave hang-after --after 2");
    let child = crate::common::spawn_run_shipped(
        dir.path(),
        &["--engine", &e, "--jobs", "1", "--timeout", "60s"],
    );
    let mut engines = Vec::new();
    for _ in 0..200 {
        engines = crate::common::children_of(child.id());
        if !engines.is_empty() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(!engines.is_empty(), "no engine process started");
    // Into the hang: request 2 is never answered.
    std::thread::sleep(std::time::Duration::from_millis(500));
    let pid = child.id().to_string();
    // Both at once, so that the second comes before the first is done with.
    assert!(Command::new("sh")
        .args([
            "-c",
            &format!("kill -TERM {pid}; sleep 0.005; kill -TERM {pid}")
        ])
        .status()
        .unwrap()
        .success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", text(&o));
    for e in engines {
        assert!(
            crate::common::ends(e),
            "engine process {e} outlived the tool"
        );
    }
}

#[test]
fn expectations_turn_known_failures_green_and_catch_unexpected_passes() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_cmd("--bug cap-at-59");
    let o = run(dir.path(), &e, &["end/"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let o = run(
        dir.path(),
        &e,
        &["end/", "--expectations", "x.yaml", "--update-expectations"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let x = std::fs::read_to_string(dir.path().join("x.yaml")).unwrap();
    assert!(x.contains("G7"), "the reason names the rule: {x}");
    assert_no_debug("expectations", &x);
    let o = run(dir.path(), &e, &["end/", "--expectations", "x.yaml"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    // The clean model passes the listed fixtures: unexpected passes.
    let clean = engine_cmd("");
    let o = run(dir.path(), &clean, &["end/", "--expectations", "x.yaml"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("XPASS"));
}

#[test]
fn reports_of_a_failing_run_are_in_words_with_relative_paths() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_cmd("--bug edge-counts-tier");
    let o = run(
        dir.path(),
        &e,
        &["--json", "r.json", "--junit", "r.xml", "-v"],
    );
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert_no_debug("text", &out);
    let raw = std::fs::read_to_string(dir.path().join("r.json")).unwrap();
    assert_no_debug("json", &raw);
    assert_no_debug(
        "junit",
        &std::fs::read_to_string(dir.path().join("r.xml")).unwrap(),
    );
    assert_clean_paths(&out);
    let j = json(&dir.path().join("r.json"));
    let rc = &j["root_causes"][0];
    assert!(
        rc["implicated"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r == "C1"),
        "{rc}"
    );
    for r in j["results"].as_array().unwrap() {
        let f = r["file"].as_str().unwrap();
        assert!(!f.starts_with('/'), "{f}");
        assert_clean_paths(f);
        if r["status"] == "fail" {
            let implicated = &r["failure"]["cause"]["implicated"];
            assert!(!implicated.as_array().unwrap().is_empty(), "{r}");
        }
    }
}

#[cfg(unix)]
#[test]
fn output_to_a_closed_pipe_ends_quietly() {
    use std::process::{Command, Stdio};
    let fx = fixtures();
    let e = engine_cmd("--bug edge-counts-tier");
    let mut child = Command::new(crate::common::harness())
        .args([
            "run",
            "-v",
            "--fixtures",
            fx.to_str().unwrap(),
            "--engine",
            &e,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        !err.contains("panicked") && !err.contains("Broken pipe"),
        "{err}"
    );
}

#[test]
fn fuzz_and_perft_print_a_hostile_engine_name_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_cmd("--reference --misbehave hostile-name");
    let fuzz = harness_in(
        dir.path(),
        &[
            "fuzz", "--engine", &e, "--games", "1", "--seed", "1", "--jobs", "1",
        ],
    );
    let perft = harness_in(dir.path(), &["perft", "--engine", &e, "--depth", "1"]);
    for o in [&fuzz, &perft] {
        let shown = text(o);
        for c in ['\u{0}', '\u{1b}', '\u{7}', '\u{fffe}'] {
            assert!(!shown.contains(c), "{:?} printed raw: {shown:?}", c);
        }
        assert!(shown.contains("bad\\u{fffe}"), "{shown}");
    }
}

#[test]
fn a_hostile_engine_name_leaves_every_report_well_formed_and_the_terminal_clean() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_cmd("--reference --misbehave hostile-name");
    let o = run(
        dir.path(),
        &e,
        &[
            "end/", "--junit", "r.xml", "--html", "r.html", "--json", "r.json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let xml = std::fs::read_to_string(dir.path().join("r.xml")).unwrap();
    if let Err(e) = roxmltree::Document::parse(&xml) {
        panic!("the JUnit report is not well-formed: {e}");
    }
    let html = std::fs::read_to_string(dir.path().join("r.html")).unwrap();
    let opts = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    // HTML5 as written: well-formed once its void elements are closed.
    if let Err(e) = roxmltree::Document::parse_with_options(&as_xml(&html), opts) {
        panic!("the HTML report is not well-formed: {e}");
    }
    assert!(!html.contains("<b>&amp;"), "markup from the engine kept");
    let shown = text(&o);
    for c in ['\u{0}', '\u{1b}', '\u{7}', '\u{fffe}'] {
        assert!(!shown.contains(c), "{:?} printed raw: {shown:?}", c);
    }
    assert!(shown.contains("bad\\u{fffe}"), "{shown}");
    // The JSON report keeps the name exactly, escaped by JSON.
    let j = json(&dir.path().join("r.json"));
    assert_eq!(
        j["engine"]["name"],
        "bad\u{fffe}\u{0}\u{1b}[2J\u{7}<b>&amp;"
    );
}
