//! The whole fixture corpus against the reference engine: every fixture
//! loads and passes under all its variants, and each fixture's trace (the
//! identity variant) matches its insta snapshot in `tests/snapshots/`.
//!
//! New or changed fixtures: `cargo insta test -p hexodic-conformance --test
//! corpus --accept` (or `INSTA_UPDATE=always cargo test ...`) writes the
//! snapshots; review them before committing.

#![allow(clippy::unwrap_used)] // tests may unwrap

use hexodic_conformance::engine::ReferenceEngine;
use hexodic_conformance::load::load_corpus;
use hexodic_conformance::report::{run_all, RunOptions};
use hexodic_conformance::runner::Verdict;
use hexodic_conformance::snapshot::{read_snap, snap_name, snap_path, SNAP_PREFIX};
use std::collections::HashSet;
use std::path::Path;

#[test]
fn corpus_passes_and_matches_snapshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
    let snaps = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let corpus = load_corpus(&root);
    let errors: Vec<String> = corpus.errors.iter().map(|e| e.to_string()).collect();
    assert!(
        errors.is_empty(),
        "fixtures that do not load:\n{}",
        errors.join("\n")
    );
    assert!(!corpus.fixtures.is_empty());

    let mut engine = ReferenceEngine::new();
    let mut out = String::new();
    let (sum, results) = run_all(
        &mut engine,
        &corpus.fixtures,
        &[],
        &RunOptions::default(),
        &mut out,
    );
    assert_eq!(sum.failed(), 0, "failing fixtures:\n{out}");
    assert_eq!(
        sum.skipped, 0,
        "the reference engine has every capability:\n{out}"
    );
    assert_eq!(sum.passed, corpus.fixtures.len());

    // Every trace against its snapshot, through insta (so that `cargo insta`
    // can review and accept changes); all mismatches are reported together.
    let mut mismatched = Vec::new();
    // insta prints each difference; silence the panic message that follows it.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for (fx, r) in corpus.fixtures.iter().zip(&results) {
        assert_eq!(r.verdict, Verdict::Pass);
        let text = r.trace.render();
        let name = fx.id.clone();
        let ok = std::panic::catch_unwind(|| {
            let mut settings = insta::Settings::clone_current();
            settings.set_omit_expression(true);
            settings.set_info(&format!("fixture {}", fx.id));
            settings.bind(|| insta::assert_snapshot!(name.as_str(), text));
        });
        if ok.is_err() {
            mismatched.push(fx.id.clone());
        }
    }
    std::panic::set_hook(hook);
    assert!(
        mismatched.is_empty(),
        "traces differ from snapshots (new or changed fixtures? review and accept with \
         `cargo insta test -p hexodic-conformance --test corpus --review`): {mismatched:?}"
    );

    // The runner reads the same files without cargo and finds no difference.
    for (fx, r) in corpus.fixtures.iter().zip(&results) {
        let expected = read_snap(&snap_path(&snaps, &fx.id)).unwrap();
        assert_eq!(expected.diff(&r.trace), None, "{}", fx.id);
        assert_eq!(expected, r.trace, "{}", fx.id);
    }

    // No snapshot outlives its fixture (as `--unreferenced=reject` would say).
    let ids: HashSet<String> = corpus.fixtures.iter().map(|f| snap_name(&f.id)).collect();
    for e in std::fs::read_dir(&snaps).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if let Some(stem) = name
            .strip_prefix(SNAP_PREFIX)
            .and_then(|n| n.strip_suffix(".snap"))
        {
            assert!(
                ids.contains(stem),
                "snapshot {name} has no fixture: delete it"
            );
        }
    }
}
