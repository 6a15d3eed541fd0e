//! The HTML report of a run (`run --html FILE`): one self-contained page
//! (inline style, inline SVG boards, nothing fetched; one small script,
//! the arrow keys stepping through a failure's boards, without which
//! everything still shows), read from the run's report like every other
//! writer.
//!
//! The page is written section by section, one file each: `summary`,
//! `cause` (the root causes), `failure` (a failing fixture in full),
//! `boards` (the boards of a divergence), `incidents`, `expected`
//! (expectations), `skipped`, `tables` (by rule, every fixture); `fields`
//! says which fields differ, `outcome` what made a finished game's result
//! (its cells and a line of words under the board); `writer` holds the page
//! being written and what the sections share.

mod boards;
mod cause;
mod expected;
mod failure;
mod fields;
mod incidents;
mod outcome;
mod skipped;
mod summary;
mod tables;
mod writer;

use crate::figure::views_script;
use crate::markup::{document, Style};
use crate::PageOptions;
use hexodic_report::RunReport;
use maud::html;
use writer::Writer;

/// The HTML report of a run: a whole page, self-contained (opens from disk,
/// fetches nothing; its one script only lets the arrow keys step through a
/// failure's boards). Rule IDs and fixture names link to the catalogue, and
/// the header gives the date, when `opts` say so.
///
/// It holds the totals (the model's, in its words), the root causes ranked
/// by how many fixtures share them, each headed by its classification, and
/// its fixtures: the first ones in full (description, cited rules and
/// basis, file and line, step and turn, variant, the difference in words,
/// the implicated rules, and the boards: before the step with the turn
/// drawn, the reference's board after and the engine's, the differing
/// cells outlined and captured stones shown as removed; then the
/// consequences), the rest one line each. Then the engine incidents, the
/// expected failures and unexpected passes, the skipped checks, the
/// results by rule area and rule, and every fixture with its status.
///
/// ```
/// use hexodic_html::{report, PageOptions};
/// use hexodic_report::{CorpusReport, EngineReport, RunReport, Settings};
///
/// let engine = EngineReport {
///     name: "my-engine".into(),
///     version: "1.0".into(),
///     command: None,
///     capabilities: vec![],
///     warnings: vec![],
///     unusable: None,
/// };
/// let corpus = CorpusReport { version: "v".into(), folders: vec![] };
/// let run = RunReport::new(engine, corpus, Settings::default(), vec![], vec![], None, 0.0);
/// let page = report::page(&run, &PageOptions::default());
/// assert!(page.starts_with("<!DOCTYPE html>"));
/// assert!(page.contains("No fixture failed."));
/// ```
pub fn page(report: &RunReport, opts: &PageOptions) -> String {
    let w = Writer::new(report, opts);
    let causes = w.causes();
    let body = html! {
        (w.header())
        main {
            (w.nav())
            (w.summary())
            (causes.markup)
            (w.incidents())
            (w.expectations())
            (w.skipped())
            (w.rule_table())
            (w.fixture_table())
        }
        @if causes.in_full > 0 { (views_script()) }
    };
    let title = format!("Hexodic conformance: {}", report.engine.label());
    document(&title, Style::Inline, body)
}
