//! The dashboard's numbers, every one the model's: each report cut down to
//! the fixtures every report ran, its totals, tallies by rule and by area
//! counted by the model on that cut ([`RunReport::new`] derives them);
//! what each report lacks of the others' fixtures; and, where two reports
//! come from one engine, the model's comparison of the two builds, its
//! changes put under the rules each changed fixture cites.

use crate::markup::slug;
use crate::tally::{by_area, AreaTally};
use hexodic_engine::REFERENCE_NAME;
use hexodic_io::paths;
use hexodic_report::{
    compare, Comparison, Exit, FixtureReport, RuleTally, RunReport, Signature, Status,
};
use hexodic_rules::registry;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// One run's report given to the dashboard.
#[derive(Clone, Debug)]
pub struct Input {
    /// What tells this report apart from the others on the page (a build's
    /// name, a version, a branch): given on the command line, or else the
    /// file's name.
    pub label: String,
    /// The file it was read from.
    pub file: PathBuf,
    /// The report (read with [`hexodic_report::read_run`]).
    pub report: RunReport,
}

/// How a fixture fared, as the dashboard lists the fixtures that did not
/// pass: a rule failure, an incident (never a rule failure), checks
/// skipped, or not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kind {
    /// A check differed (expected or not), or the engine is flaky.
    RuleFailure,
    /// The engine crashed, hung or broke the protocol.
    Incident,
    /// Checks were skipped for a missing capability, nothing differed.
    Skipped,
    /// The run ended before the fixture.
    NotRun,
}

impl Kind {
    /// Every kind, in the order the page lists them.
    pub(crate) const ALL: [Kind; 4] = [
        Kind::RuleFailure,
        Kind::Incident,
        Kind::Skipped,
        Kind::NotRun,
    ];

    /// The kind of a fixture that did not pass; none for one that passed.
    pub(crate) fn of(status: Status) -> Option<Kind> {
        match status {
            Status::Pass | Status::UnexpectedPass => None,
            Status::Incident => Some(Kind::Incident),
            Status::Skipped => Some(Kind::Skipped),
            Status::NotRun => Some(Kind::NotRun),
            Status::Fail | Status::ExpectedFail | Status::ChangedFail | Status::Flaky => {
                Some(Kind::RuleFailure)
            }
        }
    }

    /// The heading of its list.
    pub(crate) fn heading(self) -> &'static str {
        match self {
            Kind::RuleFailure => "Rule failures",
            Kind::Incident => "Engine incidents (not rule failures)",
            Kind::Skipped => "Skipped (a capability missing, nothing differed)",
            Kind::NotRun => "Not run",
        }
    }
}

/// How many fixtures changed between two builds of one engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Changes {
    /// A rule failure in the later build, none in the earlier.
    pub newly_failing: usize,
    /// An incident in the later build, none in the earlier (not a rule
    /// failure).
    pub new_incidents: usize,
    /// Failing (or with an incident) in the earlier build, passing in the
    /// later.
    pub fixed: usize,
    /// Failing in both, with another signature.
    pub differently: usize,
}

impl Changes {
    /// Whether nothing changed.
    pub(crate) fn is_empty(&self) -> bool {
        *self == Changes::default()
    }

    /// The totals of a comparison.
    fn of(c: &Comparison) -> Changes {
        Changes {
            newly_failing: c.newly_failing.len(),
            new_incidents: c.new_incidents.len(),
            fixed: c.fixed.len(),
            differently: c.changed.len(),
        }
    }
}

/// One report's column.
#[derive(Clone, Debug)]
pub(crate) struct Column {
    /// The report's label.
    pub label: String,
    /// The report's file, as people read it.
    pub file: String,
    /// The engine's name and version.
    pub engine: String,
    /// The `--engine` command line, if any.
    pub command: Option<String>,
    /// The harness that wrote the report, name and version.
    pub harness: String,
    /// The corpus version the report ran.
    pub corpus_version: String,
    /// The run's exit code and what decided it.
    pub exit: String,
    /// Whether the run ran every selected fixture.
    pub complete: bool,
    /// The report cut down to the fixtures compared, its totals and
    /// tallies the model's.
    pub compared: RunReport,
    /// Fixtures another report ran and this one did not, in id order.
    pub missing: Vec<String>,
    /// Where this build's own HTML report is, relative to the page or a
    /// URL, when it is known.
    pub report_link: Option<String>,
}

