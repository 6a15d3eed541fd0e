//! The JSON report: harness, engine, corpus version, totals, root causes,
//! every result (with its status, cause and implicated rules) and every
//! load error. Paths are relative to the current folder.

use crate::diagnose::Divergence;
use crate::paths;
use crate::run::{FixtureResult, RunReport};
use serde_json::{json, Value};

fn divergence(d: &Divergence) -> Value {
    json!({
        "step": d.step,
        "line": d.line,
        "turn": d.turn.map(|t| t.to_string()),
        "kind": d.difference.kind(),
        "summary": d.difference.summary(),
        "details": super::text::details(&d.difference),
        "implicated_rules": d.implicated,
        "source": match d.source { crate::diagnose::Source::Fixture => "fixture", crate::diagnose::Source::Trace => "trace" },
        "before": d.before.map(|s| s.to_notation()),
        "expected": d.expected.map(|s| s.to_notation()),
        "got": d.got.map(|s| s.to_notation()),
    })
}

fn result(r: &FixtureResult) -> Value {
    let failure = r.failure().map(|f| {
        json!({
            "variant": f.variant.to_string(),
            "cause": divergence(&f.cause),
            "consequences": f.consequences.iter().map(divergence).collect::<Vec<_>>(),
        })
    });
    let incident = r.incident().map(|i| {
        json!({
            "kind": i.incident.kind.name(),
            "message": i.incident.kind.to_string(),
            "variant": i.variant.to_string(),
            "step": i.step,
            "line": i.line,
            "turn": i.turn.map(|t| t.to_string()),
            "at": i.place(),
            "request": i.incident.request,
            "stderr_tail": i.incident.stderr,
        })
    });
    let line = r.line();
    json!({
        "id": r.id,
        "file": paths::shown(&r.file),
        "line": line,
        "rules": r.rules,
        "basis": r.basis.name(),
        "status": r.status.name(),
        "cause": r.cause_line(),
        "implicated_rules": r.failure().map(|f| f.cause.implicated.clone()).unwrap_or_default(),
        "expected_reason": r.expected_reason,
        "skipped_checks": r.skipped().iter().map(|c| c.name()).collect::<Vec<_>>(),
        "variants_run": r.run.variants_run,
        "traced": r.traced,
        "failure": failure,
        "incident": incident,
    })
}

/// The JSON report.
pub fn json(report: &RunReport, command: Option<&str>) -> String {
    let s = &report.summary;
    let root_causes: Vec<Value> = report
        .root_causes
        .iter()
        .map(|rc| {
            json!({
                "rules": rc.signature.rules,
                "implicated_rules": rc.rules,
                "kind": rc.signature.kind,
                "key": rc.signature.key,
                "detail": rc.detail,
                "fixtures": rc.fixtures.len(),
                "fixture_ids": rc.fixtures,
                "example": {
                    "id": rc.example.id,
                    "step": rc.example.step,
                    "variant": rc.example.variant.to_string(),
                },
            })
        })
        .collect();
    let v = json!({
        "harness": {"name": "hexodic-conformance", "version": env!("CARGO_PKG_VERSION")},
        "engine": {
            "name": report.engine.name,
            "version": report.engine.version,
            "command": command,
            "capabilities": report.engine.capabilities.names(),
            "warnings": report.warnings,
            "unusable": report.unusable.as_ref().map(|u| u.kind.to_string()),
        },
        "corpus": {"version": report.corpus_version, "fixtures": s.fixtures},
        "partition": report.partition.map(|p| p.to_string()),
        "complete": report.stopped.is_none(),
        "stopped": report.stopped.map(|s| match s {
            crate::run::Stopped::TimeLimit => "time-limit",
            crate::run::Stopped::Interrupted => "interrupted",
            crate::run::Stopped::Unusable => "unusable",
        }),
        "exit_code": report.exit_code(),
        "elapsed_seconds": s.elapsed.as_secs_f64(),
        "summary": {
            "fixtures": s.fixtures,
            "run": s.run,
            "passed": s.passed,
            "failed": s.failed(),
            "failed_documented": s.failed_documented,
            "failed_ruling": s.failed_ruling,
            "expected_failures": s.expected_failures,
            "unexpected_passes": s.unexpected_passes,
            "skipped": s.skipped,
            "skipped_checks": s.skipped_checks.iter().map(|(c, n)| (c.name().to_owned(), json!(n))).collect::<serde_json::Map<_, _>>(),
            "incidents": s.incidents,
            "errors": s.errors,
            "variant_runs": s.variant_runs,
            "without_trace": s.without_trace,
        },
        "root_causes": root_causes,
        "results": report.results.iter().map(result).collect::<Vec<_>>(),
        "errors": report.errors.iter().map(|e| json!({
            "file": paths::shown(&e.file),
            "line": e.line,
            "column": e.column,
            "message": e.message,
        })).collect::<Vec<_>>(),
    });
    serde_json::to_string_pretty(&v).unwrap_or_default()
}
