//! The index page: a search box over the rules and fixtures, the rules by
//! area (each area a page of its own, listed here by rule), and every
//! fixture by folder, each folder folded.

use super::area_page::AreaPage;
use super::areas::rule_href;
use super::search::{search_box, search_script};
use super::site::page_href;
use crate::markup::{document, inline, slug, Style};
use hexodic_harness::corpus::{Corpus, Fixture};
use hexodic_rules::registry;
use maud::{html, Markup};
use std::collections::BTreeMap;

/// The index page.
pub(super) fn index_page(
    corpus: &Corpus,
    fixtures: &[&Fixture],
    pages: &[AreaPage],
    players: &BTreeMap<&'static str, String>,
) -> String {
    let body = html! {
        header.top {
            h1 { "Hexodic: the rules and their fixtures" }
            p {
                (fixtures.len()) " fixtures and " (registry::RULES.len()) " rules. Corpus "
                (corpus.version) "."
            }
        }
        main {
            p { (inline("Every rule of Hexodic in plain words, one page per part of the game, each rule with a board where it applies and one where it does not. The fixtures of the conformance corpus show the rules at work: each fixture's page plays it step by step and says what must happen.")) }
            nav.toc {
                @for p in pages { a href=(p.file) { (p.title) } }
                a href="#all-fixtures" { "All fixtures" }
            }
            (search_box(fixtures, players))
            (rules_section(pages))
            (all_fixtures_section(fixtures))
        }
        (search_script())
    };
    document("Hexodic rules and fixtures", Style::Link("style.css"), body)
}

/// The rules, by page, each linked to its entry; the list items keep the
/// `rule-ID` anchors so that older links to the index still land on the rule.
fn rules_section(pages: &[AreaPage]) -> Markup {
    html! {
        section #rules {
            h2 { "The rules" }
            @for p in pages {
                section.area id=(p.anchor) {
                    h3 { a href=(p.file) { (p.title) } " (" (p.rules.len()) " rules)" }
                    ul.brief.rules {
                        @for r in &p.rules {
                            li id={ "rule-" (slug(r.id)) } {
                                a href=(rule_href(r.id)) { (r.id) } " " (r.title)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Every fixture, by folder (each folded) with its basis and the rules it cites.
fn all_fixtures_section(fixtures: &[&Fixture]) -> Markup {
    let mut by_area: BTreeMap<&str, Vec<&Fixture>> = BTreeMap::new();
    for f in fixtures {
        by_area.entry(f.area()).or_default().push(f);
    }
    html! {
        section #all-fixtures {
            h2 { "All fixtures" }
            @for (area, list) in &by_area {
                details id={ "fixtures-" (slug(area)) } {
                    summary { (area) "/ (" (list.len()) ")" }
                    ul.brief {
                        @for f in list {
                            li {
                                a href=(page_href(&f.id)) { (f.id) }
                                " (" (f.basis.name()) "; cites " (f.rules.join(", ")) ")"
                            }
                        }
                    }
                }
            }
        }
    }
}
