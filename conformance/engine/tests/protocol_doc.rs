//! PROTOCOL.md's examples are what `serve` really answers: every request in
//! its full transcript (`>` lines) and its request/reply pairs in `json`
//! blocks are replayed against the reference server, and each reply must
//! match (replies shortened with `"..."` are compared up to the shortening).

use hexodic_engine::{answer, ReferenceEngine};

const DOC: &str = include_str!("../../PROTOCOL.md");

fn matches(expected: &str, actual: &str) -> bool {
    match expected.find(",\"...\"") {
        Some(cut) => actual.starts_with(&expected[..cut]),
        None => expected == actual,
    }
}

#[test]
fn the_full_session_transcript_is_what_serve_answers() {
    let mut server = ReferenceEngine::new();
    let mut pending: Option<String> = None;
    let mut checked = 0;
    for line in DOC.lines() {
        if let Some(req) = line.strip_prefix("> ") {
            let (reply, _) = answer(&mut server, req);
            pending = Some(reply.to_line());
        } else if let Some(expected) = line.strip_prefix("< ") {
            let actual = pending.take().expect("a reply follows a request");
            assert!(
                matches(expected, &actual),
                "documented:\n{expected}\nactual:\n{actual}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 6, "the transcript was found ({checked} replies)");
}

#[test]
fn request_reply_examples_are_what_serve_answers() {
    // In ```json blocks, a line with "cmd" is a request and the next line its reply.
    let mut server = ReferenceEngine::new();
    let mut in_json = false;
    let mut lines = Vec::new();
    for line in DOC.lines() {
        if line.starts_with("```json") {
            in_json = true;
        } else if line.starts_with("```") {
            in_json = false;
        } else if in_json {
            lines.push(line.to_owned());
        }
    }
    let mut checked = 0;
    let mut i = 0;
    while i + 1 < lines.len() {
        if lines[i].contains("\"cmd\"") && !lines[i + 1].contains("\"cmd\"") {
            // The hello example names another engine; compare its shape only.
            let (reply, _) = answer(&mut server, &lines[i]);
            let actual = reply.to_line();
            if lines[i].contains("\"hello\"") {
                assert!(actual.starts_with("{\"id\":0,\"ok\":true,\"protocol\":1"));
            } else {
                assert!(
                    matches(&lines[i + 1], &actual),
                    "documented:\n{}\nactual:\n{actual}",
                    lines[i + 1]
                );
            }
            checked += 1;
            i += 2;
        } else {
            i += 1;
        }
    }
    assert!(checked >= 8, "examples found: {checked}");
}
