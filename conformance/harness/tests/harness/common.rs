//! What the tests share: the repository's fixtures folder, a corpus written
//! into a temporary folder, and the words of Rust and its libraries that no
//! message may hold.

use hexodic_harness::corpus::{load_corpus, Corpus};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// The repository's root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The repository's fixtures folder.
pub fn fixtures() -> PathBuf {
    repo_root().join("fixtures")
}

/// Words of Rust and of the readers every message check refuses; each
/// test module adds the words of its own readers.
pub const RUST_WORDS: [&str; 10] = [
    "Some(",
    "None",
    "::",
    "u8",
    "u16",
    "u32",
    "u64",
    "usize",
    "i64",
    "invalid type",
];

/// Assert `msg` holds none of [`RUST_WORDS`] and none of `more`.
pub fn assert_no_words(what: &str, msg: &str, more: &[&str]) {
    for w in RUST_WORDS.iter().chain(more) {
        assert!(!msg.contains(w), "{what}: `{w}` in the message: {msg}");
    }
}

/// A corpus folder (`fixtures`) inside a temporary folder, removed when
/// dropped.
pub struct TempCorpus {
    _dir: TempDir,
    root: PathBuf,
}

impl TempCorpus {
    /// An empty corpus folder.
    pub fn new() -> TempCorpus {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("fixtures");
        std::fs::create_dir_all(&root).unwrap();
        TempCorpus { _dir: dir, root }
    }

    /// The corpus folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Write `bytes` to `rel` in the corpus, making its folders; the file's path.
    pub fn write(&self, rel: &str, bytes: &[u8]) -> PathBuf {
        let p = self.root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, bytes).unwrap();
        p
    }

    /// The corpus, loaded.
    pub fn load(&self) -> Corpus {
        load_corpus(&self.root)
    }
}
