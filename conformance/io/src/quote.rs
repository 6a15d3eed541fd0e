//! Values quoted in messages: in backticks, control characters escaped, at
//! most [`MAX_QUOTED`] characters.

/// At most this many characters of a value are quoted in a message.
pub const MAX_QUOTED: usize = 80;

/// `value` in backticks, its control characters shown as escapes, cut to
/// [`MAX_QUOTED`] characters (marked `…`).
pub fn quote(value: &str) -> String {
    let mut q = inner(value, false);
    q.insert(0, '`');
    q.push('`');
    q
}

/// A value's text as quoted, without the backticks; `count` names the
/// full length of a value that is cut.
fn inner(value: &str, count: bool) -> String {
    let total = value.chars().count();
    let mut out = String::new();
    for c in value.chars().take(MAX_QUOTED) {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if total > MAX_QUOTED {
        out.push('…');
        if count {
            out.push_str(&format!(" ({total} characters)"));
        }
    }
    out
}

/// `message` with every backtick-quoted span longer than [`MAX_QUOTED`]
/// characters cut to it: a safety net for messages that quote a value
/// they did not build themselves.
pub fn clip_quoted(message: &str) -> String {
    let parts: Vec<&str> = message.split('`').collect();
    if parts.len() < 3 {
        return message.to_owned();
    }
    let mut out = String::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push('`');
        }
        // Odd parts are inside backticks when a closing one follows.
        let quoted = i % 2 == 1 && i + 1 < parts.len();
        // A value [`quote`] cut already is left as it is.
        let cut = part.ends_with('…') && part.chars().count() == MAX_QUOTED + 1;
        if quoted && !cut && part.chars().count() > MAX_QUOTED {
            out.push_str(&inner(part, true));
        } else {
            out.push_str(part);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_values_are_cut() {
        let long = "a".repeat(200_000);
        let q = quote(&long);
        assert!(q.chars().count() < MAX_QUOTED + 30, "{q}");
        assert!(q.ends_with("a…`"), "{q}");
        assert_eq!(quote("c3 +d4"), "`c3 +d4`");
        assert_eq!(quote("a\u{1b}[2J"), "`a\\u{1b}[2J`");
    }

    #[test]
    fn quoted_spans_of_a_message_are_cut() {
        let msg = format!("turn: `{}` is not a turn", "b".repeat(500));
        let clipped = clip_quoted(&msg);
        assert!(clipped.len() < 200, "{clipped}");
        assert!(
            clipped.ends_with("(500 characters)` is not a turn"),
            "{clipped}"
        );
        assert_eq!(clip_quoted("`x` and `y`"), "`x` and `y`");
        let once = format!("found {}", quote(&"c".repeat(300)));
        assert_eq!(clip_quoted(&once), once);
        assert_eq!(clip_quoted("an odd ` alone"), "an odd ` alone");
    }
}
