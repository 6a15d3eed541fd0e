//! Reading a corpus file's text: the size limit, UTF-8, YAML with bounded
//! budgets and its errors in the project's words ([`LoadError`]), and the
//! text kept for places inside values ([`Src`]). Fixtures, shared setups
//! and traces are all read through here.

use super::format::At;
use hexodic_io::paths;
use hexodic_io::{self as wording, Reader};
use serde::de::DeserializeOwned;
use std::fmt;
use std::path::{Path, PathBuf};

/// Largest fixture or setup file read, in bytes; larger files are refused
/// before parsing.
pub const MAX_FILE_BYTES: u64 = 256 * 1024;

/// Why a fixture (or a file it needs) could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct LoadError {
    /// The file.
    pub file: PathBuf,
    /// 1-based line (1 when the whole file is at fault).
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LoadError {
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

impl LoadError {
    /// An error at a place in a file.
    pub fn at(file: &Path, line: u32, column: u32, message: impl Into<String>) -> LoadError {
        LoadError {
            file: file.to_path_buf(),
            line: line.max(1),
            column: column.max(1),
            message: wording::clip_quoted(&message.into()),
        }
    }
}

/// Whether `path` is a file of the corpus: a regular file on the disk, or
/// a file of the embedded corpus.
pub fn is_file(path: &Path) -> bool {
    super::embedded::file(path).is_some() || path.is_file()
}

/// Read at most `limit` bytes of a file of the corpus: a file of the
/// embedded corpus from memory, else a regular file (a named pipe, socket,
/// device or folder is refused without being opened, and so is a file
/// whose size is over the limit).
pub fn read_bounded(file: &Path, limit: u64) -> Result<Vec<u8>, LoadError> {
    if let Some(bytes) = super::embedded::file(file) {
        if bytes.len() as u64 > limit {
            return Err(LoadError::at(
                file,
                1,
                1,
                format!(
                    "file is {} bytes, more than the {limit} allowed",
                    bytes.len()
                ),
            ));
        }
        return Ok(bytes.to_vec());
    }
    hexodic_io::files::read_regular(file, limit).map_err(|m| LoadError::at(file, 1, 1, m))
}

/// Read a file as UTF-8 text, refusing anything but a regular file, large
/// files ([`MAX_FILE_BYTES`]) and non-UTF-8 files.
pub fn read_text(file: &Path) -> Result<String, LoadError> {
    let bytes = read_bounded(file, MAX_FILE_BYTES)?;
    match String::from_utf8(bytes) {
        Ok(s) => Ok(s),
        Err(e) => {
            let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            // The valid prefix is UTF-8 by definition.
            let prefix = String::from_utf8_lossy(good);
            let line = prefix.matches('\n').count() as u32 + 1;
            let column = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1;
            Err(LoadError::at(file, line, column, "file is not valid UTF-8"))
        }
    }
}

/// Parse YAML text into `T` with bounded budgets (alias expansion, depth,
/// nodes), mapping every error to a [`LoadError`] in the project's words.
pub fn parse_yaml<T: DeserializeOwned>(file: &Path, text: &str) -> Result<T, LoadError> {
    if text
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        return Err(LoadError::at(file, 1, 1, "file is empty"));
    }
    let mut opts = serde_saphyr::Options::default();
    let mut budget = serde_saphyr::Budget::default();
    budget.max_aliases = 64;
    budget.max_anchors = 64;
    budget.max_depth = 32;
    // Every node of a file takes at least a byte: a file within the size
    // limit stays within this budget unless its aliases expand it.
    budget.max_nodes = MAX_FILE_BYTES as usize;
    budget.max_documents = 1;
    budget.max_total_scalar_bytes = MAX_FILE_BYTES as usize;
    opts.budget = Some(budget);
    opts.alias_limits.max_total_replayed_events = 10_000;
    opts.alias_limits.max_replay_stack_depth = 16;
    opts.with_snippet = false;
    // A first pass over the whole document enforces the budgets (alias
    // expansion above all) before field errors can stop the reading early.
    serde_saphyr::from_str_with_options::<serde::de::IgnoredAny>(text, opts.clone())
        .map_err(|e| yaml_error(file, text, &e))?;
    serde_saphyr::from_str_with_options::<T>(text, opts).map_err(|e| yaml_error(file, text, &e))
}

