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
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for f in &corpus.fixtures {
        files.push(f.file.clone());
        files.push(trace_path(&f.file));
    }
    if let Ok(rd) = std::fs::read_dir(corpus.root.join("setups")) {
        files.extend(rd.flatten().map(|e| e.path()));
    }
    let mut items: Vec<(String, Vec<u8>)> = files
        .iter()
        .filter(|p| p.is_file())
        .map(|p| {
            let rel = p.strip_prefix(&corpus.root).unwrap_or(p);
            (
                rel.display().to_string(),
                std::fs::read(p).unwrap_or_default(),
            )
        })
        .collect();
    items.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (name, bytes) in &items {
        fnv(&mut h, name.as_bytes());
        fnv(&mut h, bytes);
    }
    format!("{}-fixtures-{h:016x}", corpus.fixtures.len())
}
