//! The corpus embedded in this crate at build time: every fixture, shared
//! setup, schema and golden trace of the package's `fixtures/` folder.
//!
//! The loader reads real files (errors point into them, traces lie beside
//! their fixtures), so the embedded corpus is written out once into a cache
//! folder named by its content hash,
//! `$XDG_CACHE_HOME/hexodic-conformance/corpus-<hash>/fixtures` (else
//! `~/.cache/...`, else the temporary folder). It is written into a
//! temporary sibling and renamed into place, so a reader never sees half a
//! corpus, and reused while it is there and complete.

use super::source::{is_fixture_file, NOT_FIXTURES};
use hexodic_io::paths;
use hexodic_io::paths::io_words;
use include_dir::{include_dir, Dir, DirEntry};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

static CORPUS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/fixtures");

/// The file that marks a written-out corpus as complete (beside its
/// `fixtures/` folder, written last).
const COMPLETE: &str = "complete";

/// The name of this crate and its version, as the notice names them.
pub const CRATE: &str = concat!(env!("CARGO_PKG_NAME"), " ", env!("CARGO_PKG_VERSION"));

/// Why the embedded corpus could not be written out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot write the corpus embedded in {CRATE} to {}: {message}", paths::shown(.folder))]
pub struct EmbeddedError {
    /// The folder it was being written to.
    pub folder: PathBuf,
    /// What went wrong.
    pub message: String,
}

fn files() -> Vec<(&'static Path, &'static [u8])> {
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
}

/// The embedded files, each with its path below the fixtures folder.
pub fn file_count() -> usize {
    files().len()
}

/// How many fixtures the embedded corpus holds (YAML files outside
/// `setups/` and `schema/`).
pub fn fixture_count() -> usize {
    files()
        .iter()
        .filter(|(p, _)| is_fixture_file(p))
        .filter(|(p, _)| {
            !p.components()
                .next()
                .is_some_and(|c| NOT_FIXTURES.iter().any(|n| c.as_os_str() == *n))
        })
        .count()
}

/// A hash of every embedded file's path and content, 16 hexadecimal digits:
/// the name of its cache folder.
pub fn content_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for (p, bytes) in files() {
            for b in p
                .to_string_lossy()
                .as_bytes()
                .iter()
                .chain([0u8].iter())
                .chain(bytes.iter())
                .chain([0u8].iter())
            {
                h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        format!("{h:016x}")
    })
}

/// The version of the embedded corpus, as a run's reports give it
/// ([`crate::corpus::corpus_version`] of the corpus once loaded): a hash of
/// its fixtures, their golden traces and the shared setups.
pub fn corpus_version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let all = files();
        let is_fixture = |p: &Path| {
            is_fixture_file(p)
                && !p
                    .components()
                    .next()
                    .is_some_and(|c| NOT_FIXTURES.iter().any(|n| c.as_os_str() == *n))
        };
        let mut items: Vec<(String, &[u8])> = Vec::new();
        for (p, bytes) in &all {
            let decides = is_fixture(p)
                || p.parent() == Some(Path::new("setups"))
                || p.extension().is_some_and(|e| e == "snap")
                    && all
                        .iter()
                        .any(|(f, _)| is_fixture(f) && super::trace::trace_path(f) == *p);
            if decides {
                items.push((p.display().to_string(), bytes));
            }
        }
        items.sort();
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for (name, bytes) in &items {
            for part in [name.as_bytes(), bytes] {
                for b in part.iter().chain([0u8].iter()) {
                    h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
                }
            }
        }
        format!("{}-fixtures-{h:016x}", fixture_count())
    })
}

/// The cache folder: `$XDG_CACHE_HOME`, else `~/.cache`, else the
/// temporary folder.
pub fn cache_base() -> PathBuf {
    let env = |k: &str| {
        std::env::var_os(k)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    env("XDG_CACHE_HOME")
        .or_else(|| env("HOME").map(|h| h.join(".cache")))
        .unwrap_or_else(std::env::temp_dir)
}

/// The fixtures folder the embedded corpus is written to below `base`.
pub fn folder_in(base: &Path) -> PathBuf {
    base.join("hexodic-conformance")
        .join(format!("corpus-{}", content_hash()))
        .join("fixtures")
}

/// Whether `root` is a written-out embedded corpus (of this build, in any
/// cache folder).
pub fn is_embedded(root: &Path) -> bool {
    let want = format!("corpus-{}", content_hash());
    let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    root.file_name().is_some_and(|n| n == "fixtures")
        && root
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|n| *n == *want)
        && root.parent().is_some_and(|p| p.join(COMPLETE).is_file())
}

