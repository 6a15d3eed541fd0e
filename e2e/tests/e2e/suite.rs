//! The suite API an engine crate's `cargo test` uses: one trial per
//! fixture, the usual filter, a planted bug's failing test printing the
//! root cause, and a malformed expectations file refused with its place.

use hexodic_e2e::{Bug, ModelEngine};
use hexodic_engine::Engine;
use hexodic_harness::corpus::embedded;
use hexodic_harness::suite::libtest::Arguments;
use hexodic_harness::suite::{check_corpus, Suite, SuiteError};

/// A test binary's command line, as `cargo test` passes it.
fn args(line: &[&str]) -> Arguments {
    Arguments::parse(line.iter().map(|a| (*a).to_owned())).unwrap()
}

/// Run `suite` with the command line `line`: whether a test failed, and
/// what the test binary writes (the progress, the failures, the closing
/// summary).
fn run<E, F>(suite: &Suite<F>, line: &[&str]) -> Result<(bool, String), SuiteError>
where
    E: Engine + 'static,
    F: Fn() -> E + Send + Sync + 'static,
{
    let mut out = Vec::new();
    let failed = suite.run(&args(line), &mut out)?;
    Ok((failed, String::from_utf8(out).unwrap()))
}

/// The trials' names as `--list` writes them (`[C1 C2]
/// capture/tier2-interior-immune: test`), the kind taken off.
fn listed(log: &str) -> Vec<String> {
    log.lines()
        .filter_map(|l| l.strip_suffix(": test"))
        .map(|l| match l.strip_prefix('[') {
            Some(rest) => rest.split_once("] ").map_or(l, |(_, name)| name),
            None => l,
        })
        .map(str::to_owned)
        .collect()
}

/// The counts of the `test result:` line: passed, failed, filtered out.
fn counts(log: &str) -> (u64, u64, u64) {
    let line = log
        .lines()
        .find(|l| l.starts_with("test result:"))
        .unwrap_or_else(|| panic!("no result line in:\n{log}"));
    let n = |word: &str| -> u64 {
        line.split(';')
            .find_map(|part| part.trim().strip_suffix(word))
            .and_then(|n| n.trim().rsplit(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no `{word}` in {line}"))
    };
    (n("passed"), n("failed"), n("filtered out"))
}

#[test]
fn one_trial_per_fixture_named_by_id() {
    let suite = Suite::new(|| ModelEngine::new(None, None));
    let (failed, out) = run(&suite, &["--list"]).unwrap();
    assert!(!failed);
    let names = listed(&out);
    assert_eq!(names.len(), embedded::fixture_count());
    assert!(
        names.iter().any(|n| n == "capture/tier2-interior-immune"),
        "{names:?}"
    );
    let ids: Vec<String> = crate::common::corpus()
        .fixtures
        .iter()
        .map(|f| f.id.clone())
        .collect();
    assert_eq!(names, ids);
}

#[test]
fn the_filter_selects_and_a_planted_bug_fails_with_its_root_cause() {
    let bug = Bug::from_name("own-neighbour-walls").unwrap();
    let suite = Suite::new(move || ModelEngine::new(Some(bug), None));
    let (failed, text) = run(&suite, &["capture/", "--test-threads", "1"]).unwrap();
    assert!(failed, "the planted bug was not caught");
    let (passed, failing, filtered) = counts(&text);
    let captures = crate::common::corpus()
        .fixtures
        .iter()
        .filter(|f| f.id.contains("capture/"))
        .count();
    assert_eq!(passed + failing, captures as u64);
    assert_eq!(filtered, (embedded::fixture_count() - captures) as u64);
    assert!(failing > 0, "the planted bug was not caught");
    // A failing test prints its failure headed by its classification (the
    // one the root causes group by, as the whole corpus run classifies that
    // fixture); the closing summary lists the root causes after the tests,
    // each worded as its smallest example is.
    let whole = check_corpus(ModelEngine::new(Some(bug), None));
    let (tests, closing) = text
        .split_once("\nhexodic conformance: ")
        .unwrap_or_else(|| panic!("no closing summary in:\n{text}"));
    let failing_ids: Vec<&str> = tests
        .lines()
        .filter_map(|l| l.strip_prefix("---- ")?.strip_suffix(" ----"))
        .collect();
    assert_eq!(failing_ids.len() as u64, failing, "{text}");
    let mut words = Vec::new();
    for id in &failing_ids {
        let c = whole
            .report()
            .result(id)
            .and_then(|r| r.classification.as_ref())
            .unwrap_or_else(|| panic!("{id} fails in the suite but not in the whole corpus"));
        let heading = c.heading();
        assert!(tests.contains(&heading), "no `{heading}` in:\n{text}");
        words.push(c.words.clone());
    }
    assert!(
        words.iter().any(|w| closing.contains(w.as_str())),
        "the closing summary names none of {words:?}:\n{closing}"
    );
    assert!(tests.contains("implicated: C1"), "{text}");
    assert!(tests.contains("reference after"), "{text}");
    crate::common::assert_no_debug("the suite's output", &text);
    // Without the bug the same selection passes.
    let clean = Suite::new(|| ModelEngine::new(None, None));
    let (failed, out) = run(&clean, &["capture/", "--test-threads", "1"]).unwrap();
    assert!(!failed, "{out}");
    let (passed, failing, _) = counts(&out);
    assert_eq!((failing, passed), (0, captures as u64));
}

#[test]
fn expectations_turn_a_known_failure_into_a_pass_and_a_bad_file_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("expected.yaml");
    let bug = Bug::from_name("own-neighbour-walls").unwrap();
    let make = move || ModelEngine::new(Some(bug), None);
    // Which capture fixtures fail, then all of them expected.
    let check = check_corpus(make());
    let failing: Vec<String> = check
        .report()
        .results
        .iter()
        .filter(|r| r.id.starts_with("capture/") && r.failure.is_some())
        .map(|r| r.id.clone())
        .collect();
    assert!(!failing.is_empty());
    let mut yaml = String::from("engine: model\nexpected_failures:\n");
    for id in &failing {
        yaml.push_str(&format!("  {id}: \"walls\"\n"));
    }
    std::fs::write(&file, yaml).unwrap();
    let line = ["capture/", "--test-threads", "1"];
    let (failed, out) = run(&Suite::new(make).expectations(&file), &line).unwrap();
    let (_, failing, _) = counts(&out);
    assert_eq!(failing, 0, "{out}");
    assert!(!failed);
    std::fs::write(&file, "engine: model\nexpected_failures: [oops\n").unwrap();
    let err = match run(&Suite::new(make).expectations(&file), &line) {
        Err(e) => e,
        Ok(_) => panic!("a malformed expectations file was accepted"),
    };
    assert!(matches!(err, SuiteError::Expectations(_)));
    let msg = err.to_string();
    assert!(msg.contains("expected.yaml:2:"), "{msg}");
}
