//! The HTML report's size when every fixture fails: an engine that gets
//! every answer a little wrong (one half-move too many after each legal
//! turn, the last legal turn left out of its lists, invalid positions
//! accepted) fails the whole corpus, and its report, which draws the boards
//! of the first fixtures of each cause and one line for the rest, stays
//! under 2 MB.

use hexodic_engine::{Engine, EngineInfo, EngineResult, PlayReply, PositionReply, ReferenceEngine};
use hexodic_html::catalogue::fixture_page_path;
use hexodic_html::{report, CatalogueUrl, PageOptions};
use hexodic_rules::{Setup, Turn};

/// The most an HTML report may weigh, whatever fails.
const MAX_REPORT_BYTES: usize = 2 * 1024 * 1024;

/// The most failing fixtures a report draws in full (the HTML report's
/// `MAX_FULL`, private to `hexodic-html`).
const MAX_FULL: usize = 40;

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
    let corpus = crate::common::corpus();
    let mut engine = WrongEverywhere(ReferenceEngine::new());
    let run = crate::common::run_in_process(&mut engine, &corpus);
    let fixtures = run.results.len();
    let failed = run.summary.failed;
    assert!(
        failed * 100 >= fixtures * 95,
        "only {failed} of {fixtures} fixtures fail"
    );
    let page_opts = PageOptions {
        catalogue: Some(CatalogueUrl::parse("site").unwrap()),
        date: None,
    };
    let page = report::page(&run, &page_opts);
    eprintln!(
        "{failed} of {fixtures} fixtures failing in {} root causes: {} bytes, {} boards",
        run.root_causes.len(),
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
    assert!((1..=MAX_FULL).contains(&drawn), "{drawn} drawn");
    // Every failing fixture links to its failing step on its catalogue page
    // (the page itself for step 0).
    for r in run.results.iter() {
        let Some(f) = &r.failure else { continue };
        let page_path = format!("site/{}", fixture_page_path(&r.id).display());
        let href = match f.cause.step {
            0 => format!("href=\"{page_path}\""),
            n => format!("href=\"{page_path}#step-{n}\""),
        };
        assert!(page.contains(&href), "{} is not linked", r.id);
    }
}
