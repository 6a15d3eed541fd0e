//! Proof that the differential fuzzer finds bugs: for each planted rule bug,
//! `fuzz` against `serve --planted-bug BUG` finds a difference, shrinks it to
//! at most 10 turns, and the fixture it writes fails on the buggy engine and
//! passes on the reference. Needs the `planted-bugs` feature
//! (`cargo test --workspace --all-features`).
#![cfg(feature = "planted-bugs")]

use hexodic_conformance::difffuzz::{fixture_yaml, fuzz, FuzzOptions};
use hexodic_conformance::engine::{Engine, ReferenceEngine};
use hexodic_conformance::external::ExternalEngine;
use hexodic_conformance::load::load_file;
use hexodic_conformance::runner::{run_fixture, Verdict};
use hexodic_rules::planted::PlantedBug;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_hexodic-conformance");

fn buggy(bug: PlantedBug) -> ExternalEngine {
    ExternalEngine::start(
        &format!("{BIN} serve --planted-bug {bug}"),
        Duration::from_secs(10),
    )
    .unwrap()
}

#[test]
fn fuzz_finds_every_planted_bug_and_writes_a_fixture_that_catches_it() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("fixtures");
    for bug in PlantedBug::ALL {
        let mut engine = buggy(bug);
        assert!(engine.info().name.contains(bug.name()));
        let opts = FuzzOptions {
            seed: 11,
            games: None,
            time: Some(Duration::from_secs(60)),
        };
        let report = fuzz(&mut engine, &opts, |_| {});
        let finding = report
            .finding
            .unwrap_or_else(|| panic!("{bug}: no difference in {} games", report.games));
        assert!(
            finding.turns.len() <= 10,
            "{bug}: {} turns",
            finding.turns.len()
        );

        let id = format!("found/{bug}");
        let yaml = fixture_yaml(&finding, &id, "test", "fuzz");
        let file = root.join(format!("{id}.yaml"));
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, &yaml).unwrap();
        let fixture = load_file(&root, &file).unwrap_or_else(|e| panic!("{bug}: {e}\n{yaml}"));

        let on_reference = run_fixture(&mut ReferenceEngine::new(), &fixture);
        assert_eq!(
            on_reference.verdict,
            Verdict::Pass,
            "{bug}: reference\n{yaml}"
        );
        if bug == PlantedBug::CapAt59 {
            // The engine ends the game where the reference does not: the
            // fixture cites the cap (G7) as well as the turn's own rules.
            let rules = yaml.lines().find(|l| l.starts_with("rules:")).unwrap_or("");
            assert!(rules.contains("G7"), "{rules}");
        }
        let on_buggy = run_fixture(&mut engine, &fixture);
        assert!(
            matches!(on_buggy.verdict, Verdict::Fail(_)),
            "{bug}: the fixture does not catch the bug: {:?}\n{yaml}",
            on_buggy.verdict
        );
    }
}

#[test]
fn the_reference_agrees_with_itself_through_the_protocol() {
    let mut engine =
        ExternalEngine::start(&format!("{BIN} serve"), Duration::from_secs(10)).unwrap();
    let opts = FuzzOptions {
        seed: 5,
        games: Some(150),
        time: None,
    };
    let report = fuzz(&mut engine, &opts, |_| {});
    assert!(report.finding.is_none(), "{:?}", report.finding);
    assert_eq!(report.games, 150);
    assert!(report.engine_failures.is_empty());
}

#[test]
fn perft_bisection_through_the_protocol_finds_the_first_disagreement() {
    use hexodic_conformance::external::EngineProcess;
    use hexodic_conformance::perft_diff::{compare, PerftComparison, ReferenceOracle};
    let mut engine = EngineProcess::new(
        &format!("{BIN} serve --planted-bug centre-first-place"),
        Duration::from_secs(30),
    )
    .unwrap();
    let start = hexodic_rules::Position::start().to_notation();
    match compare(&mut ReferenceOracle, &mut engine, &start, 2).unwrap() {
        PerftComparison::Differ {
            reference,
            engine,
            at,
        } => {
            assert!(engine > reference);
            assert!(at.path.is_empty(), "the start position already differs");
            assert_eq!(at.depth, 2);
            assert!(
                at.extra.iter().all(|t| t.starts_with("d4")),
                "{:?}",
                at.extra
            );
            assert!(!at.extra.is_empty() && at.missing.is_empty());
        }
        PerftComparison::Same(n) => panic!("no difference found ({n})"),
    }
    let mut clean = EngineProcess::new(&format!("{BIN} serve"), Duration::from_secs(30)).unwrap();
    assert_eq!(
        compare(&mut ReferenceOracle, &mut clean, &start, 2).unwrap(),
        PerftComparison::Same(230_100)
    );
}
