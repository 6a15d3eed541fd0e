//! Writing HTML: escaping, a small element writer, inline markup for the
//! project's texts (`code` spans, **bold**, *emphasis*), the shared style
//! sheet, the title block of a page about runs and the page around a body.

use super::links::CatalogueUrl;
use std::fmt::Write as _;

/// `text` with `&`, `<`, `>`, `"` and `'` escaped, and the characters HTML
/// does not allow (control characters other than tab, line feed and carriage
/// return) dropped: safe in element content and in quoted attribute values.
///
/// ```
/// use hexodic_conformance::report::html::escape;
/// assert_eq!(escape("<script>alert('x & y')</script>"),
///     "&lt;script&gt;alert(&#39;x &amp; y&#39;)&lt;/script&gt;");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c.is_control() => {}
            // Not characters at all: not well-formed in XHTML.
            '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// `text` escaped, with `` `code` `` spans as `<code>`, `**bold**` as
/// `<strong>` and `*emphasis*` as `<em>` (markers that do not pair up stay
/// as they are).
pub(crate) fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(i) = rest.find('`') {
        let after = &rest[i + 1..];
        let Some(j) = after.find('`') else {
            break;
        };
        out.push_str(&emphasis(&rest[..i]));
        let _ = write!(out, "<code>{}</code>", escape(&after[..j]));
        rest = &after[j + 1..];
    }
    out.push_str(&emphasis(rest));
    out
}

/// Escaped text with `**bold**` and `*emphasis*` (no code spans inside).
fn emphasis(text: &str) -> String {
    let bold = pairs(text, "**", "strong");
    let mut out = String::new();
    // `pairs` returns escaped pieces and tags; emphasis applies to the
    // escaped text pieces only.
    for piece in bold {
        match piece {
            Piece::Tag(t) => out.push_str(&t),
            Piece::Text(s) => {
                for p in pairs(&s, "*", "em") {
                    match p {
                        Piece::Tag(t) => out.push_str(&t),
                        Piece::Text(s) => out.push_str(&escape(&s)),
                    }
                }
            }
        }
    }
    out
}

enum Piece {
    /// Raw text, not yet escaped.
    Text(String),
    /// Markup, already escaped.
    Tag(String),
}

/// Split `text` at pairs of `marker`: the text between a pair becomes
/// `<tag>..</tag>` (escaped, with emphasis inside for bold).
fn pairs(text: &str, marker: &str, tag: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(marker) {
        let after = &rest[i + marker.len()..];
        let Some(j) = after.find(marker) else { break };
        let inner = &after[..j];
        // `* x *` or an empty pair is not emphasis (a list of products, `**`).
        if inner.is_empty() || inner.starts_with(' ') || inner.ends_with(' ') {
            out.push(Piece::Text(rest[..i + marker.len()].to_owned()));
            rest = after;
            continue;
        }
        out.push(Piece::Text(rest[..i].to_owned()));
        let inner_html = if tag == "strong" {
            let mut s = String::new();
            for p in pairs(inner, "*", "em") {
                match p {
                    Piece::Tag(t) => s.push_str(&t),
                    Piece::Text(t) => s.push_str(&escape(&t)),
                }
            }
            s
        } else {
            escape(inner)
        };
        out.push(Piece::Tag(format!("<{tag}>{inner_html}</{tag}>")));
        rest = &after[j + marker.len()..];
    }
    out.push(Piece::Text(rest.to_owned()));
    out
}

/// Elements that sit inside a line of text.
const INLINE_TAGS: [&str; 6] = ["a", "b", "code", "em", "span", "strong"];

/// A string of HTML being written.
#[derive(Default)]
pub(crate) struct Html {
    buf: String,
}

impl Html {
    /// Markup as it is (already safe).
    pub(crate) fn raw(&mut self, html: &str) -> &mut Self {
        self.buf.push_str(html);
        self
    }

    /// Text, escaped.
    pub(crate) fn text(&mut self, text: &str) -> &mut Self {
        self.buf.push_str(&escape(text));
        self
    }

    /// An opening tag with attributes (values escaped).
    pub(crate) fn open(&mut self, tag: &str, attrs: &[(&str, &str)]) -> &mut Self {
        self.buf.push('<');
        self.buf.push_str(tag);
        for (k, v) in attrs {
            let _ = write!(self.buf, " {k}=\"{}\"", escape(v));
        }
        self.buf.push('>');
        self
    }

    /// A closing tag, and a line break after a block element (none after
    /// an inline one, where it would show as a space).
    pub(crate) fn close(&mut self, tag: &str) -> &mut Self {
        let _ = write!(self.buf, "</{tag}>");
        if !INLINE_TAGS.contains(&tag) {
            self.buf.push('\n');
        }
        self
    }

    /// A whole element holding escaped text.
    pub(crate) fn elem(&mut self, tag: &str, attrs: &[(&str, &str)], text: &str) -> &mut Self {
        self.open(tag, attrs).text(text).close(tag)
    }

