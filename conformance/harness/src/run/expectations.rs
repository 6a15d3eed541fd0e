//! Expectations files: the fixtures an engine is known to fail, each with a
//! reason people wrote (or the cause the harness wrote, refreshed as it
//! changes) and the signature of its failure. A listed fixture that fails
//! that way is an expected failure; one that fails another way is a changed
//! failure, and one that passes an unexpected pass: both fail the run.
//!
//! An update (`--update-expectations`) edits the file in place: the
//! comments, the order of the entries and the reasons people wrote stay;
//! signatures and generated causes are refreshed, entries of fixtures that
//! pass now or that no corpus holds are removed, new failures are added at
//! the end. The file is written whole, and only if nobody changed it since
//! the run read it.

use crate::corpus::{parse_yaml, read_text, LoadError};
use hexodic_report::{Expected, RunReport, Signature, Status};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The version of the signatures an expectations file pins, written as
/// `signatures: 2`; a file without it was pinned by an earlier harness,
/// whose signatures this one does not compute.
pub const SIGNATURES: u32 = 2;

/// What an expectations file says of one fixture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The reason people wrote (kept by updates).
    pub reason: Option<String>,
    /// The cause the harness wrote (refreshed by updates).
    pub cause: Option<String>,
    /// The failure's signature; none matches any failure.
    pub signature: Option<Signature>,
}

impl Entry {
    /// What a run expects of the fixture.
    pub fn expected(&self) -> Expected {
        Expected {
            reason: self
                .reason
                .clone()
                .or_else(|| self.cause.clone())
                .unwrap_or_default(),
            signature: self.signature.clone(),
        }
    }
}

/// The entry's fields in the current form.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fields {
    #[serde(default)]
    reason: Option<String>,
    #[serde(default)]
    cause: Option<String>,
    signature: Option<Signature>,
}

struct EntryVisitor;

impl<'de> Visitor<'de> for EntryVisitor {
    type Value = Entry;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a reason in quotes, or `reason:`, `cause:` and `signature:` fields")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Entry, E> {
        Ok(Entry {
            reason: Some(v.to_owned()),
            ..Entry::default()
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Entry, A::Error> {
        let e = Fields::deserialize(de::value::MapAccessDeserializer::new(map))?;
        Ok(Entry {
            reason: e.reason,
            cause: e.cause,
            signature: e.signature,
        })
    }
}

impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Entry, D::Error> {
        d.deserialize_any(EntryVisitor)
    }
}

/// The file's fields.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    engine: String,
    #[serde(default)]
    signatures: Option<u32>,
    #[serde(default)]
    expected_failures: BTreeMap<String, Entry>,
}

/// Fixtures an engine is known to fail, as a file lists them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expectations {
    /// The file, when read from one.
    pub file: Option<PathBuf>,
    /// The file's text as read (empty for a file not there yet).
    pub text: String,
    /// The engine these are for (informational).
    pub engine: String,
    /// Whether the file's signatures are of this harness's kind (it says
    /// `signatures: 2`); an older file's entries match any failure.
    pub current: bool,
    /// Fixture id to what is expected of it.
    pub entries: BTreeMap<String, Entry>,
}

