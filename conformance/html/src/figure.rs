//! Boards on a page: a figure with its caption, figures side by side, the
//! switch that shows a failure's boards one at a time (with the arrow keys
//! stepping through them), the full key of the marks, and a finished
//! game's result in words.

use crate::markup::inline;
use hexodic_render::FULL_KEY;
use maud::{html, Markup, PreEscaped};

/// One board of a page: the picture and its caption.
pub(crate) struct Figure {
    /// The caption above the picture (with inline marks: `code`).
    pub caption: String,
    /// Extra class of the `<figure>` (`before`, `reference`, `engine`,
    /// `wide` or empty).
    pub class: &'static str,
    /// The picture (`<svg>`), from [`crate::markup::svg`].
    pub svg: Markup,
}

impl Figure {
    /// The `<figure>`, with the position's notation under the picture as
    /// text to select, and a button that copies it (hidden until the page's
    /// script shows it, so that without script there is no dead button).
    pub(crate) fn markup(&self) -> Markup {
        let notation = notation_of(&self.svg.0);
        html! {
            figure class=(board_class(self.class)) {
                figcaption { (inline(&self.caption)) }
                (self.svg)
                @if let Some(n) = notation {
                    p.notation {
                        "Position: " code { (n) }
                        " " button.copy type="button" hidden="hidden" { "Copy" }
                    }
                }
            }
        }
    }
}

/// The position's notation, from a picture's description
/// (`<desc>Position: NOTATION; turn: ...</desc>`).
fn notation_of(svg: &str) -> Option<String> {
    let start = svg.find("<desc>Position: ")? + "<desc>Position: ".len();
    let rest = &svg[start..];
    let desc = &rest[..rest.find('<')?];
    let text = desc.split("; turn: ").next().unwrap_or(desc).trim();
    (!text.is_empty()).then(|| {
        text.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&apos;", "'")
            .replace("&amp;", "&")
    })
}

/// `board`, with the figure's extra class.
fn board_class(extra: &str) -> String {
    if extra.is_empty() {
        "board".to_owned()
    } else {
        format!("board {extra}")
    }
}

/// `list` side by side in a `boards` block; nothing when it is empty.
pub(crate) fn figures(list: &[Figure]) -> Markup {
    html! {
        @if !list.is_empty() {
            div.boards { @for f in list { (f.markup()) } }
        }
    }
}

/// `list` with a switch of views when it holds both a reference's and an
/// engine's board: side by side (the default, and all there is without
/// style sheets), or one board at a time in the same place, stepping
/// through the failing step: the board before it with the turn drawn
/// (when there is one), the reference's board after it, the engine's. The
/// switch is a group of radio buttons, so it works without script and from
/// the keyboard (Tab to it, then the arrow keys step); with script, the
/// arrow keys step from the boards too ([`VIEWS_SCRIPT`]). `id` makes the
/// group's names unique.
pub(crate) fn figures_with_views(list: &[Figure], id: &str) -> Markup {
    let has = |class: &str| list.iter().any(|f| f.class == class);
    if !(has("reference") && has("engine")) {
        return figures(list);
    }
    let name = format!("{id}view");
    let mut stops = vec![("all", "Side by side")];
    if has("before") {
        stops.push(("before", "Before"));
    }
    stops.push(("ref", "Reference after"));
    stops.push(("eng", "Engine after"));
    html! {
        div.views {
            @for (i, (key, label)) in stops.iter().enumerate() {
                @let input_id = format!("{id}view-{key}");
                input type="radio" class={ "v-" (key) } name=(name) id=(input_id) checked=[(i == 0).then_some("checked")];
                label for=(input_id) { (label) }
            }
            div.boards tabindex="0" role="group" aria-label="The boards: the arrow keys step through them one at a time" {
                @for f in list { (f.markup()) }
            }
        }
    }
}

/// The one script of a run's report: on the boards of a failure, the arrow
/// keys step through its views as they do on the switch's radio buttons
/// (where the browser moves them without script). Without script the
/// switch still works, and without style every board shows.
const VIEWS_SCRIPT: &str = r#"
(function () {
  document.querySelectorAll('p.notation button.copy').forEach(function (b) {
    var code = b.parentNode.querySelector('code');
    if (!code || !navigator.clipboard) { return; }
    b.hidden = false;
    b.addEventListener('click', function () {
      navigator.clipboard.writeText(code.textContent).then(function () {
        b.textContent = 'Copied';
      }, function () {
        b.textContent = 'Select the text to copy';
      });
    });
  });
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
"#;

/// The `<script>` of [`VIEWS_SCRIPT`].
pub(crate) fn views_script() -> Markup {
    // The report's own script, written in this file.
    html! { script { (PreEscaped(VIEWS_SCRIPT)) } }
}

/// The full key of the marks on the boards, folded, as a list of mark and
/// meaning (each board's own key line names only the marks it carries).
pub(crate) fn full_key() -> Markup {
    html! {
        details.key #key {
            summary { "Key to the boards: every mark and what it means" }
            (key_list())
        }
    }
}

/// Every mark of the boards and what it means, as a list.
pub(crate) fn key_list() -> Markup {
    html! {
        ul.key-list {
            @for (mark, meaning) in FULL_KEY {
                li { strong { (mark) } ": " (meaning) }
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markup::svg;

    fn fig(class: &'static str) -> Figure {
        Figure {
            caption: format!("The `{class}` board"),
            class,
            svg: svg("<svg></svg>".into()),
        }
    }

    #[test]
    fn a_failure_s_boards_get_a_switch_of_views() {
        let plain = figures(&[fig("wide")]).into_string();
        assert_eq!(
            plain,
            "<div class=\"boards\"><figure class=\"board wide\"><figcaption>The <code>wide</code> board</figcaption><svg></svg></figure></div>"
        );
        assert_eq!(figures(&[]).into_string(), "");
        let views = figures_with_views(&[fig("before"), fig("reference"), fig("engine")], "fx-a-")
            .into_string();
        for part in [
            "<input type=\"radio\" class=\"v-all\" name=\"fx-a-view\" id=\"fx-a-view-all\" checked=\"checked\">",
            "<label for=\"fx-a-view-before\">Before</label>",
            "class=\"v-eng\"",
            "<div class=\"boards\" tabindex=\"0\"",
        ] {
            assert!(views.contains(part), "{part} not in {views}");
        }
        assert_eq!(views.matches(" checked=").count(), 1);
        // Without an engine's board there is nothing to switch between.
        assert!(!figures_with_views(&[fig("reference")], "x")
            .into_string()
            .contains("views"));
    }

    #[test]
    fn a_board_shows_its_position_to_copy() {
        let f = Figure {
            caption: "c".into(),
            class: "",
            svg: svg(
                "<svg><title>t</title><desc>Position: ..../x1 o 3 x:r1; turn: d4</desc></svg>"
                    .into(),
            ),
        };
        let html = f.markup().into_string();
        assert!(
            html.contains("<p class=\"notation\">Position: <code>..../x1 o 3 x:r1</code> <button class=\"copy\" type=\"button\" hidden=\"hidden\">Copy</button></p>"),
            "{html}"
        );
        assert_eq!(notation_of("<svg></svg>"), None);
        assert_eq!(
            notation_of("<desc>Position: a&amp;b</desc>").as_deref(),
            Some("a&b")
        );
    }

    #[test]
    fn the_script_holds_nothing_that_ends_it() {
        assert!(!VIEWS_SCRIPT.contains('<') && !VIEWS_SCRIPT.contains('&'));
    }
}
