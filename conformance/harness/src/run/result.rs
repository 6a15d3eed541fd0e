//! One fixture's result as the report keeps it, made once from its run:
//! the status decided against the expectations file, the failure's
//! classification, its words, the rerun line.

use super::rerun::Rerun;
use super::runner::{FixtureRun, RunOutcome};
use crate::corpus::Fixture;
use crate::diagnose::classify;
use hexodic_report::{Expected, FixtureReport, IncidentReport, Status};

/// The report of fixture `fx`'s run, with what the expectations file says
/// of it (`expected`), whether a golden trace was compared (`traced`), and
/// how to run it again (`rerun`).
pub fn fixture_report(
    fx: &Fixture,
    run: FixtureRun,
    expected: Option<&Expected>,
    traced: bool,
    rerun: &Rerun,
) -> FixtureReport {
    let (failure, incident) = match run.outcome {
        RunOutcome::Pass => (None, None),
        RunOutcome::Fail(f) => (Some(*f), None),
        RunOutcome::Incident(at, f) => {
            let i = IncidentReport::new(&at.incident, at.variant, at.step, at.line, at.turn);
            (f.map(|f| *f), Some(i))
        }
    };
    let classification = failure.as_ref().map(|f| classify(&f.cause));
    let signature = failure
        .as_ref()
        .zip(classification.as_ref())
        .map(|(f, c)| c.signature(f.cause.step));
    let skipped = run.skipped.iter().next().is_some();
    let status = match (&incident, &signature, expected) {
        (Some(_), _, _) => Status::Incident,
        (None, Some(s), Some(e)) if e.matches(s) => Status::ExpectedFail,
        (None, Some(_), Some(_)) => Status::ChangedFail,
        (None, Some(_), None) => Status::Fail,
        (None, None, _) if skipped => Status::Skipped,
        (None, None, Some(_)) => Status::UnexpectedPass,
        (None, None, None) => Status::Pass,
    };
    let variant = incident
        .as_ref()
        .map(|i| i.variant)
        .or_else(|| failure.as_ref().map(|f| f.variant));
    let rerun_line = match status {
        Status::Fail
        | Status::ExpectedFail
        | Status::ChangedFail
        | Status::Flaky
        | Status::Incident => variant.and_then(|v| rerun.line(&fx.id, v)),
        _ => None,
    };
    let mut r = FixtureReport {
        id: fx.id.clone(),
        file: hexodic_io::paths::shown(&fx.file),
        description: fx.description.clone(),
        rules: fx.rules.clone(),
        basis: fx.basis,
        size: fx.prelude.len() + fx.steps.len(),
        status,
        cause: String::new(),
        variants_run: run.variants_run,
        traced,
        skipped_checks: run.skipped.iter().collect(),
        failure,
        incident,
        classification,
        expected: expected.cloned(),
        rerun: rerun_line,
    };
    r.cause = r.cause_line();
    r
}

/// `first`, a failure, as it reads after the fixture ran once more
/// (`again`): unchanged when it failed the same way again, else flaky (the
/// engine does not answer the same question the same way).
pub fn confirmed(mut first: FixtureReport, again: &FixtureReport) -> FixtureReport {
    let same = again.status != Status::Incident && again.signature() == first.signature();
    if !same && first.status != Status::Incident {
        first.status = Status::Flaky;
        first.cause = first.cause_line();
    }
    first
}

/// A fixture the run never reached.
pub fn not_run(fx: &Fixture, expected: Option<&Expected>) -> FixtureReport {
    let mut r = FixtureReport {
        id: fx.id.clone(),
        file: hexodic_io::paths::shown(&fx.file),
        description: fx.description.clone(),
        rules: fx.rules.clone(),
        basis: fx.basis,
        size: fx.prelude.len() + fx.steps.len(),
        status: Status::NotRun,
        cause: String::new(),
        variants_run: 0,
        traced: false,
        skipped_checks: Vec::new(),
        failure: None,
        incident: None,
        classification: None,
        expected: expected.cloned(),
        rerun: None,
    };
    r.cause = r.cause_line();
    r
}
