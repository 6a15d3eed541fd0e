//! The common reply to `legal` read without building a JSON tree.
//!
//! `legal` is the request asked most (once per position of every fixture
//! and variant) and its reply the longest: hundreds of turns. A reply of
//! exactly the plain shape `{"id": N, "ok": true, "turns": ["...", ...]}`
//! (no other field, no key twice, no escapes in the turn texts) is read
//! here with each text borrowed from the line: by its bytes when it is
//! written compactly, otherwise by the JSON reader without a tree. Anything else, including
//! every reply the strict reading would refuse, is left to that reading
//! ([`parse`](super::parse)), which alone words faults: this reading only
//! ever answers "the plain shape, with these texts" or "not the plain
//! shape".

use serde::Deserialize;

/// The plain shape of a reply to `legal`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Legal<'a> {
    id: u64,
    ok: bool,
    #[serde(borrow)]
    turns: Vec<&'a str>,
}

/// The turn texts of `line` when it is the plain, successful reply to
/// request `id`; `None` when the full reading must decide.
pub fn legal_texts(line: &str, id: u64) -> Option<Vec<&str>> {
    if let Some(texts) = compact(line, id) {
        return Some(texts);
    }
    let reply: Legal<'_> = serde_json::from_str(line).ok()?;
    (reply.id == id && reply.ok).then_some(reply.turns)
}

/// The texts of the plain reply written compactly, as `serve` and most JSON
/// writers write it: `{"id":N,"ok":true,"turns":["a","b"]}` with no space,
/// the fields in that order. A JSON string with no quote, backslash or
/// control character in it is its text, so the texts are the pieces between
/// `","`; any other line is left to the JSON reader.
fn compact(line: &str, id: u64) -> Option<Vec<&str>> {
    let rest = line.strip_prefix("{\"id\":")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let (number, rest) = rest.split_at(digits);
    // `0` alone or a number without leading zeros, as JSON writes it.
    if number.is_empty() || (number.len() > 1 && number.starts_with('0')) {
        return None;
    }
    if number.parse::<u64>().ok()? != id {
        return None;
    }
    let list = rest
        .strip_prefix(",\"ok\":true,\"turns\":[")?
        .strip_suffix("]}")?;
    if list.is_empty() {
        return Some(Vec::new());
    }
    // `"text"` then, after each `,`, another: each text ends at the first
    // quote (a backslash or a control character leaves the line to the
    // JSON reader).
    let mut texts = Vec::with_capacity(memchr::memchr_iter(b',', list.as_bytes()).count() + 1);
    let mut rest = list;
    loop {
        let body = rest.strip_prefix('"')?;
        let end = body
            .bytes()
            .position(|b| b == b'"' || b == b'\\' || b < 0x20)?;
        let (text, after) = body.split_at(end);
        if !after.starts_with('"') {
            return None;
        }
        texts.push(text);
        match after.as_bytes().get(1) {
            None => return Some(texts),
            Some(b',') => rest = after.get(2..)?,
            Some(_) => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{compact, legal_texts, Legal};

    #[test]
    fn the_plain_shape_is_read() {
        let line = r#"{"id":4,"ok":true,"turns":["d4 +d5","skip"]}"#;
        assert_eq!(legal_texts(line, 4), Some(vec!["d4 +d5", "skip"]));
        assert_eq!(
            legal_texts(r#" {"turns":[],"ok":true,"id":2} "#, 2),
            Some(vec![])
        );
    }

    #[test]
    fn compact_lines_read_as_the_json_reader_reads_them() {
        for line in [
            r#"{"id":4,"ok":true,"turns":["d4 +d5","skip"]}"#,
            r#"{"id":4,"ok":true,"turns":[]}"#,
            r#"{"id":4,"ok":true,"turns":["d4"]}"#,
            r#"{"id":4,"ok":true,"turns":["",""]}"#,
            r#"{"id":4,"ok":true,"turns":["é3 +d5","d4"]}"#,
        ] {
            let json: Legal<'_> = serde_json::from_str(line).unwrap();
            assert_eq!(compact(line, 4), Some(json.turns), "{line}");
        }
        // Spaces, escapes, another order, another id, leading zeros, a
        // quote inside a text: the JSON reader decides.
        for line in [
            r#"{"id": 4, "ok": true, "turns": ["d4"]}"#,
            r#"{"id":4,"ok":true,"turns":["d4
"]}"#,
            r#"{"id":4,"ok":true,"turns":["d4"","d5"]}"#,
            r#"{"id":4,"ok":true,"turns":["d4","d5" ]}"#,
            r#"{"id":4,"ok":true,"turns":["d4",5]}"#,
            r#"{"id":4,"ok":true,"turns":["d4",]}"#,
            r#"{"id":4,"ok":true,"turns":["d4""d5"]}"#,
            r#"{"id":4,"ok":true,"turns":["d4]}"#,
            r#"{"ok":true,"id":4,"turns":["d4"]}"#,
            r#"{"id":04,"ok":true,"turns":["d4"]}"#,
            r#"{"id":40,"ok":true,"turns":["d4"]}"#,
            r#"{"id":,"ok":true,"turns":["d4"]}"#,
            "{\"id\":4,\"ok\":true,\"turns\":[\"d4\u{1}\"]}",
        ] {
            assert_eq!(compact(line, 4), None, "{line}");
        }
        assert_eq!(compact(r#"{"id":0,"ok":true,"turns":[]}"#, 0), Some(vec![]));
    }

    #[test]
    fn every_other_shape_is_left_to_the_full_reading() {
        for line in [
            // another request's reply, a refusal, a missing or null list
            r#"{"id":5,"ok":true,"turns":["d4"]}"#,
            r#"{"id":4,"ok":false,"turns":["d4"]}"#,
            r#"{"id":4,"ok":true}"#,
            r#"{"id":4,"ok":true,"turns":null}"#,
            // a key twice, a field more, an escaped text, a number
            r#"{"id":4,"ok":true,"turns":["d4"],"turns":["d5"]}"#,
            r#"{"id":4,"ok":true,"turns":["d4"],"note":1}"#,
            r#"{"id":4,"ok":true,"turns":["d4\u0020+d5"]}"#,
            r#"{"id":4,"ok":true,"turns":[4]}"#,
            r#"{"id":4.0,"ok":true,"turns":["d4"]}"#,
            // trailing text, not JSON
            r#"{"id":4,"ok":true,"turns":["d4"]} x"#,
            "legal: d4",
        ] {
            assert_eq!(legal_texts(line, 4), None, "{line}");
        }
    }
}