    /// A whole element holding inline markup made from `text` ([`inline`]).
    pub(crate) fn elem_inline(
        &mut self,
        tag: &str,
        attrs: &[(&str, &str)],
        text: &str,
    ) -> &mut Self {
        let html = inline(text);
        self.open(tag, attrs).raw(&html).close(tag)
    }

    /// The HTML written so far.
    pub(crate) fn finish(self) -> String {
        self.buf
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
header.top { background: #2f2a22; color: #fff; padding: 14px 20px; }
header.top h1 { margin: 0; font-size: 22px; }
header.top p { margin: 4px 0 0; color: #e9e2d2; font-size: 13px; }
header.top a { color: #ffe3a8; }
header.top code { background: #4a4338; color: #fff; }
nav.toc { margin: 12px 0; font-size: 14px; }
header.top nav.crumbs { color: #e9e2d2; font-size: 13px; overflow-wrap: anywhere; }
nav.pager { display: flex; flex-wrap: wrap; gap: 8px 16px; margin: 10px 0; font-size: 14px; overflow-wrap: anywhere; }
nav.pager a[rel="next"] { margin-left: auto; }
nav.toc a { margin-right: 14px; }
h2 { font-size: 20px; border-bottom: 2px solid var(--line); padding-bottom: 4px; margin-top: 32px; }
h3 { font-size: 17px; margin: 20px 0 6px; }
h4 { font-size: 15px; margin: 0 0 6px; }
a { color: var(--accent); }
code, pre { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px; }
code { background: #f1ece0; padding: 0 3px; border-radius: 3px; overflow-wrap: anywhere; }
pre { background: #f6f2e8; border: 1px solid var(--line); padding: 8px 10px; overflow-x: auto; white-space: pre-wrap; }
.muted { color: var(--muted); }
.tiles { display: flex; flex-wrap: wrap; gap: 10px; margin: 12px 0; }
.tile { border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px; min-width: 110px; background: #fff; }
.tile b { display: block; font-size: 24px; }
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
.fixture { border-top: 1px dashed var(--line); margin-top: 14px; padding-top: 12px; }
.fixture .desc { margin: 4px 0 8px; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0; font-size: 14px; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
.difference { background: var(--bad-bg); border: 1px solid #f0b8c0; border-radius: 6px; padding: 6px 12px; margin: 8px 0; }
.difference p { margin: 2px 0; font-weight: bold; color: var(--bad); }
.difference ul { margin: 4px 0; }
.boards { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; margin: 10px 0; }
figure.board { margin: 0; flex: 1 1 340px; max-width: 440px; border: 1px solid var(--line); border-radius: 6px; background: #fff; padding: 4px; }
figure.board.wide { max-width: 520px; }
figure.board svg { width: 100%; height: auto; display: block; }
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
.rule h3 { margin-top: 0; }
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
.key-list { font-size: 14px; columns: 2 320px; }
@media (max-width: 640px) {
  main { padding: 10px 8px 32px; }
  header.top { padding: 10px 8px; }
  figure.board, figure.board.wide { flex-basis: 100%; max-width: none; }
  dl.facts { grid-template-columns: 1fr; }
  nav.toc a { display: inline-block; }
}
"#;

/// A whole page: the doctype, `<head>` with the title and the style (inline,
/// or a link to a style sheet), then `body`. Void elements are closed
/// (`<meta .../>`), so a page is well-formed XML as well as HTML.
pub(crate) fn document(title: &str, style: Style<'_>, body: &str) -> String {
    let mut out = String::with_capacity(body.len() + STYLE.len() + 512);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n");
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    match style {
        Style::Inline => {
            let _ = writeln!(out, "<style>\n{STYLE}</style>");
        }
        Style::Link(href) => {
            let _ = writeln!(out, "<link rel=\"stylesheet\" href=\"{}\"/>", escape(href));
        }
    }
    out.push_str("</head>\n<body>\n");
    out.push_str(body);
    out.push_str("</body>\n</html>\n");
    out
}

/// The title block of a page about runs (the report, the dashboard): the
/// page's title, a line saying what it shows, a line of facts joined by
/// ` · ` (inline markup: which engine command, harness, corpus, when it was
/// written) and, when the page knows where the catalogue is, a line saying
/// that rule IDs and fixture names link to it.
pub(crate) fn title_block(
    h: &mut Html,
    title: &str,
    lead: &str,
    facts: &[String],
    catalogue: Option<&CatalogueUrl>,
) {
    h.open("header", &[("class", "top")]);
    h.elem("h1", &[], title);
    h.elem("p", &[], lead);
    h.elem_inline("p", &[("class", "run-facts")], &facts.join(" · "));
    if let Some(c) = catalogue {
        h.open("p", &[])
            .raw(&format!(
                "Rule IDs and fixture names link to <a href=\"{}\">the catalogue</a>.",
                escape(&c.index())
            ))
            .close("p");
    }
    h.close("header");
}

/// Where a page's style comes from.
#[derive(Clone, Copy)]
pub(crate) enum Style<'a> {
    /// In a `<style>` element.
    Inline,
    /// From this (relative) style sheet.
    Link(&'a str),
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn escaping_drops_control_characters() {
        assert_eq!(escape("a\u{1}b\tc"), "ab\tc");
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
