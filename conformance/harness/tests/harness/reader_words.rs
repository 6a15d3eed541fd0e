//! Every error of the YAML and JSON readers reaches people in the
//! project's words: fixtures, shared setups, expectations files, reports
//! read back, `serve` requests and engine replies. Each message names the
//! field and its allowed values, quotes at most 80 characters of a value,
//! and never a library's type, option or policy.

use crate::common::{self, TempCorpus};
use hexodic_harness::engine::protocol::parse;
use hexodic_harness::engine::{answer, ReferenceEngine};
use hexodic_harness::report::{parse_report, SCHEMA_VERSION};
use hexodic_harness::run::Expectations;
use std::path::Path;

/// Words of the readers and of Rust, never of the project, besides
/// [`common::RUST_WORDS`].
const LIBRARY_WORDS: [&str; 16] = [
    "untagged",
    "enum ",
    "struct ",
    "DuplicateKeyPolicy",
    "Options",
    "weak recursion",
    "configured policy",
    "policy",
    "budget",
    "Budget",
    "serde",
    "saphyr",
    "f64",
    "EOF",
    "OutcomeSpec",
    "Request",
];

/// Assert a message is in the project's words and quotes little.
fn assert_words(what: &str, msg: &str) {
    common::assert_no_words(what, msg, &LIBRARY_WORDS);
    assert!(
        msg.chars().count() < 400,
        "{what}: a long value is quoted whole: {} characters",
        msg.chars().count()
    );
}

const HEAD: &str =
    "id: t/NAME\ndescription: x\nrules: [C3]\nbasis: documented\nsetup: {start: true}\n";

/// Each kind of error the YAML reader gives, with a part its message must hold.
fn yaml_cases() -> Vec<(&'static str, String, &'static str)> {
    let long = "a".repeat(200_000);
    vec![
        (
            "untagged",
            "expect:\n  outcome: [1, 2]\n".into(),
            "`outcome` must be `ongoing`",
        ),
        (
            "dupkey",
            "steps:\n  - turn: \"c3 +c3\"\n    turn: \"c3 +c3\"\n".into(),
            "`turn` is written twice",
        ),
        (
            "recursive",
            "steps: &a\n  - turn: *a\n".into(),
            "refers to a value that contains it",
        ),
        (
            "nonfinite",
            "expect:\n  legal_count: 1e999\n".into(),
            "`legal_count` must be",
        ),
        (
            "range",
            "expect:\n  state: {x: {captures: 263}}\n".into(),
            "`captures` must be a whole number from 0 to 255, found `263`",
        ),
        (
            "negative",
            "expect:\n  state: {half_moves: -1}\n".into(),
            "`half_moves` must be a whole number from 0 to 65535, found `-1`",
        ),
        (
            "longturn",
            format!("steps:\n  - turn: \"{long}\"\n"),
            "(200000 characters)",
        ),
        (
            "longword",
            format!("expect:\n  legal_count: {long}\n"),
            "aaa…`",
        ),
        (
            "field",
            "expect:\n  legalcount: 3\n".into(),
            "unknown field `legalcount`: the fields allowed here are",
        ),
        (
            "variant",
            "expect:\n  state: {to_move: z}\n".into(),
            "`to_move` must be x or o, found `z`",
        ),
        (
            "mapping",
            "expect:\n  state: [1]\n".into(),
            "`state` must be a mapping",
        ),
        (
            "perft",
            "expect:\n  perft: {depth: 5000000000, nodes: 1}\n".into(),
            "`depth` must be a whole number from 0 to 4294967295, found `5000000000`",
        ),
        (
            "missing",
            "expect:\n  perft: {depth: 1}\n".into(),
            "`nodes` is missing",
        ),
        (
            "empty",
            "expect:\n  perft: {depth: 1, nodes: }\n".into(),
            "`nodes` needs a value",
        ),
        (
            "second",
            "---\nid: again\n".into(),
            "a second YAML document",
        ),
    ]
}

