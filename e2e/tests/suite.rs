//! The suite API an engine crate's `cargo test` uses: one trial per
//! fixture, the usual filter, a planted bug's failing test printing the
//! root cause, and a malformed expectations file refused with its place.
#![allow(clippy::unwrap_used)]

mod common;

use hexodic_conformance::corpus::embedded;
use hexodic_conformance::suite::{Arguments, Suite, SuiteError};
use hexodic_e2e::{Bug, ModelEngine};

fn args(filter: &str, log: &std::path::Path) -> Arguments {
    Arguments {
        filter: Some(filter.to_owned()),
        logfile: Some(log.display().to_string()),
        test_threads: Some(1),
        ..Arguments::default()
    }
}

#[test]
fn one_trial_per_fixture_named_by_id() {
    let suite = Suite::new(|| ModelEngine::new(None, None));
    let trials = suite.trials().unwrap();
    assert_eq!(trials.len(), embedded::fixture_count());
    let names: Vec<&str> = trials.iter().map(|t| t.name()).collect();
    assert!(
        names.contains(&"capture/tier2-interior-immune"),
        "{names:?}"
    );
    let ids: Vec<String> = common::corpus()
        .fixtures
        .iter()
        .map(|f| f.id.clone())
        .collect();
    assert_eq!(names, ids);
}

#[test]
fn the_filter_selects_and_a_planted_bug_fails_with_its_root_cause() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log.txt");
    let bug = Bug::from_name("own-neighbour-walls").unwrap();
    let suite = Suite::new(move || ModelEngine::new(Some(bug), None));
    let c = suite.run(&args("capture/", &log)).unwrap();
    let captures = common::corpus()
        .fixtures
        .iter()
        .filter(|f| f.id.contains("capture/"))
        .count();
    assert_eq!(c.num_passed + c.num_failed, captures as u64);
    assert_eq!(
        c.num_filtered_out,
        (embedded::fixture_count() - captures) as u64
    );
    assert!(c.num_failed > 0, "the planted bug was not caught");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("Root causes"), "{text}");
    assert!(text.contains("implicated: C1"), "{text}");
    assert!(text.contains("reference after:"), "{text}");
    common::assert_no_debug("the suite's log", &text);
    // Without the bug the same selection passes.
    let clean = Suite::new(|| ModelEngine::new(None, None));
    let c = clean
        .run(&args("capture/", &dir.path().join("clean.txt")))
        .unwrap();
    assert_eq!((c.num_failed, c.num_passed), (0, captures as u64));
}

#[test]
fn expectations_turn_a_known_failure_into_a_pass_and_a_bad_file_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("expected.yaml");
    let bug = Bug::from_name("own-neighbour-walls").unwrap();
    let make = move || ModelEngine::new(Some(bug), None);
    // Which capture fixtures fail, then all of them expected.
    let report = hexodic_conformance::suite::check_corpus(&mut make());
    let failing: Vec<String> = report
        .report
        .results
        .iter()
        .filter(|r| r.id.starts_with("capture/") && r.failure().is_some())
        .map(|r| r.id.clone())
        .collect();
    assert!(!failing.is_empty());
    let mut yaml = String::from("engine: model\nexpected_failures:\n");
    for id in &failing {
        yaml.push_str(&format!("  {id}: \"walls\"\n"));
    }
    std::fs::write(&file, yaml).unwrap();
    let c = Suite::new(make)
        .expectations(&file)
        .run(&args("capture/", &dir.path().join("log.txt")))
        .unwrap();
    assert_eq!(c.num_failed, 0);
    std::fs::write(&file, "engine: model\nexpected_failures: [oops\n").unwrap();
    let err = match Suite::new(make).expectations(&file).trials() {
        Err(e) => e,
        Ok(_) => panic!("a malformed expectations file was accepted"),
    };
    assert!(matches!(err, SuiteError::Expectations(_)));
    let msg = err.to_string();
    assert!(msg.contains("expected.yaml:2:"), "{msg}");
}
