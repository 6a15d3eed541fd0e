//! The committed JSON Schema is the one generated from the loader's types.

#![allow(clippy::unwrap_used)] // tests may unwrap

use hexodic_conformance::corpus::{schema_json, setup_schema_json};
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
    for f in ["id", "description", "rules", "basis", "setup"] {
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
