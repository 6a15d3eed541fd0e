//! A tiny SVG writer: elements, attributes and text, every value escaped and
//! every number written the same way (at most two decimals).

/// Escape the five XML special characters in `text`.
#[cfg(test)]
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

fn escape_into(out: &mut String, text: &str) {
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 does not allow at all: drop them, so any text parses.
            c if is_xml_char(c) => out.push(c),
            _ => {}
        }
    }
}

fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// A number with at most two decimals, no trailing zeros, no `-0`; a value
/// that is not finite is written as `0`.
pub(crate) fn num(v: f64) -> String {
    if !v.is_finite() {
        return "0".to_owned();
    }
    let s = format!("{:.2}", (v * 100.0).round() / 100.0);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

/// A list of points, as the `points` attribute of a polygon wants it.
pub(crate) fn points(pts: &[(f64, f64)]) -> String {
    let parts: Vec<String> = pts
        .iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect();
    parts.join(" ")
}

/// A value that can stand in an attribute.
pub(crate) trait Value {
    /// Append the value, escaped, to `out`.
    fn write_to(&self, out: &mut String);
}

impl Value for f64 {
    fn write_to(&self, out: &mut String) {
        out.push_str(&num(*self));
    }
}

impl Value for &str {
    fn write_to(&self, out: &mut String) {
        escape_into(out, self);
    }
}

impl Value for String {
    fn write_to(&self, out: &mut String) {
        escape_into(out, self);
    }
}

/// The document being written.
#[derive(Default)]
pub(crate) struct Svg {
    out: String,
}

impl Svg {
    /// Start an element: `<name`. Finish it with [`Tag::empty`],
    /// [`Tag::open`] or [`Tag::text`].
    pub(crate) fn tag(&mut self, name: &'static str) -> Tag<'_> {
        self.out.push('<');
        self.out.push_str(name);
        Tag {
            out: &mut self.out,
            name,
        }
    }

    /// Close an element opened with [`Tag::open`].
    pub(crate) fn close(&mut self, name: &'static str) {
        self.out.push_str("</");
        self.out.push_str(name);
        self.out.push_str(">\n");
    }

    /// The text written.
    pub(crate) fn finish(self) -> String {
        self.out
    }
}

/// An element whose start tag is being written.
pub(crate) struct Tag<'a> {
    out: &'a mut String,
    name: &'static str,
}

impl Tag<'_> {
    /// Add an attribute.
    pub(crate) fn attr(self, key: &str, value: impl Value) -> Self {
        self.out.push(' ');
        self.out.push_str(key);
        self.out.push_str("=\"");
        value.write_to(self.out);
        self.out.push('"');
        self
    }

    /// End as an empty element: `/>`.
    pub(crate) fn empty(self) {
        self.out.push_str("/>\n");
    }

    /// End the start tag: `>`; children follow, then [`Svg::close`].
    pub(crate) fn open(self) {
        self.out.push_str(">\n");
    }

    /// End with escaped text content and the end tag.
    pub(crate) fn text(self, text: &str) {
        self.out.push('>');
        escape_into(self.out, text);
        self.out.push_str("</");
        self.out.push_str(self.name);
        self.out.push_str(">\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_the_five_specials_and_drops_control_characters() {
        assert_eq!(
            escape(r#"<a href="x">&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;"
        );
        assert_eq!(escape("a\u{0}b\u{1b}c\u{FFFE}"), "abc");
        assert_eq!(escape("tab\tok − é"), "tab\tok − é");
    }

    #[test]
    fn numbers_have_at_most_two_decimals() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(1.23456), "1.23");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-2.499), "-2.5");
        assert_eq!(num(100.0), "100");
        assert_eq!(num(f64::NAN), "0");
        assert_eq!(num(f64::INFINITY), "0");
        assert_eq!(points(&[(1.0, 2.25), (0.5, -3.0)]), "1,2.25 0.5,-3");
    }

    #[test]
    fn elements_and_text() {
        let mut s = Svg::default();
        s.tag("g").attr("fill", "#fff").open();
        s.tag("text")
            .attr("x", 1.25)
            .attr("title", "a\"b")
            .text("<b>");
        s.tag("circle").attr("r", 3.0).empty();
        s.close("g");
        assert_eq!(
            s.finish(),
            "<g fill=\"#fff\">\n<text x=\"1.25\" title=\"a&quot;b\">&lt;b&gt;</text>\n<circle r=\"3\"/>\n</g>\n"
        );
    }
}
