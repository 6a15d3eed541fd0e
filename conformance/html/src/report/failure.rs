//! A failing fixture in full: its heading, description and facts (cited
//! rules, file and line, step and variant, what it was checked against,
//! its classification, the implicated rules), the difference in the
//! model's words, the boards, and the consequences that followed.

use super::boards::divergence_boards;
use super::fields::{differing, line};
use super::writer::Writer;
use crate::figure::figures_with_views;
use crate::markup::inline;
use hexodic_report::{count, Divergence, Failure, FixtureReport, Source, Status};
use maud::{html, Markup};

impl Writer<'_> {
    /// A failing fixture in full; nothing for a fixture without a failure.
    pub(super) fn fixture(&self, res: &FixtureReport) -> Markup {
        let Some(f) = &res.failure else {
            return html! {};
        };
        let c = &f.cause;
        let anchor = self.anchor(&res.id);
        let prefix = format!("{anchor}-");
        html! {
            section.fixture id=(anchor) {
                (self.fixture_heading(res, f))
                (difference_words(c))
                (differing_line(c))
                (figures_with_views(&divergence_boards(c, &prefix), &prefix))
                p.desc { (inline(&res.description)) }
                (self.fixture_facts(res, f))
                (consequences(f))
            }
        }
    }

    /// A failing fixture's heading: its id, basis, variant and whether it
    /// was expected to fail.
    fn fixture_heading(&self, res: &FixtureReport, f: &Failure) -> Markup {
        let basis = res.basis.name();
        html! {
            h4 {
                (self.name_at_step(res)) " "
                span class={ "badge " (basis) } { (basis) } " "
                span.badge { "step " (f.cause.step) } " "
                span.badge { "variant " (f.variant) }
                @if res.status == Status::ExpectedFail {
                    " " span.badge { "expected to fail" }
                }
                @if res.status == Status::ChangedFail {
                    " " span.badge { "fails another way" }
                }
            }
        }
    }

    /// The facts of a failing fixture: cited rules, where it failed,
    /// against what, its classification, and why it was expected to fail.
    fn fixture_facts(&self, res: &FixtureReport, f: &Failure) -> Markup {
        let c = &f.cause;
        html! {
            dl.facts {
                dt { "Cites" }
                dd { (self.rules_titled(&res.rules)) }
                dt { "Where" }
                dd {
                    code { (res.file) ":" (c.line) } ": " (inline(&c.place()))
                    ", variant " (f.variant)
                }
                dt { "Checked against" }
                dd {
                    @match c.source {
                        Source::Fixture => "a check written in the fixture",
                        Source::Trace => "the fixture's golden trace (the reference's play)",
                    }
                }
                @if let Some(cl) = &res.classification {
                    dt { "Classified" }
                    dd { (inline(&cl.heading())) }
                }
                @if !c.implicated.is_empty() {
                    dt { "Implicated" }
                    dd { (self.rules_titled(&c.implicated)) }
                }
                @if let Some(e) = &res.expected {
                    dt { "Expected to fail" }
                    dd { (e.reason) }
                }
                @if let Some((old, new)) = res.changed_words() {
                    dt { "Signature expected" }
                    dd { (old) }
                    dt { "Signature now" }
                    dd { (new) }
                }
                (Self::rerun_fact(res))
            }
        }
    }
}

/// The difference of a divergence in the model's words, with its details.
fn difference_words(c: &Divergence) -> Markup {
    html! {
        div.difference {
            p { (inline(&c.summary)) }
            @if !c.details.is_empty() {
                ul { @for l in &c.details { li { (inline(l)) } } }
            }
        }
    }
}

/// The one highlighted line beside the boards: which fields differ, with
/// the engine's value and the reference's.
fn differing_line(c: &Divergence) -> Markup {
    let list = differing(&c.difference, c.expected.as_ref(), c.got.as_ref());
    html! {
        @if !list.is_empty() {
            p.differs { strong { "Differs: " } (inline(&line(&list))) }
        }
    }
}

/// The divergences that followed the first one, one line each.
fn consequences(f: &Failure) -> Markup {
    html! {
        @if !f.consequences.is_empty() {
            p { "Then (" (count(f.consequences.len(), "consequence", "consequences")) "):" }
            ul.brief {
                @for d in &f.consequences {
                    li { (inline(&d.place())) ": " (inline(&d.summary)) }
                }
            }
        }
    }
}
