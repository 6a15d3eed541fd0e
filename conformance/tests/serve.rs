//! The corpus as an engine author runs it: `run --engine` against the
//! reference's own `serve`, so that everything the protocol carries as text
//! is pinned too (positions in the one-line notation, turns in the turn
//! notation, reason and fault codes, results), not only the rules.
//!
//! A test binary of its own, apart from the command line's `cli` tests: with
//! `hexodic-harness`'s `--test harness corpus::` it is the corpus alone, as
//! `fuzz/corpus-mutants.sh` runs it against every mutant of the reference.
#![allow(clippy::unwrap_used)] // tests may unwrap

use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_hexodic-conformance");

#[test]
fn corpus_passes_through_the_protocol_against_serve() {
    let out = Command::new(BIN)
        .args(["run", "--color", "never", "--fixtures"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures"))
        .args(["--engine", &format!("'{BIN}' serve")])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the corpus through the protocol (exit {:?}):\n{text}{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains(" passed, 0 failed"), "{text}");
}
