//! Each rule in players' words (`players.md`, one `## ID` section per rule):
//! what the catalogue shows first on a rule's entry, before the reference's
//! own wording, which is folded beneath as a note for engine developers.

use std::collections::BTreeMap;

/// The players' texts, one Markdown section per rule ID.
const PLAYERS_MD: &str = include_str!("players.md");

/// The players' text of every rule in `players.md`, by rule ID, trimmed.
pub(super) fn player_texts() -> BTreeMap<&'static str, String> {
    sections(PLAYERS_MD)
}

/// The `## ID` sections of `md`: each heading's text to the next heading,
/// its lines joined by spaces (paragraphs kept apart by a blank line).
fn sections(md: &str) -> BTreeMap<&str, String> {
    let mut out = BTreeMap::new();
    let mut current: Option<(&str, Vec<&str>)> = None;
    for line in md.lines() {
        let heading = line.starts_with('#');
        if heading {
            if let Some((id, lines)) = current.take() {
                out.insert(id, lines.join("\n").trim().to_owned());
            }
        }
        if let Some(id) = line.strip_prefix("## ") {
            current = Some((id.trim(), Vec::new()));
        } else if !heading {
            if let Some((_, lines)) = current.as_mut() {
                lines.push(line);
            }
        }
    }
    if let Some((id, lines)) = current {
        out.insert(id, lines.join("\n").trim().to_owned());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexodic_rules::registry;

    #[test]
    fn sections_run_to_the_next_heading() {
        let s = sections("# Title\nintro\n## A1\none\ntwo\n\n## B2\nthree\n# End\nafter\n");
        assert_eq!(s.len(), 2);
        assert_eq!(s["A1"], "one\ntwo");
        assert_eq!(s["B2"], "three");
    }

    #[test]
    fn every_rule_has_players_text_and_only_rules_do() {
        let texts = player_texts();
        for r in registry::RULES {
            let t = texts.get(r.id).map(String::as_str).unwrap_or("");
            assert!(t.len() > 20, "{} has no players' text: {t:?}", r.id);
        }
        for id in texts.keys() {
            assert!(registry::lookup(id).is_some(), "{id} is not a rule");
        }
        assert_eq!(texts.len(), registry::RULES.len());
    }

    #[test]
    fn players_text_carries_no_code_and_no_source_path() {
        for (id, t) in player_texts() {
            for bad in ["`", "::", "rules/", "src/", ".rs", "RULES.md", "()", "_"] {
                assert!(!t.contains(bad), "{id}: players' text holds {bad:?}: {t}");
            }
            // Plain sentences: a short text, not a spec dump.
            assert!(t.len() < 420, "{id}: {} characters", t.len());
            assert!(t.ends_with('.'), "{id} does not end a sentence");
        }
    }
}
