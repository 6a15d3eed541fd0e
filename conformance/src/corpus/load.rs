//! Reading fixture files: size limit, UTF-8, YAML with bounded budgets,
//! metadata checks, ids, and the whole corpus (one bad file never stops the
//! rest). Every error names the file, line and column, in the project's words.

use super::compile::{compile, Src};
use super::fixture::Fixture;
use super::format::{Basis, FixtureFile, Variants};
use crate::paths;
use hexodic_rules::registry;
use serde::de::DeserializeOwned;
use std::collections::HashMap;
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
            message: message.into(),
        }
    }
}

/// Read a file as UTF-8 text, refusing large and non-UTF-8 files.
pub fn read_text(file: &Path) -> Result<String, LoadError> {
    let meta = std::fs::metadata(file)
        .map_err(|e| LoadError::at(file, 1, 1, format!("cannot read: {}", io_words(&e))))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(LoadError::at(
            file,
            1,
            1,
            format!(
                "file is {} bytes, more than the {MAX_FILE_BYTES} allowed",
                meta.len()
            ),
        ));
    }
    let bytes = std::fs::read(file)
        .map_err(|e| LoadError::at(file, 1, 1, format!("cannot read: {}", io_words(&e))))?;
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

/// An I/O error in words, without the operating system's error number.
pub fn io_words(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or folder".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => {
            let s = e.to_string();
            match s.find(" (os error") {
                Some(i) => s[..i].to_lowercase(),
                None => s,
            }
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
    budget.max_nodes = 20_000;
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

/// The key on the line of an error, for messages about its value.
fn key_at(text: &str, line: u32) -> Option<String> {
    let l = text.lines().nth((line as usize).checked_sub(1)?)?;
    let l = l.trim_start().trim_start_matches("- ");
    let (key, _) = l.split_once(':')?;
    let key = key.trim().trim_matches(['"', '\'']);
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then(|| key.to_owned())
}

/// What a serde type name means, in the project's words.
fn expected_words(ty: &str) -> Option<&'static str> {
    Some(match ty {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number of 0 or more",
        "i8" | "i16" | "i32" | "i64" => "a whole number",
        "bool" | "a boolean" => "true or false",
        "a string" | "string" => "text",
        "a sequence" => "a list",
        "a map" => "a mapping of keys to values",
        _ => return None,
    })
}

/// Translate the YAML reader's wording into the project's.
fn humanize(msg: &str, key: Option<&str>, found: Option<&str>) -> String {
    let field = key.map_or_else(|| "this value".to_owned(), |k| format!("`{k}`"));
    let found = found.map_or_else(String::new, |f| format!(", found {f}"));
    if msg.contains("Documents") {
        return "one fixture per file: found a second YAML document".into();
    }
    if msg.starts_with("budget breached") || msg.contains("alias") && msg.contains("limit") {
        return "the file is too large or nests too deeply once its aliases are expanded".into();
    }
    if msg.contains("null") {
        return format!("{field} needs a value, and it is empty");
    }
    if let Some(rest) = msg.strip_prefix("invalid ") {
        // `invalid u64`, `invalid type: string "lots", expected u64`
        let ty = rest.rsplit([' ', ':']).next().unwrap_or(rest);
        if let Some(words) = expected_words(ty) {
            return format!("{field} must be {words}{found}");
        }
        if let Some((_, exp)) = rest.split_once("expected ") {
            let exp = expected_words(exp.trim()).map_or(exp.trim().to_owned(), str::to_owned);
            return format!("{field} must be {exp}{found}");
        }
    }
    if let Some((_, exp)) = msg.split_once(", expected ") {
        if let Some(words) = expected_words(exp.trim()) {
            return format!("{field} must be {words}{found}");
        }
    }
    msg.to_owned()
}

/// The scalar written at a place, for "found ..." in messages.
fn scalar_at(text: &str, line: u32, column: u32) -> Option<String> {
    let l = text.lines().nth((line as usize).checked_sub(1)?)?;
    let rest: String = l.chars().skip((column as usize).checked_sub(1)?).collect();
    let v = rest.split(" #").next()?.trim();
    (!v.is_empty() && v.len() <= 60).then(|| v.to_owned())
}

fn yaml_error(file: &Path, text: &str, e: &serde_saphyr::Error) -> LoadError {
    let (line, column) = e
        .location()
        .map_or((1, 1), |l| (l.line() as u32, l.column() as u32));
    let full = e.without_snippet().to_string();
    // The location is reported separately: drop the reader's own
    // ` at line N, column M` and what follows it.
    let mut msg: String = full.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(i) = msg.find(" at line ") {
        msg.truncate(i);
    }
    if msg.is_empty() {
        msg = "not valid YAML".into();
    }
    let key = key_at(text, line);
    let found = scalar_at(text, line, column);
    LoadError::at(
        file,
        line,
        column,
        humanize(&msg, key.as_deref(), found.as_deref()),
    )
}

