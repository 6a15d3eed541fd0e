//! Reading a report back: a run's or a fuzz campaign's, regular files only
//! and within [`MAX_REPORT_BYTES`], in time linear in its size however it
//! is laid out, with an error that names the place and the field, and
//! checked to be one report (each fixture once, counts that are the
//! results').

use super::fuzz::{FuzzReport, FUZZ_KIND};
use super::run::{RunReport, HARNESS, RUN_KIND, SCHEMA_VERSION};
use super::totals::Totals;
use hexodic_io::paths;
use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};

/// Largest report read back, in bytes: a run of the whole corpus in every
/// variant, every check failing, stays far below it (about 2 MB).
pub const MAX_REPORT_BYTES: u64 = 64 * 1024 * 1024;

/// Why a report could not be read: the file, the place and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportReadError {
    /// The file.
    pub file: PathBuf,
    /// 1-based line (1 when the fault is the whole file's).
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

impl ReportReadError {
    fn at(file: &Path, line: usize, column: usize, message: impl Into<String>) -> ReportReadError {
        let n = |v: usize| u32::try_from(v.max(1)).unwrap_or(u32::MAX);
        ReportReadError {
            file: file.to_path_buf(),
            line: n(line),
            column: n(column),
            message: message.into(),
        }
    }
}

impl fmt::Display for ReportReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            paths::shown(&self.file),
            self.line,
            self.column,
            self.message
        )
    }
}

impl std::error::Error for ReportReadError {}

/// A report of either kind.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    /// A run's (`run --json`).
    Run(Box<RunReport>),
    /// A fuzz campaign's (`fuzz --json`).
    Fuzz(Box<FuzzReport>),
}

/// The bytes of a report file: a regular file (a folder, a pipe, a device
/// or a socket is refused without being opened), within [`MAX_REPORT_BYTES`].
fn read_bytes(path: &Path) -> Result<Vec<u8>, ReportReadError> {
    hexodic_io::files::read_regular(path, MAX_REPORT_BYTES)
        .map_err(|words| ReportReadError::at(path, 1, 1, format!("not a report: {words}")))
}

/// The line and column (1-based, in characters) of byte `at` of `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = text.get(..at).unwrap_or(text);
    let line = before.bytes().filter(|b| *b == b'\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// What a file that is not JSON at all most likely is, in words.
fn not_json(text: &str) -> Option<&'static str> {
    let t = text.trim_start();
    if t.starts_with('<') {
        return Some(
            "this is an XML or HTML file, not a JSON report (give the file `run --json` wrote)",
        );
    }
    let yamlish = t.starts_with("---")
        || t.lines().next().is_some_and(|l| {
            let l = l.trim();
            !l.starts_with('{')
                && !l.starts_with('[')
                && (l.starts_with('#') || l.contains(": ") || l.ends_with(':'))
        });
    yamlish.then_some("this is a YAML file, not a JSON report (give the file `run --json` or `fuzz --json` wrote)")
}

/// Read a report of either kind from `path`.
pub fn read_report(path: &Path) -> Result<Report, ReportReadError> {
    let bytes = read_bytes(path)?;
    parse_report(path, &bytes)
}

/// Read a run's report from `path`; a fuzz campaign's is refused.
pub fn read_run(path: &Path) -> Result<RunReport, ReportReadError> {
    match read_report(path)? {
        Report::Run(r) => Ok(*r),
        Report::Fuzz(_) => Err(ReportReadError::at(
            path,
            1,
            1,
            "a fuzz campaign's report, not a run's (give the file `run --json` wrote)",
        )),
    }
}

