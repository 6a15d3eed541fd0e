//! The fixtures an expectations file lists: expected failures, changed
//! failures and unexpected passes, one line each.

use super::writer::Writer;
use crate::markup::inline;
use hexodic_report::Status;
use maud::{html, Markup};

impl Writer<'_> {
    /// The expectations section, when the expectations file listed a
    /// fixture that ran.
    pub(super) fn expectations(&self) -> Markup {
        let t = &self.r.summary;
        if t.expected_failures + t.changed_failures + t.unexpected_passes == 0 {
            return html! {};
        }
        let listed = self.r.results.iter().filter(|x| {
            matches!(
                x.status,
                Status::ExpectedFail | Status::ChangedFail | Status::UnexpectedPass
            )
        });
        html! {
            section #expectations {
                h2 { "Expected failures, changed failures and unexpected passes" }
                ul.brief {
                    @for x in listed {
                        @match x.status {
                            Status::UnexpectedPass => {
                                li id=(self.anchor(&x.id)) { "XPASS " (x.id) ": " (inline(&x.cause)) }
                            }
                            Status::ChangedFail => {
                                // Its failure is shown under its root cause.
                                @let (old, new) = x.changed_words().unwrap_or_default();
                                li { "CHANGED " (self.fixture_link(x)) ": expected " (old) "; now " (new) }
                            }
                            _ => {
                                li id=(self.anchor(&x.id)) {
                                    "XFAIL " (x.id) " ("
                                    (x.expected.as_ref().map_or("", |e| e.reason.as_str()))
                                    "): " (inline(&x.cause))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
