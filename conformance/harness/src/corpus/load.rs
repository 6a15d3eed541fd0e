//! Loading fixtures: each file read ([`super::source`]) and compiled
//! ([`super::compile`]), its metadata checked, its id, and the whole corpus
//! (one bad file never stops the rest). Every error names the file, line
//! and column, in the project's words.

use super::compile::compile;
use super::fixture::Fixture;
use super::format::{At, Basis, FixtureFile, Variants};
use super::source::{parse_yaml, read_text, LoadError, Src};
use super::walk::{fixture_files, fixture_walk};
use hexodic_io::paths;
use hexodic_rules::registry;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

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
    let text = read_text(file).ok()?;
    let abs = std::fs::canonicalize(file).ok()?;
    let Some(id) = text
        .lines()
        .find_map(|l| l.strip_prefix("id:"))
        .map(str::trim)
    else {
        // No `id`: the file lies in an area folder of its fixtures folder.
        return abs.parent()?.parent().map(Path::to_path_buf);
    };
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
    let mut raw: FixtureFile = parse_yaml(file, &text)?;
    let src = Src::new(file, &text);
    if raw.id.is_none() {
        // No `id`: the file's place is its id.
        let id = id_for(root, file).ok_or_else(|| {
            LoadError::at(
                file,
                1,
                1,
                format!(
                    "the file is not below the fixtures folder {}",
                    paths::shown(root)
                ),
            )
        })?;
        raw.id = Some(At::new(id, 1, 1));
    }
    check_metadata(root, &src, &raw)?;
    compile(root, &src, &raw)
}

fn check_metadata(root: &Path, src: &Src, raw: &FixtureFile) -> Result<(), LoadError> {
    let Some(id) = &raw.id else {
        return Ok(());
    };
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
    /// Whether it is the corpus embedded in the harness, written out.
    pub embedded: bool,
    /// The version of the folder as a whole (whatever is selected).
    pub version: String,
    /// The fixtures the folder holds as a whole.
    pub size: usize,
    /// The fixtures that loaded (those selected), sorted by id.
    pub fixtures: Vec<Fixture>,
    /// The files that did not load.
    pub errors: Vec<LoadError>,
    /// Further folders whose fixtures were joined to these
    /// ([`Corpus::join`]): a team's own beside the harness's corpus.
    pub joined: Vec<JoinedFolder>,
}

/// A folder of fixtures joined to a corpus for one run.
#[derive(Debug, Default, Clone)]
pub struct JoinedFolder {
    /// The folder.
    pub root: PathBuf,
    /// Its version as a whole.
    pub version: String,
    /// The fixtures it holds as a whole.
    pub size: usize,
}

impl Corpus {
    /// Join the fixtures of `other`, another folder, to this corpus for one
    /// run: its fixtures and load errors added, in id order; a fixture whose
    /// id this corpus already has is a load error of its file, naming the
    /// other. [`Corpus::whole_version`] names the whole.
    pub fn join(&mut self, other: Corpus) {
        for fx in other.fixtures {
            if let Some(first) = self.fixtures.iter().find(|f| f.id == fx.id) {
                self.errors.push(LoadError::at(
                    &fx.file,
                    1,
                    1,
                    format!(
                        "the id `{}` is also a fixture of {}: rename one of them",
                        fx.id,
                        paths::shown(&first.file)
                    ),
                ));
                continue;
            }
            self.fixtures.push(fx);
        }
        self.errors.extend(other.errors);
        self.fixtures.sort_by(|a, b| a.id.cmp(&b.id));
        self.joined.push(JoinedFolder {
            root: other.root,
            version: other.version,
            size: other.size,
        });
        self.joined.extend(other.joined);
    }

    /// The version of everything the run takes: this folder's, then each
    /// joined folder's, `+` between them.
    pub fn whole_version(&self) -> String {
        std::iter::once(self.version.as_str())
            .chain(self.joined.iter().map(|j| j.version.as_str()))
            .collect::<Vec<_>>()
            .join("+")
    }
}

/// Load the given files (below `root`), reporting duplicate ids.
pub fn load_files(root: &Path, files: &[PathBuf]) -> Corpus {
    let (version, size) = super::version::folder_version(root);
    let mut corpus = Corpus {
        root: root.to_path_buf(),
        embedded: super::embedded::is_embedded(root),
        version,
        size,
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
    let found = fixture_walk(root, root);
    let mut corpus = load_files(root, &found.files);
    corpus.errors.extend(found.errors);
    corpus
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
    /// A target matches nothing.
    #[error("no fixture file, folder or id matches `{0}`")]
    NoMatch(String),
}

/// Where the corpus is: `given`, else the fixtures folder of the first
/// target that is a path, else `fixtures/` in the current folder or an
/// ancestor, else the corpus embedded in this crate, read from memory
/// ([`super::embedded`]; tell it with [`super::embedded::is_embedded`]).
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
    if let Some(f) = found_from_here() {
        return Ok(f);
    }
    Ok(super::embedded::root())
}

/// The corpus a command finds from the current folder with no fixtures
/// folder and no path given: `fixtures/` here or in an ancestor, holding
/// `schema/fixture.schema.json` (none: the embedded corpus would be used).
pub fn found_from_here() -> Option<PathBuf> {
    let cwd = std::env::current_dir().ok()?;
    cwd.ancestors()
        .map(|a| a.join("fixtures"))
        .find(|f| f.join("schema").join("fixture.schema.json").is_file())
}

/// Load the fixtures `targets` name below `root` (files, folders, ids or
/// substrings of ids; none: the whole corpus). A target that is a fixture's
/// whole id selects that fixture only (`capture/a`, not `capture/ab`).
pub fn select(root: &Path, targets: &[String]) -> Result<Corpus, SelectError> {
    if targets.is_empty() {
        return Ok(load_corpus(root));
    }
    let all = fixture_files(root, root);
    let mut files: Vec<PathBuf> = Vec::new();
    let mut loops = Vec::new();
    let embedded = super::embedded::is_embedded(root);
    for t in targets {
        let p = Path::new(t);
        let inside = if embedded {
            root.join(t)
        } else {
            p.to_path_buf()
        };
        if embedded && super::embedded::is_folder(&inside) {
            files.extend(super::embedded::fixture_files(&inside));
        } else if embedded && super::embedded::file(&inside).is_some() {
            files.push(inside);
        } else if p.is_dir() {
            let found = fixture_walk(root, p);
            files.extend(found.files);
            loops.extend(found.errors);
        } else if p.is_file() {
            files.push(p.to_path_buf());
        } else {
            let before = files.len();
            let exact = all
                .iter()
                .find(|f| id_for(root, f).as_deref() == Some(t.as_str()));
            match exact {
                Some(f) => files.push(f.clone()),
                None => files.extend(
                    all.iter()
                        .filter(|f| id_for(root, f).is_some_and(|id| id.contains(t.as_str())))
                        .cloned(),
                ),
            }
            if files.len() == before {
                return Err(SelectError::NoMatch(t.clone()));
            }
        }
    }
    files.sort();
    files.dedup();
    loops.sort_by(|a, b| a.file.cmp(&b.file));
    loops.dedup();
    let mut corpus = load_files(root, &files);
    corpus.errors.extend(loops);
    Ok(corpus)
}