/// The fixtures folder a path belongs to: the nearest folder at or above it
/// named `fixtures` or holding `schema/fixture.schema.json`.
pub fn root_of(path: &Path) -> Option<PathBuf> {
    let abs = std::fs::canonicalize(path).ok()?;
    abs.ancestors()
        .find(|a| {
            a.is_dir()
                && (a.file_name().is_some_and(|n| n == "fixtures")
                    || a.join("schema").join("fixture.schema.json").is_file())
        })
        .map(Path::to_path_buf)
}

/// The fixtures folder of a fixture file found anywhere: its path without
/// the `id` it declares (`/tmp/out/found/seed-3.yaml` with id `found/seed-3`
/// lies in `/tmp/out`).
fn root_from_id(file: &Path) -> Option<PathBuf> {
    if !file.is_file() {
        return None;
    }
    let text = std::fs::read_to_string(file).ok()?;
    let id = text.lines().find_map(|l| l.strip_prefix("id:"))?.trim();
    let abs = std::fs::canonicalize(file).ok()?;
    let mut root = abs.with_extension("");
    for _ in id.split('/') {
        root = root.parent()?.to_path_buf();
    }
    (id_for(&root, file).as_deref() == Some(id)).then_some(root)
}

/// The id a file must declare: its path below `root`, `/`-separated, without extension.
pub fn id_for(root: &Path, file: &Path) -> Option<String> {
    let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let file = std::fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
    let rel = file.strip_prefix(&root).ok()?.with_extension("");
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    Some(parts.join("/"))
}

/// Load one fixture file below `root` (the fixtures folder).
pub fn load_file(root: &Path, file: &Path) -> Result<Fixture, LoadError> {
    let text = read_text(file)?;
    let raw: FixtureFile = parse_yaml(file, &text)?;
    let src = Src::new(file, &text);
    check_metadata(root, &src, &raw)?;
    compile(root, &src, &raw)
}

fn check_metadata(root: &Path, src: &Src, raw: &FixtureFile) -> Result<(), LoadError> {
    let id = &raw.id;
    match id_for(root, src.file) {
        Some(expected) if expected == id.value => {}
        Some(expected) => {
            return Err(src.err(
                id,
                format!(
                    "id `{}` does not match the path: expected `{expected}`",
                    id.value
                ),
            ))
        }
        None => {
            return Err(src.err(
                id,
                format!(
                    "the file is not below the fixtures folder {}",
                    paths::shown(root)
                ),
            ))
        }
    }
    if raw.description.value.trim().is_empty() {
        return Err(src.err(&raw.description, "description is empty"));
    }
    if raw.rules.value.is_empty() {
        return Err(src.err(&raw.rules, "rules: cite at least one rule ID"));
    }
    let mut ruling_only = None;
    for (i, r) in raw.rules.value.iter().enumerate() {
        let Some(info) = registry::lookup(&r.value) else {
            return Err(src.err(
                r,
                format!("`{}` is not a rule ID of rules/RULES.md", r.value),
            ));
        };
        if raw.rules.value[..i].iter().any(|o| o.value == r.value) {
            return Err(src.err(r, format!("rule `{}` cited twice", r.value)));
        }
        if info.basis == registry::Basis::Ruling && ruling_only.is_none() {
            ruling_only = Some(info.id);
        }
    }
    if let (Some(rid), Basis::Documented) = (ruling_only, raw.basis.value) {
        return Err(src.err(
            &raw.basis,
            format!("basis is documented but {rid} is a ruling: say `basis: ruling`"),
        ));
    }
    if let Some(rs) = &raw.ruleset {
        if rs.value != hexodic_rules::Ruleset::STANDARD.name {
            return Err(src.err(
                rs,
                format!("unknown ruleset `{}` (only `standard` exists)", rs.value),
            ));
        }
    }
    let none = raw
        .variants
        .as_ref()
        .is_some_and(|v| v.value == Variants::None);
    match (&raw.variants_reason, none) {
        (Some(r), true) if r.value.trim().is_empty() => {
            return Err(src.err(r, "variants_reason is empty"))
        }
        (None, true) => {
            if let Some(v) = &raw.variants {
                return Err(src.err(v, "`variants: none` needs a `variants_reason`"));
            }
        }
        (Some(r), false) => return Err(src.err(r, "variants_reason is only for `variants: none`")),
        _ => {}
    }
    Ok(())
}

/// A loaded set of fixtures.
#[derive(Debug, Default)]
pub struct Corpus {
    /// The fixtures folder.
    pub root: PathBuf,
    /// The fixtures that loaded, sorted by id.
    pub fixtures: Vec<Fixture>,
    /// The files that did not load.
    pub errors: Vec<LoadError>,
}

/// Whether `path` is a fixture file (by extension).
pub fn is_fixture_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "yaml" || e == "yml")
}

/// Folders directly below the fixtures folder that hold no fixtures.
pub const NOT_FIXTURES: [&str; 2] = ["setups", "schema"];

