//! The JSON report: harness, engine, corpus version, totals, root causes,
//! every result (with its status, cause and implicated rules) and every
//! load error, as the typed [`JsonReport`] (its JSON Schema is
//! [`report_schema_json`], committed as `fixtures/schema/report.schema.json`).
//! Paths are relative to the current folder. [`JsonReport::read`] reads a
//! report back.

mod comparison;
mod model;
mod read;

pub use comparison::{Comparison, FixtureChange, RuleChange};
pub use model::{
    CorpusInfo, DivergenceReport, EngineReport, Example, FailureReport, FileError, FixtureReport,
    Harness, IncidentReport, JsonReport, RootCauseReport, SignatureReport, StopReason, Totals,
    SCHEMA_VERSION,
};
pub(crate) use read::json_error;
pub use read::{read_report_text, ReportReadError, MAX_REPORT_BYTES};

use crate::diagnose::{Divergence, Pinned, RootCause, Source};
use crate::run::{FixtureResult, RunReport, Stopped};
use hexodic_io::paths;

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_owned()).collect()
}

fn divergence(d: &Divergence) -> DivergenceReport {
    DivergenceReport {
        step: d.step,
        line: d.line,
        turn: d.turn.map(|t| t.to_string()),
        kind: d.difference.kind().to_owned(),
        summary: d.difference.summary(),
        details: super::text::details(&d.difference),
        implicated_rules: strings(&d.implicated),
        source: match d.source {
            Source::Fixture => "fixture",
            Source::Trace => "trace",
        }
        .to_owned(),
        before: d.before.map(|s| s.to_notation()),
        expected: d.expected.map(|s| s.to_notation()),
        got: d.got.map(|s| s.to_notation()),
    }
}

fn result(report: &RunReport, r: &FixtureResult) -> FixtureReport {
    let failure = r.failure().map(|f| FailureReport {
        variant: f.variant.to_string(),
        cause: divergence(&f.cause),
        consequences: f.consequences.iter().map(divergence).collect(),
    });
    let incident = r.incident().map(|i| IncidentReport {
        kind: i.incident.kind.name().to_owned(),
        message: i.incident.kind.to_string(),
        variant: i.variant.to_string(),
        step: i.step,
        line: i.line,
        turn: i.turn.map(|t| t.to_string()),
        at: i.place(),
        request: i.incident.request.clone(),
        stderr_tail: i.incident.stderr.clone(),
    });
    FixtureReport {
        id: r.id.clone(),
        file: paths::shown(&r.file),
        line: r.line(),
        reproduce: super::reproduce(report, r),
        rules: r.rules.clone(),
        basis: r.basis.name().to_owned(),
        status: r.status.name().to_owned(),
        cause: r.cause_line(),
        implicated_rules: r
            .failure()
            .map(|f| strings(&f.cause.implicated))
            .unwrap_or_default(),
        expected_reason: r.expected_reason.clone(),
        expected_signature: r.expected_signature.as_ref().map(signature),
        signature: r.signature().as_ref().map(signature),
        skipped_checks: r.skipped().iter().map(|c| c.name().to_owned()).collect(),
        variants_run: r.run.variants_run,
        traced: r.traced,
        failure,
        incident,
    }
}

fn signature(p: &Pinned) -> SignatureReport {
    SignatureReport {
        rules: p.rules.clone(),
        kind: p.kind.clone(),
        key: p.key.clone(),
        step: p.step,
    }
}

fn root_cause(rc: &RootCause) -> RootCauseReport {
    RootCauseReport {
        rules: strings(&rc.signature.rules),
        implicated_rules: strings(&rc.rules),
        kind: rc.signature.kind.to_owned(),
        key: rc.signature.key.clone(),
        detail: rc.detail.clone(),
        fixtures: rc.fixtures.len(),
        fixture_ids: rc.fixtures.clone(),
        example: Example {
            id: rc.example.id.clone(),
            step: rc.example.step,
            variant: rc.example.variant.to_string(),
        },
    }
}

