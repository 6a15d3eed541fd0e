//! An engine under test against the reference, turn by turn, every answer
//! judged by the harness's oracle (verdicts, V2 reason codes, captures by
//! kind, positions field by field, legal lists).
//!
//! The engine is the command in `HEXODIC_ENGINE`, started once and spoken to
//! through the stdio protocol (`conformance/PROTOCOL.md`), for example
//! `HEXODIC_ENGINE="../target/release/hexodic-conformance serve"`. Without
//! it the in-process reference engine plays both sides (a self-test of the
//! harness).
#![no_main]

use hexodic_engine::{Engine, ExternalEngine, ProcessOptions, ReferenceEngine};
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use std::time::Duration;

fn open() -> Box<dyn Engine> {
    match std::env::var("HEXODIC_ENGINE") {
        Ok(cmd) if !cmd.trim().is_empty() => {
            let options = ProcessOptions::default().with_timeout(Duration::from_secs(10));
            match ExternalEngine::start(&cmd, options) {
                Ok(engine) => Box::new(engine),
                Err(e) => panic!("cannot start the engine `{cmd}`: {e}"),
            }
        }
        _ => Box::new(ReferenceEngine::new()),
    }
}

thread_local! {
    static ENGINE: RefCell<Box<dyn Engine>> = RefCell::new(open());
}

fuzz_target!(|data: &[u8]| {
    ENGINE.with(|engine| {
        let mut engine = engine.borrow_mut();
        if let Err(failure) = hexodic_fuzzing::differential(engine.as_mut(), data) {
            panic!("{failure}");
        }
    });
});
