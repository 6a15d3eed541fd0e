//! The version of a corpus: a hash of every file that decides a result.

use super::{trace_path, Corpus};

fn fnv(h: &mut u64, bytes: &[u8]) {
    for b in bytes.iter().chain([0u8].iter()) {
        *h = (*h ^ *b as u64).wrapping_mul(0x0100_0000_01b3);
    }
}

/// A stable version of a corpus: a hash of every file that decides a
/// result (the fixtures, the shared setups and the golden traces).
pub fn corpus_version(corpus: &Corpus) -> String {
    let files: Vec<std::path::PathBuf> = corpus.fixtures.iter().map(|f| f.file.clone()).collect();
    version_of(&corpus.root, &files)
}

/// The version of the corpus folder `root` as a whole (every fixture file
/// in it, whatever a run selects), and the number of fixtures it holds:
/// the version every report of a run of that folder names.
pub fn folder_version(root: &std::path::Path) -> (String, usize) {
    let files = super::load::fixture_files(root, root);
    (version_of(root, &files), files.len())
}

/// The hash of the fixture files `fixtures` below `root`, their traces and
/// the shared setups.
fn version_of(root: &std::path::Path, fixtures: &[std::path::PathBuf]) -> String {
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for f in fixtures {
        files.push(f.clone());
        files.push(trace_path(f));
    }
    if super::embedded::is_embedded(root) {
        files.extend(super::embedded::files_in("setups"));
    } else if let Ok(rd) = std::fs::read_dir(root.join("setups")) {
        files.extend(rd.flatten().map(|e| e.path()));
    }
    let mut items: Vec<(String, Vec<u8>)> = files
        .iter()
        .filter(|p| super::source::is_file(p))
        .map(|p| {
            let rel = p.strip_prefix(root).unwrap_or(p);
            let bytes = super::source::read_bounded(p, super::source::MAX_FILE_BYTES * 64)
                .unwrap_or_default();
            (rel.display().to_string(), bytes)
        })
        .collect();
    items.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (name, bytes) in &items {
        fnv(&mut h, name.as_bytes());
        fnv(&mut h, bytes);
    }
    format!("{}-fixtures-{h:016x}", fixtures.len())
}
