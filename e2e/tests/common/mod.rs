//! What the end-to-end tests share: the binaries, the corpus, runs.
#![allow(dead_code, clippy::unwrap_used)]

use hexodic_conformance::corpus::{load_corpus, Corpus};
use hexodic_conformance::engine::Engine;
use hexodic_conformance::run::{run_corpus, RunOptions, RunReport};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The test engine binary.
pub const TEST_ENGINE: &str = env!("CARGO_BIN_EXE_hexodic-test-engine");

/// The shipped corpus.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

/// The shipped corpus, loaded.
pub fn corpus() -> Corpus {
    let c = load_corpus(&fixtures());
    assert!(c.errors.is_empty());
    c
}

/// The harness binary, built beside the tests by `cargo test --workspace`.
pub fn harness() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().and_then(Path::parent).unwrap();
    let bin = dir.join(format!(
        "hexodic-conformance{}",
        std::env::consts::EXE_SUFFIX
    ));
    assert!(
        bin.is_file(),
        "{} is missing: build it first (`cargo test --workspace` or `cargo build -p hexodic-conformance`)",
        bin.display()
    );
    bin
}

/// A test engine command line.
pub fn engine_cmd(args: &str) -> String {
    format!("{TEST_ENGINE} {args}")
}

/// Run the harness with arguments in `dir`.
pub fn harness_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(harness())
        .args(args)
        .current_dir(dir)
        .env_remove("GITHUB_ACTIONS")
        .output()
        .unwrap()
}

/// Run the whole corpus in process against `engine`, with the golden traces.
pub fn run_all(engine: &mut dyn Engine) -> RunReport {
    let opts = RunOptions {
        traces: true,
        ..RunOptions::default()
    };
    run_corpus(engine, &corpus(), &opts, &mut |_| {})
}

/// Text that must not appear in any output: Rust Debug formatting.
pub const DEBUG_MARKS: [&str; 6] = [
    "Some(",
    "None)",
    "TraceStep {",
    "{ ..",
    "Setup {",
    "ReasonSet(",
];

/// Assert no Debug formatting in `text`.
pub fn assert_no_debug(what: &str, text: &str) {
    for m in DEBUG_MARKS {
        assert!(!text.contains(m), "{what} holds `{m}`:\n{text}");
    }
}
