//! A page of rules: the rules of one area (or the ruleset and the
//! invariants), each in players' words with its boards and fixtures, with a
//! linked breadcrumb, the key to the boards and links to the areas before
//! and after it.

use super::areas::{area_page, OTHER_PAGE, OTHER_TITLE};
use super::rule_entry::{rule_article, Entry};
use crate::corpus::{Fixture, RuleCoverage};
use crate::report::html::page::{document, Html, Style};
use hexodic_rules::registry;
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
    let page = &pages[at];
    let mut h = Html::default();
    h.open("header", &[("class", "top")]);
    h.open("nav", &[("class", "crumbs"), ("aria-label", "Breadcrumb")]);
    h.elem("a", &[("href", "index.html")], "Hexodic rules and fixtures");
    h.text(" / ");
    h.elem(
        "a",
        &[("href", &format!("index.html#{}", page.anchor))],
        &page.title,
    );
    h.close("nav");
    h.elem("h1", &[], &page.title);
    h.close("header");
    h.open("main", &[]);
    pager(&mut h, pages, at);
    h.elem_inline(
        "p",
        &[],
        "Each rule in a few plain sentences, then a board from a fixture where it applies and, where the rule can refuse or stay silent, one where it does. The fixtures' pages play them step by step. Each entry ends with the rules reference's own wording, folded, for engine developers.",
    );
    crate::report::html::key::full_key(&mut h);
    let mut boards = 0;
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
        boards += rule_article(&mut h, rule, &entry);
    }
    h.open("p", &[]);
    h.elem("a", &[("href", "index.html")], "Back to the index");
    h.close("p");
    pager(&mut h, pages, at);
    h.close("main");
    let html = document(
        &format!("Hexodic rules: {}", page.title),
        Style::Link("style.css"),
        &h.finish(),
    );
    (html, boards)
}

/// Links to the pages of rules before and after page `at`.
fn pager(h: &mut Html, pages: &[AreaPage], at: usize) {
    h.open("nav", &[("class", "pager")]);
    if let Some(p) = at.checked_sub(1).and_then(|i| pages.get(i)) {
        h.elem(
            "a",
            &[("rel", "prev"), ("href", &p.file)],
            &format!("\u{2190} {}", p.title),
        );
    }
    if let Some(n) = pages.get(at + 1) {
        h.elem(
            "a",
            &[("rel", "next"), ("href", &n.file)],
            &format!("{} \u{2192}", n.title),
        );
    }
    h.close("nav");
}
