//! Reading a JSON report back, with errors that point into the file.

use super::model::{JsonReport, SCHEMA_VERSION};
use crate::corpus::LoadError;
use hexodic_wording as wording;
use std::path::Path;

/// Why a JSON report could not be read back: the one located error of
/// every file the harness reads (file, line, column, what is wrong).
pub type ReportReadError = LoadError;

/// Largest JSON report read back, in bytes: a report of the whole corpus
/// in every variant, every check failing, stays well below it.
pub const MAX_REPORT_BYTES: u64 = 256 * 1024 * 1024;

/// An error at a place in the file, from a parser's 1-based place.
fn at(file: &Path, line: usize, column: usize, message: impl Into<String>) -> LoadError {
    let n = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
    LoadError::at(file, n(line), n(column), message)
}

/// A JSON error of `text` in the project's words, after `what` (the
/// reader's own place words dropped: the place is in the prefix).
pub(crate) fn json_error(file: &Path, text: &str, e: &serde_json::Error, what: &str) -> LoadError {
    let n = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
    let place = wording::Place {
        // The reader's column is past the value: only its key is named.
        found: None,
        ..wording::place(text, n(e.line()), n(e.column()))
    };
    let words = wording::reader_error(wording::Reader::Json, &e.to_string(), &place);
    at(file, e.line(), e.column(), format!("{what}: {words}"))
}

/// The line and column (1-based) of the first `needle` in `text`.
fn place_of(text: &str, needle: &str) -> (usize, usize) {
    let Some(at) = text.find(needle) else {
        return (1, 1);
    };
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The text of a report file (a run's or a fuzz campaign's), read within
/// [`MAX_REPORT_BYTES`], regular files only.
pub fn read_report_text(path: &Path) -> Result<String, ReportReadError> {
    let bytes = crate::corpus::read_bounded(path, MAX_REPORT_BYTES)?;
    String::from_utf8(bytes)
        .map_err(|_| at(path, 1, 1, "not a JSON report: the file is not valid UTF-8"))
}

impl JsonReport {
    /// Read a report written by `run --json`. Refuses a file that is not
    /// such a report and a report of another `schema_version`, saying
    /// where and what was expected.
    pub fn read(path: &Path) -> Result<JsonReport, ReportReadError> {
        JsonReport::parse(path, &read_report_text(path)?)
    }

    /// Read a report from its text; `path` names it in errors.
    pub fn parse(path: &Path, text: &str) -> Result<JsonReport, ReportReadError> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            if e.is_eof() {
                json_error(path, text, &e, "truncated: the file ends inside the report")
            } else {
                json_error(path, text, &e, "not valid JSON")
            }
        })?;
        let not_a_report = || {
            at(
                path,
                1,
                1,
                "not a hexodic-conformance JSON report: expected an object with `schema_version` and `harness`",
            )
        };
        let object = value.as_object().ok_or_else(not_a_report)?;
        let harness = object
            .get("harness")
            .and_then(|h| h.get("name"))
            .and_then(|n| n.as_str());
        if harness != Some("hexodic-conformance") {
            return Err(not_a_report());
        }
        let version = object.get("schema_version").ok_or_else(not_a_report)?;
        if version.as_u64() != Some(u64::from(SCHEMA_VERSION)) {
            let (line, column) = place_of(text, "\"schema_version\"");
            return Err(at(
                path,
                line,
                column,
                format!(
                    "a report of schema_version {version}; this harness reads schema_version {SCHEMA_VERSION}"
                ),
            ));
        }
        serde_json::from_str(text).map_err(|e| json_error(path, text, &e, "not a report"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_lines_and_characters() {
        assert_eq!(place_of("{\n  \"a\": 1,\n  \"b\"", "\"b\""), (3, 3));
        assert_eq!(place_of("x", "y"), (1, 1));
    }

    #[test]
    fn only_regular_files_within_the_report_limit_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let e = JsonReport::read(dir.path()).unwrap_err();
        assert!(e.message.contains("a folder, not a regular file"), "{e}");
        // A sparse file: over the limit without taking the space.
        let big = dir.path().join("big.json");
        let f = std::fs::File::create(&big).unwrap();
        f.set_len(MAX_REPORT_BYTES + 1).unwrap();
        let e = JsonReport::read(&big).unwrap_err();
        assert!(e.message.contains("more than"), "{e}");
    }

    #[test]
    fn other_files_are_refused_with_a_place() {
        let p = Path::new("r.json");
        let e = JsonReport::parse(p, "{\n  \"id\": 3,\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 1), "{e}");
        assert!(e.message.starts_with("truncated: "), "{e}");
        let e = JsonReport::parse(p, "{\n  \"id\": 3,,\n}").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.message.starts_with("not valid JSON: "), "{e}");
        let e = JsonReport::parse(p, "[1, 2]").unwrap_err();
        assert!(
            e.message.contains("not a hexodic-conformance JSON report"),
            "{e}"
        );
        let e = JsonReport::parse(
            p,
            "{\"harness\": {\"name\": \"hexodic-conformance\"},\n \"schema_version\": 2}",
        )
        .unwrap_err();
        assert_eq!((e.line, e.column), (2, 2), "{e}");
        assert!(e.message.contains("schema_version 2"), "{e}");
        let e = JsonReport::parse(
            p,
            "{\"harness\": {\"name\": \"hexodic-conformance\"}, \"schema_version\": 1}",
        )
        .unwrap_err();
        assert!(e.message.contains("is missing: it is required here"), "{e}");
        assert_eq!(
            e.to_string(),
            format!("r.json:{}:{}: {}", e.line, e.column, e.message)
        );
    }
}
