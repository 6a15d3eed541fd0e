//! The full key of the marks on the boards, once per page (each board's
//! own key line names only the marks it carries).

use super::page::Html;
use super::report::Writer;
use hexodic_render::FULL_KEY;

/// Write the full key, folded, as a list of mark and meaning.
pub(crate) fn full_key(h: &mut Html) {
    h.open("details", &[("class", "key"), ("id", "key")]);
    h.elem(
        "summary",
        &[],
        "Key to the boards: every mark and what it means",
    );
    h.open("ul", &[("class", "key-list")]);
    for (mark, meaning) in FULL_KEY {
        h.open("li", &[])
            .elem("strong", &[], mark)
            .text(": ")
            .text(meaning)
            .close("li");
    }
    h.close("ul");
    h.close("details");
}

impl<'a> Writer<'a> {
    /// The full key, when the page draws any board.
    pub(super) fn key(&mut self) {
        if !self.r.root_causes.is_empty() {
            full_key(&mut self.h);
        }
    }
}
