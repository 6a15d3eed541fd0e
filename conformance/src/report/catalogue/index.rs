//! The index page: a search box over the rules and fixtures, the rules by
//! area (each area a page of its own, listed here by rule), and every
//! fixture by folder, each folder folded.

use super::area_page::AreaPage;
use super::areas::rule_href;
use super::search::{search_box, search_entries, search_script};
use super::site::page_href;
use crate::corpus::{Corpus, Fixture};
use crate::report::html::page::{document, slug, Html, Style};
use hexodic_rules::registry;
use std::collections::BTreeMap;

/// The index page.
pub(super) fn index_page(
    corpus: &Corpus,
    fixtures: &[&Fixture],
    pages: &[AreaPage],
    players: &BTreeMap<&'static str, String>,
) -> String {
    let mut h = Html::default();
    index_header(&mut h, corpus, fixtures);
    h.open("main", &[]);
    index_intro(&mut h, pages);
    search_box(&mut h);
    rules_section(&mut h, pages);
    all_fixtures_section(&mut h, fixtures);
    h.close("main");
    h.raw(&search_script(&search_entries(fixtures, players)));
    document(
        "Hexodic rules and fixtures",
        Style::Link("style.css"),
        &h.finish(),
    )
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
fn index_intro(h: &mut Html, pages: &[AreaPage]) {
    h.elem_inline(
        "p",
        &[],
        "Every rule of Hexodic in plain words, one page per part of the game, each rule with a board where it applies and one where it does not. The fixtures of the conformance corpus show the rules at work: each fixture's page plays it step by step and says what must happen.",
    );
    h.open("nav", &[("class", "toc")]);
    for p in pages {
        h.elem("a", &[("href", &p.file)], &p.title);
    }
    h.elem("a", &[("href", "#all-fixtures")], "All fixtures");
    h.close("nav");
}

/// The rules, by page, each linked to its entry; the list items keep the
/// `rule-ID` anchors so that older links to the index still land on the rule.
fn rules_section(h: &mut Html, pages: &[AreaPage]) {
    h.open("section", &[("id", "rules")]);
    h.elem("h2", &[], "The rules");
    for p in pages {
        h.open("section", &[("id", &p.anchor), ("class", "area")]);
        h.open("h3", &[]);
        h.elem("a", &[("href", &p.file)], &p.title);
        h.text(&format!(" ({} rules)", p.rules.len()));
        h.close("h3");
        h.open("ul", &[("class", "brief rules")]);
        for r in &p.rules {
            h.open("li", &[("id", &format!("rule-{}", slug(r.id)))]);
            h.elem("a", &[("href", &rule_href(r.id))], r.id);
            h.text(&format!(" {}", r.title));
            h.close("li");
        }
        h.close("ul");
        h.close("section");
    }
    h.close("section");
}

/// Every fixture, by folder (each folded) with its basis and the rules it cites.
fn all_fixtures_section(h: &mut Html, fixtures: &[&Fixture]) {
    h.open("section", &[("id", "all-fixtures")]);
    h.elem("h2", &[], "All fixtures");
    let mut by_area: BTreeMap<&str, Vec<&Fixture>> = BTreeMap::new();
    for f in fixtures {
        by_area.entry(f.area()).or_default().push(f);
    }
    for (area, list) in by_area {
        h.open("details", &[("id", &format!("fixtures-{}", slug(area)))]);
        h.elem("summary", &[], &format!("{area}/ ({})", list.len()));
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
        h.close("details");
    }
    h.close("section");
}
