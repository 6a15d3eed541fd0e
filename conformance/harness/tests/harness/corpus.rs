//! The whole fixture corpus against the reference engine: every fixture
//! loads and passes under all its variants, compared with its golden trace,
//! and each golden trace (`fixtures/<area>/<name>.snap`) is the reference's
//! as an insta snapshot, so `cargo insta review` reviews changes.
//!
//! The corpus through the engine protocol, against the reference's own
//! `serve`, is the command line's test (docs/mutants.md measures what these
//! tests catch).
//!
//! New or changed fixtures: `hexodic-conformance bless` writes the traces
//! (or `INSTA_UPDATE=always cargo test -p hexodic-harness --test harness
//! corpus::`, or `cargo insta test --accept`); review them before committing.

use crate::common::fixtures as root;
use hexodic_harness::corpus::{load_corpus, trace, trace_path, Trace};
use hexodic_harness::engine::{InProcess, ReferenceEngine};
use hexodic_harness::report::Status;
use hexodic_harness::run::{run_corpus, RunOptions};
use hexodic_io::paths::shown;
use hexodic_printer::text::{text, TextOptions};

#[test]
fn corpus_passes_against_its_golden_traces() {
    let corpus = load_corpus(&root());
    let errors: Vec<String> = corpus.errors.iter().map(|e| e.to_string()).collect();
    assert!(
        errors.is_empty(),
        "fixtures that do not load:\n{}",
        errors.join("\n")
    );
    assert!(corpus.fixtures.len() >= 250);
    let opts = RunOptions::default();
    assert!(opts.settings.traces, "the golden traces are compared");
    let report = run_corpus(
        &mut InProcess::new(ReferenceEngine::new()),
        &corpus,
        &opts,
        &mut |_| {},
    )
    .report;
    let text = text(&report, &TextOptions::default());
    assert_eq!(report.summary.rule_failures(), 0, "{text}");
    assert_eq!(
        report.summary.skipped, 0,
        "the reference has every capability:\n{text}"
    );
    assert_eq!(
        report.summary.without_trace, 0,
        "fixtures without a trace:\n{text}"
    );
    assert!(report.errors.is_empty(), "{text}");
    assert_eq!(report.results.len(), corpus.fixtures.len());
    assert!(report.results.iter().all(|r| r.status == Status::Pass));
}

#[test]
fn golden_traces_are_the_references() {
    let corpus = load_corpus(&root());
    // insta prints each difference; silence the panic message that follows
    // it, on this test's thread only (the other tests of the binary run
    // beside it and keep theirs).
    let previous = std::sync::Arc::new(std::panic::take_hook());
    let this = std::thread::current().id();
    let others = std::sync::Arc::clone(&previous);
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().id() != this {
            others(info);
        }
    }));
    let mut mismatched = Vec::new();
    for fx in &corpus.fixtures {
        let body = Trace::record(fx).render();
        let path = trace_path(&fx.file);
        let dir = path.parent().unwrap().to_path_buf();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let ok = std::panic::catch_unwind(|| {
            let mut settings = insta::Settings::clone_current();
            settings.set_snapshot_path(dir);
            settings.set_prepend_module_to_snapshot(false);
            settings.set_omit_expression(true);
            settings.bind(|| insta::assert_snapshot!(name.as_str(), body));
        });
        if ok.is_err() {
            mismatched.push(fx.id.clone());
        }
    }
    drop(std::panic::take_hook());
    std::panic::set_hook(Box::new(move |info| previous(info)));
    assert!(
        mismatched.is_empty(),
        "golden traces differ from the reference (new or changed fixtures? run \
         `hexodic-conformance bless` or `cargo insta review`): {}",
        mismatched.join(", ")
    );
}

#[test]
fn every_trace_file_belongs_to_a_fixture_and_reads_back() {
    let corpus = load_corpus(&root());
    let mut stack = vec![root()];
    let mut traces = 0;
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "snap") {
                traces += 1;
                let fx = corpus.fixtures.iter().find(|f| trace_path(&f.file) == p);
                let fx = fx.unwrap_or_else(|| panic!("{} has no fixture: delete it", shown(&p)));
                let t = trace::read(&p).unwrap().unwrap();
                // Compared as traces, shown as their text: a difference reads
                // like the trace files themselves, never as a struct dump.
                let now = Trace::record(fx);
                assert!(
                    t == now,
                    "{}: not what the reference records now ({}); \
                     `hexodic-conformance bless --check {}` shows the difference\n\
                     the file reads back as:\n{}\nthe reference records:\n{}",
                    shown(&p),
                    fx.id,
                    fx.id,
                    t.render(),
                    now.render()
                );
            }
        }
    }
    assert_eq!(traces, corpus.fixtures.len());
}
