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
pub use tables::Tally;

use page::Html;

/// One board of a page: the picture and its caption.
pub(crate) struct Figure {
    /// The caption above the picture (inline markup allowed: `code`).
    pub caption: String,
    /// Extra class of the `<figure>` (`before`, `reference`, `engine`, `wide` or empty).
    pub class: &'static str,
    /// The `<svg>` element.
    pub svg: String,
}

/// Write `figures` side by side in a `boards` block.
pub(crate) fn figures(h: &mut Html, figures: &[Figure]) {
    if figures.is_empty() {
        return;
    }
    boards_block(h, figures, &[]);
}

/// Write `figures` with a switch of views when they hold both a
/// reference's and an engine's board: side by side (the default, and all
/// there is without style sheets), or one board at a time in the same
/// place, stepping through the failing step: the board before it with the
/// turn drawn (when there is one), the reference's board after it, the
/// engine's. The switch is a group of radio buttons, so it works without
/// script and from the keyboard (Tab to it, then the arrow keys step);
/// with script, the arrow keys step from the boards too ([`STEP_SCRIPT`]).
/// `id` makes the group's names unique.
pub(crate) fn figures_with_views(h: &mut Html, list: &[Figure], id: &str) {
    let has = |class: &str| list.iter().any(|f| f.class == class);
    if !(has("reference") && has("engine")) {
        figures(h, list);
        return;
    }
    h.open("div", &[("class", "views")]);
    let name = format!("{id}view");
    let mut stops = vec![("all", "Side by side")];
    if has("before") {
        stops.push(("before", "Before"));
    }
    stops.push(("ref", "Reference after"));
    stops.push(("eng", "Engine after"));
    for (i, (key, label)) in stops.into_iter().enumerate() {
        let input_id = format!("{id}view-{key}");
        h.raw(&format!(
            "<input type=\"radio\" class=\"v-{key}\" name=\"{}\" id=\"{}\"{}/>",
            escape(&name),
            escape(&input_id),
            if i == 0 { " checked=\"checked\"" } else { "" }
        ));
        h.elem("label", &[("for", &input_id)], label);
    }
    h.raw("\n");
    boards_block(
        h,
        list,
        &[
            ("tabindex", "0"),
            (
                "aria-label",
                "The boards: the arrow keys step through them one at a time",
            ),
        ],
    );
    h.close("div");
}

/// The one script of the report: on the boards of a failure, the arrow keys
/// step through its views as they do on the switch's radio buttons (where
/// the browser moves them without script). Without script the switch still
/// works, and without style every board shows.
pub(crate) const STEP_SCRIPT: &str = r#"<script>
(function () {
  document.querySelectorAll('.views > .boards').forEach(function (boards) {
    boards.addEventListener('keydown', function (e) {
      var d = (e.key === 'ArrowRight' || e.key === 'ArrowDown') ? 1
        : (e.key === 'ArrowLeft' || e.key === 'ArrowUp') ? -1 : 0;
      if (!d) { return; }
      var inputs = Array.prototype.slice.call(boards.parentNode.querySelectorAll(':scope > input'));
      var at = inputs.findIndex(function (x) { return x.checked; });
      inputs[(at + d + inputs.length) % inputs.length].checked = true;
      e.preventDefault();
    });
  });
})();
</script>
"#;

fn boards_block(h: &mut Html, figures: &[Figure], attrs: &[(&str, &str)]) {
    let mut all = vec![("class", "boards")];
    all.extend_from_slice(attrs);
    h.open("div", &all);
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