impl Column {
    /// The fixtures compared that did not pass, each once, in id order.
    pub(crate) fn not_passing(&self, kind: Kind) -> impl Iterator<Item = &FixtureReport> {
        self.compared
            .results
            .iter()
            .filter(move |r| Kind::of(r.status) == Some(kind))
    }

    /// The anchor of fixture `id` in this column's list (`col` 0-based).
    pub(crate) fn fixture_anchor(col: usize, id: &str) -> String {
        format!("c{}-fx-{}", col + 1, slug(id))
    }
}

/// Two builds of one engine compared: the earlier and the later.
#[derive(Clone, Debug)]
pub(crate) struct Step {
    /// The earlier report's column (0-based).
    pub before: usize,
    /// The later report's column (0-based).
    pub after: usize,
    /// The model's comparison of the two builds, on the fixtures compared.
    pub comparison: Comparison,
    /// Its totals.
    pub total: Changes,
}

/// One rule's row.
#[derive(Clone, Debug)]
pub(crate) struct RuleRow {
    /// The rule ID.
    pub id: String,
    /// Its title, from the rules registry (empty for an unknown ID).
    pub title: &'static str,
    /// Per column, the model's tally.
    pub tallies: Vec<RuleTally>,
    /// Per step, the changed fixtures citing the rule.
    pub changes: Vec<Changes>,
}

/// One rule area's row and its rules.
#[derive(Clone, Debug)]
pub(crate) struct AreaRow {
    /// The area letter, or `-` for the rules outside the areas.
    pub letter: char,
    /// `C. Capture`.
    pub label: String,
    /// Per column: a fixture counts once for the area.
    pub tallies: Vec<RuleTally>,
    /// Per step: a changed fixture counts once for the area.
    pub changes: Vec<Changes>,
    /// The area's rules, in the rules reference's order.
    pub rules: Vec<RuleRow>,
}

/// The dashboard of several runs' reports: what [`build`] makes and
/// [`page`](super::page()) writes.
#[derive(Clone, Debug)]
pub struct Dashboard {
    /// One per report, in the order given.
    pub(crate) columns: Vec<Column>,
    /// Two reports of one engine, each compared with the one before it.
    pub(crate) steps: Vec<Step>,
    /// The rule areas, in the rulebook's order, that a fixture compared
    /// cites.
    pub(crate) areas: Vec<AreaRow>,
    /// How many fixtures every report ran: the ones compared.
    pub(crate) compared: usize,
    /// Whether every report names the same corpus version.
    pub(crate) same_corpus: bool,
    /// Fixtures where engines other than the reference agree with each
    /// other and differ from the reference, in id order.
    pub(crate) disputes: Vec<Dispute>,
}

impl Dashboard {
    /// The dashboard with each column linked to its build's own HTML
    /// report: `links[i]` (a path relative to the page, or a URL) for the
    /// `i`-th report, none where it is not known.
    #[must_use]
    pub fn with_report_links(mut self, links: Vec<Option<String>>) -> Dashboard {
        for (c, link) in self.columns.iter_mut().zip(links) {
            c.report_link = link;
        }
        self
    }
}

/// A possible dispute of the reference or of a ruling: on one fixture, two
/// or more engines that are not the reference fail with the same
/// signature (the same classification of the difference, at the same
/// step), so they agree with each other where they differ from the
/// reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Dispute {
    /// The fixture.
    pub id: String,
    /// The rules it cites.
    pub rules: Vec<String>,
    /// The difference the engines share.
    pub signature: Signature,
    /// What the engines do, in words (the classification's).
    pub words: String,
    /// The columns (0-based) of the engines that agree: the latest build
    /// of each engine that fails so.
    pub columns: Vec<usize>,
}

/// `r` cut down to the fixtures in `ids`, its totals, tallies and root
/// causes derived by the model from those alone.
fn restricted(r: &RunReport, ids: &BTreeSet<&str>) -> RunReport {
    let results: Vec<FixtureReport> = r
        .results
        .iter()
        .filter(|x| ids.contains(x.id.as_str()))
        .cloned()
        .collect();
    let mut cut = RunReport::new(
        r.engine.clone(),
        r.corpus.clone(),
        r.settings.clone(),
        results,
        Vec::new(),
        r.stopped,
        r.elapsed_seconds,
    );
    cut.harness = r.harness.clone();
    cut
}

