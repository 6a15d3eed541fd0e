//! The results by rule area and rule, as the report's and the dashboard's
//! tables show them: the tallies by rule are the model's
//! ([`RuleTally::of`]); those by area are counted by the same function, each
//! fixture standing for the areas of the rules it cites (so a fixture
//! counts once for an area, however many of its rules it cites).

use crate::catalogue::{area_letter, AREAS};
use hexodic_report::{count, FixtureReport, RuleTally};

/// The name of the row of the rules outside the areas.
pub(crate) const OTHER_AREA: &str = "Other rules: the ruleset and the invariants";

/// One rule area's row and its rules' rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AreaTally {
    /// The area letter, `-` for the rules outside the areas.
    pub letter: char,
    /// The area's name.
    pub name: &'static str,
    /// The fixtures citing a rule of the area, each once.
    pub tally: RuleTally,
    /// The area's rules, in the rules reference's order.
    pub rules: Vec<RuleTally>,
}

impl AreaTally {
    /// `C. Capture`, or the name of the other rules.
    pub(crate) fn label(&self) -> String {
        match self.letter {
            '-' => self.name.to_owned(),
            g => format!("{g}. {}", self.name),
        }
    }
}

/// `results` with the rules each cites replaced by their areas' letters,
/// and nothing else a tally does not read.
fn as_areas(results: &[FixtureReport]) -> Vec<FixtureReport> {
    results
        .iter()
        .map(|r| FixtureReport {
            id: r.id.clone(),
            file: String::new(),
            description: String::new(),
            rules: r
                .rules
                .iter()
                .map(|id| area_letter(id).to_string())
                .collect(),
            basis: r.basis,
            size: r.size,
            status: r.status,
            cause: String::new(),
            variants_run: r.variants_run,
            traced: r.traced,
            skipped_checks: Vec::new(),
            failure: None,
            incident: None,
            classification: None,
            expected: None,
            rerun: None,
        })
        .collect()
}

/// The rows by area of `results`, whose tallies by rule are `by_rule`
/// (the model's, [`RuleTally::of`] the same results): the areas in the
/// rulebook's order, the rules outside them last; only areas some fixture
/// cites.
pub(crate) fn by_area(results: &[FixtureReport], by_rule: &[RuleTally]) -> Vec<AreaTally> {
    let areas = RuleTally::of(&as_areas(results));
    AREAS
        .iter()
        .copied()
        .chain([('-', OTHER_AREA)])
        .filter_map(|(letter, name)| {
            let tally = areas.iter().find(|t| t.rule == letter.to_string())?;
            Some(AreaTally {
                letter,
                name,
                tally: tally.clone(),
                rules: by_rule
                    .iter()
                    .filter(|t| area_letter(&t.rule) == letter)
                    .cloned()
                    .collect(),
            })
        })
        .collect()
}

/// Whether every fixture counted passed.
pub(crate) fn all_pass(t: &RuleTally) -> bool {
    t.passed == t.fixtures
}

/// The class of a tally's cell: `status-fail` when a check differed (a
/// flaky fixture included), `status-warn` when only incidents or skipped
/// checks kept fixtures from passing, else `status-pass`.
pub(crate) fn status_class(t: &RuleTally) -> &'static str {
    if t.failed + t.flaky > 0 {
        "status-fail"
    } else if !all_pass(t) {
        "status-warn"
    } else {
        "status-pass"
    }
}

/// What a tally counts, in words, each kind apart: `3 fixtures: 1 passed,
/// 1 failed (1 expected), 1 incident`.
pub(crate) fn tally_words(t: &RuleTally) -> String {
    let mut parts = vec![format!("{} passed", t.passed)];
    if t.failed > 0 {
        let expected = if t.expected > 0 {
            format!(" ({} expected)", t.expected)
        } else {
            String::new()
        };
        parts.push(format!("{} failed{expected}", t.failed));
    }
    for (n, one, many) in [
        (t.flaky, "flaky", "flaky"),
        (t.incidents, "incident", "incidents"),
        (t.skipped, "skipped", "skipped"),
    ] {
        if n > 0 {
            parts.push(count(n, one, many));
        }
    }
    format!(
        "{}: {}",
        count(t.fixtures, "fixture", "fixtures"),
        parts.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexodic_report::{Basis, Status};

    pub(crate) fn result(id: &str, rules: &[&str], status: Status) -> FixtureReport {
        FixtureReport {
            id: id.into(),
            file: format!("fixtures/{id}.yaml"),
            description: String::new(),
            rules: rules.iter().map(|r| (*r).to_owned()).collect(),
            basis: Basis::Documented,
            size: 1,
            status,
            cause: String::new(),
            variants_run: 24,
            traced: true,
            skipped_checks: Vec::new(),
            failure: None,
            incident: None,
            classification: None,
            expected: None,
            rerun: None,
        }
    }

    #[test]
    fn a_fixture_counts_once_for_an_area_and_for_each_rule_it_cites() {
        let results = [
            result("c/one", &["C1", "C2"], Status::Pass),
            result("c/two", &["C1"], Status::Fail),
            result("g/cap", &["G7", "I3"], Status::Incident),
        ];
        let by_rule = RuleTally::of(&results);
        let areas = by_area(&results, &by_rule);
        let letters: Vec<char> = areas.iter().map(|a| a.letter).collect();
        assert_eq!(letters, ['C', 'G', '-']);
        let c = &areas[0];
        assert_eq!(
            (c.tally.fixtures, c.tally.passed, c.tally.failed),
            (2, 1, 1)
        );
        let ids: Vec<&str> = c.rules.iter().map(|t| t.rule.as_str()).collect();
        assert_eq!(ids, ["C1", "C2"]);
        assert_eq!(c.label(), "C. Capture");
        assert_eq!(status_class(&c.tally), "status-fail");
        let g = &areas[1];
        assert_eq!((g.tally.fixtures, g.tally.incidents), (1, 1));
        assert_eq!(status_class(&g.tally), "status-warn");
        assert_eq!(tally_words(&g.tally), "1 fixture: 0 passed, 1 incident");
        assert_eq!(areas[2].label(), OTHER_AREA);
        assert_eq!(status_class(&c.rules[1]), "status-pass");
    }
}
