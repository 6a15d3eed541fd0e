//! The one translation of the readers' wording (serde, serde_json,
//! serde-saphyr) into the project's.

use super::place::Place;
use super::quote::quote;

/// Which reader refused the text: the words for a mapping and a list
/// differ between YAML files and JSON lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// A YAML file (fixtures, setups, expectations).
    Yaml,
    /// JSON (reports read back, `serve` requests, engine replies).
    Json,
}

impl Reader {
    fn mapping(self) -> &'static str {
        match self {
            Reader::Yaml => "a mapping of keys to values",
            Reader::Json => "an object (`{...}`)",
        }
    }

    fn list(self) -> &'static str {
        match self {
            Reader::Yaml => "a list",
            Reader::Json => "an array (`[...]`)",
        }
    }
}

/// The range of each whole-number type, in words.
const WHOLE: [(&str, &str); 10] = [
    ("u8", "a whole number from 0 to 255"),
    ("u16", "a whole number from 0 to 65535"),
    ("u32", "a whole number from 0 to 4294967295"),
    ("u64", "a whole number from 0 to 18446744073709551615"),
    ("usize", "a whole number from 0 to 18446744073709551615"),
    ("i8", "a whole number from -128 to 127"),
    ("i16", "a whole number from -32768 to 32767"),
    ("i32", "a whole number from -2147483648 to 2147483647"),
    (
        "i64",
        "a whole number from -9223372036854775808 to 9223372036854775807",
    ),
    (
        "isize",
        "a whole number from -9223372036854775808 to 9223372036854775807",
    ),
];

/// The forms each value of several shapes may take, by the reader's name
/// for it.
const FORMS: [(&str, &str); 1] = [(
    "OutcomeSpec",
    "`ongoing`, or a mapping `{winner: x|o|draw, rule: ..., step: 1-4}`",
)];

/// What the reader expected, in words (`expected u8` → the range).
fn expected_words(reader: Reader, expected: &str) -> String {
    let e = expected.trim().trim_matches('`');
    if let Some((_, w)) = WHOLE.iter().find(|(t, _)| *t == e) {
        return (*w).to_owned();
    }
    let words = match e {
        "f32" | "f64" | "a number" => "a number",
        "bool" | "a boolean" | "boolean" => "true or false",
        "a string" | "string" | "a borrowed string" | "a str" | "str" => "text",
        "char" | "a character" | "a char" => "one character",
        "a sequence" | "sequence" | "sequence start" | "a tuple" => reader.list(),
        "a map" | "map" | "mapping" | "mapping start" | "a mapping" => reader.mapping(),
        "unit" | "null" => "nothing (an empty value)",
        "a JSON value" | "value" | "any valid JSON value" => "a value",
        _ => {
            if e.starts_with("struct ") || e.starts_with("internally tagged enum") {
                return reader.mapping().to_owned();
            }
            if let Some(n) = e
                .strip_prefix("a tuple of size ")
                .or_else(|| e.strip_prefix("a sequence of length "))
            {
                return format!("{} of {n} items", reader.list());
            }
            if e.starts_with("enum ")
                || e.contains("identifier")
                || e.contains("variant")
                || e.contains("::")
            {
                return "one of the words allowed here".to_owned();
            }
            // A visitor's own words (`a cell such as c3`): already ours.
            return e.to_owned();
        }
    };
    words.to_owned()
}

/// What the reader found, in words (`string "lots"` → `lots`).
fn found_words(reader: Reader, unexpected: &str) -> String {
    let u = unexpected.trim();
    let tail = |p: &str| u.strip_prefix(p).map(|v| v.trim().trim_matches(['`', '"']));
    if let Some(v) = tail("string")
        .or_else(|| tail("integer"))
        .or_else(|| tail("floating point"))
        .or_else(|| tail("boolean"))
        .or_else(|| tail("character"))
    {
        return quote(v);
    }
    match u {
        "sequence" => reader.list().to_owned(),
        "map" => reader.mapping().to_owned(),
        "unit value" | "null" | "unit" => "nothing".to_owned(),
        "newtype struct" | "newtype variant" | "unit variant" | "tuple variant"
        | "struct variant" | "enum" | "Option value" => "a value of another form".to_owned(),
        _ => quote(u),
    }
}