/// The dashboard of `inputs`, compared on the fixtures every one ran.
pub fn build(inputs: &[Input]) -> Dashboard {
    let ids_of =
        |r: &RunReport| -> BTreeSet<String> { r.results.iter().map(|x| x.id.clone()).collect() };
    let all: BTreeSet<String> = inputs.iter().flat_map(|i| ids_of(&i.report)).collect();
    let shared: BTreeSet<&str> = all
        .iter()
        .map(String::as_str)
        .filter(|id| inputs.iter().all(|i| i.report.result(id).is_some()))
        .collect();
    let columns: Vec<Column> = inputs
        .iter()
        .map(|i| {
            let r = &i.report;
            let own = ids_of(r);
            Column {
                label: i.label.clone(),
                file: paths::shown(&i.file),
                engine: r.engine.label(),
                command: r.engine.command.clone(),
                harness: format!("{} {}", r.harness.name, r.harness.version),
                corpus_version: r.corpus.version.clone(),
                exit: Exit::words_of_run(r),
                complete: r.complete(),
                compared: restricted(r, &shared),
                missing: all
                    .iter()
                    .filter(|id| !own.contains(*id))
                    .cloned()
                    .collect(),
                report_link: None,
            }
        })
        .collect();
    let steps = steps(inputs, &columns);
    let areas = areas(&columns, &steps);
    let same_corpus = columns
        .windows(2)
        .all(|w| w[0].corpus_version == w[1].corpus_version);
    let disputes = disputes(inputs, &columns);
    Dashboard {
        columns,
        steps,
        areas,
        compared: shared.len(),
        same_corpus,
        disputes,
    }
}

/// The fixtures compared where two or more engines, none of them the
/// reference, fail with one signature: each engine counted once, by its
/// latest build given (the last column of its name).
fn disputes(inputs: &[Input], columns: &[Column]) -> Vec<Dispute> {
    // The last column of each engine other than the reference.
    let mut latest: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, input) in inputs.iter().enumerate() {
        let name = input.report.engine.name.as_str();
        if name != REFERENCE_NAME {
            latest.insert(name, i);
        }
    }
    let mut picked: Vec<usize> = latest.into_values().collect();
    picked.sort_unstable();
    if picked.len() < 2 {
        return Vec::new();
    }
    // Per fixture, per signature: the columns failing with it.
    let mut by_fixture: BTreeMap<&str, BTreeMap<Signature, Vec<usize>>> = BTreeMap::new();
    for &i in &picked {
        for x in columns[i].not_passing(Kind::RuleFailure) {
            if let Some(sig) = x.signature() {
                by_fixture
                    .entry(x.id.as_str())
                    .or_default()
                    .entry(sig)
                    .or_default()
                    .push(i);
            }
        }
    }
    let mut out = Vec::new();
    for (id, sigs) in by_fixture {
        for (signature, cols) in sigs {
            if cols.len() < 2 {
                continue;
            }
            let Some(x) = columns[cols[0]].compared.result(id) else {
                continue;
            };
            out.push(Dispute {
                id: id.to_owned(),
                rules: x.rules.clone(),
                words: x
                    .classification
                    .as_ref()
                    .map_or_else(String::new, |c| c.words.clone()),
                signature,
                columns: cols,
            });
        }
    }
    out
}