/// Every fixture file below `dir`, sorted; `setups/` and `schema/` directly
/// below `root` and hidden entries are skipped.
pub fn fixture_files(root: &Path, dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    let root_c = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            if p.is_dir() {
                let parent = std::fs::canonicalize(&d).unwrap_or_else(|_| d.clone());
                if parent == root_c && NOT_FIXTURES.contains(&name.as_str()) {
                    continue;
                }
                stack.push(p);
            } else if is_fixture_file(&p) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Load the given files (below `root`), reporting duplicate ids.
pub fn load_files(root: &Path, files: &[PathBuf]) -> Corpus {
    let mut corpus = Corpus {
        root: root.to_path_buf(),
        ..Corpus::default()
    };
    let mut seen: HashMap<String, PathBuf> = HashMap::new();
    for f in files {
        match load_file(root, f) {
            Ok(fx) => {
                if let Some(first) = seen.get(&fx.id) {
                    corpus.errors.push(LoadError::at(
                        f,
                        1,
                        1,
                        format!(
                            "duplicate id `{}`, already used by {}",
                            fx.id,
                            paths::shown(first)
                        ),
                    ));
                    continue;
                }
                seen.insert(fx.id.clone(), f.clone());
                corpus.fixtures.push(fx);
            }
            Err(e) => corpus.errors.push(e),
        }
    }
    corpus.fixtures.sort_by(|a, b| a.id.cmp(&b.id));
    corpus
}

/// Load every fixture below `root`.
pub fn load_corpus(root: &Path) -> Corpus {
    load_files(root, &fixture_files(root, root))
}

/// Why a selection of fixtures could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SelectError {
    /// No fixtures folder was found.
    #[error("no fixtures folder found here or above (give one with --fixtures DIR)")]
    NoRoot,
    /// The given fixtures folder is not a folder.
    #[error("{0} is not a folder")]
    NotAFolder(String),
    /// The embedded corpus could not be written out.
    #[error("{0}")]
    Embedded(String),
    /// A target matches nothing.
    #[error("no fixture file, folder or id matches `{0}`")]
    NoMatch(String),
}

/// Where the corpus is: `given`, else the fixtures folder of the first
/// target that is a path, else `fixtures/` in the current folder or an
/// ancestor, else the corpus embedded in this crate, written out into the
/// cache folder ([`super::embedded`]; tell it with
/// [`super::embedded::is_embedded`]).
pub fn find_root(given: Option<&Path>, targets: &[String]) -> Result<PathBuf, SelectError> {
    if let Some(g) = given {
        if !g.is_dir() {
            return Err(SelectError::NotAFolder(paths::shown(g)));
        }
        return Ok(root_of(g)
            .filter(|r| std::fs::canonicalize(g).is_ok_and(|c| c.starts_with(r)))
            .unwrap_or_else(|| g.to_path_buf()));
    }
    let existing = || targets.iter().map(Path::new).filter(|p| p.exists());
    if let Some(r) = existing()
        .find_map(root_of)
        .or_else(|| existing().find_map(root_from_id))
    {
        return Ok(r);
    }
    if let Ok(cwd) = std::env::current_dir() {
        for a in cwd.ancestors() {
            let f = a.join("fixtures");
            if f.join("schema").join("fixture.schema.json").is_file() {
                return Ok(f);
            }
        }
    }
    super::embedded::materialise().map_err(|e| SelectError::Embedded(e.to_string()))
}

/// Load the fixtures `targets` name below `root` (files, folders or
/// substrings of ids; none: the whole corpus).
pub fn select(root: &Path, targets: &[String]) -> Result<Corpus, SelectError> {
    if targets.is_empty() {
        return Ok(load_corpus(root));
    }
    let all = fixture_files(root, root);
    let mut files: Vec<PathBuf> = Vec::new();
    for t in targets {
        let p = Path::new(t);
        if p.is_dir() {
            files.extend(fixture_files(root, p));
        } else if p.is_file() {
            files.push(p.to_path_buf());
        } else {
            let before = files.len();
            files.extend(
                all.iter()
                    .filter(|f| id_for(root, f).is_some_and(|id| id.contains(t.as_str())))
                    .cloned(),
            );
            if files.len() == before {
                return Err(SelectError::NoMatch(t.clone()));
            }
        }
    }
    files.sort();
    files.dedup();
    Ok(load_files(root, &files))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reader_wording_becomes_the_projects() {
        assert_eq!(
            humanize("invalid u64", Some("legal_count"), Some("\"lots\"")),
            "`legal_count` must be a whole number of 0 or more, found \"lots\""
        );
        assert_eq!(
            humanize(
                "invalid type: string \"x\", expected u8",
                Some("tier"),
                None
            ),
            "`tier` must be a whole number of 0 or more"
        );
        assert_eq!(
            humanize("budget breached: Documents { documents: 2 }", None, None),
            "one fixture per file: found a second YAML document"
        );
        assert_eq!(
            humanize("missing field `id`", None, None),
            "missing field `id`"
        );
    }
}
