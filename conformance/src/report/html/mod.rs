//! Pages a person opens in a browser, with the boards drawn
//! (`hexodic-render`):
//!
//! - [`report`]: one self-contained HTML file of a run (`run --html FILE`):
//!   the totals, the root causes with their smallest example, each failing
//!   fixture with the board before the step and the reference's and the
//!   engine's boards after it, the differing cells outlined; incidents and
//!   skipped checks;
//! - [`write_catalogue`](crate::report::catalogue::write_catalogue): the corpus as a rulebook (`catalogue --out DIR`):
//!   an index of the rules with their text from `rules/RULES.md` and the
//!   fixtures that show each firing and not firing, and one page per
//!   fixture with its boards step by step and what must happen, in words.
//!
//! The run's page is written section by section, one file each:
//! `summary`, `cause` (the root causes), `failure` (a failing fixture in
//! full), `boards` (the boards of a divergence), `incidents`, `expected`
//! (expectations), `skipped`, `tables` (by rule, every fixture) and `key`;
//! `fields` says which fields differ, `outcome` what made a finished game's
//! result (its cells and a line of words on the board), `links` where the catalogue is,
//! `date` when the page was written; `report` holds the page and what the
//! sections share, `page` the markup.
//!
//! Every text is escaped; the output is deterministic (the report holds
//! the run's elapsed time, nothing else that changes by itself).

mod boards;
mod cause;
mod date;
mod expected;
mod failure;
mod fields;
mod incidents;
pub(crate) mod key;
mod links;
mod outcome;
pub(crate) mod page;
mod report;
mod skipped;
mod summary;
mod tables;

pub use cause::{FULL_PER_CAUSE, MAX_FULL};
pub use date::utc_date;
pub use incidents::INCIDENTS_IN_FULL;
pub use links::{CatalogueUrl, CatalogueUrlError};
pub use page::escape;
pub use report::{report, report_with, PageOptions};

use page::Html;

/// One board of a page: the picture and its caption.
pub(crate) struct Figure {
    /// The caption above the picture (inline markup allowed: `code`).
    pub caption: String,
    /// Extra class of the `<figure>` (`reference`, `engine`, `wide` or empty).
    pub class: &'static str,
    /// The `<svg>` element.
    pub svg: String,
}

/// Write `figures` side by side in a `boards` block.
pub(crate) fn figures(h: &mut Html, figures: &[Figure]) {
    if figures.is_empty() {
        return;
    }
    boards_block(h, figures);
}

/// Write `figures` with a switch of views when they hold both a
/// reference's and an engine's board: side by side (the default, and all
/// there is without style sheets), the reference's alone or the engine's
/// alone in the same place. The switch is a group of radio buttons, so it
/// works without script and from the keyboard (Tab to it, then the arrow
/// keys flip between the views). `id` makes the group's names unique.
pub(crate) fn figures_with_views(h: &mut Html, list: &[Figure], id: &str) {
    let has = |class: &str| list.iter().any(|f| f.class == class);
    if !(has("reference") && has("engine")) {
        figures(h, list);
        return;
    }
    h.open("div", &[("class", "views")]);
    let name = format!("{id}view");
    for (key, label, checked) in [
        ("all", "Side by side", true),
        ("ref", "Reference", false),
        ("eng", "Engine", false),
    ] {
        let input_id = format!("{id}view-{key}");
        h.raw(&format!(
            "<input type=\"radio\" class=\"v-{key}\" name=\"{}\" id=\"{}\"{}/>",
            escape(&name),
            escape(&input_id),
            if checked { " checked=\"checked\"" } else { "" }
        ));
        h.elem("label", &[("for", &input_id)], label);
    }
    h.raw("\n");
    boards_block(h, list);
    h.close("div");
}

fn boards_block(h: &mut Html, figures: &[Figure]) {
    h.open("div", &[("class", "boards")]);
    for f in figures {
        let class = if f.class.is_empty() {
            "board".to_owned()
        } else {
            format!("board {}", f.class)
        };
        h.open("figure", &[("class", &class)]);
        h.elem_inline("figcaption", &[], &f.caption);
        h.raw(&f.svg).raw("\n");
        h.close("figure");
    }
    h.close("div");
}

/// `X wins by network (G1)`, `a draw at the cap (G7)`, or `ongoing`.
pub(crate) fn outcome_words(o: Option<hexodic_rules::Outcome>) -> String {
    use hexodic_rules::EndRule;
    let Some(o) = o else {
        return "ongoing".into();
    };
    let how = match o.rule {
        EndRule::Cap(Some(step)) => format!("the cap, tiebreak step {}", step.number()),
        EndRule::Cap(None) => "the cap, tied on every tiebreak step".into(),
        r => r.name().to_owned(),
    };
    match o.winner {
        Some(p) => format!("{p} wins by {how} ({})", o.rule.rule_id()),
        None => format!("a draw by {how} ({})", o.rule.rule_id()),
    }
}
