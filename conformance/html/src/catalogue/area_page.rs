//! A page of rules: the rules of one area (or the ruleset and the
//! invariants), each in players' words with its boards and fixtures, with a
//! linked breadcrumb, the key to the boards and links to the areas before
//! and after it.

use super::areas::{area_page, OTHER_PAGE, OTHER_TITLE};
use super::rule_entry::{rule_article, Entry};
use crate::figure::full_key;
use crate::markup::{document, inline, Style};
use hexodic_harness::corpus::{Fixture, RuleCoverage};
use hexodic_rules::registry;
use maud::{html, Markup};
use std::collections::BTreeMap;

/// One page of rules, before it is written.
pub(super) struct AreaPage {
    /// The page's file name (`rules-b.html`).
    pub file: String,
    /// Its section's anchor on the index (`area-B`, `other-rules`).
    pub anchor: String,
    /// Its title (`B. The board`).
    pub title: String,
    /// The rules on it.
    pub rules: Vec<&'static registry::RuleInfo>,
}

/// The pages of rules, in order: one per area, then the other rules.
pub(super) fn area_pages() -> Vec<AreaPage> {
    let mut pages: Vec<AreaPage> = super::areas::AREAS
        .iter()
        .map(|(g, name)| AreaPage {
            file: area_page(*g),
            anchor: format!("area-{g}"),
            title: format!("{g}. {name}"),
            rules: Vec::new(),
        })
        .collect();
    pages.push(AreaPage {
        file: OTHER_PAGE.to_owned(),
        anchor: "other-rules".to_owned(),
        title: OTHER_TITLE.to_owned(),
        rules: Vec::new(),
    });
    for r in registry::RULES {
        let page = super::areas::rule_page(r.id);
        if let Some(p) = pages.iter_mut().find(|p| p.file == page) {
            p.rules.push(r);
        }
    }
    pages
}

/// What every page of rules draws from.
pub(super) struct Sources<'a> {
    /// Each rule in players' words.
    pub players: &'a BTreeMap<&'static str, String>,
    /// Each rule's text in `rules/RULES.md`.
    pub reference: &'a BTreeMap<String, String>,
    /// The coverage of the rules of the areas.
    pub coverage: &'a [RuleCoverage],
    /// Every fixture by id.
    pub fixtures: &'a BTreeMap<&'a str, &'a Fixture>,
}

/// The page `at` of `pages`, and the number of boards on it.
pub(super) fn area_page_html(pages: &[AreaPage], at: usize, src: &Sources<'_>) -> (String, usize) {
    let Some(page) = pages.get(at) else {
        return (String::new(), 0);
    };
    let mut boards = 0;
    let mut entries = Vec::new();
    for rule in &page.rules {
        let cov = src.coverage.iter().find(|c| c.rule.id == rule.id);
        let citing: Vec<String> = src
            .fixtures
            .values()
            .filter(|f| f.rules.iter().any(|r| r == rule.id))
            .map(|f| f.id.clone())
            .collect();
        let entry = Entry {
            players: src.players.get(rule.id).map(String::as_str),
            reference: src.reference.get(rule.id).map(String::as_str),
            sides: cov.map(|c| (c.passing.as_slice(), c.failing.as_slice())),
            citing: &citing,
            fixtures: src.fixtures,
        };
        let (markup, n) = rule_article(rule, &entry);
        boards += n;
        entries.push(markup);
    }
    let body = html! {
        header.top {
            nav.crumbs aria-label="Breadcrumb" {
                a href="index.html" { "Hexodic rules and fixtures" }
                " / "
                a href={ "index.html#" (page.anchor) } { (page.title) }
            }
            h1 { (page.title) }
        }
        main {
            (pager(pages, at, "Pages of rules, above"))
            p { (inline("Each rule in a few plain sentences, then a board from a fixture where it applies and, where the rule can refuse or stay silent, one where it does. The fixtures' pages play them step by step. Each entry ends with the rules reference's own wording, folded, for engine developers.")) }
            (full_key())
            @for e in &entries { (e) }
            p { a href="index.html" { "Back to the index" } }
            (pager(pages, at, "Pages of rules, below"))
        }
    };
    let html = document(
        &format!("Hexodic rules: {}", page.title),
        Style::Link("style.css"),
        body,
    );
    (html, boards)
}

/// Links to the pages of rules before and after page `at`.
fn pager(pages: &[AreaPage], at: usize, label: &str) -> Markup {
    let previous = at.checked_sub(1).and_then(|i| pages.get(i));
    let next = pages.get(at + 1);
    html! {
        nav.pager aria-label=(label) {
            @if let Some(p) = previous {
                a rel="prev" href=(p.file) { "\u{2190} " (p.title) }
            }
            @if let Some(n) = next {
                a rel="next" href=(n.file) { (n.title) " \u{2192}" }
            }
        }
    }
}
