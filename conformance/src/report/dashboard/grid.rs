//! The dashboard's numbers: for each report, passing and total fixtures by
//! rule area and by rule (a fixture counts for every rule it cites), on the
//! fixtures every report ran; what each report lacks of the others'
//! fixtures; and, where two reports come from one engine, what changed
//! between them (the comparison of builds, [`compare`]).

use crate::report::catalogue::{area_letter, AREAS};
use crate::report::compare;
pub use crate::report::html::Tally;
use crate::report::json::{Comparison, FixtureReport, JsonReport};
use hexodic_rules::registry;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// One report given to the dashboard, with the file it was read from.
#[derive(Clone, Debug)]
pub struct Input {
    /// The file, as given.
    pub file: PathBuf,
    /// The report read from it.
    pub report: JsonReport,
}

/// How many fixtures changed between two reports of one engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// Failing (or with an incident) in the later report, not in the earlier.
    pub newly_failing: usize,
    /// Failing in the earlier report, passing in the later.
    pub fixed: usize,
    /// Failing in both, with another signature.
    pub differently: usize,
}

impl Changes {
    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        self.newly_failing + self.fixed + self.differently == 0
    }
}

/// One report's column.
#[derive(Clone, Debug)]
pub struct Column {
    /// The report's file, as people read it.
    pub file: String,
    /// The engine's name and version.
    pub engine: String,
    /// The engine's name alone (two reports of one engine share it).
    pub engine_name: String,
    /// The `--engine` command line, if any.
    pub command: Option<String>,
    /// The harness version that wrote the report.
    pub harness: String,
    /// The corpus version the report ran.
    pub corpus_version: String,
    /// The run's exit code.
    pub exit_code: u8,
    /// Whether the run ran every selected fixture.
    pub complete: bool,
    /// Passing and total over the fixtures compared.
    pub total: Tally,
    /// The fixtures compared that do not pass, in id order.
    pub failing: Vec<FixtureReport>,
    /// Fixtures another report ran and this one did not, in id order.
    pub missing: Vec<String>,
}

/// Two reports of one engine compared: the earlier and the later.
#[derive(Clone, Debug)]
pub struct Step {
    /// The earlier report's column (0-based).
    pub before: usize,
    /// The later report's column (0-based).
    pub after: usize,
    /// The comparison of the two builds, on the fixtures compared.
    pub comparison: Comparison,
    /// The changes over every fixture compared.
    pub total: Changes,
}

/// One rule's row.
#[derive(Clone, Debug)]
pub struct RuleRow {
    /// The rule ID.
    pub id: String,
    /// Its title, from the rules registry (empty for an unknown ID).
    pub title: &'static str,
    /// Per column.
    pub tallies: Vec<Tally>,
    /// Per step (two reports of one engine).
    pub changes: Vec<Changes>,
}

/// One rule area's row and its rules.
#[derive(Clone, Debug)]
pub struct AreaRow {
    /// The area letter, or `-` for the rules outside the areas.
    pub letter: char,
    /// The area's name.
    pub name: &'static str,
    /// Per column: a fixture counts once for the area.
    pub tallies: Vec<Tally>,
    /// Per step.
    pub changes: Vec<Changes>,
    /// The area's rules, in the registry's order.
    pub rules: Vec<RuleRow>,
}

/// The whole dashboard.
#[derive(Clone, Debug)]
pub struct Dashboard {
    /// One per report, in the order given.
    pub columns: Vec<Column>,
    /// Two reports of one engine, each compared with the one before it.
    pub steps: Vec<Step>,
    /// The rule areas, in the rulebook's order, that any fixture compared cites.
    pub areas: Vec<AreaRow>,
    /// How many fixtures every report ran: the ones compared.
    pub compared: usize,
    /// Whether every report names the same corpus version.
    pub same_corpus: bool,
}

/// The name of the rules outside the areas.
const OTHER: &str = "Other rules: the ruleset and the invariants";

/// Whether a result's status counts as passing.
pub fn passes(status: &str) -> bool {
    matches!(status, "pass" | "unexpected-pass")
}

/// Rules in the registry's order, unknown ones last by name.
fn rule_order(id: &str) -> (usize, String) {
    let i = registry::RULES
        .iter()
        .position(|r| r.id == id)
        .unwrap_or(usize::MAX);
    (i, id.to_owned())
}

