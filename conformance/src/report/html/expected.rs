//! The expected failures, changed failures and unexpected passes of a run with an
//! expectations file, one line each.

use super::report::Writer;
use crate::run::{FixtureResult, Status};

impl<'a> Writer<'a> {
    /// The expectations section, when a fixture was listed in the expectations file.
    pub(super) fn expectations(&mut self) {
        let listed: Vec<&FixtureResult> = self
            .r
            .results
            .iter()
            .filter(|x| {
                matches!(
                    x.status,
                    Status::ExpectedFail | Status::ChangedFail | Status::UnexpectedPass
                )
            })
            .collect();
        if listed.is_empty() {
            return;
        }
        self.h.open("section", &[("id", "expectations")]);
        self.h.elem(
            "h2",
            &[],
            "Expected failures, changed failures and unexpected passes",
        );
        self.h.open("ul", &[("class", "brief")]);
        for x in listed {
            let anchor = self.anchor(&x.id);
            let line = match x.status {
                Status::UnexpectedPass => format!("XPASS {}: {}", x.id, x.cause_line()),
                Status::ChangedFail => {
                    let (old, new) = x.changed_words().unwrap_or_default();
                    format!("CHANGED {}: expected {old}; now {new}", x.id)
                }
                _ => format!(
                    "XFAIL {} ({}): {}",
                    x.id,
                    x.expected_reason.as_deref().unwrap_or(""),
                    x.cause_line()
                ),
            };
            self.h.elem_inline("li", &[("id", &anchor)], &line);
        }
        self.h.close("ul");
        self.h.close("section");
    }
}
