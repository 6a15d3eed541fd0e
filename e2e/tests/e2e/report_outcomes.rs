//! A finished game's cause on the HTML report's boards: an engine that
//! ends games at the cap one half-move early, and one that checks the cap
//! before Strangle, show on their boards why each game ended (the cap's
//! tiebreak measures, the strangled player's stones) beside the
//! reference's.

use crate::common::{fixtures, run_in_process};
use hexodic_e2e::{Bug, ModelEngine};
use hexodic_harness::corpus::select;
use hexodic_html::{report, PageOptions};

fn page_of(bug: Bug) -> String {
    let corpus = select(&fixtures(), &["end/".to_owned()]).unwrap();
    let run = run_in_process(&mut ModelEngine::new(Some(bug), None), &corpus);
    assert!(run.summary.failed > 0, "{bug:?} fails nothing");
    words(&report::page(&run, &PageOptions::default()))
}

/// The page's text, its tags dropped and white space collapsed, so that a
/// line wrapped on a board reads as one.
fn words(page: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in page.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn a_cap_shows_its_tiebreak_measures_on_the_board() {
    let page = page_of(Bug::CapAt59);
    assert!(
        page.contains("Why (G7): tiebreak step 1. stones on unlocked tier-2"),
        "no tiebreak measures on a board"
    );
}

#[test]
fn a_strangle_shows_the_strangled_stones_on_the_board() {
    let page = page_of(Bug::CapBeforeStrangle);
    // The reference's board says why; the engine's says its cap instead.
    assert!(page.contains("Why (G4): "), "no Strangle on a board");
    assert!(
        page.contains("Why (G7): tiebreak step"),
        "no cap on the engine's board"
    );
    assert!(page.contains("Makes the result: "), "no cells marked");
}