impl From<Stopped> for StopReason {
    fn from(s: Stopped) -> StopReason {
        match s {
            Stopped::TimeLimit => StopReason::TimeLimit,
            Stopped::Interrupted => StopReason::Interrupted,
            Stopped::Unusable => StopReason::Unusable,
            Stopped::FailFast => StopReason::FailFast,
        }
    }
}

impl From<StopReason> for Stopped {
    fn from(s: StopReason) -> Stopped {
        match s {
            StopReason::TimeLimit => Stopped::TimeLimit,
            StopReason::Interrupted => Stopped::Interrupted,
            StopReason::Unusable => Stopped::Unusable,
            StopReason::FailFast => Stopped::FailFast,
        }
    }
}

impl JsonReport {
    /// The report of a run; `command` is the `--engine` command line, if any.
    pub fn new(report: &RunReport, command: Option<&str>) -> JsonReport {
        let s = &report.summary;
        JsonReport {
            comparison: None,
            schema_version: SCHEMA_VERSION,
            harness: Harness {
                name: "hexodic-conformance".to_owned(),
                version: env!("CARGO_PKG_VERSION").to_owned(),
            },
            engine: EngineReport {
                name: report.engine.name.clone(),
                version: report.engine.version.clone(),
                command: command.map(str::to_owned),
                capabilities: strings(&report.engine.capabilities.names()),
                warnings: report.warnings.clone(),
                unusable: report.unusable.as_ref().map(|u| u.kind.to_string()),
            },
            corpus: CorpusInfo {
                version: report.corpus_version.clone(),
                folder: hexodic_io::paths::shown(&report.corpus_folder),
                embedded: report.corpus_embedded,
                fixtures: s.fixtures,
            },
            partition: report.partition.map(|p| p.to_string()),
            complete: report.stopped.is_none(),
            stopped: report.stopped.map(StopReason::from),
            exit_code: report.exit_code(),
            elapsed_seconds: s.elapsed.as_secs_f64(),
            summary: Totals {
                fixtures: s.fixtures,
                run: s.run,
                passed: s.passed,
                failed: s.failed(),
                failed_documented: s.failed_documented,
                failed_ruling: s.failed_ruling,
                expected_failures: s.expected_failures,
                changed_failures: s.changed_failures,
                unexpected_passes: s.unexpected_passes,
                skipped: s.skipped,
                skipped_checks: s
                    .skipped_checks
                    .iter()
                    .map(|(c, n)| (c.name().to_owned(), *n))
                    .collect(),
                incidents: s.incidents,
                errors: s.errors,
                variant_runs: s.variant_runs,
                without_trace: s.without_trace,
            },
            root_causes: report.root_causes.iter().map(root_cause).collect(),
            results: report.results.iter().map(|r| result(report, r)).collect(),
            run: Some(Box::new(report.clone())),
            errors: report
                .errors
                .iter()
                .map(|e| FileError {
                    file: paths::shown(&e.file),
                    line: e.line,
                    column: e.column,
                    message: e.message.clone(),
                })
                .collect(),
        }
    }

    /// The report as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// The JSON report of a run; `command` is the `--engine` command line, if any.
pub fn json(report: &RunReport, command: Option<&str>) -> String {
    JsonReport::new(report, command).to_json()
}

/// The JSON Schema of [`JsonReport`], pretty-printed with a final newline.
pub fn report_schema_json() -> String {
    let schema = schemars::schema_for!(JsonReport);
    let mut s = serde_json::to_string_pretty(&schema).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::{StopReason, Stopped};

    #[test]
    fn every_stop_reads_back_as_itself() {
        for s in [
            Stopped::TimeLimit,
            Stopped::Interrupted,
            Stopped::Unusable,
            Stopped::FailFast,
        ] {
            assert_eq!(Stopped::from(StopReason::from(s)), s);
        }
        for r in [
            StopReason::TimeLimit,
            StopReason::Interrupted,
            StopReason::Unusable,
            StopReason::FailFast,
        ] {
            assert_eq!(StopReason::from(Stopped::from(r)), r);
        }
    }
}
