//! Reading fixture files: size limit, UTF-8, YAML with bounded budgets,
//! metadata checks, ids, and the whole corpus (one bad file never stops the
//! rest). Every error names the file, line and column.

use crate::compile::{compile, Src};
use crate::fixture::{Basis, FixtureFile, Variants};
use crate::model::Fixture;
use hexodic_rules::registry;
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// Largest fixture or setup file read, in bytes; larger files are refused
/// before parsing.
pub const MAX_FILE_BYTES: u64 = 256 * 1024;

/// Why a fixture (or a setup it includes) could not be loaded.
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
            self.file.display(),
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
        .map_err(|e| LoadError::at(file, 1, 1, format!("cannot read: {e}")))?;
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
    let bytes =
        std::fs::read(file).map_err(|e| LoadError::at(file, 1, 1, format!("cannot read: {e}")))?;
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
/// nodes), mapping every error to a [`LoadError`].
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
        .map_err(|e| yaml_error(file, &e))?;
    serde_saphyr::from_str_with_options::<T>(text, opts).map_err(|e| yaml_error(file, &e))
}

fn yaml_error(file: &Path, e: &serde_saphyr::Error) -> LoadError {
    let (line, column) = e
        .location()
        .map_or((1, 1), |l| (l.line() as u32, l.column() as u32));
    let full = e.without_snippet().to_string();
    // The location is reported separately: drop the parser's own
    // ` at line N, column M` and what follows it.
    let mut msg: String = full.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(i) = msg.find(" at line ") {
        msg.truncate(i);
    }
    if msg.is_empty() {
        msg = "invalid YAML".into();
    }
    LoadError::at(file, line, column, msg)
}

/// Find the fixtures root for a path: the nearest ancestor folder named
/// `fixtures`, else the path's parent folder.
pub fn root_of(path: &Path) -> PathBuf {
    let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    for a in abs.ancestors().skip(1) {
        if a.file_name().is_some_and(|n| n == "fixtures") {
            return a.to_path_buf();
        }
    }
    abs.parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
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

/// Load one fixture file below `root` (the `fixtures/` folder).
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
                format!("file is not below the fixtures folder {}", root.display()),
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
            return Err(src.err(r, format!("`{}` is not a rule ID of the registry", r.value)));
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

/// The result of loading a folder of fixtures.
#[derive(Debug, Default)]
pub struct Corpus {
    /// The fixtures that loaded, sorted by id.
    pub fixtures: Vec<Fixture>,
    /// The files that did not load.
    pub errors: Vec<LoadError>,
}

/// Whether `path` is a fixture file (by extension).
pub fn is_fixture_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "yaml" || e == "yml")
}

/// Every fixture file below `dir`, sorted; `setups/` and `schema/` directly
/// below `root` and hidden folders are skipped.
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
                if parent == root_c && (name == "setups" || name == "schema") {
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
    let mut corpus = Corpus::default();
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
                            first.display()
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