/// A short hash of a file's content, to tell whether it changed.
pub fn content_hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.as_bytes() {
        h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

impl Expectations {
    /// Read an expectations file. A file with nothing but comments and
    /// blank lines lists no fixture.
    pub fn load(path: &Path) -> Result<Expectations, LoadError> {
        let text = read_text(path)?;
        let mut e = Expectations::parse(path, &text)?;
        e.file = Some(path.to_path_buf());
        Ok(e)
    }

    /// An expectations file that is not there yet: nothing expected.
    pub fn missing(path: &Path) -> Expectations {
        Expectations {
            file: Some(path.to_path_buf()),
            current: true,
            ..Expectations::default()
        }
    }

    /// Read an expectations file's text; `path` names it in errors.
    pub fn parse(path: &Path, text: &str) -> Result<Expectations, LoadError> {
        let blank = text
            .lines()
            .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'));
        if blank {
            return Ok(Expectations {
                text: text.to_owned(),
                current: true,
                ..Expectations::default()
            });
        }
        let f: File = parse_yaml(path, text)?;
        if let Some(v) = f.signatures.filter(|v| *v != SIGNATURES) {
            return Err(LoadError::at(
                path,
                1,
                1,
                format!("`signatures: {v}`: this harness writes and reads signatures {SIGNATURES}"),
            ));
        }
        Ok(Expectations {
            file: None,
            text: text.to_owned(),
            engine: f.engine,
            current: f.signatures.is_some(),
            entries: f.expected_failures,
        })
    }

    /// What a run expects of each listed fixture: an older file's entries
    /// match any failure.
    pub fn expected(&self) -> BTreeMap<String, Expected> {
        self.entries
            .iter()
            .map(|(id, e)| {
                let mut x = e.expected();
                if !self.current {
                    x.signature = None;
                }
                (id.clone(), x)
            })
            .collect()
    }

    /// The listed fixtures whose entry pins no signature (or a signature of
    /// an earlier harness): any failure of theirs is taken as expected.
    pub fn unpinned(&self) -> usize {
        self.entries
            .values()
            .filter(|e| e.signature.is_none() || !self.current)
            .count()
    }

    /// The listed ids no fixture of `known` has, each with the nearest id
    /// that is one.
    pub fn unknown_ids(&self, known: &[&str]) -> Vec<(String, Option<String>)> {
        let have: BTreeSet<&str> = known.iter().copied().collect();
        self.entries
            .keys()
            .filter(|id| !have.contains(id.as_str()))
            .map(|id| {
                let nearest = known
                    .iter()
                    .map(|k| (strsim::levenshtein(id, k), *k))
                    .filter(|(d, k)| *d <= 3.max(k.len() / 4))
                    .min_by_key(|(d, _)| *d)
                    .map(|(_, k)| k.to_owned());
                (id.clone(), nearest)
            })
            .collect()
    }

    /// The file's text after `report`: every fixture failing now with its
    /// signature (a reason people wrote kept, the harness's cause
    /// refreshed), entries of fixtures the run found passing or that no
    /// fixture of `known` has removed, entries of fixtures the run did not
    /// decide (not selected, or an incident) kept. The rest of the text
    /// (comments, the order of the entries) stays as it was.
    pub fn updated_text(&self, report: &RunReport, known: &[&str]) -> String {
        let have: BTreeSet<&str> = known.iter().copied().collect();
        let mut failing: BTreeMap<&str, Entry> = BTreeMap::new();
        let mut passing: BTreeSet<&str> = BTreeSet::new();
        for r in &report.results {
            match r.status {
                Status::Fail | Status::ExpectedFail | Status::ChangedFail => {
                    let old = self.entries.get(&r.id);
                    let signature = r.signature();
                    let same_failure =
                        old.is_some_and(|o| o.signature == signature && self.current);
                    let reason = old.and_then(|o| o.reason.clone()).filter(|w| !w.is_empty());
                    let cause = match (&reason, old.and_then(|o| o.cause.clone())) {
                        (Some(_), _) => None,
                        (None, Some(c)) if same_failure => Some(c),
                        (None, _) => Some(r.cause.clone()),
                    };
                    failing.insert(
                        r.id.as_str(),
                        Entry {
                            reason,
                            cause,
                            signature,
                        },
                    );
                }
                Status::Pass | Status::UnexpectedPass | Status::Skipped => {
                    passing.insert(r.id.as_str());
                }
                Status::Flaky | Status::Incident | Status::NotRun => {}
            }
        }
        let gone = |id: &str| passing.contains(id) || (!have.is_empty() && !have.contains(id));
        let engine = report.engine.label();
        match edit_in_place(&self.text, &failing, &gone, &engine) {
            Some(t) => t,
            None => {
                // A layout the editor does not know: written anew.
                let mut all: BTreeMap<String, Entry> = self
                    .entries
                    .iter()
                    .filter(|(id, _)| !gone(id) && !failing.contains_key(id.as_str()))
                    .map(|(id, e)| (id.clone(), e.clone()))
                    .collect();
                all.extend(failing.into_iter().map(|(id, e)| (id.to_owned(), e)));
                write_file(&engine, &all)
            }
        }
    }
}

/// A YAML double-quoted string.
fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

/// A plain YAML scalar when it reads back as the same string, else quoted.
fn yaml_plain(s: &str) -> String {
    let plain = s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ' '))
        && !s.ends_with(' ')
        && !matches!(s, "true" | "false" | "null" | "yes" | "no" | "on" | "off");
    if plain {
        s.to_owned()
    } else {
        yaml_str(s)
    }
}