/// `", found X"`: the value at the place, else what the reader names.
fn found_part(reader: Reader, place: &Place, unexpected: Option<&str>) -> String {
    match (&place.found, unexpected) {
        (Some(f), _) => format!(", found {}", quote(f)),
        (None, Some(u)) => format!(", found {}", found_words(reader, u)),
        (None, None) => String::new(),
    }
}

/// The list after `expected one of` (`a, b` or `` `a`, `b` ``), plain.
fn listed(words: &str) -> String {
    words.replace('`', "")
}

/// `one of a, b, c` (or `` `a`, `b` ``) as `a, b or c`.
fn alternatives(expected: &str) -> String {
    let items: Vec<String> = listed(expected.trim_start_matches("one of "))
        .split(", ")
        .map(str::to_owned)
        .collect();
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

/// The first backtick-quoted word of `s`.
fn first_quoted(s: &str) -> Option<&str> {
    let start = s.find('`')? + 1;
    let len = s[start..].find('`')?;
    Some(&s[start..start + len])
}

/// A reader's error message (`raw`, its location already cut off or not)
/// in the project's words, naming the field and the value at `place`.
pub fn reader_error(reader: Reader, raw: &str, place: &Place) -> String {
    let mut msg: String = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(i) = msg.find(" at line ") {
        msg.truncate(i);
    }
    let field = place
        .field
        .as_deref()
        .map_or_else(|| "this value".to_owned(), |k| format!("`{k}`"));
    let m = msg.as_str();
    let lower = m.to_ascii_lowercase();
    if m.is_empty() {
        return match reader {
            Reader::Yaml => "not valid YAML".to_owned(),
            Reader::Json => "not valid JSON".to_owned(),
        };
    }
    if m.contains("Documents") || lower.contains("multiple yaml documents") {
        return "found a second YAML document (`---`): a file holds one".to_owned();
    }
    if m.starts_with("budget breached") || lower.contains("alias") && !lower.contains("recursive") {
        return "the file is too large or nests too deeply once its aliases are expanded \
                (at most 64 aliases, 10000 values read through them, 32 levels)"
            .to_owned();
    }
    if lower.contains("recursive reference") {
        return "an alias (`*name`) refers to a value that contains it: a value cannot hold itself"
            .to_owned();
    }
    if let Some(rest) = m.strip_prefix("duplicate mapping key") {
        let key = rest
            .trim_start_matches([':', ' '])
            .split([',', ' '])
            .next()
            .unwrap_or("")
            .trim_matches('`');
        let key = if key.is_empty() {
            field.clone()
        } else {
            quote(key)
        };
        return format!("{key} is written twice in one mapping: a key may appear once");
    }
    if let Some(rest) = m
        .strip_prefix("duplicate field ")
        .or_else(|| m.strip_prefix("duplicate key "))
    {
        return format!("{rest} is written twice in one mapping: a key may appear once");
    }
    if let Some(rest) = m.strip_prefix("non-finite float ") {
        let v = first_quoted(rest).unwrap_or("");
        return format!("{field} must be a finite number, found {}", quote(v));
    }
    if let Some(ty) = m.strip_prefix("data did not match any variant of untagged enum ") {
        let forms = FORMS
            .iter()
            .find(|(t, _)| *t == ty.trim())
            .map_or("one of the forms the format allows", |(_, f)| f);
        return format!("{field} must be {forms}{}", found_part(reader, place, None));
    }
    if let Some(rest) = m.strip_prefix("unknown variant ") {
        let v = first_quoted(rest).unwrap_or(rest);
        let allowed = rest.split_once("expected ").map(|(_, e)| e);
        return match allowed {
            Some(e) => format!("{field} must be {}, found {}", alternatives(e), quote(v)),
            None => format!("{field} takes no word here, found {}", quote(v)),
        };
    }
    if let Some(rest) = m.strip_prefix("unknown field ") {
        let f = first_quoted(rest).unwrap_or(rest);
        return match rest.split_once("expected ") {
            Some((_, e)) => format!(
                "unknown field {}: the fields allowed here are {}",
                quote(f),
                listed(e.trim_start_matches("one of "))
            ),
            None => format!("unknown field {}: no fields are allowed here", quote(f)),
        };
    }
    if let Some(rest) = m.strip_prefix("missing field ") {
        return format!("{} is missing: it is required here", rest.trim());
    }
    if let Some(rest) = m.strip_prefix("invalid length ") {
        let (n, e) = rest
            .split_once(", expected ")
            .unwrap_or((rest, "another length"));
        return format!(
            "{field} must be {}, found {n} items",
            expected_words(reader, e)
        );
    }
    let empty = place.found.as_deref() == Some("");
    if empty || lower.contains("null") || lower.contains("unit value") && lower.contains("string") {
        return format!("{field} needs a value, and it is empty");
    }
    if let Some(rest) = m
        .strip_prefix("invalid type: ")
        .or_else(|| m.strip_prefix("invalid value: "))
    {
        let (u, e) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let words = if e.is_empty() {
            "of another form".to_owned()
        } else {
            expected_words(reader, e)
        };
        return format!(
            "{field} must be {words}{}",
            found_part(reader, place, Some(u))
        );
    }
    if let Some(ty) = m.strip_prefix("invalid ") {
        return format!(
            "{field} must be {}{}",
            expected_words(reader, ty),
            found_part(reader, place, None)
        );
    }
    if let Some(e) = m.strip_prefix("expected ") {
        if !e.starts_with('`') {
            return format!(
                "{field} must be {}{}",
                expected_words(reader, e),
                found_part(reader, place, None)
            );
        }
    }
    json_syntax(m).unwrap_or(msg)
}

/// serde_json's syntax errors, in words.
fn json_syntax(m: &str) -> Option<String> {
    Some(if m.starts_with("EOF while parsing") {
        "the text ends inside a value".to_owned()
    } else if m == "recursion limit exceeded" {
        "values nest more than 128 levels deep".to_owned()
    } else if m == "trailing characters" {
        "more text after the value".to_owned()
    } else if m == "key must be a string" {
        "a key must be text in double quotes".to_owned()
    } else if m.starts_with("control character") {
        "a control character inside text: write it as an escape (`\\n`, `\\u0001`)".to_owned()
    } else if m == "expected value" || m == "expected ident" {
        "not a JSON value here".to_owned()
    } else if m == "number out of range" {
        "a number too large to read".to_owned()
    } else if m.starts_with("lone leading surrogate") || m.starts_with("invalid unicode") {
        "an escape that is not a Unicode character".to_owned()
    } else {
        return None;
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(field: &str, found: Option<&str>) -> Place {
        Place {
            field: Some(field.to_owned()),
            found: found.map(str::to_owned),
        }
    }

    #[test]
    fn ranges_and_forms_are_named() {
        let y = Reader::Yaml;
        assert_eq!(
            reader_error(y, "invalid u64", &at("legal_count", Some("lots"))),
            "`legal_count` must be a whole number from 0 to 18446744073709551615, found `lots`"
        );
        assert_eq!(
            reader_error(
                y,
                "invalid type: string \"x\", expected u8",
                &at("tier", None)
            ),
            "`tier` must be a whole number from 0 to 255, found `x`"
        );
        assert_eq!(
            reader_error(
                y,
                "unknown variant `z`, expected one of x, o",
                &at("to_move", None)
            ),
            "`to_move` must be x or o, found `z`"
        );
        assert_eq!(
            reader_error(
                Reader::Json,
                "invalid type: sequence, expected struct Request at line 1 column 0",
                &Place::default()
            ),
            "this value must be an object (`{...}`), found an array (`[...]`)"
        );
        assert_eq!(
            reader_error(
                y,
                "unknown variant `q`, expected one of `a`, `b`, `c`",
                &at("cmd", None)
            ),
            "`cmd` must be a, b or c, found `q`"
        );
    }
}
