//! Writing the pages: the page around a body, its style sheet, the title
//! block of a page about runs, the project's inline text marks (`code`
//! spans, **bold**, *emphasis*) as markup, and the only places where
//! markup made elsewhere goes into a page as it is: a board picture
//! ([`svg`]) and a rule's Markdown ([`markdown`]).

use maud::{html, Markup, PreEscaped, Render, DOCTYPE};

/// A board picture drawn by `hexodic-render`, put into a page as it is.
/// The one splice of generated SVG: the picture is markup the renderer
/// writes from typed boards (every text in it escaped there), not text
/// from a fixture, a report or an engine.
pub(crate) fn svg(picture: String) -> Markup {
    PreEscaped(picture)
}

/// A Markdown text as HTML (CommonMark with tables, by `pulldown-cmark`),
/// put into a page as it is. Raw HTML in the text is not passed through:
/// it is turned into text, which `pulldown-cmark` escapes, so a rule's
/// text can never inject markup into a page.
pub(crate) fn markdown(text: &str) -> Markup {
    use pulldown_cmark::{html, Event, Options, Parser};
    let events = Parser::new_ext(text, Options::ENABLE_TABLES).map(|e| match e {
        Event::Html(t) | Event::InlineHtml(t) => Event::Text(t),
        e => e,
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    PreEscaped(out)
}

/// One piece of a line of the project's text.
enum Piece<'a> {
    /// Plain text.
    Text(&'a str),
    /// A `` `code` `` span.
    Code(&'a str),
    /// `*emphasis*`.
    Em(&'a str),
    /// `**bold**`, with emphasis inside.
    Strong(Vec<Piece<'a>>),
}

impl Render for Piece<'_> {
    fn render(&self) -> Markup {
        match self {
            Piece::Text(t) => html! { (t) },
            Piece::Code(t) => html! { code { (t) } },
            Piece::Em(t) => html! { em { (t) } },
            Piece::Strong(inner) => html! { strong { @for p in inner { (p) } } },
        }
    }
}

/// `text` split at pairs of `marker`: each part, and whether it stood
/// between a pair. A pair around nothing, or around text that starts or
/// ends with a space (`6 * 2 * 3`), is not one.
fn pairs<'a>(text: &'a str, marker: &str) -> Vec<(&'a str, bool)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(marker) {
        let after = &rest[i + marker.len()..];
        let Some(j) = after.find(marker) else { break };
        let inner = &after[..j];
        if inner.is_empty() || inner.starts_with(' ') || inner.ends_with(' ') {
            out.push((&rest[..i + marker.len()], false));
            rest = after;
            continue;
        }
        out.push((&rest[..i], false));
        out.push((inner, true));
        rest = &after[j + marker.len()..];
    }
    out.push((rest, false));
    out
}

/// Text with `*emphasis*`.
fn emphasis(text: &str) -> impl Iterator<Item = Piece<'_>> {
    pairs(text, "*").into_iter().map(|(part, em)| {
        if em {
            Piece::Em(part)
        } else {
            Piece::Text(part)
        }
    })
}

/// Text outside code spans: bold, then emphasis.
fn plain<'a>(text: &'a str, out: &mut Vec<Piece<'a>>) {
    for (part, bold) in pairs(text, "**") {
        if bold {
            out.push(Piece::Strong(emphasis(part).collect()));
        } else {
            out.extend(emphasis(part));
        }
    }
}

/// The pieces of a line: code spans first, then bold, then emphasis.
fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('`') {
        let after = &rest[i + 1..];
        let Some(j) = after.find('`') else { break };
        plain(&rest[..i], &mut out);
        out.push(Piece::Code(&after[..j]));
        rest = &after[j + 1..];
    }
    plain(rest, &mut out);
    out
}

/// A line of the project's text (a summary, a cause, a description) as
/// markup: `` `code` `` spans as `<code>`, `**bold**` as `<strong>`,
/// `*emphasis*` as `<em>` (markers that do not pair up stay as they are),
/// everything else text.
pub(crate) fn inline(text: &str) -> Markup {
    html! { @for p in pieces(text) { (p) } }
}