fn yaml_error(file: &Path, text: &str, e: &serde_saphyr::Error) -> LoadError {
    let (line, column) = e
        .location()
        .map_or((1, 1), |l| (l.line() as u32, l.column() as u32));
    let raw = e.without_snippet().to_string();
    let place = wording::place(text, line, column);
    LoadError::at(
        file,
        line,
        column,
        wording::reader_error(Reader::Yaml, &raw, &place),
    )
}

/// A source file's text, for positions inside values.
pub struct Src<'a> {
    /// The file.
    pub file: &'a Path,
    lines: Vec<&'a str>,
}

impl<'a> Src<'a> {
    /// Wrap a file's text.
    pub fn new(file: &'a Path, text: &'a str) -> Src<'a> {
        Src {
            file,
            lines: text.lines().collect(),
        }
    }

    /// An error at a value.
    pub fn err<T>(&self, at: &At<T>, msg: impl Into<String>) -> LoadError {
        LoadError::at(self.file, at.line, at.column, msg)
    }

    fn char_at(&self, line: u32, column: u32) -> Option<char> {
        let l = self.lines.get((line as usize).checked_sub(1)?)?;
        l.chars().nth((column as usize).checked_sub(1)?)
    }

    /// An error at 1-based column `col` inside a string value (past the
    /// opening quote of a quoted scalar).
    pub fn err_in(&self, at: &At<String>, col: usize, msg: impl Into<String>) -> LoadError {
        let quoted = matches!(self.char_at(at.line, at.column), Some('"' | '\''));
        let column = at.column as usize + col.saturating_sub(1) + quoted as usize;
        LoadError::at(self.file, at.line, column as u32, msg)
    }

    /// An error at a line and column of a block scalar's content (`board: |`).
    pub(super) fn err_block(
        &self,
        at: &At<String>,
        line: usize,
        col: usize,
        msg: String,
    ) -> LoadError {
        let is_indicator = |l: &str| {
            let t = l.trim_end();
            let t = t.trim_end_matches(['-', '+', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
            t.ends_with('|') || t.ends_with('>')
        };
        if matches!(self.char_at(at.line, at.column), Some('|' | '>')) {
            // The location is the indicator: content starts on the next line.
            let first = at.line as usize;
            let indent = self
                .lines
                .iter()
                .skip(first)
                .find(|l| !l.trim().is_empty())
                .map_or(0, |l| l.chars().take_while(|c| *c == ' ').count());
            return LoadError::at(self.file, (first + line) as u32, (indent + col) as u32, msg);
        }
        let prev = (at.line as usize)
            .checked_sub(2)
            .and_then(|i| self.lines.get(i));
        if prev.is_some_and(|l| is_indicator(l)) {
            // The location is the first content line, at its indentation.
            return LoadError::at(
                self.file,
                (at.line + line as u32).saturating_sub(1),
                (at.column + col as u32).saturating_sub(1),
                msg,
            );
        }
        self.err(at, msg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_file_just_under_the_size_limit_parses() {
        let mut text = String::from("turns:\n");
        while text.len() + 16 < MAX_FILE_BYTES as usize {
            text.push_str("  - [c3, d4]\n");
        }
        let v: Result<serde::de::IgnoredAny, _> = parse_yaml(Path::new("big.yaml"), &text);
        assert!(v.is_ok(), "{:?}", v.err());
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_within_the_limit_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let zero = dir.path().join("zero.yaml");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let e = read_text(&zero).unwrap_err();
        assert!(e.message.contains("a device, not a regular file"), "{e}");
        let big = dir.path().join("big.yaml");
        std::fs::write(&big, vec![b'#'; MAX_FILE_BYTES as usize + 1]).unwrap();
        assert!(read_text(&big).unwrap_err().message.contains("more than"));
        let folder = read_text(dir.path()).unwrap_err();
        assert!(folder.message.contains("a folder"), "{folder}");
    }
}
