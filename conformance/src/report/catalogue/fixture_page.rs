//! A fixture's page: its title and facts (basis, cited rules, sides shown,
//! variants, file), the start position with what the fixture checks on
//! it, or the invalid setup with its faults; the steps follow (`steps`).

use super::areas::{area_of, rule_href, AREAS};
use super::rule_entry::basis_badge;
use super::site::{page_href, up};
use super::stepper::{STEP_HINT, STEP_SCRIPT};
use super::steps::steps_section;
use super::words::check_words;
use crate::corpus::{Fixture, Trace};
use crate::report::html::page::{document, slug, Html, Style};
use crate::report::html::{figures, outcome_words, Figure};
use hexodic_render::{fault_lines, BoardPicture};
use hexodic_rules::{registry, FaultCode, Setup};
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
    let mut h = Html::default();
    let prefix = slug(&fx.id);
    fixture_header(&mut h, fx, &up);
    h.open("main", &[]);
    pager(&mut h, around, &up);
    h.elem_inline("p", &[("class", "desc")], &fx.description);
    if fx.invalid.is_none() {
        h.raw(STEP_HINT);
    }
    fixture_facts(&mut h, fx, root, root_name, &up);
    let boards = if let Some(expected) = &fx.invalid {
        invalid_setup_section(&mut h, fx, expected, &prefix)
    } else {
        let trace = Trace::record(fx);
        start_section(&mut h, fx, &trace, &prefix) + steps_section(&mut h, fx, &trace, &prefix)
    };
    h.open("p", &[]);
    h.elem(
        "a",
        &[("href", &format!("{up}index.html"))],
        "Back to the rules",
    );
    h.close("p");
    pager(&mut h, around, &up);
    h.close("main");
    if fx.invalid.is_none() {
        h.raw(STEP_SCRIPT);
    }
    let page = document(
        &format!("Hexodic fixture {}", fx.id),
        Style::Link(&format!("{up}style.css")),
        &h.finish(),
    );
    (page, boards)
}

/// Links to the fixtures before and after this one, in id order.
fn pager(h: &mut Html, around: Neighbours<'_>, up: &str) {
    if around.previous.is_none() && around.next.is_none() {
        return;
    }
    h.open("nav", &[("class", "pager")]);
    if let Some(p) = around.previous {
        h.elem(
            "a",
            &[("rel", "prev"), ("href", &format!("{up}{}", page_href(p)))],
            &format!("\u{2190} {p}"),
        );
    }
    if let Some(n) = around.next {
        h.elem(
            "a",
            &[("rel", "next"), ("href", &format!("{up}{}", page_href(n)))],
            &format!("{n} \u{2192}"),
        );
    }
    h.close("nav");
}

/// A fixture page's title block, with a linked breadcrumb: the index, the
/// page of the area of the first rule the fixture cites, that rule's entry
/// on it, the fixture.
fn fixture_header(h: &mut Html, fx: &Fixture, up: &str) {
    h.open("header", &[("class", "top")]);
    h.open("nav", &[("class", "crumbs"), ("aria-label", "Breadcrumb")]);
    h.elem(
        "a",
        &[("href", &format!("{up}index.html"))],
        "Hexodic rules and fixtures",
    );
    if let Some(rule) = fx.rules.first() {
        let href = format!("{up}{}", rule_href(rule));
        if let Some((g, name)) = area_of(rule).and_then(|g| AREAS.iter().find(|(a, _)| *a == g)) {
            let page = href.split('#').next().unwrap_or_default();
            h.text(" / ");
            h.elem("a", &[("href", page)], &format!("{g}. {name}"));
        }
        let title = registry::lookup(rule).map_or(String::new(), |r| format!(" ({})", r.title));
        h.text(" / ");
        h.elem("a", &[("href", &href)], &format!("{rule}{title}"));
    }
    h.text(&format!(" / {}", fx.id));
    h.close("nav");
    h.elem("h1", &[], &format!("Fixture {}", fx.id));
    h.close("header");
}

/// The facts about a fixture: basis, cited rules, sides shown, variants and file.
fn fixture_facts(h: &mut Html, fx: &Fixture, root: &Path, root_name: &str, up: &str) {
    h.open("dl", &[("class", "facts")]);
    h.elem("dt", &[], "Basis");
    h.open("dd", &[]);
    basis_badge(h, fx.basis.name());
    h.close("dd");
    h.elem("dt", &[], "Cites");
    h.open("dd", &[]);
    cited_rules(h, fx, up);
    h.close("dd");
    h.elem("dt", &[], "Shows the rule");
    h.elem("dd", &[], sides_words(fx.sides));
    h.elem("dt", &[], "Variants");
    h.elem(
        "dd",
        &[],
        if fx.variants {
            "runs under all 24 variants (the 12 board symmetries, each with the colours swapped or not)"
        } else {
            "runs as written only"
        },
    );
    h.elem("dt", &[], "File");
    let rel = fx
        .file
        .strip_prefix(root)
        .map(|p| p.to_string_lossy().replace('\\', "/"))
        .unwrap_or_else(|_| format!("{}.yaml", fx.id));
    h.open("dd", &[]);
    h.elem("code", &[], &format!("{root_name}/{rel}"));
    h.close("dd");
    h.close("dl");
}