/// The embedded corpus as files in the cache folder ([`cache_base`]),
/// written out on first use: its fixtures folder.
pub fn materialise() -> Result<PathBuf, EmbeddedError> {
    materialise_in(&cache_base())
}

/// The embedded corpus as files below `base`: its fixtures folder,
/// written out when it is not there complete, atomically (into a temporary
/// sibling, then renamed into place).
pub fn materialise_in(base: &Path) -> Result<PathBuf, EmbeddedError> {
    let fixtures = folder_in(base);
    let Some(home) = fixtures.parent().map(Path::to_path_buf) else {
        return Err(EmbeddedError {
            folder: fixtures,
            message: "no parent folder".into(),
        });
    };
    if home.join(COMPLETE).is_file() {
        return Ok(fixtures);
    }
    let err = |folder: &Path, e: &std::io::Error| EmbeddedError {
        folder: folder.to_path_buf(),
        message: io_words(e),
    };
    let parent = home.parent().unwrap_or(base);
    std::fs::create_dir_all(parent).map_err(|e| err(parent, &e))?;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let tmp = parent.join(format!(
        ".corpus-{}.{}-{nanos}.tmp",
        content_hash(),
        std::process::id()
    ));
    let written = write_all(&tmp).map_err(|e| err(&tmp, &e));
    if let Err(e) = written {
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(e);
    }
    if home.exists() && !home.join(COMPLETE).is_file() {
        // An incomplete folder from an older writer: make way.
        let _ = std::fs::remove_dir_all(&home);
    }
    let renamed = std::fs::rename(&tmp, &home);
    if renamed.is_err() || !home.join(COMPLETE).is_file() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    match home.join(COMPLETE).is_file() {
        // Another process may have won the race: its copy is as good.
        true => Ok(fixtures),
        false => Err(match renamed {
            Err(e) => err(&home, &e),
            Ok(()) => EmbeddedError {
                folder: home,
                message: "the written corpus is incomplete".into(),
            },
        }),
    }
}

/// Every embedded file below `tmp/fixtures`, then the completeness mark.
fn write_all(tmp: &Path) -> std::io::Result<()> {
    let root = tmp.join("fixtures");
    std::fs::create_dir_all(&root)?;
    for (p, bytes) in files() {
        let to = root.join(p);
        if let Some(d) = to.parent() {
            std::fs::create_dir_all(d)?;
        }
        std::fs::write(&to, bytes)?;
    }
    std::fs::write(tmp.join(COMPLETE), content_hash())
}

/// What the harness says on standard error when it falls back to the
/// embedded corpus: `using the corpus embedded in hexodic-conformance 0.1.0
/// (252 fixtures, version 252-fixtures-0123456789abcdef)`.
pub fn notice() -> String {
    format!(
        "using the corpus embedded in {CRATE} ({} fixtures, version {})",
        fixture_count(),
        corpus_version()
    )
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
        assert!(fs.iter().any(|(p, _)| p.starts_with("setups")));
        let snaps = fs
            .iter()
            .filter(|(p, _)| p.extension().is_some_and(|e| e == "snap"))
            .count();
        assert_eq!(snaps, fixture_count());
        assert_eq!(content_hash().len(), 16);
    }

    #[test]
    fn writing_out_is_atomic_and_reused() {
        let base = std::env::temp_dir().join(format!("hexodic-embedded-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let root = materialise_in(&base).unwrap();
        assert!(root.join("schema/fixture.schema.json").is_file());
        assert!(is_embedded(&root));
        let loaded = super::super::load_corpus(&root);
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        assert_eq!(loaded.fixtures.len(), fixture_count());
        assert_eq!(super::super::corpus_version(&loaded), corpus_version());
        // No temporary sibling is left behind.
        let left: Vec<_> = std::fs::read_dir(base.join("hexodic-conformance"))
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(left, [format!("corpus-{}", content_hash())]);
        // A second call reuses the folder: a file changed there survives.
        let marker = root.join("README.md");
        std::fs::write(&marker, "kept").unwrap();
        assert_eq!(materialise_in(&base).unwrap(), root);
        assert_eq!(std::fs::read_to_string(&marker).unwrap(), "kept");
        // An incomplete folder (no completeness mark) is written anew.
        std::fs::remove_file(root.parent().unwrap().join(COMPLETE)).unwrap();
        assert!(!is_embedded(&root));
        assert_eq!(materialise_in(&base).unwrap(), root);
        assert_ne!(std::fs::read_to_string(&marker).unwrap(), "kept");
        assert!(is_embedded(&root));
        std::fs::remove_dir_all(&base).unwrap();
    }
}
