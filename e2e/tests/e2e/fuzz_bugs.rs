//! `fuzz` against engines with one planted bug: the difference is found, its
//! implicated rules name the broken rule, the finding is shrunk (a bug seen
//! from the start shrinks to the start position), and the fixture written
//! from it cites that rule, passes on the reference and fails on the engine.

use hexodic_e2e::{Bug, ModelEngine};
use hexodic_engine::{InProcess, ReferenceEngine};
use hexodic_fuzzing::finding::recording;
use hexodic_fuzzing::{fuzz, FuzzOptions};
use hexodic_harness::corpus::load_file;
use hexodic_harness::record::record;
use hexodic_harness::run::{run_fixture, RunOutcome};
use hexodic_report::FuzzFinding;
use hexodic_rules::Position;

fn find(bug: Bug) -> FuzzFinding {
    let opts = FuzzOptions {
        seed: 1,
        games: Some(3000),
        ..FuzzOptions::default()
    };
    let report = fuzz(
        &mut InProcess::new(ModelEngine::new(Some(bug), None)),
        &opts,
        &mut |_| {},
    );
    assert!(report.incidents.is_empty(), "{bug}");
    report
        .finding
        .unwrap_or_else(|| panic!("{bug}: nothing found in {} games", report.games))
}

#[test]
fn findings_name_the_broken_rule_and_become_fixtures_that_catch_it() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("fixtures");
    for bug in [
        Bug::CentreFirstPlace,
        Bug::EdgeCountsTier,
        Bug::CapBeforeStrangle,
        Bug::CapBeforeRepetition,
        Bug::HalfMoveOnWin,
        Bug::ShapeNeverMandatory,
    ] {
        let f = find(bug);
        let rule = bug.rules()[0];
        let implicated = |r: &str| f.divergence.implicated.iter().any(|i| i == r);
        let named = implicated(rule) || bug.rules().iter().any(|r| implicated(r));
        assert!(named, "{bug}: {:?}", f.divergence.implicated);
        let id = format!("found/{}", bug.name());
        let rec = recording(&f, &id, "test", "fuzz --seed 1");
        assert!(
            rec.rules.iter().any(|r| bug.rules().contains(&r.as_str())),
            "{bug}: {:?}",
            rec.rules
        );
        let written = record(&root, &rec, false).unwrap_or_else(|e| panic!("{bug}: {e}"));
        let fx = load_file(&root, &written.fixture).unwrap();
        let on_reference = run_fixture(&mut ReferenceEngine::new(), &fx, None, None);
        assert_eq!(on_reference.outcome, RunOutcome::Pass, "{bug}");
        let on_bug = run_fixture(&mut ModelEngine::new(Some(bug), None), &fx, None, None);
        assert!(
            matches!(on_bug.outcome, RunOutcome::Fail(_)),
            "{bug}: the fixture does not catch it"
        );
        assert!(written.trace.is_file());
    }
}

#[test]
fn a_bug_seen_from_the_start_shrinks_to_the_start_position() {
    let f = find(Bug::CentreFirstPlace);
    assert_eq!(
        f.start,
        hexodic_rules::Setup::from(&Position::start()),
        "{}",
        f.start.to_notation()
    );
    assert!(
        f.turns.len() <= 1,
        "{:?}",
        f.turns.iter().map(|t| t.to_string()).collect::<Vec<_>>()
    );
}

#[test]
fn positions_are_simplified_while_the_difference_stays() {
    // The cap order needs a position at the cap; shrinking keeps it there
    // but clears what the difference does not need.
    let f = find(Bug::CapBeforeStrangle);
    assert!(f.turns.len() <= 2, "{} turns", f.turns.len());
    assert!(f.start.half_moves >= 58);
}