/// A copy of `r` holding only the results of the fixtures in `ids`, without
/// the whole run it may carry (the comparison reads the results only).
fn restricted(r: &JsonReport, ids: &BTreeSet<&str>) -> JsonReport {
    JsonReport {
        comparison: None,
        complete: r.complete,
        corpus: r.corpus.clone(),
        elapsed_seconds: r.elapsed_seconds,
        engine: r.engine.clone(),
        errors: r.errors.clone(),
        exit_code: r.exit_code,
        harness: r.harness.clone(),
        partition: r.partition.clone(),
        results: r
            .results
            .iter()
            .filter(|x| ids.contains(x.id.as_str()))
            .cloned()
            .collect(),
        root_causes: r.root_causes.clone(),
        run: None,
        schema_version: r.schema_version,
        stopped: r.stopped,
        summary: r.summary.clone(),
    }
}

/// The dashboard of `inputs`, compared on the fixtures every one ran.
pub fn build(inputs: &[Input]) -> Dashboard {
    let ids_of =
        |r: &JsonReport| -> BTreeSet<String> { r.results.iter().map(|x| x.id.clone()).collect() };
    let all: BTreeSet<String> = inputs.iter().flat_map(|i| ids_of(&i.report)).collect();
    let shared: BTreeSet<&str> = all
        .iter()
        .map(String::as_str)
        .filter(|id| {
            inputs
                .iter()
                .all(|i| i.report.results.iter().any(|x| x.id == *id))
        })
        .collect();
    let columns: Vec<Column> = inputs
        .iter()
        .map(|i| {
            let r = &i.report;
            let own = ids_of(r);
            let mut total = Tally::default();
            let mut failing = Vec::new();
            for x in r.results.iter().filter(|x| shared.contains(x.id.as_str())) {
                total.add(passes(&x.status));
                if !passes(&x.status) {
                    failing.push(x.clone());
                }
            }
            failing.sort_by(|a, b| a.id.cmp(&b.id));
            Column {
                file: hexodic_io::paths::shown(&i.file),
                engine: format!("{} {}", r.engine.name, r.engine.version)
                    .trim()
                    .to_owned(),
                engine_name: r.engine.name.clone(),
                command: r.engine.command.clone(),
                harness: r.harness.version.clone(),
                corpus_version: r.corpus.version.clone(),
                exit_code: r.exit_code,
                complete: r.complete,
                total,
                failing,
                missing: all
                    .iter()
                    .filter(|id| !own.contains(*id))
                    .cloned()
                    .collect(),
            }
        })
        .collect();
    let steps = steps(inputs, &shared);
    let areas = areas(inputs, &shared, &steps);
    let same_corpus = columns
        .windows(2)
        .all(|w| w[0].corpus_version == w[1].corpus_version);
    Dashboard {
        columns,
        steps,
        areas,
        compared: shared.len(),
        same_corpus,
    }
}

/// Each report compared with the last one before it of the same engine.
fn steps(inputs: &[Input], shared: &BTreeSet<&str>) -> Vec<Step> {
    let mut out = Vec::new();
    for (after, later) in inputs.iter().enumerate() {
        let name = &later.report.engine.name;
        let Some(before) = (0..after)
            .rev()
            .find(|b| inputs[*b].report.engine.name == *name)
        else {
            continue;
        };
        let comparison = compare(
            &restricted(&inputs[before].report, shared),
            &restricted(&later.report, shared),
        );
        let total = Changes {
            newly_failing: comparison.newly_failing.len() + comparison.new_incidents.len(),
            fixed: comparison.fixed.len(),
            differently: comparison.changed.len(),
        };
        out.push(Step {
            before,
            after,
            comparison,
            total,
        });
    }
    out
}

/// What a fixture's change adds to a count of changes.
type Add = fn(&mut Changes);

/// Per step, the changed fixtures by id with what changed.
fn changes_by_fixture(steps: &[Step]) -> Vec<BTreeMap<&str, Add>> {
    steps
        .iter()
        .map(|s| {
            let c = &s.comparison;
            let mut m: BTreeMap<&str, Add> = BTreeMap::new();
            for f in c.newly_failing.iter().chain(&c.new_incidents) {
                m.insert(f.id.as_str(), |x| x.newly_failing += 1);
            }
            for f in &c.fixed {
                m.insert(f.id.as_str(), |x| x.fixed += 1);
            }
            for f in &c.changed {
                m.insert(f.id.as_str(), |x| x.differently += 1);
            }
            m
        })
        .collect()
}