/// A fixture id as a YAML key.
fn yaml_id(id: &str) -> String {
    let plain = id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/' | '.'))
        && id.chars().next().is_some_and(|c| c.is_ascii_alphanumeric());
    if plain {
        id.to_owned()
    } else {
        yaml_str(id)
    }
}

fn signature_yaml(p: &Signature) -> String {
    let rules: Vec<String> = p.rules.iter().map(|r| yaml_plain(r)).collect();
    format!(
        "{{rules: [{}], kind: {}, key: {}, step: {}}}",
        rules.join(", "),
        yaml_plain(&p.kind),
        yaml_plain(&p.key),
        p.step
    )
}

/// The lines of one entry.
fn entry_lines(id: &str, e: &Entry) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "  {}:", yaml_id(id));
    if let Some(r) = &e.reason {
        let _ = writeln!(s, "    reason: {}", yaml_str(r));
    }
    if let Some(c) = &e.cause {
        let _ = writeln!(s, "    cause: {}", yaml_str(c));
    }
    if let Some(p) = &e.signature {
        let _ = writeln!(s, "    signature: {}", signature_yaml(p));
    }
    s
}

/// A whole expectations file: a comment header and one entry per fixture.
pub fn write_file(engine: &str, entries: &BTreeMap<String, Entry>) -> String {
    let mut s = String::new();
    s.push_str(HEADER);
    let _ = writeln!(s, "engine: {}", yaml_str(engine));
    let _ = writeln!(s, "signatures: {SIGNATURES}");
    if entries.is_empty() {
        s.push_str("expected_failures: {}\n");
        return s;
    }
    s.push_str("expected_failures:\n");
    for (id, e) in entries {
        s.push_str(&entry_lines(id, e));
    }
    s
}

const HEADER: &str = "# Fixtures this engine is expected to fail: the reason (yours, kept by\n\
# updates) or the cause (the harness's, refreshed), and the signature of the\n\
# failure (the rules heading it, the kind and key of the behaviour, the\n\
# step). A listed fixture that passes, or fails another way, fails the run;\n\
# `hexodic-conformance run --update-expectations` rewrites the signatures and\n\
# keeps your reasons and comments.\n";

/// The key of a line at `indent` spaces, unquoted, when it is `key:` or
/// `key: value`.
fn key_at(line: &str, indent: usize) -> Option<String> {
    let lead = line.len() - line.trim_start_matches(' ').len();
    if lead != indent {
        return None;
    }
    let rest = &line[lead..];
    if rest.starts_with('#') || rest.trim().is_empty() {
        return None;
    }
    if let Some(q) = rest.strip_prefix('"') {
        let end = q.find('"')?;
        let after = &q[end + 1..];
        return after
            .trim_start()
            .starts_with(':')
            .then(|| q[..end].to_owned());
    }
    let colon = rest.find(':')?;
    Some(rest[..colon].trim().to_owned())
}

