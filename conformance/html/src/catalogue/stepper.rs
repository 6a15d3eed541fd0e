//! Stepping through a fixture's boards with the arrow keys: a small inline
//! script on each fixture page moves to the next or the previous step
//! (the start, then step 1, 2, ...) with the right and left arrow keys,
//! through the page's anchors, so the step shown is also in the address and
//! outlined by the style sheet. Without script every step's board shows as
//! it always does, and the hint saying so stays hidden.

use maud::{html, Markup, PreEscaped};

/// The hint, shown only when the script runs.
pub(super) fn step_hint() -> Markup {
    html! {
        p id="step-keys" class="muted" hidden="hidden" { "The left and right arrow keys step through the boards." }
    }
}

/// The script. It holds no `<` and no `&`, so nothing in it can end its
/// element.
const STEP_SCRIPT: &str = r#"
(function () {
  var steps = Array.prototype.slice.call(document.querySelectorAll('section.step[id]'));
  if (steps.length === 0) { return; }
  var hint = document.getElementById('step-keys');
  if (hint) { hint.hidden = false; }
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
    var tag = e.target ? e.target.tagName : '';
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') { return; }
    var d = e.key === 'ArrowRight' ? 1 : (e.key === 'ArrowLeft' ? -1 : 0);
    if (!d) { return; }
    var id = location.hash.slice(1);
    var at = steps.findIndex(function (s) { return s.id === id; });
    var next = at === -1 ? (d === 1 ? 0 : steps.length - 1)
      : Math.min(steps.length - 1, Math.max(0, at + d));
    location.hash = steps[next].id;
    e.preventDefault();
  });
})();
"#;

/// The `<script>` of [`STEP_SCRIPT`].
pub(super) fn step_script() -> Markup {
    // The fixture pages' own script, written in this file.
    html! { script { (PreEscaped(STEP_SCRIPT)) } }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_holds_nothing_that_ends_it() {
        assert!(!STEP_SCRIPT.contains('<') && !STEP_SCRIPT.contains('&'));
        assert_eq!(
            step_hint().into_string(),
            "<p id=\"step-keys\" class=\"muted\" hidden=\"hidden\">The left and right arrow keys step through the boards.</p>"
        );
    }
}