/// The rows by area and rule, from the rules each compared fixture cites
/// (in the first report: the fixtures are the same in all).
fn areas(inputs: &[Input], shared: &BTreeSet<&str>, steps: &[Step]) -> Vec<AreaRow> {
    let n = inputs.len();
    let changed = changes_by_fixture(steps);
    let mut rows: BTreeMap<char, AreaRow> = BTreeMap::new();
    let cites: BTreeMap<&str, &[String]> = inputs
        .first()
        .map(|i| {
            i.report
                .results
                .iter()
                .filter(|x| shared.contains(x.id.as_str()))
                .map(|x| (x.id.as_str(), x.rules.as_slice()))
                .collect()
        })
        .unwrap_or_default();
    for (col, input) in inputs.iter().enumerate() {
        for x in &input.report.results {
            let Some(rules) = cites.get(x.id.as_str()) else {
                continue;
            };
            let pass = passes(&x.status);
            let mut counted = Vec::new();
            for rule in rules.iter() {
                let letter = area_letter(rule);
                let row = rows.entry(letter).or_insert_with(|| AreaRow {
                    letter,
                    name: AREAS
                        .iter()
                        .find(|(g, _)| *g == letter)
                        .map_or(OTHER, |(_, name)| name),
                    tallies: vec![Tally::default(); n],
                    changes: vec![Changes::default(); steps.len()],
                    rules: Vec::new(),
                });
                let at = match row.rules.iter().position(|r| r.id == *rule) {
                    Some(at) => at,
                    None => {
                        row.rules.push(RuleRow {
                            id: rule.clone(),
                            title: registry::lookup(rule).map_or("", |r| r.title),
                            tallies: vec![Tally::default(); n],
                            changes: vec![Changes::default(); steps.len()],
                        });
                        row.rules.len() - 1
                    }
                };
                row.rules[at].tallies[col].add(pass);
                let first_in_area = !counted.contains(&letter);
                if first_in_area {
                    counted.push(letter);
                    row.tallies[col].add(pass);
                }
                // The changes are counted once per fixture: with the first
                // report's results.
                if col == 0 {
                    for (k, m) in changed.iter().enumerate() {
                        if let Some(add) = m.get(x.id.as_str()) {
                            add(&mut row.rules[at].changes[k]);
                            if first_in_area {
                                add(&mut row.changes[k]);
                            }
                        }
                    }
                }
            }
        }
    }
    let mut order: Vec<char> = AREAS.iter().map(|(g, _)| *g).collect();
    order.push('-');
    order
        .into_iter()
        .filter_map(|g| rows.remove(&g))
        .map(|mut row| {
            row.rules.sort_by_key(|r| rule_order(&r.id));
            row
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::json::{DivergenceReport, FailureReport, SignatureReport};

    /// A report of `engine` with one result per `(id, rules, status)`; a
    /// failing one has a failure with signature `sig`.
    fn report(engine: &str, corpus: &str, results: &[(&str, &[&str], &str, &str)]) -> JsonReport {
        let text = format!(
            r#"{{"complete": true, "corpus": {{"embedded": false, "fixtures": 0, "folder": "fixtures", "version": "{corpus}"}},
            "elapsed_seconds": 0.0, "engine": {{"capabilities": [], "command": null, "name": "{engine}", "unusable": null, "version": "1", "warnings": []}},
            "errors": [], "exit_code": 0, "harness": {{"name": "hexodic-conformance", "version": "0.1.0"}}, "partition": null,
            "results": [], "root_causes": [], "schema_version": 1, "stopped": null,
            "summary": {{"errors": 0, "expected_failures": 0, "failed": 0, "failed_documented": 0, "failed_ruling": 0, "fixtures": 0, "incidents": 0, "passed": 0, "run": 0, "skipped": 0, "skipped_checks": {{}}, "unexpected_passes": 0, "variant_runs": 0, "without_trace": 0}}}}"#
        );
        let mut r = JsonReport::parse(std::path::Path::new("r.json"), &text).unwrap();
        for (id, rules, status, sig) in results {
            let failing = *status == "fail";
            let divergence = DivergenceReport {
                before: None,
                details: vec![],
                expected: None,
                got: None,
                implicated_rules: vec![],
                kind: "state".into(),
                line: 1,
                source: "fixture".into(),
                step: 1,
                summary: "differs".into(),
                turn: None,
            };
            r.results.push(FixtureReport {
                basis: "documented".into(),
                cause: String::new(),
                expected_reason: None,
                expected_signature: None,
                failure: failing.then(|| FailureReport {
                    cause: divergence,
                    consequences: vec![],
                    variant: "r0".into(),
                }),
                file: format!("fixtures/{id}.yaml"),
                id: (*id).into(),
                implicated_rules: vec![],
                incident: None,
                line: 1,
                reproduce: None,
                rules: rules.iter().map(|s| (*s).to_owned()).collect(),
                signature: failing.then(|| SignatureReport {
                    key: (*sig).into(),
                    kind: "state".into(),
                    rules: vec![rules[0].to_owned()],
                    step: 1,
                }),
                skipped_checks: vec![],
                status: (*status).into(),
                traced: true,
                variants_run: 24,
            });
        }
        r
    }

    fn input(name: &str, report: JsonReport) -> Input {
        Input {
            file: PathBuf::from(name),
            report,
        }
    }

    fn rule<'a>(d: &'a Dashboard, id: &str) -> &'a RuleRow {
        d.areas
            .iter()
            .flat_map(|a| &a.rules)
            .find(|r| r.id == id)
            .unwrap()
    }

    #[test]
    fn tallies_count_a_fixture_for_every_rule_it_cites_and_once_per_area() {
        let a = report(
            "e",
            "v1",
            &[
                ("c/one", &["C1", "C2"], "pass", ""),
                ("c/two", &["C1"], "fail", "k"),
                ("g/cap", &["G7", "I3"], "unexpected-pass", ""),
            ],
        );
        let d = build(&[input("a.json", a)]);
        assert_eq!(d.compared, 3);
        assert_eq!(d.columns[0].total, Tally { pass: 2, total: 3 });
        assert_eq!(rule(&d, "C1").tallies[0], Tally { pass: 1, total: 2 });
        assert_eq!(rule(&d, "C2").tallies[0], Tally { pass: 1, total: 1 });
        let c = d.areas.iter().find(|a| a.letter == 'C').unwrap();
        assert_eq!(c.tallies[0], Tally { pass: 1, total: 2 });
        // The areas in the rulebook's order, the rules outside them last.
        let letters: Vec<char> = d.areas.iter().map(|a| a.letter).collect();
        assert_eq!(letters, ['C', 'G', '-']);
        assert_eq!(d.columns[0].failing.len(), 1);
        assert!(d.steps.is_empty());
    }

    #[test]
    fn two_reports_of_one_engine_are_compared_on_the_shared_fixtures() {
        let old = report(
            "e",
            "v1",
            &[
                ("c/one", &["C1"], "pass", ""),
                ("c/two", &["C1", "C2"], "fail", "k"),
                ("c/three", &["C2"], "fail", "k"),
                ("c/gone", &["C2"], "fail", "k"),
            ],
        );
        let other = report("other", "v2", &[("c/one", &["C1"], "fail", "k")]);
        let new = report(
            "e",
            "v2",
            &[
                ("c/one", &["C1"], "fail", "k"),
                ("c/two", &["C1", "C2"], "pass", ""),
                ("c/three", &["C2"], "fail", "j"),
                ("c/new", &["C2"], "fail", "k"),
            ],
        );
        let d = build(&[
            input("old.json", old),
            input("other.json", other),
            input("new.json", new),
        ]);
        assert!(!d.same_corpus);
        // Only c/one is in every report.
        assert_eq!(d.compared, 1);
        assert_eq!(
            d.columns[1].missing,
            ["c/gone", "c/new", "c/three", "c/two"]
        );
        assert_eq!(d.columns[2].missing, ["c/gone"]);
        assert_eq!(d.steps.len(), 1);
        let s = &d.steps[0];
        assert_eq!((s.before, s.after), (0, 2));
        assert_eq!(
            s.total,
            Changes {
                newly_failing: 1,
                fixed: 0,
                differently: 0
            }
        );
        assert_eq!(rule(&d, "C1").changes[0].newly_failing, 1);
        assert!(d.areas.iter().all(|a| a.rules.iter().all(|r| r.id == "C1")));
    }

    #[test]
    fn changes_are_counted_by_the_rules_the_fixtures_cite() {
        let old = report(
            "e",
            "v1",
            &[
                ("c/one", &["C1"], "pass", ""),
                ("c/two", &["C1", "C2"], "fail", "k"),
                ("c/three", &["C2"], "fail", "k"),
            ],
        );
        let new = report(
            "e",
            "v1",
            &[
                ("c/one", &["C1"], "fail", "k"),
                ("c/two", &["C1", "C2"], "pass", ""),
                ("c/three", &["C2"], "fail", "j"),
            ],
        );
        let d = build(&[input("old.json", old), input("new.json", new)]);
        assert!(d.same_corpus);
        assert_eq!(
            d.steps[0].total,
            Changes {
                newly_failing: 1,
                fixed: 1,
                differently: 1
            }
        );
        assert_eq!(
            rule(&d, "C1").changes[0],
            Changes {
                newly_failing: 1,
                fixed: 1,
                differently: 0
            }
        );
        assert_eq!(
            rule(&d, "C2").changes[0],
            Changes {
                newly_failing: 0,
                fixed: 1,
                differently: 1
            }
        );
        let c = &d.areas[0];
        assert_eq!(
            c.changes[0],
            Changes {
                newly_failing: 1,
                fixed: 1,
                differently: 1
            }
        );
    }
}