/// Each report compared with the last one before it of the same engine.
fn steps(inputs: &[Input], columns: &[Column]) -> Vec<Step> {
    let mut out = Vec::new();
    for (after, later) in inputs.iter().enumerate() {
        let name = &later.report.engine.name;
        let Some(before) = (0..after)
            .rev()
            .find(|b| inputs[*b].report.engine.name == *name)
        else {
            continue;
        };
        let comparison = compare(&columns[before].compared, &columns[after].compared);
        out.push(Step {
            before,
            after,
            total: Changes::of(&comparison),
            comparison,
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
            for f in &c.newly_failing {
                m.insert(f.id.as_str(), |x| x.newly_failing += 1);
            }
            for f in &c.new_incidents {
                m.insert(f.id.as_str(), |x| x.new_incidents += 1);
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

/// Each column's rows by area, the model's tallies of its cut report.
fn column_areas(columns: &[Column]) -> Vec<Vec<AreaTally>> {
    columns
        .iter()
        .map(|c| by_area(&c.compared.results, &c.compared.by_rule))
        .collect()
}

/// The empty tally of `rule`, for a column none of whose fixtures cites it.
fn none(rule: &str) -> RuleTally {
    RuleTally {
        rule: rule.to_owned(),
        ..RuleTally::default()
    }
}

/// The rows by area and rule, every area and rule some column's fixtures
/// cite, with each column's tallies and each step's changes (a changed
/// fixture put under the rules it cites in the later report, once for an
/// area).
fn areas(columns: &[Column], steps: &[Step]) -> Vec<AreaRow> {
    let per_column = column_areas(columns);
    let changed = changes_by_fixture(steps);
    // The areas and rules of any column, in the rulebook's order.
    let mut rows: Vec<AreaRow> = Vec::new();
    for areas in &per_column {
        for a in areas {
            let at = match rows.iter().position(|r| r.letter == a.letter) {
                Some(at) => at,
                None => {
                    rows.push(AreaRow {
                        letter: a.letter,
                        label: a.label(),
                        tallies: Vec::new(),
                        changes: vec![Changes::default(); steps.len()],
                        rules: Vec::new(),
                    });
                    rows.len() - 1
                }
            };
            for t in &a.rules {
                if !rows[at].rules.iter().any(|r| r.id == t.rule) {
                    rows[at].rules.push(RuleRow {
                        id: t.rule.clone(),
                        title: registry::lookup(&t.rule).map_or("", |r| r.title),
                        tallies: Vec::new(),
                        changes: vec![Changes::default(); steps.len()],
                    });
                }
            }
        }
    }
    let order = |letter: char| {
        crate::catalogue::AREAS
            .iter()
            .position(|(g, _)| *g == letter)
            .unwrap_or(usize::MAX)
    };
    rows.sort_by_key(|r| order(r.letter));
    for row in &mut rows {
        row.rules.sort_by_key(|r| hexodic_report::rule_order(&r.id));
        for areas in &per_column {
            let area = areas.iter().find(|a| a.letter == row.letter);
            let letter = row.letter.to_string();
            row.tallies
                .push(area.map_or_else(|| none(&letter), |a| a.tally.clone()));
            for rule in &mut row.rules {
                let t = area.and_then(|a| a.rules.iter().find(|t| t.rule == rule.id));
                rule.tallies
                    .push(t.cloned().unwrap_or_else(|| none(&rule.id)));
            }
        }
    }
    // The changes, under the rules each changed fixture cites.
    for (k, (step, m)) in steps.iter().zip(&changed).enumerate() {
        let later = &columns[step.after].compared;
        for (id, add) in m {
            let Some(fx) = later.result(id) else { continue };
            let mut areas_counted: Vec<char> = Vec::new();
            for rule in &fx.rules {
                let letter = crate::catalogue::area_letter(rule);
                let Some(row) = rows.iter_mut().find(|r| r.letter == letter) else {
                    continue;
                };
                if !areas_counted.contains(&letter) {
                    areas_counted.push(letter);
                    add(&mut row.changes[k]);
                }
                if let Some(r) = row.rules.iter_mut().find(|r| r.id == *rule) {
                    add(&mut r.changes[k]);
                }
            }
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexodic_report::{
        Basis, Behaviour, Classification, CorpusReport, Difference, Divergence, EngineReport,
        Failure, IncidentReport, Settings, Source,
    };
    use hexodic_rules::symmetry::Symmetry;

    /// A result of fixture `id` citing `rules` with `status`; a failing one
    /// has a failure classified by `key`.
    fn result(id: &str, rules: &[&str], status: Status, key: &str) -> FixtureReport {
        let failing = status.differed() || status == Status::Flaky;
        let divergence = Divergence::new(
            1,
            1,
            None,
            Source::Fixture,
            Difference::LegalCount {
                expected: 1,
                got: 2,
            },
        );
        FixtureReport {
            id: id.into(),
            file: format!("fixtures/{id}.yaml"),
            description: String::new(),
            rules: rules.iter().map(|s| (*s).to_owned()).collect(),
            basis: Basis::Documented,
            size: 1,
            status,
            cause: if failing {
                "differs".into()
            } else {
                String::new()
            },
            variants_run: 24,
            traced: true,
            skipped_checks: Vec::new(),
            failure: failing.then(|| Failure {
                variant: Symmetry::IDENTITY,
                cause: divergence,
                consequences: Vec::new(),
            }),
            incident: (status == Status::Incident).then(|| IncidentReport {
                kind: "crash".into(),
                message: "the engine exited".into(),
                variant: Symmetry::IDENTITY,
                step: 1,
                line: 1,
                turn: None,
                request: String::new(),
                reply: None,
                stderr_tail: String::new(),
                costly: false,
            }),
            classification: failing.then(|| Classification {
                behaviour: Behaviour::Other {
                    kind: "legal-count".into(),
                    key: key.into(),
                },
                rules: vec![rules[0].to_owned()],
                words: "counts otherwise".into(),
            }),
            expected: None,
            rerun: None,
        }
    }

    /// A report of `engine` on corpus version `corpus` with these results.
    fn report(engine: &str, corpus: &str, results: Vec<FixtureReport>) -> RunReport {
        let engine = EngineReport {
            name: engine.into(),
            version: "1".into(),
            command: None,
            capabilities: Vec::new(),
            warnings: Vec::new(),
            unusable: None,
        };
        let corpus = CorpusReport {
            version: corpus.into(),
            folders: Vec::new(),
        };
        RunReport::new(
            engine,
            corpus,
            Settings::default(),
            results,
            Vec::new(),
            None,
            0.0,
        )
    }

    fn input(label: &str, report: RunReport) -> Input {
        Input {
            label: label.into(),
            file: PathBuf::from(format!("{label}.json")),
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
            vec![
                result("c/one", &["C1", "C2"], Status::Pass, ""),
                result("c/two", &["C1"], Status::Fail, "k"),
                result("g/cap", &["G7", "I3"], Status::UnexpectedPass, ""),
            ],
        );
        let d = build(&[input("a", a)]);
        assert_eq!(d.compared, 3);
        let t = &d.columns[0].compared.summary;
        assert_eq!((t.passed, t.run, t.failed), (2, 3, 1));
        let c1 = &rule(&d, "C1").tallies[0];
        assert_eq!((c1.passed, c1.fixtures), (1, 2));
        let c2 = &rule(&d, "C2").tallies[0];
        assert_eq!((c2.passed, c2.fixtures), (1, 1));
        let c = d.areas.iter().find(|a| a.letter == 'C').unwrap();
        assert_eq!((c.tallies[0].passed, c.tallies[0].fixtures), (1, 2));
        // The areas in the rulebook's order, the rules outside them last.
        let letters: Vec<char> = d.areas.iter().map(|a| a.letter).collect();
        assert_eq!(letters, ['C', 'G', '-']);
        assert_eq!(d.columns[0].not_passing(Kind::RuleFailure).count(), 1);
        assert!(d.steps.is_empty());
    }

    #[test]
    fn incidents_skips_and_rule_failures_are_counted_apart() {
        let a = report(
            "e",
            "v1",
            vec![
                result("c/one", &["C1"], Status::Incident, ""),
                result("c/two", &["C1"], Status::Skipped, ""),
                result("c/three", &["C1", "C2"], Status::Fail, "k"),
            ],
        );
        let d = build(&[input("a", a)]);
        let col = &d.columns[0];
        let t = &col.compared.summary;
        assert_eq!(
            (t.failed, t.incidents, t.skipped, t.rule_failures()),
            (1, 1, 1, 1)
        );
        let c1 = &rule(&d, "C1").tallies[0];
        assert_eq!((c1.failed, c1.incidents, c1.skipped), (1, 1, 1));
        // Each fixture that does not pass is listed once, under its kind.
        for (kind, ids) in [
            (Kind::RuleFailure, vec!["c/three"]),
            (Kind::Incident, vec!["c/one"]),
            (Kind::Skipped, vec!["c/two"]),
            (Kind::NotRun, vec![]),
        ] {
            let listed: Vec<&str> = col.not_passing(kind).map(|r| r.id.as_str()).collect();
            assert_eq!(listed, ids, "{kind:?}");
        }
    }

    #[test]
    fn two_reports_of_one_engine_are_compared_on_the_shared_fixtures() {
        let old = report(
            "e",
            "v1",
            vec![
                result("c/one", &["C1"], Status::Pass, ""),
                result("c/two", &["C1", "C2"], Status::Fail, "k"),
                result("c/three", &["C2"], Status::Fail, "k"),
                result("c/gone", &["C2"], Status::Fail, "k"),
            ],
        );
        let other = report(
            "other",
            "v2",
            vec![result("c/one", &["C1"], Status::Fail, "k")],
        );
        let new = report(
            "e",
            "v2",
            vec![
                result("c/one", &["C1"], Status::Fail, "k"),
                result("c/two", &["C1", "C2"], Status::Pass, ""),
                result("c/three", &["C2"], Status::Fail, "j"),
                result("c/new", &["C2"], Status::Fail, "k"),
            ],
        );
        let d = build(&[input("old", old), input("other", other), input("new", new)]);
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
                ..Changes::default()
            }
        );
        assert_eq!(rule(&d, "C1").changes[0].newly_failing, 1);
        assert!(d.areas.iter().all(|a| a.rules.iter().all(|r| r.id == "C1")));
    }

    #[test]
    fn changes_are_counted_by_the_rules_the_fixtures_cite_incidents_apart() {
        let old = report(
            "e",
            "v1",
            vec![
                result("c/one", &["C1"], Status::Pass, ""),
                result("c/two", &["C1", "C2"], Status::Fail, "k"),
                result("c/three", &["C2"], Status::Fail, "k"),
                result("c/four", &["C2"], Status::Pass, ""),
            ],
        );
        let new = report(
            "e",
            "v1",
            vec![
                result("c/one", &["C1"], Status::Fail, "k"),
                result("c/two", &["C1", "C2"], Status::Pass, ""),
                result("c/three", &["C2"], Status::Fail, "j"),
                result("c/four", &["C2"], Status::Incident, ""),
            ],
        );
        let d = build(&[input("old", old), input("new", new)]);
        assert!(d.same_corpus);
        let all = Changes {
            newly_failing: 1,
            new_incidents: 1,
            fixed: 1,
            differently: 1,
        };
        assert_eq!(d.steps[0].total, all);
        assert_eq!(
            rule(&d, "C1").changes[0],
            Changes {
                newly_failing: 1,
                fixed: 1,
                ..Changes::default()
            }
        );
        assert_eq!(
            rule(&d, "C2").changes[0],
            Changes {
                new_incidents: 1,
                fixed: 1,
                differently: 1,
                ..Changes::default()
            }
        );
        assert_eq!(d.areas[0].changes[0], all);
    }

    #[test]
    fn engines_that_agree_with_each_other_against_the_reference_are_a_possible_dispute() {
        let fails = |engine: &str, key: &str| {
            report(
                engine,
                "v1",
                vec![
                    result("c/one", &["C1"], Status::Fail, key),
                    result("c/two", &["C2"], Status::Pass, ""),
                ],
            )
        };
        // Two builds of one engine failing alike are no dispute.
        let d = build(&[input("a1", fails("a", "k")), input("a2", fails("a", "k"))]);
        assert!(d.disputes.is_empty());
        // Nor is the reference agreeing with an engine.
        let d = build(&[
            input("a", fails("a", "k")),
            input("ref", fails(REFERENCE_NAME, "k")),
        ]);
        assert!(d.disputes.is_empty());
        // Two engines failing with one signature are; a third failing
        // otherwise is not among them, nor an earlier build.
        let d = build(&[
            input("a-old", fails("a", "j")),
            input("a", fails("a", "k")),
            input("b", fails("b", "k")),
            input("c", fails("c", "j")),
            input(
                "clean",
                report(
                    "d",
                    "v1",
                    vec![
                        result("c/one", &["C1"], Status::Pass, ""),
                        result("c/two", &["C2"], Status::Pass, ""),
                    ],
                ),
            ),
        ]);
        assert_eq!(d.disputes.len(), 1, "{:?}", d.disputes);
        let x = &d.disputes[0];
        assert_eq!(
            (x.id.as_str(), x.columns.as_slice()),
            ("c/one", &[1, 2][..])
        );
        assert_eq!(x.signature.key, "k");
        assert_eq!(x.rules, ["C1"]);
        assert_eq!(x.words, "counts otherwise");
        // An incident agrees with nothing.
        let d = build(&[
            input(
                "a",
                report(
                    "a",
                    "v1",
                    vec![result("c/one", &["C1"], Status::Incident, "")],
                ),
            ),
            input(
                "b",
                report(
                    "b",
                    "v1",
                    vec![result("c/one", &["C1"], Status::Incident, "")],
                ),
            ),
        ]);
        assert!(d.disputes.is_empty());
    }
}