/// `text` edited: the `engine:` line refreshed, `signatures:` set, each
/// entry of `failing` written over its old lines (comments above it kept)
/// or added at the end, each entry `gone` removed. `None` when the layout
/// is not the one this harness writes (block entries two spaces in).
fn edit_in_place(
    text: &str,
    failing: &BTreeMap<&str, Entry>,
    gone: &dyn Fn(&str) -> bool,
    engine: &str,
) -> Option<String> {
    if text.trim().is_empty()
        || text
            .lines()
            .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        let entries = failing
            .iter()
            .map(|(id, e)| ((*id).to_owned(), e.clone()))
            .collect();
        let mut s = String::new();
        if !text.trim().is_empty() {
            s.push_str(text.trim_end());
            s.push('\n');
        }
        s.push_str(write_file(engine, &entries).trim_start_matches(HEADER));
        if text.trim().is_empty() {
            return Some(write_file(engine, &entries));
        }
        return Some(s);
    }
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| key_at(l, 0).as_deref() == Some("expected_failures"))?;
    let head = lines[start];
    let inline_empty = head.trim_end().ends_with("{}");
    if !inline_empty && !head.trim_end().ends_with(':') {
        return None;
    }
    let mut out: Vec<String> = Vec::new();
    let mut has_signatures = false;
    for l in &lines[..start] {
        match key_at(l, 0).as_deref() {
            Some("engine") => out.push(format!("engine: {}", yaml_str(engine))),
            Some("signatures") => {
                has_signatures = true;
                out.push(format!("signatures: {SIGNATURES}"));
            }
            _ => out.push((*l).to_owned()),
        }
    }
    if !has_signatures {
        out.push(format!("signatures: {SIGNATURES}"));
    }
    // The entries, each with the comments and blank lines above it.
    let mut written: BTreeSet<&str> = BTreeSet::new();
    let mut body: Vec<String> = Vec::new();
    let mut pending: Vec<String> = Vec::new();
    let mut i = start + 1;
    let mut tail: Vec<String> = Vec::new();
    while i < lines.len() && !inline_empty {
        let l = lines[i];
        if key_at(l, 0).is_some() {
            // Another top-level key: the entries ended.
            tail.append(&mut pending);
            tail.extend(lines[i..].iter().map(|s| (*s).to_owned()));
            break;
        }
        let Some(id) = key_at(l, 2) else {
            if l.trim().is_empty() || l.trim_start().starts_with('#') {
                pending.push(l.to_owned());
                i += 1;
                continue;
            }
            return None;
        };
        let mut j = i + 1;
        while j < lines.len() {
            let m = lines[j];
            let lead = m.len() - m.trim_start_matches(' ').len();
            if m.trim().is_empty() || lead <= 2 {
                break;
            }
            j += 1;
        }
        if let Some((k, e)) = failing.get_key_value(id.as_str()) {
            body.append(&mut pending);
            body.push(entry_lines(k, e).trim_end().to_owned());
            written.insert(k);
        } else if gone(&id) {
            pending.clear();
        } else {
            body.append(&mut pending);
            body.extend(lines[i..j].iter().map(|s| (*s).to_owned()));
        }
        i = j;
    }
    body.append(&mut pending);
    let added: Vec<String> = failing
        .iter()
        .filter(|(id, _)| !written.contains(*id))
        .map(|(id, e)| entry_lines(id, e).trim_end().to_owned())
        .collect();
    body.extend(added);
    while body.last().is_some_and(|l| l.trim().is_empty()) {
        body.pop();
    }
    if body
        .iter()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        out.push("expected_failures: {}".into());
        out.extend(body);
    } else {
        out.push("expected_failures:".into());
        out.extend(body);
    }
    out.extend(tail);
    let mut s = out.join("\n");
    s.push('\n');
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_text(text: &str) -> Result<Expectations, LoadError> {
        Expectations::parse(Path::new("x.yaml"), text)
    }

    fn sig(key: &str) -> Signature {
        Signature {
            rules: vec!["C1".into(), "C2".into()],
            kind: "captures".into(),
            key: key.into(),
            step: 1,
        }
    }

    #[test]
    fn expectations_round_trip_through_yaml() {
        let mut entries = BTreeMap::new();
        entries.insert(
            "capture/a".to_owned(),
            Entry {
                reason: Some("counts \"edge\": tier".into()),
                cause: None,
                signature: Some(sig("encircled missing")),
            },
        );
        entries.insert(
            "end/b".to_owned(),
            Entry {
                reason: None,
                cause: Some("step 1: something".into()),
                signature: Some(sig("extra")),
            },
        );
        let text = write_file("my engine 1.0", &entries);
        let back = load_text(&text).unwrap();
        assert_eq!(back.entries, entries);
        assert!(back.current);
        let empty = write_file("x", &BTreeMap::new());
        assert!(load_text(&empty).unwrap().entries.is_empty());
    }

    #[test]
    fn an_older_file_matches_any_failure() {
        let e = load_text("engine: x\nexpected_failures:\n  capture/a: \"ENG-1\"\n  capture/b:\n    reason: y\n    signature: {rules: [C1], kind: captures, key: missing, step: 1}\n").unwrap();
        assert!(!e.current);
        assert_eq!(e.unpinned(), 2);
        assert!(e.expected().values().all(|x| x.signature.is_none()));
        assert_eq!(e.entries["capture/a"].reason.as_deref(), Some("ENG-1"));
    }

    #[test]
    fn a_bad_entry_is_located() {
        let text = "signatures: 2\nexpected_failures:\n  capture/a:\n    reason: \"x\"\n    signature: {rules: [C1], kind: captures, key: missing, stp: 1}\n";
        let err = load_text(text).unwrap_err();
        assert_eq!(err.line, 5, "{err}");
        assert!(err.to_string().contains("stp"), "{err}");
    }

    #[test]
    fn unknown_ids_name_the_nearest() {
        let e = load_text(
            "signatures: 2\nexpected_failures:\n  capture/edg: \"x\"\n  zzz/qqq: \"why\"\n",
        )
        .unwrap();
        let unknown = e.unknown_ids(&["capture/edge", "end/cap"]);
        assert_eq!(
            unknown,
            [
                ("capture/edg".to_owned(), Some("capture/edge".to_owned())),
                ("zzz/qqq".to_owned(), None)
            ]
        );
    }

    #[test]
    fn an_edit_keeps_comments_order_and_reasons() {
        let text = "# ours\nengine: old\nsignatures: 2\nexpected_failures:\n  # the slow one\n  z/last:\n    reason: \"ENG-9\"\n    signature: {rules: [C1], kind: captures, key: missing, step: 1}\n  a/first:\n    cause: \"old words\"\n    signature: {rules: [C1], kind: captures, key: missing, step: 1}\n  # fixed now\n  m/gone:\n    reason: r\n";
        let mut failing = BTreeMap::new();
        let z = Entry {
            reason: Some("ENG-9".into()),
            cause: None,
            signature: Some(sig("extra")),
        };
        failing.insert("z/last", z);
        let a = Entry {
            reason: None,
            cause: Some("new words".into()),
            signature: Some(sig("extra")),
        };
        failing.insert("a/first", a);
        let n = Entry {
            reason: None,
            cause: Some("brand new".into()),
            signature: Some(sig("missing")),
        };
        failing.insert("n/new", n);
        let out = edit_in_place(text, &failing, &|id| id == "m/gone", "eng 2").unwrap();
        assert!(
            out.starts_with("# ours\nengine: \"eng 2\"\nsignatures: 2\n"),
            "{out}"
        );
        assert!(
            out.contains("  # the slow one\n  z/last:\n    reason: \"ENG-9\""),
            "{out}"
        );
        assert!(
            out.find("z/last").unwrap() < out.find("a/first").unwrap(),
            "{out}"
        );
        assert!(out.contains("cause: \"new words\""), "{out}");
        assert!(
            !out.contains("m/gone") && !out.contains("fixed now"),
            "{out}"
        );
        assert!(
            out.trim_end().ends_with("step: 1}") && out.contains("n/new"),
            "{out}"
        );
        let back = load_text(&out).unwrap();
        assert_eq!(back.entries.len(), 3);
        assert_eq!(back.entries["z/last"].signature, Some(sig("extra")));
    }
}
