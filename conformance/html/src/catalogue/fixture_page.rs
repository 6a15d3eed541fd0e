//! A fixture's page: its title and facts (basis, cited rules, sides shown,
//! variants, file), the start position with what the fixture checks on
//! it, or the invalid setup with its faults; the steps follow (`steps`).

use super::areas::{area_of, rule_href, AREAS};
use super::basis::basis_badge;
use super::site::{page_href, up};
use super::stepper::{step_hint, step_script};
use super::steps::{invalid_setup_figure, position_words, start_figure, steps_section};
use super::words::check_words;
use crate::figure::{figures, Figure};
use crate::markup::{document, inline, slug, svg, Style};
use hexodic_harness::corpus::{Fixture, Trace};
use hexodic_render::{fault_lines, BoardPicture};
use hexodic_rules::{registry, FaultCode};
use maud::{html, Markup};
use std::path::Path;

/// The fixtures before and after a fixture in id order, for the links
/// between fixture pages.
#[derive(Clone, Copy, Default)]
pub(super) struct Neighbours<'a> {
    /// The fixture before, if any.
    pub previous: Option<&'a str>,
    /// The fixture after, if any.
    pub next: Option<&'a str>,
}

/// A fixture's page and the number of boards on it.
pub(super) fn fixture_page(
    fx: &Fixture,
    root: &Path,
    root_name: &str,
    around: Neighbours<'_>,
) -> (String, usize) {
    let up = up(&fx.id);
    let prefix = slug(&fx.id);
    let (content, boards) = match &fx.invalid {
        Some(expected) => invalid_setup_section(fx, expected, &prefix),
        None => {
            let trace = Trace::record(fx);
            let (start, a) = start_section(fx, &trace, &prefix);
            let (steps, b) = steps_section(fx, &trace, &prefix);
            (html! { (start) (steps) }, a + b)
        }
    };
    let body = html! {
        (fixture_header(fx, &up))
        main {
            (pager(around, &up, "Fixtures, above"))
            p.desc { (inline(&fx.description)) }
            @if fx.invalid.is_none() { (step_hint()) }
            (fixture_facts(fx, root, root_name, &up))
            (content)
            p { a href={ (up) "index.html" } { "Back to the rules" } }
            (pager(around, &up, "Fixtures, below"))
        }
        @if fx.invalid.is_none() { (step_script()) }
    };
    let page = document(
        &format!("Hexodic fixture {}", fx.id),
        Style::Link(&format!("{up}style.css")),
        body,
    );
    (page, boards)
}

/// Links to the fixtures before and after this one, in id order.
fn pager(around: Neighbours<'_>, up: &str, label: &str) -> Markup {
    html! {
        @if around.previous.is_some() || around.next.is_some() {
            nav.pager aria-label=(label) {
                @if let Some(p) = around.previous {
                    a rel="prev" href={ (up) (page_href(p)) } { "\u{2190} " (p) }
                }
                @if let Some(n) = around.next {
                    a rel="next" href={ (up) (page_href(n)) } { (n) " \u{2192}" }
                }
            }
        }
    }
}

/// A fixture page's title block, with a linked breadcrumb: the index, the
/// page of the area of the first rule the fixture cites, that rule's entry
/// on it, the fixture.
fn fixture_header(fx: &Fixture, up: &str) -> Markup {
    let first = fx.rules.first().map(|rule| {
        let href = format!("{up}{}", rule_href(rule));
        let area = area_of(rule).and_then(|g| AREAS.iter().find(|(a, _)| *a == g));
        let title = registry::lookup(rule).map_or(String::new(), |r| format!(" ({})", r.title));
        (rule, href, area, title)
    });
    html! {
        header.top {
            nav.crumbs aria-label="Breadcrumb" {
                a href={ (up) "index.html" } { "Hexodic rules and fixtures" }
                @if let Some((rule, href, area, title)) = &first {
                    @if let Some((g, name)) = area {
                        " / "
                        a href=(href.split('#').next().unwrap_or_default()) { (g) ". " (name) }
                    }
                    " / "
                    a href=(href) { (rule) (title) }
                }
                " / " (fx.id)
            }
            h1 { "Fixture " (fx.id) }
        }
    }
}

