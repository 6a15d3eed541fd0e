//! The version of a corpus: a hash of every file that decides a result.

use super::embedded::{self, CRATE};
use super::source::{is_file, read_bounded, MAX_FILE_BYTES};
use super::trace::trace_path;
use super::walk::fixture_files;
use std::sync::OnceLock;

fn fnv(h: &mut u64, bytes: &[u8]) {
    for b in bytes.iter().chain([0u8].iter()) {
        *h = (*h ^ *b as u64).wrapping_mul(0x0100_0000_01b3);
    }
}

/// The version of the corpus folder `root` as a whole (every fixture file
/// in it, whatever a run selects), and the number of fixtures it holds:
/// the version every report of a run of that folder names.
pub fn folder_version(root: &std::path::Path) -> (String, usize) {
    let files = fixture_files(root, root);
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
    if embedded::is_embedded(root) {
        files.extend(embedded::files_in("setups"));
    } else if let Ok(rd) = std::fs::read_dir(root.join("setups")) {
        files.extend(rd.flatten().map(|e| e.path()));
    }
    let mut items: Vec<(String, Vec<u8>)> = files
        .iter()
        .filter(|p| is_file(p))
        .map(|p| {
            let rel = p.strip_prefix(root).unwrap_or(p);
            let bytes = read_bounded(p, MAX_FILE_BYTES * 64).unwrap_or_default();
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

/// The version of the corpus embedded in the harness, as a run's reports
/// give it (the version of its folder, [`folder_version`]).
pub fn embedded_version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| folder_version(&embedded::root()).0)
}

/// What the harness says on standard error when it uses the embedded
/// corpus: `using the corpus embedded in hexodic-harness 0.1.0 (257
/// fixtures, version 257-fixtures-0123456789abcdef)`.
pub fn embedded_notice() -> String {
    format!(
        "using the corpus embedded in {CRATE} ({} fixtures, version {})",
        embedded::fixture_count(),
        embedded_version()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_export_holds_every_file_and_loads_as_the_same_corpus() {
        let dir = tempfile::tempdir().unwrap();
        let out = embedded::export(dir.path()).unwrap();
        let loaded = super::super::load_corpus(&out);
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        assert_eq!(loaded.fixtures.len(), embedded::fixture_count());
        assert_eq!(loaded.version, embedded_version());
        assert!(embedded_notice().contains(embedded_version()));
    }
}
