//! The rule texts of `rules/RULES.md`: each rule ID is a bold item
//! (`**C1** (documented: capture) — ...`) whose text runs to the next rule's
//! item or the next heading.

use hexodic_rules::registry;
use std::collections::BTreeMap;

/// The text of every registered rule found in `rules_md` (the contents of
/// `rules/RULES.md`), by rule ID, as Markdown without the bold ID label
/// (it starts with the rule's source in parentheses). Rules not found are
/// left out.
pub(super) fn rule_texts(rules_md: &str) -> BTreeMap<String, String> {
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
    fn a_rule_s_text_runs_to_the_next_rule_or_heading() {
        let md = "## 2. The board\n\n**B4** (documented: glossary, Cell) — Six slots.\nEdge slots.\n\n## 3. Players\n";
        let texts = rule_texts(md);
        assert_eq!(
            texts["B4"],
            "(documented: glossary, Cell) — Six slots.\nEdge slots."
        );
    }
}
