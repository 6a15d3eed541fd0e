//! `fuzz` asks everything the protocol can ask (issue 37): turns and legal
//! lists after the end (G8), positions V1 must refuse, probes for every
//! reason code (V2), a legal list with a repeated turn (N1). Each planted
//! bug of those kinds is found by a bounded campaign at one job with a
//! fixed seed, and its finding written as a fixture that fails on the bug
//! engine and passes on the reference; a bounded campaign's reach names
//! every reason and fault code as asked.

use hexodic_e2e::{Bug, ModelEngine};
use hexodic_engine::{InProcess, ReferenceEngine};
use hexodic_fuzzing::finding::write_finding;
use hexodic_fuzzing::{fuzz, FuzzOptions};
use hexodic_harness::corpus::load_file;
use hexodic_harness::run::{run_fixture, RunOutcome};
use hexodic_report::FuzzReport;

/// Games a campaign may play to find each bug (never a time).
const GAMES: u64 = 400;

fn campaign(bug: Option<Bug>, games: u64) -> FuzzReport {
    let opts = FuzzOptions {
        seed: 1,
        games: Some(games),
        jobs: 1,
        ..FuzzOptions::default()
    };
    fuzz(
        &mut InProcess::new(ModelEngine::new(bug, None)),
        &opts,
        &mut |_| {},
    )
}

/// Find `bug`, write its finding as a fixture, and check the fixture: it
/// passes on the reference and fails on the bug engine. Returns the
/// difference's kind and the fixture's text.
fn found_and_written(bug: Bug) -> (&'static str, String) {
    let report = campaign(Some(bug), GAMES);
    assert!(report.incidents.is_empty(), "{bug}: {:?}", report.incidents);
    assert!(report.engine.unusable.is_none(), "{bug}");
    let f = report
        .finding
        .unwrap_or_else(|| panic!("{bug}: nothing found in {} games", report.games));
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("fixtures");
    let written = write_finding(&root, &f, "test", false).unwrap_or_else(|e| panic!("{bug}: {e}"));
    assert!(
        written.fixture.is_file() && written.trace.is_file(),
        "{bug}"
    );
    let text = std::fs::read_to_string(&written.fixture).unwrap();
    let fx = load_file(&root, &written.fixture).unwrap();
    let on_reference = run_fixture(&mut ReferenceEngine::new(), &fx, None, None);
    assert_eq!(on_reference.outcome, RunOutcome::Pass, "{bug}:\n{text}");
    let on_bug = run_fixture(&mut ModelEngine::new(Some(bug), None), &fx, None, None);
    assert!(
        matches!(on_bug.outcome, RunOutcome::Fail(_)),
        "{bug}: the fixture does not catch it:\n{text}"
    );
    (f.divergence.difference.kind(), text)
}

#[test]
fn a_turn_accepted_after_the_end_is_found_and_written() {
    let (kind, text) = found_and_written(Bug::PlayAfterEnd);
    // Accepted, or refused for a reason of the board instead of the end.
    assert!(kind == "verdict" || kind == "reasons", "{kind}: {text}");
    assert!(text.contains("illegal: [game-over]"), "{text}");
}

#[test]
fn a_legal_turn_listed_twice_is_a_rule_difference_found_and_written() {
    let (kind, text) = found_and_written(Bug::DuplicateLegalTurn);
    assert_eq!(kind, "legal-list", "{text}");
    assert!(text.contains("legal_count:"), "{text}");
}

#[test]
fn a_capped_position_accepted_is_found_and_written_as_an_invalid_fixture() {
    let (kind, text) = found_and_written(Bug::CappedPositionAccepted);
    assert_eq!(kind, "validity", "{text}");
    assert!(text.contains("invalid: [already-capped]"), "{text}");
}

#[test]
fn a_wrong_reason_code_is_found_and_written() {
    let (kind, text) = found_and_written(Bug::CaptureNotLowerMisnamed);
    assert_eq!(kind, "reasons", "{text}");
    let step = text
        .lines()
        .find(|l| l.contains("illegal: ["))
        .unwrap_or("");
    assert!(step.contains("move-capture-not-lower"), "{text}");
}

#[test]
fn a_bounded_campaign_asks_every_reason_and_fault_code() {
    let report = campaign(None, REACH_GAMES);
    assert!(report.finding.is_none(), "the clean model differs");
    let never = hexodic_fuzzing::reach::never_asked(&report);
    assert!(
        never.is_empty(),
        "never asked in {REACH_GAMES} games: {never:?}\n{}",
        hexodic_fuzzing::reach::questions_text(&report)
    );
    for code in hexodic_rules::Reason::ALL {
        assert!(report
            .questions
            .contains_key(&format!("reason {}", code.code())));
    }
    for code in hexodic_rules::FaultCode::ALL {
        assert!(report
            .questions
            .contains_key(&format!("fault {}", code.code())));
    }
}

/// Games of the reach campaign.
const REACH_GAMES: u64 = 60;