/// Read a report of either kind from its bytes; `path` names it in errors.
pub fn parse_report(path: &Path, bytes: &[u8]) -> Result<Report, ReportReadError> {
    let whole = |m: &str| ReportReadError::at(path, 1, 1, m);
    if bytes.starts_with(&[0xef, 0xbb, 0xbf]) {
        return Err(whole(
            "a byte order mark at the start (save the file as UTF-8 without BOM)",
        ));
    }
    if bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]) {
        return Err(whole(
            "the file is UTF-16; a report is UTF-8 (save it as UTF-8)",
        ));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let (line, column) = line_column(
            std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or(""),
            e.valid_up_to(),
        );
        ReportReadError::at(
            path,
            line,
            column,
            "not a JSON report: the file is not valid UTF-8 here",
        )
    })?;
    if text.trim().is_empty() {
        return Err(whole("the file is empty: not a report"));
    }
    // The head of the report, read first: what it is and its version.
    #[derive(serde::Deserialize)]
    struct Head {
        #[serde(default)]
        harness: Option<HeadHarness>,
        #[serde(default)]
        kind: Option<String>,
        #[serde(default)]
        schema_version: Option<serde_json::Value>,
    }
    #[derive(serde::Deserialize)]
    struct HeadHarness {
        #[serde(default)]
        name: Option<String>,
    }
    let head: Head = match serde_json::from_str(text) {
        Ok(h) => h,
        Err(e) if e.is_syntax() || e.is_eof() => {
            if let Some(words) = not_json(text) {
                return Err(whole(words));
            }
            let what = if e.is_eof() {
                "truncated: the file ends inside the report"
            } else {
                "not valid JSON"
            };
            return Err(ReportReadError::at(
                path,
                e.line(),
                e.column(),
                format!("{what}: {}", json_words(&e)),
            ));
        }
        Err(_) => return Err(not_a_report(path)),
    };
    if head.harness.and_then(|h| h.name).as_deref() != Some(HARNESS) {
        return Err(not_a_report(path));
    }
    let version = head.schema_version.unwrap_or(serde_json::Value::Null);
    if version.as_u64() != Some(u64::from(SCHEMA_VERSION)) {
        let at = text.find("\"schema_version\"").unwrap_or(0);
        let (line, column) = line_column(text, at);
        let found = match &version {
            serde_json::Value::Null => "no schema_version".to_owned(),
            v => format!("schema_version {v}"),
        };
        return Err(ReportReadError::at(
            path,
            line,
            column,
            format!(
                "a report of {found}; this harness reads schema_version {SCHEMA_VERSION} (write the report again with this harness)"
            ),
        ));
    }
    match head.kind.as_deref() {
        Some(RUN_KIND) => {
            let r: RunReport = typed(path, text)?;
            check_run(path, text, &r)?;
            Ok(Report::Run(Box::new(r)))
        }
        Some(FUZZ_KIND) => {
            let r: FuzzReport = typed(path, text)?;
            check_fuzz(path, text, &r)?;
            Ok(Report::Fuzz(Box::new(r)))
        }
        _ => Err(not_a_report(path)),
    }
}

fn not_a_report(path: &Path) -> ReportReadError {
    ReportReadError::at(
        path,
        1,
        1,
        "not a hexodic-conformance report: expected an object with `harness`, `kind` and `schema_version`",
    )
}

/// A JSON reader's error in the project's words, without its own place.
fn json_words(e: &serde_json::Error) -> String {
    let raw = e.to_string();
    let cut = raw.find(" at line ").map_or(raw.as_str(), |i| &raw[..i]);
    hexodic_io::reader_error(hexodic_io::Reader::Json, cut, &hexodic_io::Place::default())
}

/// The report's text read into its type, an error naming the field's path.
fn typed<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T, ReportReadError> {
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let field = e.path().to_string();
        let inner = e.into_inner();
        let words = json_words(&inner);
        ReportReadError::at(
            path,
            inner.line(),
            inner.column(),
            format!("not a report of this shape: `{field}`: {words}"),
        )
    })
}

/// The place of the first `"key"` in `text`, for errors about a field.
fn place(text: &str, key: &str) -> (usize, usize) {
    line_column(text, text.find(&format!("\"{key}\"")).unwrap_or(0))
}

/// A run's report is one run: each fixture once, and its counts those of
/// its results.
fn check_run(path: &Path, text: &str, r: &RunReport) -> Result<(), ReportReadError> {
    let mut seen = BTreeSet::new();
    for res in &r.results {
        if !seen.insert(res.id.as_str()) {
            let (line, column) = line_column(
                text,
                text.find(&format!("\"id\": \"{}\"", res.id)).unwrap_or(0),
            );
            return Err(ReportReadError::at(
                path,
                line,
                column,
                format!(
                    "fixture {} is in `results` twice: a report holds each fixture once",
                    res.id
                ),
            ));
        }
    }
    let counted = Totals::of(&r.results, r.errors.len(), r.settings.traces);
    if counted != r.summary {
        let (line, column) = place(text, "summary");
        return Err(ReportReadError::at(
            path,
            line,
            column,
            format!(
                "`summary` does not count the report's own `results` ({} claimed, {} held): the report was edited or cut",
                r.summary.sentence(),
                counted.sentence()
            ),
        ));
    }
    Ok(())
}

/// A fuzz report's counts hold together.
fn check_fuzz(path: &Path, text: &str, r: &FuzzReport) -> Result<(), ReportReadError> {
    if let Some((rule, n)) = r.reach.iter().find(|(_, n)| **n > r.games) {
        let (line, column) = place(text, "reach");
        return Err(ReportReadError::at(
            path,
            line,
            column,
            format!(
                "`reach.{rule}` counts {n} games, more than the {} played",
                r.games
            ),
        ));
    }
    Ok(())
}
