//! The root causes, as the model groups and ranks them: each headed by its
//! classification, with its rules, its grouping, its smallest example and
//! its fixtures (the first ones in full, the rest one line each; those that
//! follow from it last).

use super::writer::Writer;
use crate::markup::inline;
use hexodic_report::{count, FixtureReport, RootCause};
use maud::{html, Markup};

/// Fixtures of a root cause shown in full (with boards): its smallest
/// example and the next ones in the cause's order; the others get one line
/// each.
pub(crate) const FULL_PER_CAUSE: usize = 4;

/// At most this many fixtures are shown in full in the whole report (the
/// smallest examples of the first causes come first), so that a run where
/// everything fails stays a few megabytes.
pub(crate) const MAX_FULL: usize = 40;

/// The root-causes section, and how many fixtures it shows in full.
pub(super) struct Causes {
    /// The section.
    pub markup: Markup,
    /// Fixtures shown in full, with their boards.
    pub in_full: usize,
}

/// One cause's fixtures: those shown in full, then the others.
struct Shown<'a> {
    full: Vec<&'a FixtureReport>,
    brief: Vec<&'a FixtureReport>,
}

impl<'a> Writer<'a> {
    /// Which fixtures of each cause are shown in full: the first
    /// [`FULL_PER_CAUSE`] of each (the smallest example first), while fewer
    /// than [`MAX_FULL`] are; the fixtures that follow from a cause always
    /// one line each.
    fn plan(&self) -> Vec<Shown<'a>> {
        let r = self.r;
        let mut budget = MAX_FULL;
        r.root_causes
            .iter()
            .map(|rc| {
                let own = std::iter::once(&rc.example.id)
                    .chain(rc.fixtures.iter().filter(|id| **id != rc.example.id));
                let mut shown = Shown {
                    full: Vec::new(),
                    brief: Vec::new(),
                };
                for (k, res) in own.filter_map(|id| r.result(id)).enumerate() {
                    if k < FULL_PER_CAUSE && budget > 0 {
                        budget -= 1;
                        shown.full.push(res);
                    } else {
                        shown.brief.push(res);
                    }
                }
                shown
                    .brief
                    .extend(rc.follows.iter().filter_map(|id| r.result(id)));
                shown
            })
            .collect()
    }

    /// The root-causes section.
    pub(super) fn causes(&self) -> Causes {
        let r = self.r;
        let plan = self.plan();
        let in_full = plan.iter().map(|s| s.full.len()).sum();
        let markup = html! {
            section #causes {
                h2 { "Root causes (" (r.root_causes.len()) ", most fixtures first)" }
                @if r.root_causes.is_empty() {
                    p { "No fixture failed." }
                }
                @for (i, (rc, shown)) in r.root_causes.iter().zip(&plan).enumerate() {
                    (self.cause(i + 1, rc, shown))
                }
            }
        };
        Causes { markup, in_full }
    }

    fn cause(&self, n: usize, rc: &RootCause, shown: &Shown<'_>) -> Markup {
        let all = rc.fixtures.len() + rc.follows.len();
        let brief = format!(
            "{} more with this cause, one line each",
            count(shown.brief.len(), "fixture", "fixtures")
        );
        html! {
            article.cause id={ "cause-" (n) } {
                h3 {
                    (n) ". " (inline(&rc.classification.heading())) " - "
                    (count(all, "fixture", "fixtures"))
                }
                (self.cause_facts(rc))
                @for res in &shown.full { (self.fixture(res)) }
                (self.folded_lines(&brief, &shown.brief, &rc.follows))
            }
        }
    }

    /// The facts of a cause: its rules, its kind, how its fixtures were
    /// grouped, their number and its smallest example.
    fn cause_facts(&self, rc: &RootCause) -> Markup {
        let c = &rc.classification;
        let key = c.behaviour.key();
        html! {
            details.grouping {
                summary { "This cause's rules, how its fixtures were grouped, its smallest example" }
                dl.facts {
                    dt { "Rules" }
                    dd {
                        @if c.rules.is_empty() { "none" } @else { (self.rules_titled(&c.rules)) }
                    }
                    dt { "Kind" }
                    dd {
                        (c.behaviour.kind())
                        @if !key.is_empty() { " (" (key) ")" }
                    }
                    dt { "The engine" }
                    dd { (inline(&c.words)) }
                    dt { "Fixtures" }
                    dd {
                        (rc.fixtures.len())
                        @if !rc.follows.is_empty() {
                            ", and " (count(rc.follows.len(), "fixture that follows", "fixtures that follow")) " from it"
                        }
                    }
                    @if !rc.shown_under.is_empty() {
                        dt { "Shown under" }
                        dd { (self.rules_titled(&rc.shown_under)) }
                    }
                    dt { "Grouped" }
                    dd { (inline(&rc.grouping)) }
                    dt { "Smallest example" }
                    dd {
                        (self.link(&rc.example.id)) ", step " (rc.example.step)
                        ", variant " (rc.example.variant)
                    }
                }
            }
        }
    }
}
