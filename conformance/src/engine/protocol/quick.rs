//! The common reply to `legal` read without building a JSON tree.
//!
//! `legal` is the request asked most (once per position of every fixture
//! and variant) and its reply the longest: hundreds of turns. A reply of
//! exactly the plain shape `{"id": N, "ok": true, "turns": ["...", ...]}`
//! (no other field, no key twice, no escapes in the turn texts) is read
//! here with each text borrowed from the line. Anything else, including
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
    let reply: Legal<'_> = serde_json::from_str(line).ok()?;
    (reply.id == id && reply.ok).then_some(reply.turns)
}

#[cfg(test)]
mod tests {
    use super::legal_texts;

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
