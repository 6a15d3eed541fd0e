//! The corpus embedded in this crate at build time: every fixture, shared
//! setup, schema and golden trace of the package's `fixtures/` folder, read
//! from memory. Nothing is written to the disk, so a read-only home or a
//! sandbox works, and nothing on the disk can change what is read. Its
//! files have paths below [`ROOT`], which is no folder on the disk; every
//! reader of the corpus ([`super::source::read_text`], the walk, the
//! version) serves them from here.

use super::layout::{is_fixture_file, NOT_FIXTURES};
use include_dir::{include_dir, Dir, DirEntry};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

static CORPUS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/fixtures");

/// The name of this crate and its version, as the notice names them.
pub const CRATE: &str = concat!(env!("CARGO_PKG_NAME"), " ", env!("CARGO_PKG_VERSION"));

/// The root of the embedded corpus's paths: `hexodic-harness:fixtures`,
/// a name and not a folder (reports show `hexodic-harness:fixtures/capture/x.yaml`).
pub const ROOT: &str = concat!(env!("CARGO_PKG_NAME"), ":fixtures");

/// The embedded corpus's root, as a path.
pub fn root() -> PathBuf {
    PathBuf::from(ROOT)
}

/// Every embedded file, with its path below the fixtures folder, sorted.
fn files() -> &'static [(&'static Path, &'static [u8])] {
    static FILES: OnceLock<Vec<(&'static Path, &'static [u8])>> = OnceLock::new();
    FILES.get_or_init(|| {
        fn walk(d: &'static Dir<'static>, out: &mut Vec<(&'static Path, &'static [u8])>) {
            for e in d.entries() {
                match e {
                    DirEntry::Dir(sub) => walk(sub, out),
                    DirEntry::File(f) => out.push((f.path(), f.contents())),
                }
            }
        }
        let mut out = Vec::new();
        walk(&CORPUS, &mut out);
        out.sort_by_key(|(p, _)| *p);
        out
    })
}

/// The path of `path` below the embedded root, when it lies there.
fn below_root(path: &Path) -> Option<&Path> {
    path.strip_prefix(ROOT).ok()
}

/// The content of an embedded file, when `path` names one.
pub fn file(path: &Path) -> Option<&'static [u8]> {
    let rel = below_root(path)?;
    files()
        .binary_search_by_key(&rel, |(p, _)| *p)
        .ok()
        .map(|i| files()[i].1)
}

/// Whether `path` names an embedded folder (the root or one below it).
pub fn is_folder(path: &Path) -> bool {
    below_root(path).is_some_and(|rel| {
        rel.as_os_str().is_empty() || files().iter().any(|(p, _)| p.starts_with(rel) && *p != rel)
    })
}

/// Whether `root` is the embedded corpus's root.
pub fn is_embedded(root: &Path) -> bool {
    root == Path::new(ROOT)
}

/// Whether an embedded file path is a fixture (a YAML file outside
/// `setups/` and `schema/`).
fn is_fixture(rel: &Path) -> bool {
    is_fixture_file(rel)
        && !rel
            .components()
            .next()
            .is_some_and(|c| NOT_FIXTURES.iter().any(|n| c.as_os_str() == *n))
}

/// The embedded fixture files below `dir` (the root or a folder below
/// it), as paths below [`ROOT`], sorted.
pub fn fixture_files(dir: &Path) -> Vec<PathBuf> {
    let Some(sub) = below_root(dir) else {
        return Vec::new();
    };
    files()
        .iter()
        .filter(|(p, _)| is_fixture(p) && p.starts_with(sub))
        .map(|(p, _)| root().join(p))
        .collect()
}

/// The embedded files of a folder directly below the root (`setups`), as
/// paths below [`ROOT`].
pub fn files_in(folder: &str) -> Vec<PathBuf> {
    files()
        .iter()
        .filter(|(p, _)| p.parent() == Some(Path::new(folder)))
        .map(|(p, _)| root().join(p))
        .collect()
}

/// How many fixtures the embedded corpus holds.
pub fn fixture_count() -> usize {
    files().iter().filter(|(p, _)| is_fixture(p)).count()
}

/// Write the embedded corpus into the folder `to` (its `fixtures/` folder
/// made there): for a team that wants the files to read or to copy. Each
/// file is written whole; an existing file is replaced.
pub fn export(to: &Path) -> Result<PathBuf, hexodic_io::files::WriteError> {
    let fixtures = to.join("fixtures");
    for (p, bytes) in files() {
        let target = fixtures.join(p);
        if let Some(d) = target.parent() {
            std::fs::create_dir_all(d).map_err(|e| hexodic_io::files::WriteError {
                file: d.to_path_buf(),
                message: hexodic_io::paths::io_words(&e),
            })?;
        }
        hexodic_io::files::write_whole(&target, bytes)?;
    }
    Ok(fixtures)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_corpus_holds_fixtures_setups_schemas_and_traces() {
        let fs = files();
        let has = |suffix: &str| {
            fs.iter()
                .any(|(p, _)| p.to_string_lossy().ends_with(suffix))
        };
        assert!(fixture_count() >= 250, "{}", fixture_count());
        assert!(has("schema/fixture.schema.json"));
        assert!(has("schema/setup.schema.json"));
        assert!(!files_in("setups").is_empty());
        let snaps = fs
            .iter()
            .filter(|(p, _)| p.extension().is_some_and(|e| e == "snap"))
            .count();
        assert_eq!(snaps, fixture_count());
    }

    #[test]
    fn files_are_served_by_their_path_below_the_root() {
        let first = &fixture_files(&root())[0];
        assert!(file(first).is_some_and(|b| !b.is_empty()));
        assert!(file(Path::new("fixtures/capture/nothing.yaml")).is_none());
        assert!(is_folder(&root().join("capture")));
        assert!(!is_folder(first));
        let capture = fixture_files(&root().join("capture"));
        assert!(
            !capture.is_empty()
                && capture
                    .iter()
                    .all(|p| p.starts_with(root().join("capture")))
        );
    }
}
