//! The rule texts of `rules/RULES.md`: each rule ID is a bold item
//! (`**C1** (documented: capture) — ...`) whose text runs to the next rule's
//! item or the next heading; and those texts as HTML.

use hexodic_rules::registry;
use std::collections::BTreeMap;

/// The text of every registered rule found in `rules_md` (the contents of
/// `rules/RULES.md`), by rule ID, as Markdown without the bold ID label
/// (it starts with the rule's source in parentheses). Rules not found are
/// left out.
///
/// ```
/// use hexodic_conformance::report::catalogue::rule_texts;
/// let md = "## 2. The board\n\n**B4** (documented: glossary, Cell) — Six slots.\nEdge slots.\n\n## 3. Players\n";
/// let texts = rule_texts(md);
/// assert_eq!(texts["B4"], "(documented: glossary, Cell) — Six slots.\nEdge slots.");
/// ```
pub fn rule_texts(rules_md: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut current: Option<(String, Vec<&str>)> = None;
    let mut fenced = false;
    let finish = |cur: Option<(String, Vec<&str>)>, out: &mut BTreeMap<String, String>| {
        if let Some((id, lines)) = cur {
            out.insert(id, lines.join("\n").trim().to_owned());
        }
    };
    for line in rules_md.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            if line.starts_with('#') {
                finish(current.take(), &mut out);
                continue;
            }
            if let Some((id, rest)) = rule_label(line) {
                finish(current.take(), &mut out);
                current = Some((id.to_owned(), vec![rest.trim_start()]));
                continue;
            }
        }
        if let Some((_, lines)) = current.as_mut() {
            lines.push(line);
        }
    }
    finish(current.take(), &mut out);
    out
}

/// `**ID**` at the start of a line, for a registered rule ID: the ID and the
/// rest of the line.
fn rule_label(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix("**")?;
    let end = rest.find("**")?;
    let id = &rest[..end];
    registry::lookup(id)?;
    Some((id, &rest[end + 2..]))
}

/// A Markdown text as HTML (CommonMark with tables, by `pulldown-cmark`).
/// Raw HTML in the text is not passed through: it is shown as text, so a
/// rule's text can never inject markup into a page.
pub(crate) fn markdown(text: &str) -> String {
    use pulldown_cmark::{html, Event, Options, Parser};
    let events = Parser::new_ext(text, Options::ENABLE_TABLES).map(|e| match e {
        Event::Html(t) | Event::InlineHtml(t) => Event::Text(t),
        e => e,
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_rule_has_its_text_in_the_rules_reference() {
        let md = hexodic_rules::RULES_MD;
        let texts = rule_texts(md);
        for r in registry::RULES {
            let t = texts.get(r.id).map(String::as_str).unwrap_or("");
            assert!(t.len() > 20, "{}: {t:?}", r.id);
            assert!(!t.contains("\n## "), "{} runs into a heading", r.id);
        }
        assert!(texts["B3"].contains("```cells"));
        assert!(texts["G5"].contains("Implementation note"));
        assert!(!texts["G5"].contains("**G6**"));
    }

    #[test]
    fn markdown_blocks_and_no_raw_html() {
        let html = markdown("A `x` *b*\nc.\n\n- one\n  two\n- three\n\n| a | b |\n| --- | --- |\n| `1` | <2> |\n\n```cells\nd4 <\n```\n\n1. first\n2. second\n\n<script>x</script>");
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
}
