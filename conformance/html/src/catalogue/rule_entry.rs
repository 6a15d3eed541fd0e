//! A rule's entry on its area's page: its id, basis and title, the rule in
//! players' words, a board from a fixture where it fires and one where it
//! does not, the fixtures on each side, and the wording of `rules/RULES.md`
//! folded beneath as a note for engine developers.

use super::basis::basis_badge;
use super::rule_board::{rule_board, RuleBoard, Side};
use super::site::page_href;
use crate::markup::{inline, markdown};
use hexodic_harness::corpus::Fixture;
use hexodic_rules::registry;
use maud::{html, Markup};
use std::collections::BTreeMap;

/// A link list of fixtures.
fn fixture_links(label: &str, ids: &[String]) -> Markup {
    html! {
        p.fixtures-of {
            strong { (label) " (" (ids.len()) "):" } " "
            @if ids.is_empty() { span.muted { "none" } }
            @for id in ids { a href=(page_href(id)) { (id) } " " }
        }
    }
}

/// What a rule's entry shows: its texts and its fixtures.
pub(super) struct Entry<'a> {
    /// The rule in players' words.
    pub players: Option<&'a str>,
    /// The rule's text in `rules/RULES.md`.
    pub reference: Option<&'a str>,
    /// The fixtures where it fires or permits, and where it rejects or
    /// does not fire; `None` for a rule outside the areas.
    pub sides: Option<(&'a [String], &'a [String])>,
    /// For a rule outside the areas: the fixtures that cite it.
    pub citing: &'a [String],
    /// Every fixture by id, to draw the boards from.
    pub fixtures: &'a BTreeMap<&'a str, &'a Fixture>,
}

/// A rule's entry, and the number of boards drawn in it.
pub(super) fn rule_article(rule: &registry::RuleInfo, e: &Entry<'_>) -> (Markup, usize) {
    let (boards, n, links) = match e.sides {
        Some((passing, failing)) => {
            let shown = [
                (Side::Fires, "Where it fires or permits", passing),
                (Side::Rejects, "Where it rejects or does not fire", failing),
            ];
            let (boards, n) = rule_boards(rule.id, e, &shown);
            let links = html! {
                (fixture_links("Fixtures where it fires or permits", passing))
                (fixture_links("Fixtures where it rejects or does not fire", failing))
            };
            (boards, n, links)
        }
        None => {
            let (boards, n) = rule_boards(
                rule.id,
                e,
                &[(Side::Fires, "A fixture citing it", e.citing)],
            );
            (boards, n, fixture_links("Fixtures citing it", e.citing))
        }
    };
    let markup = html! {
        article.rule id={ "rule-" (rule.id) } {
            h2 { (rule.id) " " (basis_badge(rule.basis.name())) " " (rule.title) }
            div.players {
                @match e.players {
                    Some(t) => (markdown(t)),
                    None => p.muted { "No plain statement yet." },
                }
            }
            (boards)
            (links)
            details.dev {
                summary { "For engine developers: the rules reference's wording" }
                div.text {
                    @match e.reference {
                        Some(t) => (markdown(t)),
                        None => p.muted { (inline(&format!("The text of {} is in `rules/RULES.md`.", rule.id))) },
                    }
                }
            }
        }
    };
    (markup, n)
}

/// A board for each side that has a fixture, side by side (the second from
/// another fixture when there is one, and left out when it would be the
/// first again), and how many.
fn rule_boards(rule: &str, e: &Entry<'_>, shown: &[(Side, &str, &[String])]) -> (Markup, usize) {
    let mut boards: Vec<(&str, RuleBoard<'_>)> = Vec::new();
    for (side, label, ids) in shown {
        let avoid = boards.first().map(|(_, b)| b.fixture.id.as_str());
        if let Some(b) = rule_board(rule, *side, ids, e.fixtures, avoid) {
            if !boards.iter().any(|(_, o)| o.href() == b.href()) {
                boards.push((label, b));
            }
        }
    }
    let markup = html! {
        @if !boards.is_empty() {
            div.boards {
                @for (label, b) in &boards {
                    figure.board.wide {
                        figcaption {
                            (label) ": "
                            a href=(b.href()) { (b.fixture.id) }
                            span.step-of { (inline(&b.figure.caption)) }
                        }
                        (b.figure.svg)
                    }
                }
            }
        }
    };
    (markup, boards.len())
}