/// A string made safe for an HTML id or a file name: ASCII letters, digits,
/// `-` and `_` kept, everything else `-`.
pub(crate) fn slug(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// Where a page's style comes from.
#[derive(Clone, Copy)]
pub(crate) enum Style<'a> {
    /// In a `<style>` element.
    Inline,
    /// From this (relative) style sheet.
    Link(&'a str),
}

/// Whether a character may stand in a page: not a control character
/// (other than tab, line feed and carriage return), not a noncharacter.
fn allowed(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r') || !(c.is_control() || matches!(c, '\u{fffe}' | '\u{ffff}'))
}

/// `page` without the characters a page may not hold (an engine's name or
/// standard error may carry any): control characters dropped, the two
/// noncharacters shown as the replacement character.
fn without_forbidden(page: String) -> String {
    if page.chars().all(allowed) {
        return page;
    }
    page.chars()
        .filter_map(|c| match c {
            '\u{fffe}' | '\u{ffff}' => Some('\u{fffd}'),
            c if allowed(c) => Some(c),
            _ => None,
        })
        .collect()
}

/// A whole page: the doctype, `<head>` with the title and the style
/// (inline, or a link to a style sheet), then `body`.
pub(crate) fn document(title: &str, style: Style<'_>, body: Markup) -> String {
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                @match style {
                    // The pages' own style sheet, written in this file.
                    Style::Inline => { style { (PreEscaped(STYLE)) } }
                    Style::Link(href) => { link rel="stylesheet" href=(href); }
                }
            }
            body { (body) }
        }
    };
    without_forbidden(page.into_string())
}

/// The title block of a page about runs (the report, the dashboard): the
/// page's title, a line saying what it shows, a line of facts joined by
/// ` · ` (with inline marks: which engine command, harness, corpus, when it
/// was written) and, when the page knows where the catalogue is, a line
/// saying that rule IDs and fixture names link to it (its index page at
/// `catalogue_index`).
pub(crate) fn title_block(
    title: &str,
    lead: &str,
    facts: &[String],
    catalogue_index: Option<String>,
) -> Markup {
    html! {
        header.top {
            h1 { (title) }
            p { (lead) }
            p.run-facts { (inline(&facts.join(" · "))) }
            @if let Some(index) = catalogue_index {
                p { "Rule IDs and fixture names link to " a href=(index) { "the catalogue" } "." }
            }
        }
    }
}

