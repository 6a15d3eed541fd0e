//! The committed JSON Schema is the one generated from the loader's types.

#![allow(clippy::unwrap_used)] // tests may unwrap

use hexodic_conformance::corpus::{schema_json, setup_schema_json};
use hexodic_conformance::engine::InProcess;
use hexodic_conformance::report::report_schema_json;
use std::path::Path;

#[test]
fn schema_file_is_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/schema/fixture.schema.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == schema_json(),
        "{} is stale; regenerate it with\n  cargo run -p hexodic-conformance -- schema > fixtures/schema/fixture.schema.json",
        path.display()
    );
}

#[test]
fn setup_schema_file_is_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/schema/setup.schema.json");
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
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/schema/report.schema.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == report_schema_json(),
        "{} is stale; regenerate it with\n  cargo run -p hexodic-conformance -- schema --report > fixtures/schema/report.schema.json",
        path.display()
    );
}

#[test]
fn report_schema_names_every_top_level_field() {
    let s: serde_json::Value = serde_json::from_str(&report_schema_json()).unwrap();
    let required = s["required"].as_array().unwrap();
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
            s["properties"].get(f).is_some(),
            "{f} missing from the report schema"
        );
        assert!(
            required.iter().any(|r| r == f) || f == "stopped",
            "{f} is required"
        );
    }
    assert_eq!(s["additionalProperties"], serde_json::Value::Bool(false));
}

#[test]
fn a_written_report_reads_back_as_written() {
    use hexodic_conformance::report::{json, JsonReport};
    use hexodic_conformance::{load_corpus, run_corpus, ReferenceEngine, RunOptions};
    let corpus = load_corpus(&hexodic_conformance::suite::bundled_fixtures().unwrap());
    let report = run_corpus(
        &mut InProcess::new(ReferenceEngine::new()),
        &corpus,
        &RunOptions::default(),
        &mut |_| {},
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.json");
    std::fs::write(&path, json(&report, Some("my-engine"))).unwrap();
    let back = JsonReport::read(&path).unwrap();
    assert_eq!(back, JsonReport::new(&report, Some("my-engine")));
    assert_eq!(back.results.len(), report.results.len());
    assert_eq!(back.engine.command.as_deref(), Some("my-engine"));
    assert_eq!(back.schema_version, 1);

    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/schema/fixture.schema.json");
    let e = JsonReport::read(&fixture).unwrap_err();
    assert!(
        e.message.contains("not a hexodic-conformance JSON report"),
        "{e}"
    );
    let e = JsonReport::read(&dir.path().join("none.json")).unwrap_err();
    assert!(
        e.to_string()
            .ends_with("cannot read: no such file or folder"),
        "{e}"
    );
}
