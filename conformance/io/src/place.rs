//! The field and the value at a place in a file's text, for messages about
//! a value the reader refused.

/// What stands at a place of a text: the key whose value it is and the
/// value's own text, as far as a line shows them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The key of the value at fault (`captures` in `x: {captures: 263}`).
    pub field: Option<String>,
    /// The value's text (a scalar, without its quotes); empty when no value
    /// is written (`nodes: }`).
    pub found: Option<String>,
}

/// The field and value at 1-based `line` and `column` (in characters) of
/// `text`: the nearest key before the column on that line (or the key
/// written at the column), and the scalar starting there.
pub fn place(text: &str, line: u32, column: u32) -> Place {
    let Some(l) = (line as usize)
        .checked_sub(1)
        .and_then(|i| text.lines().nth(i))
    else {
        return Place::default();
    };
    let col = (column as usize).saturating_sub(1);
    let prefix: String = l.chars().take(col).collect();
    let rest: String = l.chars().skip(col).collect();
    if let Some(after) = rest.strip_prefix(':') {
        // At the colon of `key:` with nothing after it.
        let key = trailing_key(&prefix);
        let empty =
            after.trim_start().is_empty() || after.trim_start().starts_with(['}', ',', ']', '#']);
        if key.is_some() && empty {
            return Place {
                field: key,
                found: Some(String::new()),
            };
        }
    }
    let field = key_before(&prefix).or_else(|| key_at(&rest));
    Place {
        field,
        found: scalar(&rest),
    }
}

/// Whether `c` may be part of a plain key.
fn key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// The last key of `prefix`: `key:` followed by a space or the end, or
/// `"key":`, outside quoted text.
fn key_before(prefix: &str) -> Option<String> {
    let chars: Vec<char> = prefix.chars().collect();
    let mut quote: Option<char> = None;
    let mut start = 0;
    let mut last = None;
    for (i, &c) in chars.iter().enumerate() {
        match quote {
            Some(q) if c == q && (q == '\'' || i == 0 || chars[i - 1] != '\\') => {
                quote = None;
                // A quoted key: `"key":`.
                if chars.get(i + 1) == Some(&':') {
                    last = Some(chars[start..i].iter().collect::<String>());
                }
            }
            Some(_) => {}
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                start = i + 1;
            }
            None if c == ':' => {
                let next = chars.get(i + 1);
                if next.is_none_or(|n| n.is_whitespace()) {
                    let key = trailing_key(&chars[..i].iter().collect::<String>());
                    if key.is_some() {
                        last = key;
                    }
                }
            }
            None => {}
        }
    }
    last.filter(|k| !k.is_empty())
}

/// The plain key that ends `text`, if any.
fn trailing_key(text: &str) -> Option<String> {
    let start = text
        .char_indices()
        .rev()
        .take_while(|(_, c)| key_char(*c))
        .last()
        .map(|(i, _)| i)?;
    Some(text[start..].to_owned())
}

/// The key written at the start of `rest` (`turn: ...`), if any.
fn key_at(rest: &str) -> Option<String> {
    let rest = rest.trim_start_matches(['"', '\'']);
    let key: String = rest.chars().take_while(|c| key_char(*c)).collect();
    let after = rest[key.len()..].trim_start_matches(['"', '\'']);
    (!key.is_empty() && after.starts_with(':')).then_some(key)
}

/// The scalar starting `rest`: a quoted one up to its closing quote, a
/// plain one up to a flow delimiter or a comment.
fn scalar(rest: &str) -> Option<String> {
    let mut chars = rest.chars();
    let value = match chars.next()? {
        q @ ('"' | '\'') => {
            let body = chars.as_str();
            let end = body.find(q).unwrap_or(body.len());
            body[..end].to_owned()
        }
        '{' | '[' => return None,
        _ => {
            let end = rest.find([',', '}', ']']).unwrap_or(rest.len());
            let v = &rest[..end];
            v.split(" #").next().unwrap_or(v).trim().to_owned()
        }
    };
    (!value.is_empty()).then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_nearest_the_value_is_named_and_the_value_ends_at_its_delimiter() {
        let t = "expect:\n  state: {x: {captures: 263}}\n";
        let p = place(t, 2, 25);
        assert_eq!(p.field.as_deref(), Some("captures"));
        assert_eq!(p.found.as_deref(), Some("263"));
        let t = "  legal_count: \"lots\" # a word\n";
        let p = place(t, 1, 16);
        assert_eq!(p.field.as_deref(), Some("legal_count"));
        assert_eq!(p.found.as_deref(), Some("lots"));
        // A colon inside a position's notation is not a key.
        let t = "  position: '... x:r7c3 o:r7' bad";
        assert_eq!(place(t, 1, 31).field.as_deref(), Some("position"));
        // The column at the key itself.
        let p = place("    turn: \"c3 +d4\"\n", 1, 5);
        assert_eq!(p.field.as_deref(), Some("turn"));
        // JSON.
        let p = place(r#"{"id":1,"depth":-3}"#, 1, 17);
        assert_eq!(p.field.as_deref(), Some("depth"));
        assert_eq!(p.found.as_deref(), Some("-3"));
        assert_eq!(place("x", 9, 1), Place::default());
        // No value: the column at the colon.
        let p = place("  perft: {depth: 1, nodes: }", 1, 26);
        assert_eq!(p.field.as_deref(), Some("nodes"));
        assert_eq!(p.found.as_deref(), Some(""));
    }
}
