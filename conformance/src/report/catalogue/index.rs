//! The index page: the rules by area, the rules outside the areas, and
//! every fixture by area with its basis and the rules it cites.

use super::rule_entry::rule_article;
use super::site::page_href;
use crate::corpus::{coverage, is_covered, Corpus, Fixture, RuleCoverage};
use crate::report::html::page::{document, Html, Style};
use hexodic_rules::registry;
use std::collections::BTreeMap;

/// The areas of the index, in order: the rule group letter and its name.
pub(crate) const AREAS: [(char, &str); 9] = [
    ('B', "The board"),
    ('P', "Players and the starting state"),
    ('T', "The turn"),
    ('S', "Shape"),
    ('E', "Echo"),
    ('C', "Capture"),
    ('G', "End of the turn"),
    ('V', "Positions given directly"),
    ('N', "What counts as one turn"),
];

pub(super) fn index_page(
    corpus: &Corpus,
    fixtures: &[&Fixture],
    texts: &BTreeMap<String, String>,
) -> (String, usize) {
    let mut h = Html::default();
    let cov = coverage(&corpus.fixtures);
    index_header(&mut h, corpus, fixtures);
    h.open("main", &[]);
    index_intro(&mut h);
    let mut rules = area_sections(&mut h, &cov, texts);
    rules += other_rules_section(&mut h, fixtures, texts);
    all_fixtures_section(&mut h, fixtures);
    h.close("main");
    let page = document(
        "Hexodic rules and fixtures",
        Style::Link("style.css"),
        &h.finish(),
    );
    (page, rules)
}

/// The index's title block: the counts of fixtures and rules, and the corpus version.
fn index_header(h: &mut Html, corpus: &Corpus, fixtures: &[&Fixture]) {
    h.open("header", &[("class", "top")]);
    h.elem("h1", &[], "Hexodic: the rules and their fixtures");
    h.elem(
        "p",
        &[],
        &format!(
            "{} fixtures and {} rules. Corpus {}.",
            fixtures.len(),
            registry::RULES.len(),
            crate::run::corpus_version(corpus)
        ),
    );
    h.close("header");
}

/// The index's opening paragraph and its table of contents.
fn index_intro(h: &mut Html) {
    h.elem_inline(
        "p",
        &[],
        "Every rule of the project's rules reference (`rules/RULES.md`) with its text, and the fixtures of the conformance corpus that show it at work: where it fires or permits, and where it rejects or does not fire. Each fixture's page draws its boards step by step and says what must happen, as the reference engine plays it.",
    );
    h.open("nav", &[("class", "toc")]);
    for (g, name) in AREAS {
        h.elem(
            "a",
            &[("href", &format!("#area-{g}"))],
            &format!("{g} {name}"),
        );
    }
    h.elem("a", &[("href", "#other-rules")], "Other rules");
    h.elem("a", &[("href", "#all-fixtures")], "All fixtures");
    h.close("nav");
    crate::report::html::key::full_key(h);
}

/// One section per area with its covered rules; returns the number of rules written.
fn area_sections(h: &mut Html, cov: &[RuleCoverage], texts: &BTreeMap<String, String>) -> usize {
    let mut rules = 0;
    for (g, name) in AREAS {
        h.open("section", &[("id", &format!("area-{g}"))]);
        h.elem("h2", &[], &format!("{g}. {name}"));
        for rc in cov.iter().filter(|rc| rc.rule.id.starts_with(g)) {
            rule_article(h, rc.rule, texts, Some((&rc.passing, &rc.failing)), &[]);
            rules += 1;
        }
        h.close("section");
    }
    rules
}

/// The rules outside the areas, each with the fixtures citing it; returns how many.
fn other_rules_section(
    h: &mut Html,
    fixtures: &[&Fixture],
    texts: &BTreeMap<String, String>,
) -> usize {
    let citing = |id: &str| -> Vec<String> {
        fixtures
            .iter()
            .filter(|f| f.rules.iter().any(|r| r == id))
            .map(|f| f.id.clone())
            .collect()
    };
    let mut rules = 0;
    h.open("section", &[("id", "other-rules")]);
    h.elem("h2", &[], "Other rules: the ruleset and the invariants");
    for rule in registry::RULES.iter().filter(|r| !is_covered(r.id)) {
        rule_article(h, rule, texts, None, &citing(rule.id));
        rules += 1;
    }
    h.close("section");
    rules
}

/// Every fixture, listed by area with its basis and the rules it cites.
fn all_fixtures_section(h: &mut Html, fixtures: &[&Fixture]) {
    h.open("section", &[("id", "all-fixtures")]);
    h.elem("h2", &[], "All fixtures");
    let mut by_area: BTreeMap<&str, Vec<&Fixture>> = BTreeMap::new();
    for f in fixtures {
        by_area.entry(f.area()).or_default().push(f);
    }
    for (area, list) in by_area {
        h.elem("h3", &[], &format!("{area}/ ({})", list.len()));
        h.open("ul", &[("class", "brief")]);
        for f in list {
            h.open("li", &[]);
            h.elem("a", &[("href", &page_href(&f.id))], &f.id);
            h.text(&format!(
                " ({}; cites {})",
                f.basis.name(),
                f.rules.join(", ")
            ));
            h.close("li");
        }
        h.close("ul");
    }
    h.close("section");
}
