//! Selecting fixtures by the rules they cite (`run --rule`) or by an
//! earlier run's failures (`run --rerun-failed`), and listing a selection
//! without running it (`run --list`).

use hexodic_harness::corpus::{Corpus, Fixture};
use hexodic_rules::registry;
use hexodic_rules::symmetry::Symmetry;

/// Whether `s` is an area letter: one letter that starts rule IDs.
fn area_of(s: &str) -> Option<char> {
    let mut c = s.chars();
    let letter = c.next()?.to_ascii_uppercase();
    let is_area = c.next().is_none()
        && registry::RULES.iter().any(|r| {
            r.id.starts_with(letter) && r.id[1..].starts_with(|d: char| d.is_ascii_digit())
        });
    is_area.then_some(letter)
}

/// The rule IDs `asked` name (an area letter names all its rules), or
/// what is wrong, with the nearest known ID.
pub fn rules(asked: &[String]) -> Result<Vec<&'static str>, String> {
    let mut out = Vec::new();
    for a in asked {
        let a = a.trim();
        if let Some(letter) = area_of(a) {
            out.extend(
                registry::RULES
                    .iter()
                    .filter(|r| r.id.starts_with(letter))
                    .map(|r| r.id),
            );
            continue;
        }
        match registry::RULES
            .iter()
            .find(|r| r.id.eq_ignore_ascii_case(a))
        {
            Some(r) => out.push(r.id),
            None => {
                let upper = a.to_ascii_uppercase();
                let nearest = registry::RULES
                    .iter()
                    .min_by_key(|r| strsim::levenshtein(&upper, r.id))
                    .map_or("", |r| r.id);
                return Err(format!(
                    "unknown rule ID `{a}` for --rule: the nearest known is `{nearest}` (an area letter such as `C` selects all its rules)"
                ));
            }
        }
    }
    Ok(out)
}

/// Keep the fixtures that cite one of `rules`.
pub fn keep_citing(corpus: &mut Corpus, rules: &[&str]) {
    corpus
        .fixtures
        .retain(|f| f.rules.iter().any(|r| rules.contains(&r.as_str())));
}

/// The ids of the fixtures that failed the run of the JSON report at
/// `path` (every status that fails a run), or why it cannot be read.
pub fn failed_in(path: &std::path::Path) -> Result<Vec<String>, String> {
    let report = hexodic_report::read_run(path).map_err(|e| e.to_string())?;
    Ok(report
        .results
        .iter()
        .filter(|r| r.status.fails_run())
        .map(|r| r.id.clone())
        .collect())
}

/// Keep the fixtures whose id is in `ids`; the ids no fixture has.
pub fn keep_ids(corpus: &mut Corpus, ids: &[String]) -> Vec<String> {
    corpus.fixtures.retain(|f| ids.contains(&f.id));
    ids.iter()
        .filter(|id| !corpus.fixtures.iter().any(|f| &f.id == *id))
        .cloned()
        .collect()
}

/// One line per fixture: its id and the variants it would run under.
pub fn list(fixtures: &[Fixture], only: Option<Symmetry>) -> String {
    let mut s = String::new();
    for f in fixtures {
        let variants: Vec<String> = match only {
            Some(v) if f.variants => vec![v.to_string()],
            _ => f.symmetries().iter().map(ToString::to_string).collect(),
        };
        s.push_str(&format!("{} {}\n", f.id, variants.join(" ")));
    }
    s
}

/// The hint for a target that matches no fixture id but is a rule ID.
pub fn rule_hint(target: &str) -> Option<String> {
    let r = registry::RULES
        .iter()
        .find(|r| r.id.eq_ignore_ascii_case(target.trim()))?;
    Some(format!(
        "`{target}` is a rule ID, not part of a fixture id: `run --rule {}` runs the fixtures that cite it",
        r.id
    ))
}
