//! The HTML report's size when every fixture fails: an engine that gets
//! every answer a little wrong (one half-move too many after each legal
//! turn, the last legal turn left out of its lists, invalid positions
//! accepted) fails the whole corpus, and its report, which draws the boards
//! of the first fixtures of each cause and one line for the rest, stays
//! under 2 MB.

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may unwrap

mod common;

use hexodic_conformance::engine::InProcess;
use hexodic_conformance::engine::{
    Engine, EngineInfo, EngineResult, PlayReply, PositionReply, ReferenceEngine,
};
use hexodic_conformance::report::html;
use hexodic_conformance::run::{run_corpus, RunOptions};
use hexodic_rules::{Setup, Turn};

/// The most an HTML report may weigh, whatever fails.
const MAX_REPORT_BYTES: usize = 2 * 1024 * 1024;

/// The reference, every answer a little wrong.
struct WrongEverywhere(ReferenceEngine);

impl Engine for WrongEverywhere {
    fn info(&self) -> EngineInfo {
        let mut info = self.0.info();
        info.name = "wrong-everywhere".into();
        info
    }

    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        self.0.set_position(position)?;
        Ok(PositionReply::Accepted)
    }

    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        Ok(match self.0.play(turn)? {
            PlayReply::Legal(mut played) => {
                played.position.half_moves += 1;
                PlayReply::Legal(played)
            }
            illegal => illegal,
        })
    }

    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        let mut turns = self.0.legal_turns()?;
        turns.pop();
        Ok(turns)
    }
}

#[test]
fn a_report_of_every_fixture_failing_stays_under_2_mb() {
    let corpus = common::corpus();
    let mut engine = WrongEverywhere(ReferenceEngine::new());
    let opts = RunOptions {
        traces: true,
        ..RunOptions::default()
    };
    let report = run_corpus(
        &mut InProcess::new(&mut engine),
        &corpus,
        &opts,
        &mut |_| {},
    );
    let fixtures = report.results.len();
    let failed = report.summary.failed();
    assert!(
        failed * 100 >= fixtures * 95,
        "only {failed} of {fixtures} fixtures fail"
    );
    let page_opts = html::PageOptions {
        catalogue: Some(html::CatalogueUrl::parse("site").unwrap()),
        date: None,
    };
    let page = html::report_with(&report, &page_opts);
    eprintln!(
        "{failed} of {fixtures} fixtures failing in {} root causes: {} bytes, {} boards",
        report.root_causes.len(),
        page.len(),
        page.matches("<svg").count()
    );
    assert!(
        page.len() < MAX_REPORT_BYTES,
        "{} bytes with {failed} fixtures failing",
        page.len()
    );
    // The first fixtures of each cause are drawn in full, at most
    // MAX_FULL of them.
    let drawn = page.matches("<section class=\"fixture\"").count();
    assert!((1..=html::MAX_FULL).contains(&drawn), "{drawn} drawn");
    // Every failing fixture links to its failing step on its catalogue page.
    for r in report.results.iter() {
        let Some(f) = r.failure() else { continue };
        let url = page_opts.catalogue.as_ref().unwrap();
        let href = format!("href=\"{}\"", url.fixture_step(&r.id, f.cause.step));
        assert!(page.contains(&href), "{} is not linked", r.id);
    }
}
