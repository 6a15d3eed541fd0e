//! Diagnosis against engines that each break one rule (built outside the
//! reference, in the testkit): for every planted bug the first root cause
//! names the broken rule, and the text report fits on one screen.

mod common;

use common::{assert_no_debug, run_all};
use hexodic_conformance::report::{json, junit, text, Expectations};
use hexodic_e2e::{Bug, ModelEngine, ReplyFault};

/// The longest text report a one-bug engine may give.
const ONE_SCREEN: usize = 80;

#[test]
fn the_clean_model_passes_the_corpus() {
    let report = run_all(&mut ModelEngine::new(None, None));
    assert_eq!(report.summary.failed(), 0, "{}", text(&report, false));
    assert_eq!(report.summary.passed, report.summary.fixtures);
}

#[test]
fn every_planted_bug_is_named_by_the_first_root_cause() {
    let mut wrong = Vec::new();
    for bug in Bug::ALL {
        let report = run_all(&mut ModelEngine::new(Some(*bug), None));
        let shown = text(&report, false);
        let rule = bug.rules()[0];
        let first = report.root_causes.first();
        let named = first.is_some_and(|rc| rc.signature.rules.contains(&rule));
        if !named {
            wrong.push(format!(
                "{bug}: expected {rule}, got {:?}",
                first.map(|rc| &rc.signature)
            ));
        }
        let lines = shown.lines().count();
        assert!(lines <= ONE_SCREEN, "{bug}: {lines} lines\n{shown}");
        assert_no_debug(bug.name(), &shown);
        assert_no_debug(bug.name(), &json(&report, None));
        assert_no_debug(bug.name(), &junit(&report));
        assert_no_debug(
            bug.name(),
            &Expectations::default().updated(&report).to_yaml(),
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn reply_faults_are_named_by_what_they_break() {
    for (fault, rule) in [
        (ReplyFault::DropLegalTurn, "I6"),
        (ReplyFault::FlipVerdict, "E1"),
        (ReplyFault::HalfMoveOffByOne, "G3"),
        (ReplyFault::MisnamedReason, "V2"),
    ] {
        let report = run_all(&mut ModelEngine::new(None, Some(fault)));
        let rc = &report.root_causes[0];
        assert!(
            rc.signature.rules.contains(&rule),
            "{fault:?}: {:?}",
            rc.signature
        );
        assert!(text(&report, false).lines().count() <= ONE_SCREEN);
    }
}

#[test]
fn a_dropped_turn_is_named_with_the_engine_playing_it() {
    let report = run_all(&mut ModelEngine::new(None, Some(ReplyFault::DropLegalTurn)));
    let shown = text(&report, false);
    assert!(
        shown.contains("the engine plays it but does not list it"),
        "{shown}"
    );
    assert_eq!(report.root_causes.len(), 1, "{shown}");
}