#[test]
fn every_yaml_error_kind_is_worded_for_people() {
    let c = TempCorpus::new();
    let cases = yaml_cases();
    for (name, body, _) in &cases {
        let text = format!("{}{body}", HEAD.replace("NAME", name));
        c.write(&format!("t/{name}.yaml"), text.as_bytes());
    }
    let corpus = c.load();
    assert_eq!(corpus.errors.len(), cases.len(), "{:?}", corpus.errors);
    for (name, _, part) in &cases {
        let e = corpus
            .errors
            .iter()
            .find(|e| e.file.ends_with(format!("{name}.yaml")))
            .unwrap();
        assert!(e.line >= 6, "{name}: the place in the file: {e}");
        assert!(e.message.contains(part), "{name}: `{part}` not in: {e}");
        assert_words(name, &e.message);
    }
}

#[test]
fn expectations_and_setups_go_through_the_same_words() {
    let dir = tempfile::tempdir().unwrap();
    let exp = dir.path().join("exp.yaml");
    std::fs::write(&exp, "expected_failures:\n  a/b: {reason: x, reason: y}\n").unwrap();
    let e = Expectations::load(&exp).unwrap_err();
    assert!(e.message.contains("`reason` is written twice"), "{e}");
    assert_words("expectations", &e.message);
}

#[test]
fn reports_read_back_name_the_field() {
    let p = Path::new("r.json");
    // A run's report of this version whose `harness` lacks its version.
    let text = format!(
        "{{\"harness\": {{\"name\": \"hexodic-conformance\"}},\n \"schema_version\": {SCHEMA_VERSION},\n \"kind\": \"run\",\n \"run\": [1]}}"
    );
    let e = parse_report(p, text.as_bytes()).unwrap_err();
    assert!(e.message.contains("`version` is missing"), "{e}");
    assert_words("report", &e.message);
    let e = parse_report(p, b"{\"a\": [1,\n").unwrap_err();
    assert_words("truncated report", &e.message);
    // Nested deeper than the JSON reader goes: the report's head is read
    // first, and an array is no report, however deep.
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let e = parse_report(p, deep.as_bytes()).unwrap_err();
    assert!(
        e.message.contains("not a hexodic-conformance report"),
        "{e}"
    );
    assert_words("deep report", &e.message);
    // An engine's reply nested as deep, read as any JSON value, is refused
    // by its depth.
    let message = match parse::hello(&deep, 1).unwrap_err() {
        parse::ReplyError::Fault(f) => f.to_string(),
        other => panic!("not a protocol fault: {other:?}"),
    };
    assert!(message.contains("128 levels"), "{message}");
    assert_words("deep reply", &message);
}

#[test]
fn serve_requests_and_engine_replies_are_worded_for_people() {
    let mut engine = ReferenceEngine::new();
    for (line, part) in [
        ("[1, 2]", "must be an object"),
        (
            r#"{"id":1,"cmd":"perft","depth":-3}"#,
            "`depth` must be a whole number from 0 to 4294967295",
        ),
        (r#"{"id":1,"cmd":"fly"}"#, "`cmd` must be"),
        (
            r#"{"id":1,"cmd":"hello","protocol":1,"protocol":2}"#,
            "written twice",
        ),
    ] {
        let (reply, _) = answer(&mut engine, line);
        let message = reply.error.map(|e| e.message).unwrap_or_default();
        assert!(message.contains(part), "{line}: `{part}` not in: {message}");
        assert_words(line, &message);
    }
    for line in [
        "{\"id\":1,",
        "{\"id\":1} x",
        "{\"id\":1,\"ok\":true,\"x\":\"\u{1}\"}",
    ] {
        let message = match parse::hello(line, 1).unwrap_err() {
            parse::ReplyError::Fault(f) => f.to_string(),
            other => panic!("{line}: not a protocol fault: {other:?}"),
        };
        assert_words(line, &message);
    }
}
