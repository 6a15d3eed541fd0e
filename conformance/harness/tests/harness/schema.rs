//! The committed JSON Schemas are the ones generated from the loader's and
//! the report's types, and a written report reads back as written.

use crate::common;
use hexodic_harness::corpus::{embedded, load_corpus, schema_json, setup_schema_json};
use hexodic_harness::engine::{InProcess, ReferenceEngine};
use hexodic_harness::report::schema::report_schema;
use hexodic_harness::report::{read_run, SCHEMA_VERSION};
use hexodic_harness::run::{run_corpus, RunOptions};

#[test]
fn schema_file_is_up_to_date() {
    let path = common::fixtures().join("schema/fixture.schema.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == schema_json(),
        "{} is stale; regenerate it with\n  cargo run -p hexodic-conformance -- schema > fixtures/schema/fixture.schema.json",
        path.display()
    );
}

#[test]
fn setup_schema_file_is_up_to_date() {
    let path = common::fixtures().join("schema/setup.schema.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == setup_schema_json(),
        "{} is stale; regenerate it with\n  cargo run -p hexodic-conformance -- schema --setup > fixtures/schema/setup.schema.json",
        path.display()
    );
}

#[test]
fn schema_forbids_unknown_fields() {
    let s: serde_json::Value = serde_json::from_str(&schema_json()).unwrap();
    assert_eq!(s["additionalProperties"], serde_json::Value::Bool(false));
    assert_eq!(
        s["$defs"]["Step"]["additionalProperties"],
        serde_json::Value::Bool(false)
    );
    let required = s["required"].as_array().unwrap();
    // `id` may be left out: the file's place in the corpus is its id.
    assert!(!required.iter().any(|r| r == "id"));
    for f in ["description", "rules", "basis", "setup"] {
        assert!(required.iter().any(|r| r == f), "{f} is required");
    }
}

#[test]
fn schema_names_cells_codes_and_rules() {
    let s: serde_json::Value = serde_json::from_str(&schema_json()).unwrap();
    let text = s.to_string();
    for needle in [
        "place-occupied",
        "stone-count",
        "\"C1\"",
        "\"g7\"",
        "propertyNames",
    ] {
        assert!(text.contains(needle), "{needle} missing from the schema");
    }
    assert!(!text.contains("\"h1\""));
    let turn = &s["$defs"]["TurnText"]["pattern"];
    assert!(turn.as_str().unwrap().contains("skip"), "{turn}");
}

#[test]
fn report_schema_file_is_up_to_date() {
    let path = common::fixtures().join("schema/report.schema.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == report_schema(),
        "{} is stale; regenerate it with\n  cargo run -p hexodic-conformance -- schema --report > fixtures/schema/report.schema.json",
        path.display()
    );
}

#[test]
fn report_schema_names_every_top_level_field() {
    let s: serde_json::Value = serde_json::from_str(&report_schema()).unwrap();
    // The schema is of a report of either kind: a run's or a fuzz campaign's.
    let kinds = s["anyOf"].as_array().unwrap();
    assert!(
        kinds.iter().any(|k| k["$ref"] == "#/$defs/RunReport"),
        "the report schema offers no run's report: {kinds:?}"
    );
    let run = &s["$defs"]["RunReport"];
    let required = run["required"].as_array().unwrap();
    for f in [
        "schema_version",
        "engine",
        "corpus",
        "summary",
        "results",
        "root_causes",
        "errors",
        "stopped",
    ] {
        assert!(
            run["properties"].get(f).is_some(),
            "{f} missing from the report schema"
        );
        assert!(
            required.iter().any(|r| r == f) || f == "stopped",
            "{f} is required"
        );
    }
    assert_eq!(run["additionalProperties"], serde_json::Value::Bool(false));
}

#[test]
fn a_written_report_reads_back_as_written() {
    let corpus = load_corpus(&embedded::root());
    let opts = RunOptions {
        command: Some("my-engine".into()),
        ..RunOptions::default()
    };
    let mut report = run_corpus(
        &mut InProcess::new(ReferenceEngine::new()),
        &corpus,
        &opts,
        &mut |_| {},
    )
    .report;
    // A time that JSON writes and reads back exactly, whatever the float
    // parser: the comparison below is of everything else.
    report.elapsed_seconds = 1.5;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.json");
    std::fs::write(&path, report.to_json()).unwrap();
    let back = read_run(&path).unwrap();
    assert_eq!(back, report);
    assert_eq!(back.results.len(), report.results.len());
    assert!(back.results.len() >= 250);
    assert_eq!(back.engine.command.as_deref(), Some("my-engine"));
    assert_eq!(back.schema_version, SCHEMA_VERSION);

    let fixture = common::fixtures().join("schema/fixture.schema.json");
    let e = read_run(&fixture).unwrap_err();
    assert!(
        e.message.contains("not a hexodic-conformance report"),
        "{e}"
    );
    let e = read_run(&dir.path().join("none.json")).unwrap_err();
    assert!(
        e.to_string()
            .ends_with("cannot read: no such file or folder"),
        "{e}"
    );
}