/// The facts about a fixture: basis, cited rules, sides shown, variants and file.
fn fixture_facts(fx: &Fixture, root: &Path, root_name: &str, up: &str) -> Markup {
    let rel = fx
        .file
        .strip_prefix(root)
        .map(|p| p.to_string_lossy().replace('\\', "/"))
        .unwrap_or_else(|_| format!("{}.yaml", fx.id));
    html! {
        dl.facts {
            dt { "Basis" }
            dd { (basis_badge(fx.basis.name())) }
            dt { "Cites" }
            dd {
                @for (i, r) in fx.rules.iter().enumerate() {
                    @if i > 0 { "; " }
                    a href={ (up) (rule_href(r)) } { (r) }
                    @if let Some(rule) = registry::lookup(r) { " (" (rule.title) ")" }
                }
            }
            dt { "Shows the rule" }
            dd { (sides_words(fx.sides)) }
            dt { "Variants" }
            dd {
                @if fx.variants {
                    "runs under all 24 variants (the 12 board symmetries, each with the colours swapped or not)"
                } @else {
                    "runs as written only"
                }
            }
            dt { "File" }
            dd { code { (root_name) "/" (rel) } }
        }
    }
}

/// Which sides of its rules a fixture shows, in words.
fn sides_words(sides: (bool, bool)) -> &'static str {
    match sides {
        (true, true) => "firing or permitting, and rejecting or not firing",
        (true, false) => "firing or permitting",
        (false, true) => "rejecting or not firing",
        (false, false) => "neither side (it checks no expectation)",
    }
}

/// The section of a fixture whose setup is not a valid position, and its
/// number of boards.
fn invalid_setup_section(fx: &Fixture, expected: &[FaultCode], prefix: &str) -> (Markup, usize) {
    let faults = fault_lines(&fx.setup);
    let codes: Vec<&str> = expected.iter().map(|c| c.code()).collect();
    let words = format!(
        "This setup is not a valid position (V1). An engine must refuse it, naming the fault codes `{}`.",
        codes.join("`, `")
    );
    let markup = html! {
        h2 { "The setup, as given" }
        p { (inline(&words)) }
        @if !faults.is_empty() {
            ul.faults { @for f in &faults { li { (f) } } }
        }
        (figures(&[invalid_setup_figure(fx, prefix)]))
    };
    (markup, 1)
}

/// The start: the setup as given and its turns, the start position with
/// its words, and the checks on it; and its number of boards.
fn start_section(fx: &Fixture, trace: &Trace, prefix: &str) -> (Markup, usize) {
    let mut figs = Vec::new();
    if !fx.prelude.is_empty() {
        figs.push(Figure {
            caption: "The setup as given".into(),
            class: "",
            svg: svg(BoardPicture::new(&fx.setup)
                .title(format!("The setup of {}", fx.id))
                .id_prefix(format!("{prefix}-setup-"))
                .to_svg()),
        });
    }
    let turns: Vec<String> = fx.prelude.iter().map(|t| format!("`{}`", t.turn)).collect();
    let mut words = Vec::new();
    if let Some(start) = &trace.start {
        figs.push(start_figure(fx, start, prefix));
        words.push(position_words(start));
        if let Some(n) = trace.legal {
            words.push(format!("{n} legal turn(s)."));
        }
    }
    let checks = fx
        .expect
        .as_ref()
        .map(|(_, c)| check_words(c))
        .unwrap_or_default();
    let markup = html! {
        h2 { "Start" }
        section.step #start {
            div.words {
                @if !turns.is_empty() {
                    p { (inline(&format!("Setup turns played before the fixture starts (they count for repetition): {}.", turns.join(", ")))) }
                }
                @if !words.is_empty() {
                    ul { @for w in &words { li { (w) } } }
                }
                @if !checks.is_empty() {
                    p { "The fixture checks, before any turn:" }
                    ul { @for l in &checks { li { (inline(l)) } } }
                }
            }
            (figures(&figs))
        }
    };
    (markup, figs.len())
}
