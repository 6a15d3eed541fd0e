//! The report's two tables, written for a clean run as for a failing one:
//! the results by rule area and rule (a fixture counts for every rule it
//! cites), and every fixture with its status, variants and time, which a
//! switch filters to the fixtures that did not pass (radio buttons and the
//! style sheet: no script; without style, the plain table).

use super::report::Writer;
use crate::report::catalogue::{area_letter, AREAS};
use crate::run::{FixtureResult, Status};
use hexodic_rules::registry;
use std::collections::BTreeMap;

/// Whether a fixture's status counts as passing in the tables (a pass, or
/// an unexpected pass: the engine got it right).
pub(super) fn passes(s: Status) -> bool {
    matches!(s, Status::Pass | Status::UnexpectedPass)
}

/// Passing fixtures of those counted, as the report's tables and the
/// dashboard show them.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Fixtures that pass (a pass or an unexpected pass: the engine got it right).
    pub pass: usize,
    /// Fixtures counted.
    pub total: usize,
}

impl Tally {
    /// Count one fixture more.
    pub(crate) fn add(&mut self, pass: bool) {
        self.total += 1;
        if pass {
            self.pass += 1;
        }
    }

    /// Whether every fixture counted passes.
    pub fn all_pass(&self) -> bool {
        self.pass == self.total
    }
}

/// The tallies by area (its letter, or `-` for the rules outside the
/// areas) and by rule, from the rules each fixture cites.
pub(super) fn tallies(
    results: &[FixtureResult],
) -> BTreeMap<char, (Tally, BTreeMap<String, Tally>)> {
    let mut out: BTreeMap<char, (Tally, BTreeMap<String, Tally>)> = BTreeMap::new();
    for res in results {
        let pass = passes(res.status);
        let mut areas_counted = Vec::new();
        for rule in &res.rules {
            let area = area_letter(rule);
            let entry = out.entry(area).or_default();
            entry.1.entry(rule.clone()).or_default().add(pass);
            if !areas_counted.contains(&area) {
                areas_counted.push(area);
                entry.0.add(pass);
            }
        }
    }
    out
}

impl<'a> Writer<'a> {
    /// The results by rule area and rule.
    pub(super) fn rule_table(&mut self) {
        let t = tallies(&self.r.results);
        self.h.open("section", &[("id", "by-rule")]);
        self.h.elem("h2", &[], "Results by rule");
        self.h.elem(
            "p",
            &[("class", "muted")],
            "Passing fixtures of all run, by rule area and by rule: a fixture counts for every rule it cites.",
        );
        self.h.open("div", &[("class", "table-wrap")]);
        self.h.open("table", &[("class", "results")]);
        self.h
            .raw("<thead><tr><th>Rule</th><th>Title</th><th>Passing</th></tr></thead>\n<tbody>\n");
        let mut order: Vec<(char, &str)> = AREAS.to_vec();
        order.push(('-', "Other rules: the ruleset and the invariants"));
        for (g, name) in order {
            let Some((area, rules)) = t.get(&g) else {
                continue;
            };
            let label = if g == '-' {
                name.to_owned()
            } else {
                format!("{g}. {name}")
            };
            self.h.open("tr", &[("class", "area")]);
            self.h.elem("th", &[("colspan", "2")], &label);
            self.tally_cell(*area, "th");
            self.h.close("tr");
            let mut ids: Vec<&String> = rules.keys().collect();
            ids.sort_by_key(|id| rule_order(id));
            for id in ids {
                let tally = rules[id];
                let class = if tally.pass == tally.total {
                    "ok"
                } else {
                    "bad"
                };
                self.h.open("tr", &[("class", class)]);
                let link = self.rule_link(id);
                self.h.open("td", &[]).raw(&link).close("td");
                let title = registry::lookup(id).map_or("", |r| r.title);
                self.h.elem("td", &[], title);
                self.tally_cell(tally, "td");
                self.h.close("tr");
            }
        }
        self.h.raw("</tbody>\n");
        self.h.close("table");
        self.h.close("div");
        self.h.close("section");
    }

    fn tally_cell(&mut self, t: Tally, tag: &str) {
        let class = if t.pass == t.total {
            "num status-pass"
        } else {
            "num status-fail"
        };
        self.h
            .elem(tag, &[("class", class)], &format!("{}/{}", t.pass, t.total));
    }

    /// Every fixture with its status, variants and time, filterable to the
    /// ones that did not pass.
    pub(super) fn fixture_table(&mut self) {
        let r = self.r;
        let bad = r.results.iter().filter(|x| !passes(x.status)).count();
        self.h.open("section", &[("id", "fixtures")]);
        self.h
            .elem("h2", &[], &format!("Every fixture ({})", r.results.len()));
        self.h.open("div", &[("class", "filter")]);
        self.h.raw("<input type=\"radio\" name=\"fixture-filter\" id=\"filter-all\" class=\"f-all\" checked=\"checked\"/>");
        self.h.elem(
            "label",
            &[("for", "filter-all")],
            &format!("All ({})", r.results.len()),
        );
        self.h.raw(
            "<input type=\"radio\" name=\"fixture-filter\" id=\"filter-bad\" class=\"f-bad\"/>",
        );
        self.h.elem(
            "label",
            &[("for", "filter-bad")],
            &format!("Not passing ({bad})"),
        );
        self.h.raw("\n");
        self.h.open("div", &[("class", "table-wrap")]);
        self.h.open("table", &[("class", "results fixtures")]);
        self.h.raw(
            "<thead><tr><th>Fixture</th><th>Status</th><th>Variants</th><th>Time (ms)</th><th>Rules</th></tr></thead>\n<tbody>\n",
        );
        for res in &r.results {
            self.fixture_row(res);
        }
        self.h.raw("</tbody>\n");
        self.h.close("table");
        self.h.close("div");
        self.h.close("div");
        self.h.close("section");
    }

    fn fixture_row(&mut self, res: &FixtureResult) {
        let ok = passes(res.status);
        self.h
            .open("tr", &[("class", if ok { "ok" } else { "bad" })]);
        let link = self.fixture_link(res);
        self.h.open("td", &[]).raw(&link).close("td");
        self.h.elem(
            "td",
            &[("class", if ok { "status-pass" } else { "status-fail" })],
            res.status.name(),
        );
        self.h
            .elem("td", &[("class", "num")], &res.run.variants_run.to_string());
        self.h.elem(
            "td",
            &[("class", "num")],
            &format!("{:.1}", res.elapsed.as_secs_f64() * 1000.0),
        );
        let rules: Vec<String> = res.rules.iter().map(|id| self.rule_link(id)).collect();
        self.h.open("td", &[]).raw(&rules.join(", ")).close("td");
        self.h.close("tr");
    }
}

/// Rules in the registry's order, unknown ones last by name.
fn rule_order(id: &str) -> (usize, String) {
    let i = registry::RULES
        .iter()
        .position(|r| r.id == id)
        .unwrap_or(usize::MAX);
    (i, id.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn areas_of_rule_ids() {
        assert_eq!(area_letter("C1"), 'C');
        assert_eq!(area_letter("G7"), 'G');
        assert_eq!(area_letter("I3"), '-');
        assert_eq!(area_letter("R"), '-');
        assert_eq!(area_letter(""), '-');
        assert!(passes(Status::UnexpectedPass));
        assert!(!passes(Status::ExpectedFail));
    }
}
