//! A rule's entry on its area's page: its id, basis and title, the rule in
//! players' words, a board from a fixture where it fires and one where it
//! does not, the fixtures on each side, and the wording of `rules/RULES.md`
//! folded beneath as a note for engine developers.

use super::rule_board::{rule_board, RuleBoard, Side};
use super::rules_doc::markdown;
use super::site::page_href;
use crate::corpus::Fixture;
use crate::report::html::page::{inline, Html};
use hexodic_rules::registry;
use std::collections::BTreeMap;

pub(super) fn basis_badge(h: &mut Html, basis: &str) {
    let class = match basis {
        "documented" => "badge documented",
        "ruling" => "badge ruling",
        _ => "badge",
    };
    h.elem("span", &[("class", class)], basis);
}

/// A link list of fixtures.
fn fixture_links(h: &mut Html, label: &str, ids: &[String]) {
    h.open("p", &[("class", "fixtures-of")]);
    h.elem("strong", &[], &format!("{label} ({}):", ids.len()))
        .text(" ");
    if ids.is_empty() {
        h.elem("span", &[("class", "muted")], "none");
    }
    for id in ids {
        h.elem("a", &[("href", &page_href(id))], id).text(" ");
    }
    h.close("p");
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

/// A rule's entry; returns the number of boards drawn.
pub(super) fn rule_article(h: &mut Html, rule: &registry::RuleInfo, e: &Entry<'_>) -> usize {
    h.open(
        "article",
        &[("class", "rule"), ("id", &format!("rule-{}", rule.id))],
    );
    h.open("h3", &[]).text(rule.id).text(" ");
    basis_badge(h, rule.basis.name());
    h.text(" ").text(rule.title).close("h3");
    h.open("div", &[("class", "players")]);
    match e.players {
        Some(t) => h.raw(&markdown(t)),
        None => h.elem("p", &[("class", "muted")], "No plain statement yet."),
    };
    h.close("div");
    let boards = match e.sides {
        Some((passing, failing)) => {
            let shown = [
                (Side::Fires, "Where it fires or permits", passing),
                (Side::Rejects, "Where it rejects or does not fire", failing),
            ];
            let n = rule_boards(h, rule.id, e, &shown);
            fixture_links(h, "Fixtures where it fires or permits", passing);
            fixture_links(h, "Fixtures where it rejects or does not fire", failing);
            n
        }
        None => {
            let n = rule_boards(
                h,
                rule.id,
                e,
                &[(Side::Fires, "A fixture citing it", e.citing)],
            );
            fixture_links(h, "Fixtures citing it", e.citing);
            n
        }
    };
    h.open("details", &[("class", "dev")]);
    h.elem(
        "summary",
        &[],
        "For engine developers: the rules reference's wording",
    );
    h.open("div", &[("class", "text")]);
    match e.reference {
        Some(t) => {
            h.raw(&markdown(t));
        }
        None => {
            h.elem_inline(
                "p",
                &[("class", "muted")],
                &format!("The text of {} is in `rules/RULES.md`.", rule.id),
            );
        }
    }
    h.close("div");
    h.close("details");
    h.close("article");
    boards
}

/// A board for each side that has a fixture, side by side (the second from
/// another fixture when there is one, and left out when it would be the
/// first again); returns how many.
fn rule_boards(
    h: &mut Html,
    rule: &str,
    e: &Entry<'_>,
    shown: &[(Side, &str, &[String])],
) -> usize {
    let mut boards: Vec<(&str, RuleBoard<'_>)> = Vec::new();
    for (side, label, ids) in shown {
        let avoid = boards.first().map(|(_, b)| b.fixture.id.as_str());
        if let Some(b) = rule_board(rule, *side, ids, e.fixtures, avoid) {
            if !boards.iter().any(|(_, o)| o.href() == b.href()) {
                boards.push((label, b));
            }
        }
    }
    if boards.is_empty() {
        return 0;
    }
    h.open("div", &[("class", "boards")]);
    for (label, b) in &boards {
        h.open("figure", &[("class", "board wide")]);
        h.open("figcaption", &[]);
        h.text(&format!("{label}: "));
        h.elem("a", &[("href", &b.href())], &b.fixture.id);
        h.open("span", &[("class", "step-of")]);
        h.raw(&inline(&b.figure.caption));
        h.close("span");
        h.close("figcaption");
        h.raw(&b.figure.svg).raw("\n");
        h.close("figure");
    }
    h.close("div");
    boards.len()
}
