//! The runner against engines that break rules or lack capabilities.

#![allow(clippy::unwrap_used)] // tests may unwrap

use hexodic_conformance::engine::{Engine, EngineError, EngineInfo, PlayReply, ReferenceEngine};
use hexodic_conformance::load::{load_file, load_files};
use hexodic_conformance::model::Fixture;
use hexodic_conformance::report::{describe_failure, run_all, RunOptions};
use hexodic_conformance::runner::{run_fixture, Verdict};
use std::path::Path;

/// The reference engine with one bug or capability switched off.
struct Faulty {
    inner: ReferenceEngine,
    /// Reject every Place on this cell with `place-occupied`.
    refuse_place: Option<&'static str>,
    /// Report no captures.
    hide_captures: bool,
    /// Claim no capabilities.
    bare: bool,
}

impl Faulty {
    fn new() -> Faulty {
        Faulty {
            inner: ReferenceEngine::new(),
            refuse_place: None,
            hide_captures: false,
            bare: false,
        }
    }
}

impl Engine for Faulty {
    fn info(&self) -> EngineInfo {
        let mut i = self.inner.info();
        i.name = "faulty".into();
        if self.bare {
            i.capabilities = Default::default();
        }
        i
    }
    fn set_position(&mut self, one_line: &str) -> Result<(), EngineError> {
        self.inner.set_position(one_line)
    }
    fn play(&mut self, turn: &str) -> Result<PlayReply, EngineError> {
        if let Some(c) = self.refuse_place {
            if turn.split(' ').next() == Some(c) {
                return Ok(PlayReply::Illegal {
                    codes: vec!["place-occupied".into()],
                });
            }
        }
        let mut r = self.inner.play(turn)?;
        if self.hide_captures {
            if let PlayReply::Legal {
                captured, kinds, ..
            } = &mut r
            {
                captured.clear();
                *kinds = None;
            }
        }
        Ok(r)
    }
    fn legal_turns(&mut self) -> Result<Vec<String>, EngineError> {
        if self.bare {
            return Err(EngineError::Unsupported("legal_turns"));
        }
        self.inner.legal_turns()
    }
    fn perft(&mut self, depth: u32) -> Result<u64, EngineError> {
        if self.bare {
            return Err(EngineError::Unsupported("perft"));
        }
        self.inner.perft(depth)
    }
}

fn examples() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

fn example(name: &str) -> Fixture {
    let root = examples();
    load_file(&root, &root.join(format!("examples/{name}.yaml"))).unwrap()
}

#[test]
fn reference_engine_passes_the_examples_in_all_variants() {
    let fx = example("include-closes-ring");
    let r = run_fixture(&mut ReferenceEngine::new(), &fx);
    assert_eq!(r.verdict, Verdict::Pass);
    assert_eq!(r.variants_run, 24);
    let fx = example("cell-names-identity");
    let r = run_fixture(&mut ReferenceEngine::new(), &fx);
    assert_eq!((r.verdict, r.variants_run), (Verdict::Pass, 1));
}

#[test]
fn hidden_captures_fail_with_step_line_and_diagrams() {
    let fx = example("include-closes-ring");
    let mut e = Faulty::new();
    e.hide_captures = true;
    let r = run_fixture(&mut e, &fx);
    let Verdict::Fail(f) = &r.verdict else {
        panic!("{:?}", r.verdict)
    };
    assert_eq!((f.step, f.line, f.what.as_str()), (1, 13, "captured"));
    assert_eq!(f.variant.to_string(), "r0");
    assert_eq!((f.expected.as_str(), f.actual.as_str()), ("[d4]", "[]"));
    let text = describe_failure(&fx, f);
    assert!(
        text.contains("FAIL examples/include-closes-ring [r0] (documented: C1, C3)"),
        "{text}"
    );
    assert!(
        text.contains("include-closes-ring.yaml:13: step 1 `c4 +c4`"),
        "{text}"
    );
    assert!(text.contains("d .   .   x1  o1  x1  .   ."), "{text}");
}

#[test]
fn an_asymmetric_bug_is_found_in_a_variant() {
    // The identity plays c4; some variant maps it to e5, which this engine refuses.
    let fx = example("include-closes-ring");
    let mut e = Faulty::new();
    e.refuse_place = Some("e5");
    let r = run_fixture(&mut e, &fx);
    let Verdict::Fail(f) = &r.verdict else {
        panic!("{:?}", r.verdict)
    };
    assert_ne!(f.variant.to_string(), "r0");
    assert_eq!((f.step, f.what.as_str()), (1, "verdict"));
    assert!(
        f.turn
            .as_deref()
            .unwrap_or("")
            .starts_with("e5 +e5 (written `c4 +c4`)"),
        "{f:?}"
    );
}

#[test]
fn wrong_reason_codes_fail() {
    let fx = example("illegal-then-legal");
    let mut e = Faulty::new();
    e.refuse_place = Some("d4");
    let r = run_fixture(&mut e, &fx);
    let Verdict::Fail(f) = &r.verdict else {
        panic!("{:?}", r.verdict)
    };
    assert_eq!((f.step, f.what.as_str()), (1, "reason codes"));
}

#[test]
fn missing_capabilities_skip_never_pass_or_fail() {
    let mut e = Faulty::new();
    e.bare = true;
    let r = run_fixture(&mut e, &example("perft-start"));
    let Verdict::Skipped(why) = &r.verdict else {
        panic!("{:?}", r.verdict)
    };
    assert!(
        why.contains("legal_turns") && why.contains("perft"),
        "{why}"
    );
    // A fixture that needs no capability still passes.
    let r = run_fixture(&mut e, &example("cell-names-identity"));
    assert_eq!(r.verdict, Verdict::Pass);
}

#[test]
fn summary_separates_documented_failures_from_rulings() {
    let root = examples();
    let files: Vec<_> = ["include-closes-ring", "perft-start", "invalid-stone-count"]
        .iter()
        .map(|n| root.join(format!("examples/{n}.yaml")))
        .collect();
    let corpus = load_files(&root, &files);
    assert!(corpus.errors.is_empty(), "{:?}", corpus.errors);
    let mut e = Faulty::new();
    e.hide_captures = true;
    let mut out = String::new();
    let (sum, _) = run_all(
        &mut e,
        &corpus.fixtures,
        &[],
        &RunOptions::default(),
        &mut out,
    );
    assert_eq!(
        (sum.failed_documented, sum.failed_ruling, sum.passed),
        (1, 0, 2),
        "{out}"
    );
    assert_eq!(sum.exit_code(), 1);
}

#[test]
fn invalid_setups_need_the_exact_fault_codes() {
    let fx = example("invalid-stone-count");
    let r = run_fixture(&mut ReferenceEngine::new(), &fx);
    assert_eq!(r.verdict, Verdict::Pass);
    assert_eq!(r.trace.invalid, Some(vec!["stone-count".to_owned()]));
    let mut wrong = fx.clone();
    wrong.invalid = Some(vec!["tier-sum".into()]);
    let r = run_fixture(&mut ReferenceEngine::new(), &wrong);
    assert!(matches!(r.verdict, Verdict::Fail(_)), "{:?}", r.verdict);
}
