//! The index's search box over the rules and the fixtures: the entries
//! are carried in an attribute of the box as JSON (each rule's ID, title
//! and players' text, each fixture's id, description and cited rules) and a
//! small inline script lists those whose text holds every word typed, a
//! rule whose ID is typed first. It works offline from disk; without script
//! the box stays hidden and the plain index below it is the way in.

use super::areas::rule_href;
use super::site::page_href;
use hexodic_harness::corpus::Fixture;
use hexodic_rules::registry;
use maud::{html, Markup, PreEscaped};
use std::collections::BTreeMap;

/// The search box, hidden until the script shows it, with its entries.
pub(super) fn search_box(
    fixtures: &[&Fixture],
    players: &BTreeMap<&'static str, String>,
) -> Markup {
    html! {
        form id="search" class="search" role="search" hidden="hidden" data-entries=(search_entries(fixtures, players)) {
            label for="q" { "Search the rules and fixtures" }
            input type="search" id="q" name="q" autocomplete="off" placeholder="a rule ID (G4) or a word (strangle)";
            p id="search-note" class="muted" aria-live="polite" {}
            ul id="search-results" class="brief" {}
        }
    }
}

/// The entries, as a JSON array of `[link, name, title, words]`.
fn search_entries(fixtures: &[&Fixture], players: &BTreeMap<&'static str, String>) -> String {
    let mut list: Vec<[String; 4]> = Vec::new();
    for r in registry::RULES {
        let text = players.get(r.id).cloned().unwrap_or_default();
        list.push([
            rule_href(r.id),
            r.id.to_owned(),
            r.title.to_owned(),
            text.replace('\n', " "),
        ]);
    }
    for f in fixtures {
        list.push([
            page_href(&f.id),
            f.id.clone(),
            lead(&f.description),
            format!("cites {}", f.rules.join(" ")),
        ]);
    }
    serde_json::to_string(&list).unwrap_or_else(|_| "[]".to_owned())
}

/// The longest lead of a fixture's description kept in the search entries.
const LEAD: usize = 110;

/// The first sentence of `text` on one line, cut after a word near
/// [`LEAD`] characters (with an ellipsis) when longer.
fn lead(text: &str) -> String {
    let one = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let first = match one.find(". ") {
        Some(i) => &one[..=i],
        None => one.as_str(),
    };
    if first.chars().count() <= LEAD {
        return first.to_owned();
    }
    let mut out = String::new();
    for w in first.split(' ') {
        if out.chars().count() + w.chars().count() > LEAD {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    out.push('\u{2026}');
    out
}

/// The `<script>` of the search box.
pub(super) fn search_script() -> Markup {
    // The index's own script, written in this file.
    html! { script { (PreEscaped(SEARCH_SCRIPT)) } }
}

/// The script. It holds no `<` and no `&`, so nothing in it can end its
/// element.
const SEARCH_SCRIPT: &str = r#"
(function () {
  var form = document.getElementById('search');
  if (!form) { return; }
  var entries = JSON.parse(form.getAttribute('data-entries') || '[]');
  var input = document.getElementById('q');
  var list = document.getElementById('search-results');
  var note = document.getElementById('search-note');
  var most = 40;
  form.hidden = false;
  form.addEventListener('submit', function (e) { e.preventDefault(); });
  function find() {
    var q = input.value.trim().toLowerCase();
    while (list.firstChild) { list.removeChild(list.firstChild); }
    if (!q) { note.textContent = ''; return; }
    var words = q.split(/\s+/);
    var hits = entries.filter(function (en) {
      var hay = (en[1] + ' ' + en[2] + ' ' + en[3]).toLowerCase();
      return words.every(function (w) { return hay.indexOf(w) !== -1; });
    });
    hits.sort(function (a, b) {
      return (b[1].toLowerCase() === q) - (a[1].toLowerCase() === q);
    });
    note.textContent = hits.length === 0 ? 'Nothing found.'
      : hits.length + ' found' + (hits.length > most ? ', the first ' + most + ' shown.' : '.');
    hits.slice(0, most).forEach(function (en) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = en[0];
      a.textContent = en[1];
      li.appendChild(a);
      li.appendChild(document.createTextNode(' ' + en[2]));
      list.appendChild(li);
    });
  }
  input.addEventListener('input', find);
  find();
})();
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_hold_every_rule_and_are_escaped_in_their_attribute() {
        let mut players = BTreeMap::new();
        players.insert("G4", "No place <to> put a stone & lose.".to_owned());
        let json = search_entries(&[], &players);
        let box_ = search_box(&[], &players).into_string();
        assert!(
            box_.contains("No place &lt;to&gt; put a stone &amp; lose."),
            "{box_}"
        );
        assert!(!box_.contains("<to>"));
        let v: Vec<[String; 4]> = serde_json::from_str(&json).unwrap();
        assert_eq!(v.len(), registry::RULES.len());
        let g4 = v.iter().find(|e| e[1] == "G4").unwrap();
        assert_eq!(g4[0], "rules-g.html#rule-G4");
        assert_eq!(g4[3], "No place <to> put a stone & lose.");
    }

    #[test]
    fn a_lead_is_the_first_sentence_cut_after_a_word() {
        assert_eq!(lead("One short.\nTwo more. Three."), "One short.");
        let long = "word ".repeat(40);
        let l = lead(&long);
        assert!(l.ends_with("word\u{2026}"), "{l}");
        assert!(l.chars().count() <= LEAD + 1, "{l}");
    }

    #[test]
    fn the_script_holds_nothing_that_ends_it() {
        assert!(!SEARCH_SCRIPT.contains('<') && !SEARCH_SCRIPT.contains('&'));
    }
}