/// The style sheet every page shares (inline in the report, `style.css` in
/// the catalogue).
pub(crate) const STYLE: &str = r#":root {
  --ink: #1d1d1d; --muted: #5f5f5f; --line: #d9d4c7; --paper: #fffdf8;
  --bad: #b00020; --bad-bg: #fdecee; --good: #1b6e3a; --good-bg: #e8f5ec;
  --warn: #8a5a00; --warn-bg: #fff4dc; --accent: #0067b1; --mark: #b33c00;
  --reference: #005a9c; --engine: #a33c00;
}
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 "DejaVu Sans", Verdana, Arial, sans-serif; color: var(--ink); background: var(--paper); overflow-wrap: break-word; }
main { max-width: 1380px; margin: 0 auto; padding: 16px 20px 48px; }
header.top { background: #2f2a22; color: #fff; padding: 8px 20px; }
header.top h1 { margin: 0; font-size: 22px; }
header.top p { margin: 4px 0 0; color: #e9e2d2; font-size: 13px; }
header.top a { color: #ffe3a8; }
header.top code { background: #4a4338; color: #fff; }
nav.toc { margin: 6px 0; font-size: 14px; }
header.top nav.crumbs { color: #e9e2d2; font-size: 13px; overflow-wrap: anywhere; }
nav.pager { display: flex; flex-wrap: wrap; gap: 8px 16px; margin: 10px 0; font-size: 14px; overflow-wrap: anywhere; }
nav.pager a[rel="next"] { margin-left: auto; }
nav.toc a { margin-right: 14px; }
h2 { font-size: 20px; border-bottom: 2px solid var(--line); padding-bottom: 2px; margin: 12px 0 6px; }
h3 { font-size: 17px; margin: 14px 0 6px; }
h4 { font-size: 15px; margin: 0 0 6px; }
a { color: var(--accent); }
code, pre { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px; }
code { background: #f1ece0; padding: 0 3px; border-radius: 3px; overflow-wrap: anywhere; }
pre { background: #f6f2e8; border: 1px solid var(--line); padding: 8px 10px; overflow-x: auto; white-space: pre-wrap; }
.muted { color: var(--muted); }
.tiles { display: flex; flex-wrap: wrap; gap: 10px; margin: 12px 0; }
.tile { border: 1px solid var(--line); border-radius: 6px; padding: 0 10px; min-width: 90px; background: #fff; font-size: 14px; }
.tile b { display: block; font-size: 18px; line-height: 1.3; }
details.lines > summary, details.how > summary, details.grouping > summary { font-size: 14px; }
#summary details.lines:not([open]), #summary details.key:not([open]) { display: inline-block; vertical-align: top; margin: 0 24px 4px 0; }
.tiles { margin: 4px 0; }
@media (min-width: 900px) { dl.facts.wide { grid-template-columns: max-content 1fr max-content 1fr; } }
.tile.bad { background: var(--bad-bg); border-color: #f0b8c0; color: var(--bad); }
.tile.good { background: var(--good-bg); border-color: #b5dcc2; color: var(--good); }
.tile.warn { background: var(--warn-bg); border-color: #f0d79c; color: var(--warn); }
.lines p { margin: 2px 0; }
.badge { display: inline-block; font-size: 12px; padding: 0 7px; border-radius: 9px; border: 1px solid var(--line); background: #fff; vertical-align: 2px; font-weight: normal; }
.badge.documented { background: #e6f0fa; border-color: #a9c8e8; }
.badge.ruling { background: #f3eafa; border-color: #cdb4e3; }
.badge.fail { background: var(--bad-bg); border-color: #f0b8c0; color: var(--bad); }
.cause { border: 1px solid var(--line); border-left: 5px solid var(--bad); border-radius: 6px; padding: 10px 14px; margin: 16px 0; background: #fff; }
.cause > h3 { margin-top: 0; }
.fixture { border-top: 1px dashed var(--line); margin-top: 8px; padding-top: 8px; }
.fixture .desc { margin: 4px 0 8px; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0; font-size: 14px; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
.difference { background: var(--bad-bg); border: 1px solid #f0b8c0; border-radius: 6px; padding: 6px 12px; margin: 8px 0; }
.difference p { margin: 2px 0; font-weight: bold; color: var(--bad); }
.difference ul { margin: 4px 0; }
.boards { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; margin: 6px 0; }
figure.board { margin: 0; flex: 1 1 340px; max-width: 440px; border: 1px solid var(--line); border-radius: 6px; background: #fff; padding: 4px; }
figure.board.wide { max-width: 520px; }
figure.board svg { width: 100%; height: auto; display: block; }
figure.board p.notation { margin: 4px 4px 2px; font-size: 13px; overflow-wrap: anywhere; }
figure.board p.notation code { user-select: all; }
figure.board p.notation button { font: inherit; font-size: 13px; padding: 0 8px; }
figure.board figcaption { font-size: 14px; font-weight: bold; padding: 2px 4px 6px; }
figure.board.reference { border: 2px solid var(--reference); }
figure.board.engine { border: 2px dashed var(--engine); }
figure.board.reference figcaption { color: var(--reference); }
figure.board.engine figcaption { color: var(--engine); }
figure.board.reference figcaption::before { content: "\25CF  "; }
figure.board.engine figcaption::before { content: "\25B2  "; }
.differs { background: #fff1e6; border: 1px solid #f3c3a3; border-left: 6px solid var(--mark); border-radius: 6px; padding: 6px 12px; margin: 8px 0; font-size: 15px; }
.differs strong { color: var(--mark); }
.views > input, .filter > input { position: absolute; opacity: 0; width: 1px; height: 1px; margin: 0; }
.views > label, .filter > label { display: inline-block; border: 1px solid var(--line); border-radius: 14px; padding: 1px 12px; margin: 0 6px 4px 0; font-size: 14px; cursor: pointer; background: #fff; }
.views > input:checked + label, .filter > input:checked + label { background: #2f2a22; color: #fff; border-color: #2f2a22; }
.views > input:focus-visible + label, .filter > input:focus-visible + label { outline: 3px solid var(--accent); outline-offset: 2px; }
.filter > .f-bad:checked ~ .table-wrap tr.ok { display: none; }
.views > .v-before:checked ~ .boards figure.board:not(.before), .views > .v-ref:checked ~ .boards figure.board:not(.reference), .views > .v-eng:checked ~ .boards figure.board:not(.engine) { display: none; }
.views > .v-before:checked ~ .boards figure.board, .views > .v-ref:checked ~ .boards figure.board, .views > .v-eng:checked ~ .boards figure.board { max-width: 520px; }
.views > .boards:focus-visible { outline: 3px solid var(--accent); outline-offset: 4px; }
ul.brief { font-size: 14px; padding-left: 20px; }
ul.brief li { margin: 2px 0; }
details { margin: 8px 0; }
details > summary { cursor: pointer; color: var(--accent); }
.incident { border: 1px solid #f0d79c; border-left: 5px solid var(--warn); border-radius: 6px; padding: 8px 14px; margin: 12px 0; background: #fff; }
.rule { border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px; margin: 12px 0; background: #fff; }
.rule h2 { margin-top: 0; font-size: 17px; border-bottom: none; }
.rule .text { font-size: 14px; }
.rule .text p { margin: 4px 0; }
.rule table, .text table { border-collapse: collapse; font-size: 13px; }
.text td, .text th { border: 1px solid var(--line); padding: 2px 6px; }
.rule .players p { margin: 4px 0; }
.rule figcaption .step-of { display: block; font-weight: normal; font-size: 13px; }
details.dev { font-size: 14px; border-top: 1px dashed var(--line); padding-top: 4px; }
form.search { margin: 12px 0; padding: 8px 12px; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
form.search input { display: block; width: 100%; max-width: 520px; margin-top: 4px; padding: 4px 8px; font: inherit; }
form.search p { margin: 4px 0; font-size: 14px; }
.step:target { outline: 3px solid var(--accent); outline-offset: 2px; }
ul.rules { columns: 2 340px; }
.fixtures-of { font-size: 14px; margin: 4px 0; }
.fixtures-of a { margin-right: 8px; }
.step { border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px; margin: 14px 0; background: #fff; display: flex; flex-wrap: wrap; gap: 16px; }
.step .words { flex: 1 1 300px; }
.step .words ul { padding-left: 18px; }
.verdict-legal { color: var(--good); font-weight: bold; }
.verdict-illegal { color: var(--bad); font-weight: bold; }
.faults { color: var(--bad); }
.table-wrap { overflow-x: auto; max-width: 100%; }
table.results { border-collapse: collapse; font-size: 14px; margin: 6px 0; }
table.results th, table.results td { border: 1px solid var(--line); padding: 2px 8px; text-align: left; vertical-align: top; }
table.results td.num { text-align: right; font-variant-numeric: tabular-nums; }
table.results tr.area th { background: #f1ece0; }
.status-fail { color: var(--bad); font-weight: bold; }
.status-fail a { color: var(--bad); }
.status-pass { color: var(--good); }
.status-warn { color: var(--warn); font-weight: bold; }
.status-warn a { color: var(--warn); }
.rerun { display: block; width: fit-content; margin-top: 2px; }
.apart { font-weight: normal; font-size: 12px; }
table.dashboard td.num, table.dashboard th.num { white-space: nowrap; }
table.dashboard .status-pass { background: var(--good-bg); }
table.dashboard .status-fail { background: var(--bad-bg); }
table.dashboard .status-warn { background: var(--warn-bg); }
table.dashboard .status-pass::before { content: "\2713\00A0"; }
table.dashboard .status-fail::before { content: "\2717\00A0"; }
table.dashboard .status-warn::before { content: "!\00A0"; }
.bar { display: block; height: 5px; min-width: 48px; margin-top: 2px; background: #e4ded0; border-radius: 2px; overflow: hidden; }
.bar > span { display: block; height: 100%; background: var(--good); }
.status-fail .bar > span { background: var(--bad); }
.status-warn .bar > span { background: var(--warn); }
.table-wrap.sticky { max-height: 85vh; overflow: auto; border: 1px solid var(--line); }
.table-wrap.sticky table { margin: 0; }
.table-wrap.sticky thead th { position: sticky; top: 0; z-index: 2; background: #f1ece0; }
.table-wrap.sticky tbody th:first-child { position: sticky; left: 0; z-index: 1; background: var(--paper); }
.table-wrap.sticky tbody tr.area th:first-child { background: #f1ece0; }
.table-wrap.sticky thead th:first-child { left: 0; z-index: 3; }
li.dispute { margin: 4px 0; }
#disputes { border-left: 5px solid var(--accent); padding-left: 12px; }
.key-list { font-size: 14px; columns: 2 320px; }
@media (max-width: 640px) {
  main { padding: 10px 8px 32px; }
  header.top { padding: 10px 8px; }
  figure.board, figure.board.wide { flex-basis: 100%; max-width: none; padding: 2px; }
  .cause { padding: 8px 6px; border-left-width: 3px; }
  dl.facts { grid-template-columns: 1fr; }
  nav.toc a { display: inline-block; }
}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    fn inline(text: &str) -> String {
        super::inline(text).into_string()
    }

    #[test]
    fn inline_markup() {
        assert_eq!(
            inline("a `c3 +d4` <b> **bold** *em*"),
            "a <code>c3 +d4</code> &lt;b&gt; <strong>bold</strong> <em>em</em>"
        );
        assert_eq!(inline("6 * 2 * 3"), "6 * 2 * 3");
        assert_eq!(inline("`<x>`"), "<code>&lt;x&gt;</code>");
        assert_eq!(inline("a ` b"), "a ` b");
        assert_eq!(
            inline("**X** and *O*: **x *y* z**"),
            "<strong>X</strong> and <em>O</em>: <strong>x <em>y</em> z</strong>"
        );
    }

    #[test]
    fn a_page_drops_the_characters_it_may_not_hold() {
        assert_eq!(without_forbidden("a\u{1}b\tc\u{1b}[2J".into()), "ab\tc[2J");
        assert_eq!(without_forbidden("x\u{fffe}".into()), "x\u{fffd}");
        let page = document("t\u{0}", Style::Inline, html! { p { "bad\u{7}<b>" } });
        assert!(page.contains("<title>t</title>"), "{page}");
        assert!(page.contains("<p>bad&lt;b&gt;</p>"), "{page}");
    }

    #[test]
    fn markdown_blocks_and_no_raw_html() {
        let html = markdown("A `x` *b*\nc.\n\n- one\n  two\n- three\n\n| a | b |\n| --- | --- |\n| `1` | <2> |\n\n```cells\nd4 <\n```\n\n1. first\n2. second\n\n<script>x</script>").into_string();
        for part in [
            "<p>A <code>x</code> <em>b</em>\nc.</p>",
            "<li>one\ntwo</li>",
            "<th>a</th>",
            "<td><code>1</code></td>",
            "<pre><code class=\"language-cells\">d4 &lt;\n</code></pre>",
            "<ol>\n<li>first</li>",
            "&lt;script&gt;",
        ] {
            assert!(html.contains(part), "{part} not in {html}");
        }
        assert!(!html.contains("<script>"), "{html}");
        assert!(!html.contains("<2>"), "{html}");
    }

    /// The value of a colour variable of the style sheet.
    fn colour(name: &str) -> &'static str {
        let at = STYLE.find(&format!("--{name}: ")).unwrap() + name.len() + 4;
        &STYLE[at..at + 7]
    }

    #[test]
    fn the_captions_read_apart_under_every_dichromacy() {
        use hexodic_render::palette::{contrast, distance, Vision};
        // The reference's and the engine's captions and borders: apart by
        // colour (a CIELAB distance of 15 or more after simulating each
        // dichromacy, the palette's measure for its marks), by shape (a
        // disc or a triangle before the caption, a solid or dashed border),
        // and each readable on the page (4.5:1, WCAG AA for text).
        let (reference, engine) = (colour("reference"), colour("engine"));
        for vision in Vision::DICHROMACIES {
            let d = distance(reference, engine, vision);
            assert!(d >= 15.0, "{}: {d:.1}", vision.name());
        }
        for c in [reference, engine] {
            assert!(contrast(c, colour("paper")) >= 4.5, "{c}");
            assert!(contrast(c, "#ffffff") >= 4.5, "{c}");
        }
        assert!(
            STYLE.contains("figure.board.reference figcaption::before { content: \"\\25CF  \"; }")
        );
        assert!(STYLE.contains("figure.board.engine figcaption::before { content: \"\\25B2  \"; }"));
        assert!(STYLE.contains("figure.board.engine { border: 2px dashed var(--engine); }"));
    }
}
