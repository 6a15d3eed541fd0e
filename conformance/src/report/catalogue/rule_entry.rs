//! A rule's entry in the index: its id, basis and title, its text from
//! `rules/RULES.md`, and the fixtures that show it firing and not firing.

use super::rules_doc::markdown;
use super::site::page_href;
use crate::report::html::page::Html;
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

/// A link list of fixtures (from the index).
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

pub(super) fn rule_article(
    h: &mut Html,
    rule: &registry::RuleInfo,
    texts: &BTreeMap<String, String>,
    sides: Option<(&[String], &[String])>,
    citing: &[String],
) {
    h.open(
        "article",
        &[("class", "rule"), ("id", &format!("rule-{}", rule.id))],
    );
    h.open("h3", &[]).text(rule.id).text(" ");
    basis_badge(h, rule.basis.name());
    h.text(" ").text(rule.title).close("h3");
    h.open("div", &[("class", "text")]);
    match texts.get(rule.id) {
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
    match sides {
        Some((passing, failing)) => {
            fixture_links(h, "Fixtures where it fires or permits", passing);
            fixture_links(h, "Fixtures where it rejects or does not fire", failing);
        }
        None => fixture_links(h, "Fixtures citing it", citing),
    }
    h.close("article");
}