/// The rules a fixture cites, each linked to the index and followed by its title.
fn cited_rules(h: &mut Html, fx: &Fixture, up: &str) {
    for (i, r) in fx.rules.iter().enumerate() {
        if i > 0 {
            h.text("; ");
        }
        let title = registry::lookup(r).map_or("", |x| x.title);
        h.elem("a", &[("href", &format!("{up}{}", rule_href(r)))], r);
        if !title.is_empty() {
            h.text(&format!(" ({title})"));
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

/// The section of a fixture whose setup is not a valid position; returns its number of boards.
fn invalid_setup_section(
    h: &mut Html,
    fx: &Fixture,
    expected: &[FaultCode],
    prefix: &str,
) -> usize {
    h.elem("h2", &[], "The setup, as given");
    let faults = fault_lines(&fx.setup);
    let codes: Vec<&str> = expected.iter().map(|c| c.code()).collect();
    h.elem_inline(
        "p",
        &[],
        &format!(
            "This setup is not a valid position (V1). An engine must refuse it, naming the fault codes `{}`.",
            codes.join("`, `")
        ),
    );
    if !faults.is_empty() {
        h.open("ul", &[("class", "faults")]);
        for f in &faults {
            h.elem("li", &[], f);
        }
        h.close("ul");
    }
    figures(h, &[invalid_setup_figure(fx, prefix)]);
    1
}

/// The figure of a setup that is not a valid position, with its faults.
pub(super) fn invalid_setup_figure(fx: &Fixture, prefix: &str) -> Figure {
    Figure {
        caption: "The setup as given (not a valid position)".into(),
        class: "wide",
        svg: BoardPicture::new(&fx.setup)
            .faults(fault_lines(&fx.setup))
            .title(format!("The setup of {}, not a valid position", fx.id))
            .id_prefix(format!("{prefix}-setup-"))
            .to_svg(),
    }
}

/// The figure of the start position (the last setup turn drawn, if any).
pub(super) fn start_figure(fx: &Fixture, start: &Setup, prefix: &str) -> Figure {
    let mut pic = BoardPicture::new(start)
        .title(format!("The start of {}", fx.id))
        .id_prefix(format!("{prefix}-start-"));
    let caption = match fx.prelude.last() {
        Some(t) => {
            pic = pic.turn(t.turn);
            format!(
                "Start: after the setup turns (the last, `{}`, drawn)",
                t.turn
            )
        }
        None => "Start".to_owned(),
    };
    Figure {
        caption,
        class: "wide",
        svg: pic.to_svg(),
    }
}

pub(super) fn position_words(p: &Setup) -> String {
    match p.outcome {
        Some(o) => format!("The game is over: {}.", outcome_words(Some(o))),
        None => format!("{} to move, half-move {}.", p.to_move, p.half_moves),
    }
}

fn start_section(h: &mut Html, fx: &Fixture, trace: &Trace, prefix: &str) -> usize {
    h.elem("h2", &[], "Start");
    h.open("section", &[("class", "step"), ("id", "start")]);
    h.open("div", &[("class", "words")]);
    let mut figs = Vec::new();
    if !fx.prelude.is_empty() {
        figs.push(Figure {
            caption: "The setup as given".into(),
            class: "",
            svg: BoardPicture::new(&fx.setup)
                .title(format!("The setup of {}", fx.id))
                .id_prefix(format!("{prefix}-setup-"))
                .to_svg(),
        });
        let turns: Vec<String> = fx.prelude.iter().map(|t| format!("`{}`", t.turn)).collect();
        h.elem_inline(
            "p",
            &[],
            &format!(
                "Setup turns played before the fixture starts (they count for repetition): {}.",
                turns.join(", ")
            ),
        );
    }
    if let Some(start) = &trace.start {
        figs.push(start_figure(fx, start, prefix));
        let mut words = vec![position_words(start)];
        if let Some(n) = trace.legal {
            words.push(format!("{n} legal turn(s)."));
        }
        h.open("ul", &[]);
        for w in words {
            h.elem("li", &[], &w);
        }
        h.close("ul");
    }
    if let Some((_, checks)) = &fx.expect {
        let lines = check_words(checks);
        if !lines.is_empty() {
            h.elem("p", &[], "The fixture checks, before any turn:");
            h.open("ul", &[]);
            for l in lines {
                h.elem_inline("li", &[], &l);
            }
            h.close("ul");
        }
    }
    h.close("div");
    figures(h, &figs);
    h.close("section");
    figs.len()
}
