//! The rule texts of `rules/RULES.md`: each rule ID is a bold item
//! (`**C1** (documented: capture) — ...`) whose text runs to the next rule's
//! item or the next heading; and a small Markdown writer for them
//! (paragraphs, lists, tables, fenced blocks, inline code and emphasis).

use crate::report::html::page::{escape, inline};
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

/// A Markdown text as HTML: blank-line separated paragraphs, `-` and `1.`
/// lists (indented lines continue an item), `|` tables, fenced blocks as
/// `<pre>`, and inline code, bold and emphasis. Everything is escaped.
pub(crate) fn markdown(text: &str) -> String {
    let mut out = String::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let t = line.trim_start();
        if t.is_empty() {
            i += 1;
        } else if t.starts_with("```") {
            let mut body = Vec::new();
            i += 1;
            while i < lines.len() && !lines[i].trim_start().starts_with("```") {
                body.push(lines[i]);
                i += 1;
            }
            i += 1;
            out.push_str("<pre>");
            out.push_str(&escape(&body.join("\n")));
            out.push_str("</pre>\n");
        } else if t.starts_with('|') {
            let mut rows = Vec::new();
            while i < lines.len() && lines[i].trim_start().starts_with('|') {
                rows.push(lines[i].trim());
                i += 1;
            }
            out.push_str(&table(&rows));
        } else if let Some((ordered, _)) = list_item(t) {
            let tag = if ordered { "ol" } else { "ul" };
            out.push_str(&format!("<{tag}>"));
            while i < lines.len() {
                let Some((_, first)) = list_item(lines[i].trim_start()) else {
                    break;
                };
                let mut item = vec![first];
                i += 1;
                while i < lines.len()
                    && lines[i].starts_with(' ')
                    && !lines[i].trim().is_empty()
                    && list_item(lines[i].trim_start()).is_none()
                {
                    item.push(lines[i].trim());
                    i += 1;
                }
                out.push_str("<li>");
                out.push_str(&inline(&item.join(" ")));
                out.push_str("</li>");
            }
            out.push_str(&format!("</{tag}>\n"));
        } else {
            let mut para = Vec::new();
            while i < lines.len() {
                let t = lines[i].trim_start();
                if t.is_empty()
                    || t.starts_with("```")
                    || t.starts_with('|')
                    || (!para.is_empty() && list_item(t).is_some() && !lines[i].starts_with(' '))
                {
                    break;
                }
                para.push(lines[i].trim());
                i += 1;
            }
            out.push_str("<p>");
            out.push_str(&inline(&para.join(" ")));
            out.push_str("</p>\n");
        }
    }
    out
}

/// `- text` or `12. text`: whether it is ordered, and the text.
fn list_item(t: &str) -> Option<(bool, &str)> {
    if let Some(rest) = t.strip_prefix("- ") {
        return Some((false, rest));
    }
    let digits = t.find(|c: char| !c.is_ascii_digit())?;
    if digits == 0 {
        return None;
    }
    t[digits..].strip_prefix(". ").map(|rest| (true, rest))
}

fn cells(row: &str) -> Vec<&str> {
    let inner = row.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(str::trim).collect()
}

fn table(rows: &[&str]) -> String {
    let mut out = String::from("<table>");
    let is_rule = |r: &str| {
        cells(r)
            .iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
    };
    let header = rows.len() > 1 && is_rule(rows[1]);
    for (n, row) in rows.iter().enumerate() {
        if header && n == 1 {
            continue;
        }
        let tag = if header && n == 0 { "th" } else { "td" };
        out.push_str("<tr>");
        for c in cells(row) {
            out.push_str(&format!("<{tag}>{}</{tag}>", inline(c)));
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_rule_has_its_text_in_the_rules_reference() {
        let md = include_str!("../../../../rules/RULES.md");
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
    fn markdown_blocks() {
        let html = markdown("A `x` *b*\nc.\n\n- one\n  two\n- three\n\n| a | b |\n| --- | --- |\n| `1` | <2> |\n\n```cells\nd4 <\n```\n1. first\n2. second");
        assert_eq!(
            html,
            "<p>A <code>x</code> <em>b</em> c.</p>\n<ul><li>one two</li><li>three</li></ul>\n<table><tr><th>a</th><th>b</th></tr><tr><td><code>1</code></td><td>&lt;2&gt;</td></tr></table>\n<pre>d4 &lt;</pre>\n<ol><li>first</li><li>second</li></ol>\n"
        );
    }
}
