//! The HTML report of a run: one self-contained file (inline style, inline
//! SVG boards, no script, nothing fetched), derived from the
//! [`RunReport`] like every other report and worded like the text report.

use super::page::{document, escape, slug, Html, Style};
use super::{figures, Figure};
use crate::diagnose::{Divergence, Failure, IncidentAt, RootCause, Source};
use crate::engine::{shorten, Capability};
use crate::oracle::{codes, Difference, ListDiff, TurnVerdict};
use crate::paths;
use crate::report::text::{details, rule_with_title, summary_lines};
use crate::run::{FixtureResult, RunReport, Status, Summary};
use hexodic_render::{fault_lines, BoardPicture};
use hexodic_rules::{CellSet, Setup, Turn};
use std::collections::BTreeMap;

/// Fixtures of a root cause shown in full (with boards): its smallest
/// example and the next ones in the cause's order; the others get one line
/// each.
pub const FULL_PER_CAUSE: usize = 4;

/// At most this many fixtures are shown in full in the whole report (the
/// smallest examples of the first causes come first), so that a run where
/// everything fails stays a few megabytes.
pub const MAX_FULL: usize = 40;

/// Incidents shown in full (request and standard error); the others get
/// one line each.
pub const INCIDENTS_IN_FULL: usize = 10;

/// Lines of an engine's standard error shown under an incident.
const STDERR_LINES: usize = 12;

/// The HTML report of a run: a whole page, self-contained (opens from disk,
/// fetches nothing, runs no script).
///
/// It holds the totals (the same lines as the text report's summary), the
/// root causes ranked by how many fixtures share them, each with its
/// rules, kind, detail and count, and its fixtures: the first ones in full
/// (description, cited rules and basis, file and line, step and turn,
/// variant, the difference in words, the implicated rules, and the boards:
/// before the step with the turn drawn, the reference's board after and
/// the engine's, the differing cells outlined and captured stones shown as
/// removed; then the consequences), the rest one line each. Then the
/// engine incidents, the expected failures and unexpected passes, and the
/// skipped checks.
pub fn report(r: &RunReport) -> String {
    let mut w = Writer::new(r);
    w.header();
    w.h.open("main", &[]);
    w.nav();
    w.summary();
    w.causes();
    w.incidents();
    w.expectations();
    w.skipped();
    w.h.close("main");
    let title = format!("Hexodic conformance: {}", r.engine.label());
    document(&title, Style::Inline, &w.h.finish())
}

struct Writer<'a> {
    r: &'a RunReport,
    h: Html,
    /// Each fixture's anchor in the page, unique.
    anchors: BTreeMap<&'a str, String>,
    /// Fixtures shown in full so far.
    full: usize,
}

impl<'a> Writer<'a> {
    fn new(r: &'a RunReport) -> Writer<'a> {
        let mut anchors = BTreeMap::new();
        let mut used = std::collections::BTreeSet::new();
        for res in &r.results {
            let base = format!("fx-{}", slug(&res.id));
            let mut a = base.clone();
            let mut n = 2;
            while !used.insert(a.clone()) {
                a = format!("{base}-{n}");
                n += 1;
            }
            anchors.insert(res.id.as_str(), a);
        }
        Writer {
            r,
            h: Html::default(),
            anchors,
            full: 0,
        }
    }

    fn anchor(&self, id: &str) -> String {
        self.anchors
            .get(id)
            .cloned()
            .unwrap_or_else(|| format!("fx-{}", slug(id)))
    }

    fn link(&self, id: &str) -> String {
        format!(
            "<a href=\"#{}\">{}</a>",
            escape(&self.anchor(id)),
            escape(id)
        )
    }

    fn count(&self, f: impl Fn(&FixtureResult) -> bool) -> usize {
        self.r.results.iter().filter(|x| f(x)).count()
    }

    fn header(&mut self) {
        let r = self.r;
        self.h.open("header", &[("class", "top")]);
        self.h.elem("h1", &[], "Hexodic conformance report");
        self.h.elem(
            "p",
            &[],
            &format!(
                "Engine {} · {} · exit code {}",
                r.engine.label(),
                r.corpus_words(),
                r.exit_code()
            ),
        );
        self.h.close("header");
    }

    fn nav(&mut self) {
        let incidents = self.count(|x| x.incident().is_some());
        let expected = self.count(|x| {
            matches!(
                x.status,
                Status::ExpectedFail | Status::ChangedFail | Status::UnexpectedPass
            )
        });
        let mut links = vec![
            ("summary".to_owned(), "Summary".to_owned()),
            (
                "causes".into(),
                format!("Root causes ({})", self.r.root_causes.len()),
            ),
        ];
        if incidents > 0 {
            links.push(("incidents".into(), format!("Incidents ({incidents})")));
        }
        if expected > 0 {
            links.push(("expectations".into(), format!("Expectations ({expected})")));
        }
        if !self.r.summary.skipped_checks.is_empty() {
            links.push(("skipped".into(), "Skipped checks".into()));
        }
        self.h.open("nav", &[("class", "toc")]);
        for (id, text) in links {
            self.h.elem("a", &[("href", &format!("#{id}"))], &text);
        }
        self.h.close("nav");
    }

    fn summary(&mut self) {
        let r = self.r;
        let s = &r.summary;
        self.h.open("section", &[("id", "summary")]);
        self.h.elem("h2", &[], "Summary");
        self.summary_tiles();
        self.h.open("div", &[("class", "lines")]);
        for l in summary_lines(&r.engine.label(), s) {
            self.h.elem_inline("p", &[], l.trim_start());
        }
        self.h.close("div");
        self.run_notes();
        self.load_errors();
        self.h.close("section");
    }

    /// The summary's tiles: one count per kind of result, marked when it needs attention.
    fn summary_tiles(&mut self) {
        let s = &self.r.summary;
        self.h.open("div", &[("class", "tiles")]);
        for (label, n, class) in tile_counts(s) {
            let class = if class.is_empty() {
                "tile".to_owned()
            } else {
                format!("tile {class}")
            };
            self.h
                .open("div", &[("class", &class)])
                .elem("b", &[], &n.to_string())
                .text(label)
                .close("div");
        }
        if s.errors > 0 {
            self.h
                .open("div", &[("class", "tile bad")])
                .elem("b", &[], &s.errors.to_string())
                .text("load errors")
                .close("div");
        }
        self.h.close("div");
    }

    /// The notes under the summary: an unusable engine, an incomplete run, and the warnings.
    fn run_notes(&mut self) {
        let r = self.r;
        if let Some(u) = &r.unusable {
            self.h.elem(
                "p",
                &[("class", "faults")],
                &format!("engine unusable: {}", u.kind),
            );
        }
        if let Some(st) = r.stopped {
            self.h.elem(
                "p",
                &[("class", "faults")],
                &format!("run incomplete: {}", st.describe()),
            );
        }
        if !r.warnings.is_empty() {
            self.h.open("ul", &[("class", "brief")]);
            for w in &r.warnings {
                self.h.elem("li", &[], &format!("warning: {w}"));
            }
            self.h.close("ul");
        }
    }

    /// The files that could not be loaded, if any.
    fn load_errors(&mut self) {
        let r = self.r;
        if !r.errors.is_empty() {
            self.h.elem("h3", &[], "Files that could not be loaded");
            self.h.open("ul", &[("class", "brief faults")]);
            for e in &r.errors {
                self.h.elem("li", &[], &format!("ERROR {e}"));
            }
            self.h.close("ul");
        }
    }

    fn causes(&mut self) {
        let r = self.r;
        self.h.open("section", &[("id", "causes")]);
        self.h.elem(
            "h2",
            &[],
            &format!("Root causes ({}, most fixtures first)", r.root_causes.len()),
        );
        if r.root_causes.is_empty() {
            self.h.elem("p", &[], "No fixture failed.");
        } else {
            self.h.elem(
                "p",
                &[("class", "muted")],
                "Failing fixtures are grouped by the first check they fail: the rules the difference implicates, its kind and its reason code or field. Each cause shows its smallest example first. On the boards, a magenta outline marks the cells that differ, a dashed cross marks a captured stone, and blue marks draw the turn.",
            );
        }
        for (i, rc) in r.root_causes.iter().enumerate() {
            self.cause(i + 1, rc);
        }
        self.h.close("section");
    }

    fn cause(&mut self, n: usize, rc: &'a RootCause) {
        self.h.open(
            "article",
            &[("class", "cause"), ("id", &format!("cause-{n}"))],
        );
        self.cause_heading(n, rc);
        self.cause_facts(rc);
        self.cause_fixtures(rc);
        self.h.close("article");
    }

    /// A cause's heading: its number, rules, kind, detail and count of fixtures.
    fn cause_heading(&mut self, n: usize, rc: &RootCause) {
        let s = &rc.signature;
        let rules = if s.rules.is_empty() {
            "no rule".to_owned()
        } else {
            s.rules.join(", ")
        };
        self.h.elem(
            "h3",
            &[],
            &format!(
                "{n}. {rules} ({}): {} - {} fixture(s)",
                s.kind,
                rc.detail,
                rc.fixtures.len()
            ),
        );
    }

    /// The facts of a cause: rules, kind, detail, count and its smallest example.
    fn cause_facts(&mut self, rc: &RootCause) {
        let s = &rc.signature;
        self.h.open("dl", &[("class", "facts")]);
        let all: Vec<String> = rc.rules.iter().map(|x| rule_with_title(x)).collect();
        self.h.elem("dt", &[], "Rules");
        self.h.elem(
            "dd",
            &[],
            &if all.is_empty() {
                "none".to_owned()
            } else {
                all.join("; ")
            },
        );
        self.h.elem("dt", &[], "Kind");
        let kind = if s.key.is_empty() {
            s.kind.to_owned()
        } else {
            format!("{} ({})", s.kind, s.key)
        };
        self.h.elem("dd", &[], &kind);
        self.h.elem("dt", &[], "Detail");
        self.h.elem("dd", &[], &rc.detail);
        self.h.elem("dt", &[], "Fixtures");
        self.h.elem("dd", &[], &rc.fixtures.len().to_string());
        self.h.elem("dt", &[], "Smallest example");
        let ex = format!(
            "{}, step {}, variant {}",
            self.link(&rc.example.id),
            rc.example.step,
            escape(&rc.example.variant.to_string())
        );
        self.h.open("dd", &[]).raw(&ex).close("dd");
        self.h.close("dl");
    }

    /// A cause's fixtures: the first ones in full while room is left, the others one line each.
    fn cause_fixtures(&mut self, rc: &RootCause) {
        // The example first, then the others in the cause's order.
        let mut order: Vec<&str> = vec![rc.example.id.as_str()];
        order.extend(
            rc.fixtures
                .iter()
                .map(String::as_str)
                .filter(|id| *id != rc.example.id),
        );
        let mut brief = Vec::new();
        for (k, id) in order.iter().enumerate() {
            let Some(res) = self.r.result(id) else {
                continue;
            };
            if k < FULL_PER_CAUSE && self.full < MAX_FULL {
                self.full += 1;
                self.fixture(res);
            } else {
                brief.push(res);
            }
        }
        let summary = format!(
            "{} more fixture(s) with this cause, one line each",
            brief.len()
        );
        self.folded_lines(&summary, &brief);
    }

    /// A folded list of fixtures, one line each, under `summary`; nothing when there are none.
    fn folded_lines(&mut self, summary: &str, list: &[&FixtureResult]) {
        if list.is_empty() {
            return;
        }
        self.h.open("details", &[]);
        self.h.elem("summary", &[], summary);
        self.h.open("ul", &[("class", "brief")]);
        for res in list {
            self.one_line(res);
        }
        self.h.close("ul");
        self.h.close("details");
    }

    /// One line for a fixture, anchored.
    fn one_line(&mut self, res: &FixtureResult) {
        let anchor = self.anchor(&res.id);
        let text = match res.failure() {
            Some(f) => format!(
                "{} [{}] {}:{}: {}",
                escape(&res.id),
                escape(&f.variant.to_string()),
                escape(&paths::shown(&res.file)),
                f.cause.line,
                super::page::inline(&f.cause.difference.summary())
            ),
            None => format!(
                "{}: {}",
                escape(&res.id),
                super::page::inline(&res.cause_line())
            ),
        };
        self.h.open("li", &[("id", &anchor)]).raw(&text).close("li");
    }

    /// A failing fixture in full.
    fn fixture(&mut self, res: &FixtureResult) {
        let Some(f) = res.failure() else {
            return;
        };
        let c = &f.cause;
        let anchor = self.anchor(&res.id);
        self.h
            .open("section", &[("class", "fixture"), ("id", &anchor)]);
        self.fixture_heading(res, f);
        self.h
            .elem_inline("p", &[("class", "desc")], &res.description);
        self.fixture_facts(res, f);
        self.difference_words(c);
        figures(&mut self.h, &divergence_boards(c, &format!("{anchor}-")));
        self.consequences(f);
        self.h.close("section");
    }

    /// A failing fixture's heading: its id, basis, variant and whether it was expected to fail.
    fn fixture_heading(&mut self, res: &FixtureResult, f: &Failure) {
        self.h.open("h4", &[]).text(&res.id).text(" ");
        let basis = res.basis.name();
        self.h
            .elem("span", &[("class", &format!("badge {basis}"))], basis)
            .text(" ")
            .elem(
                "span",
                &[("class", "badge")],
                &format!("variant {}", f.variant),
            );
        if res.status == Status::ExpectedFail {
            self.h
                .text(" ")
                .elem("span", &[("class", "badge")], "expected to fail");
        }
        if res.status == Status::ChangedFail {
            self.h
                .text(" ")
                .elem("span", &[("class", "badge")], "fails another way");
        }
        self.h.close("h4");
    }

    /// The facts of a failing fixture: cited rules, where it failed, against what, and why.
    fn fixture_facts(&mut self, res: &FixtureResult, f: &Failure) {
        let c = &f.cause;
        self.h.open("dl", &[("class", "facts")]);
        let cites: Vec<String> = res.rules.iter().map(|x| rule_with_title(x)).collect();
        self.h.elem("dt", &[], "Cites");
        self.h.elem("dd", &[], &cites.join("; "));
        self.h.elem("dt", &[], "Where");
        let place = format!(
            "<code>{}:{}</code>: {}, variant {}",
            escape(&paths::shown(&res.file)),
            c.line,
            super::page::inline(&c.place()),
            escape(&f.variant.to_string())
        );
        self.h.open("dd", &[]).raw(&place).close("dd");
        self.h.elem("dt", &[], "Checked against");
        self.h.elem(
            "dd",
            &[],
            match c.source {
                Source::Fixture => "a check written in the fixture",
                Source::Trace => "the fixture's golden trace (the reference's play)",
            },
        );
        if !c.implicated.is_empty() {
            let rules: Vec<String> = c.implicated.iter().map(|x| rule_with_title(x)).collect();
            self.h.elem("dt", &[], "Implicated");
            self.h.elem("dd", &[], &rules.join("; "));
        }
        if let Some(reason) = &res.expected_reason {
            self.h.elem("dt", &[], "Expected to fail");
            self.h.elem("dd", &[], reason);
        }
        if let Some((old, new)) = res.changed_words() {
            self.h.elem("dt", &[], "Signature expected");
            self.h.elem("dd", &[], &old);
            self.h.elem("dt", &[], "Signature now");
            self.h.elem("dd", &[], &new);
        }
        self.h.close("dl");
    }

    /// The difference of a divergence in words, with its details.
    fn difference_words(&mut self, c: &Divergence) {
        self.h.open("div", &[("class", "difference")]);
        self.h.elem_inline("p", &[], &c.difference.summary());
        let more = details(&c.difference);
        if !more.is_empty() {
            self.h.open("ul", &[]);
            for l in more {
                self.h.elem_inline("li", &[], &l);
            }
            self.h.close("ul");
        }
        self.h.close("div");
    }

    /// The divergences that followed the first one, one line each.
    fn consequences(&mut self, f: &Failure) {
        if !f.consequences.is_empty() {
            self.h.elem(
                "p",
                &[],
                &format!("Then ({} consequence(s)):", f.consequences.len()),
            );
            self.h.open("ul", &[("class", "brief")]);
            for d in &f.consequences {
                self.h.elem_inline(
                    "li",
                    &[],
                    &format!("{}: {}", d.place(), d.difference.summary()),
                );
            }
            self.h.close("ul");
        }
    }

    fn incidents(&mut self) {
        let with: Vec<&FixtureResult> = self
            .r
            .results
            .iter()
            .filter(|x| x.incident().is_some())
            .collect();
        if with.is_empty() {
            return;
        }
        self.h.open("section", &[("id", "incidents")]);
        self.h.elem("h2", &[], "Engine incidents");
        self.h.elem(
            "p",
            &[],
            &format!(
                "engine incidents: {} fixture(s) ({}); they are not rule failures",
                with.len(),
                incident_counts(&with).join(", ")
            ),
        );
        let mut brief = Vec::new();
        for (k, x) in with.into_iter().enumerate() {
            if k >= INCIDENTS_IN_FULL {
                brief.push(x);
                continue;
            }
            let Some(i) = x.incident() else { continue };
            self.incident(x, i);
        }
        let summary = format!("{} more incident(s), one line each", brief.len());
        self.folded_lines(&summary, &brief);
        self.h.close("section");
    }

    /// One incident in full: what happened, where, the request, and the engine's last words.
    fn incident(&mut self, x: &FixtureResult, i: &IncidentAt) {
        let anchor = self.anchor(&x.id);
        self.h
            .open("article", &[("class", "incident"), ("id", &anchor)]);
        self.h
            .open("h4", &[])
            .text(&x.id)
            .text(" ")
            .elem("span", &[("class", "badge")], i.incident.kind.name())
            .close("h4");
        self.incident_facts(x, i);
        let tail: Vec<&str> = i.incident.stderr.lines().rev().take(STDERR_LINES).collect();
        if !tail.is_empty() {
            self.h.elem(
                "p",
                &[],
                "standard error of that engine process (last lines):",
            );
            let lines: Vec<String> = tail.iter().rev().map(|l| shorten(l, 200)).collect();
            self.h.elem("pre", &[], &lines.join("\n"));
        }
        self.h.close("article");
    }

    /// The facts of an incident: what, where, the request, and a difference seen before it.
    fn incident_facts(&mut self, x: &FixtureResult, i: &IncidentAt) {
        self.h.open("dl", &[("class", "facts")]);
        self.h.elem("dt", &[], "What");
        self.h.elem("dd", &[], &i.incident.kind.to_string());
        self.h.elem("dt", &[], "Where");
        let place = format!(
            "<code>{}:{}</code>: {}, variant {}",
            escape(&paths::shown(&x.file)),
            i.line,
            super::page::inline(&i.place()),
            escape(&i.variant.to_string())
        );
        self.h.open("dd", &[]).raw(&place).close("dd");
        if !i.incident.request.is_empty() {
            self.h.elem("dt", &[], "Request");
            self.h.open("dd", &[]);
            self.h
                .elem("code", &[], &shorten(&i.incident.request, 300))
                .close("dd");
        }
        if let Some(f) = x.failure() {
            self.h.elem("dt", &[], "Before it");
            self.h.elem_inline(
                "dd",
                &[],
                &format!(
                    "a check had already differed: {}: {}",
                    f.cause.place(),
                    f.cause.difference.summary()
                ),
            );
        }
        self.h.close("dl");
    }

    fn expectations(&mut self) {
        let listed: Vec<&FixtureResult> = self
            .r
            .results
            .iter()
            .filter(|x| {
                matches!(
                    x.status,
                    Status::ExpectedFail | Status::ChangedFail | Status::UnexpectedPass
                )
            })
            .collect();
        if listed.is_empty() {
            return;
        }
        self.h.open("section", &[("id", "expectations")]);
        self.h.elem(
            "h2",
            &[],
            "Expected failures, changed failures and unexpected passes",
        );
        self.h.open("ul", &[("class", "brief")]);
        for x in listed {
            let anchor = self.anchor(&x.id);
            let line = match x.status {
                Status::UnexpectedPass => format!("XPASS {}: {}", x.id, x.cause_line()),
                Status::ChangedFail => {
                    let (old, new) = x.changed_words().unwrap_or_default();
                    format!("CHANGED {}: expected {old}; now {new}", x.id)
                }
                _ => format!(
                    "XFAIL {} ({}): {}",
                    x.id,
                    x.expected_reason.as_deref().unwrap_or(""),
                    x.cause_line()
                ),
            };
            self.h.elem_inline("li", &[("id", &anchor)], &line);
        }
        self.h.close("ul");
        self.h.close("section");
    }

    fn skipped(&mut self) {
        let s = &self.r.summary;
        if s.skipped_checks.is_empty() {
            return;
        }
        self.h.open("section", &[("id", "skipped")]);
        self.h.elem("h2", &[], "Skipped checks");
        self.h.elem(
            "p",
            &[],
            "Checks that need a capability the engine does not declare are skipped: the fixture is neither passed nor failed on them.",
        );
        self.h.open("ul", &[("class", "brief")]);
        for (c, n) in &s.skipped_checks {
            self.h.elem(
                "li",
                &[],
                &format!("{} ({}): {n} fixture(s)", c.checks(), Capability::name(*c)),
            );
        }
        self.h.close("ul");
        let only: Vec<&FixtureResult> = self
            .r
            .results
            .iter()
            .filter(|x| x.status == Status::Skipped)
            .collect();
        if !only.is_empty() {
            self.h.open("details", &[]);
            self.h.elem(
                "summary",
                &[],
                &format!(
                    "{} fixture(s) skipped (nothing differed, some checks skipped)",
                    only.len()
                ),
            );
            self.h.open("ul", &[("class", "brief")]);
            for x in only {
                self.one_line(x);
            }
            self.h.close("ul");
            self.h.close("details");
        }
        self.h.close("section");
    }
}

/// The summary's tiles: label, count and the mark it gets (`good`, `bad`, `warn` or none).
fn tile_counts(s: &Summary) -> [(&'static str, usize, &'static str); 7] {
    let failed = s.failed();
    [
        ("fixtures", s.fixtures, ""),
        ("passed", s.passed, "good"),
        ("failed", failed, if failed > 0 { "bad" } else { "" }),
        (
            "documented rules",
            s.failed_documented,
            if s.failed_documented > 0 { "bad" } else { "" },
        ),
        (
            "on rulings",
            s.failed_ruling,
            if s.failed_ruling > 0 { "bad" } else { "" },
        ),
        (
            "skipped",
            s.skipped,
            if s.skipped > 0 { "warn" } else { "" },
        ),
        (
            "incidents",
            s.incidents,
            if s.incidents > 0 { "warn" } else { "" },
        ),
    ]
}

/// How many of these fixtures had each kind of incident, as `kind: n`, by kind name.
fn incident_counts(with: &[&FixtureResult]) -> Vec<String> {
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for x in with {
        if let Some(i) = x.incident() {
            *kinds.entry(i.incident.kind.name()).or_insert(0) += 1;
        }
    }
    kinds.iter().map(|(k, n)| format!("{k}: {n}")).collect()
}

/// The captures the engine reported, when the difference says.
fn engine_captures(d: &Difference) -> Option<CellSet> {
    match d {
        Difference::Captures { got, .. } => Some(*got),
        _ => None,
    }
}

/// The board pictures of a divergence: where it happened, and the
/// reference's and the engine's boards, the differing cells highlighted.
pub(crate) fn divergence_boards(d: &Divergence, prefix: &str) -> Vec<Figure> {
    match (d.turn, d.expected.as_ref(), d.before.as_ref()) {
        // A turn was played: before, then both boards after.
        (Some(turn), Some(expected), Some(before)) => {
            played_boards(d, turn, expected, before, prefix)
        }
        // A check on a position (the start, or after a step): the
        // reference's position and the engine's, then the turns in question.
        (turn, _, Some(before)) => position_boards(d, turn, before, prefix),
        _ => Vec::new(),
    }
}

/// The boards of a played turn: before it, then the reference's and the engine's after it.
fn played_boards(
    d: &Divergence,
    turn: Turn,
    expected: &Setup,
    before: &Setup,
    prefix: &str,
) -> Vec<Figure> {
    let cells = d.difference.cells();
    let step = if d.step == 0 {
        "the setup turn".to_owned()
    } else {
        format!("step {}", d.step)
    };
    let mut out = vec![Figure {
        caption: format!("Before {step}: {} plays `{turn}`", before.to_move),
        class: "",
        svg: BoardPicture::new(before)
            .turn(turn)
            .highlight(cells)
            .title(format!("The board before {step}, with the turn {turn}"))
            .id_prefix(format!("{prefix}before-"))
            .to_svg(),
    }];
    let (ref_words, engine_words) = match &d.difference {
        Difference::Verdict {
            expected: e, got, ..
        } => (verdict_words(*e), verdict_words(*got)),
        _ => ("plays it".to_owned(), "plays it".to_owned()),
    };
    let captured = d.captures.map_or(CellSet::EMPTY, |k| k.all());
    out.push(Figure {
        caption: format!("Reference after {step} ({ref_words})"),
        class: "reference",
        svg: BoardPicture::new(expected)
            .captured(captured)
            .highlight(cells)
            .title(format!("The reference's board after {step}"))
            .id_prefix(format!("{prefix}reference-"))
            .to_svg(),
    });
    if let Some(got) = d.got.as_ref() {
        out.push(Figure {
            caption: format!("Engine after {step} ({engine_words})"),
            class: "engine",
            svg: BoardPicture::new(got)
                .captured(engine_captures(&d.difference).unwrap_or(CellSet::EMPTY))
                .highlight(cells)
                .title(format!("The engine's board after {step}"))
                .id_prefix(format!("{prefix}engine-"))
                .to_svg(),
        });
    }
    out
}

/// The boards of a check on a position: the reference's, the engine's, then the turns in question.
fn position_boards(
    d: &Divergence,
    turn: Option<Turn>,
    before: &Setup,
    prefix: &str,
) -> Vec<Figure> {
    let at = match (d.step, turn) {
        (0, None) => "start position".to_owned(),
        (0, Some(_)) => "position after the setup turns".to_owned(),
        (n, _) => format!("position after step {n}"),
    };
    let mut out = vec![reference_position_board(d, turn, before, &at, prefix)];
    let turns = list_boards(&d.difference, before, prefix);
    // The engine's board adds nothing when it is the reference's and
    // the turns in question are drawn.
    let same = d.got.as_ref() == Some(before) && !turns.is_empty();
    if let Some(got) = d.got.as_ref().filter(|_| !same) {
        out.push(engine_position_board(d, turn, got, &at, prefix));
    }
    out.extend(turns);
    out
}

/// The reference's position `at`, its faults listed, with a caption saying whether it is valid.
fn reference_position_board(
    d: &Divergence,
    turn: Option<Turn>,
    before: &Setup,
    at: &str,
    prefix: &str,
) -> Figure {
    let faults = fault_lines(before);
    let mut pic = BoardPicture::new(before)
        .highlight(d.difference.cells())
        .faults(faults.clone())
        .title(format!("The reference's {at}"))
        .id_prefix(format!("{prefix}reference-"));
    if let Some(t) = turn {
        pic = pic.turn(t);
    }
    let caption = match (&d.difference, faults.is_empty()) {
        (Difference::Validity { .. } | Difference::Faults { .. }, false) => {
            format!("Reference {at}: not a valid position")
        }
        (Difference::Validity { .. }, true) => {
            format!("Reference {at}: a valid position")
        }
        _ => format!("Reference {at}"),
    };
    Figure {
        caption,
        class: "reference",
        svg: pic.to_svg(),
    }
}

/// The engine's position `at`, with a caption saying how it answered.
fn engine_position_board(
    d: &Divergence,
    turn: Option<Turn>,
    got: &Setup,
    at: &str,
    prefix: &str,
) -> Figure {
    let caption = match &d.difference {
        Difference::Validity { got, .. } => {
            format!("Engine {at}: {}", position_reply_words(got))
        }
        Difference::Faults { got, .. } => format!(
            "Engine {at}: invalid with {}",
            got.iter().map(|f| f.code()).collect::<Vec<_>>().join(", ")
        ),
        _ => format!("Engine {at} (as it last reported it)"),
    };
    let mut pic = BoardPicture::new(got)
        .highlight(d.difference.cells())
        .title(format!("The engine's {at}"))
        .id_prefix(format!("{prefix}engine-"));
    if let Some(t) = turn {
        pic = pic.turn(t);
    }
    Figure {
        caption,
        class: "engine",
        svg: pic.to_svg(),
    }
}

fn verdict_words(v: TurnVerdict) -> String {
    match v {
        TurnVerdict::Legal => "plays it".into(),
        TurnVerdict::Illegal(r) if r.is_empty() => "rejects it; the board stays".into(),
        TurnVerdict::Illegal(r) => format!("rejects it with {}; the board stays", codes(r)),
    }
}

fn position_reply_words(r: &crate::engine::PositionReply) -> String {
    match r {
        crate::engine::PositionReply::Accepted => "accepts it as valid".into(),
        crate::engine::PositionReply::Invalid(f) if f.is_empty() => "rejects it as invalid".into(),
        crate::engine::PositionReply::Invalid(f) => format!(
            "rejects it as invalid with {}",
            f.iter().map(|x| x.code()).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// For a legal-list difference, the first turn the engine misses and the
/// first it lists wrongly, each drawn on the position; for a perft
/// difference, the same on the position its bisection reached.
fn list_boards(d: &Difference, position: &Setup, prefix: &str) -> Vec<Figure> {
    match d {
        Difference::LegalList(l) => turn_boards(l, position, "", prefix),
        Difference::Perft {
            path,
            below: Some(b),
            ..
        } => {
            let Difference::LegalList(l) = b.as_ref() else {
                return Vec::new();
            };
            let Some(reached) = crate::diagnose::board_after(position, path) else {
                return Vec::new();
            };
            let line: Vec<String> = path.iter().map(|t| format!("`{t}`")).collect();
            let after = if line.is_empty() {
                String::new()
            } else {
                format!(" after {}", line.join(", "))
            };
            turn_boards(l, &reached, &after, prefix)
        }
        _ => Vec::new(),
    }
}

fn turn_boards(l: &ListDiff, position: &Setup, after: &str, prefix: &str) -> Vec<Figure> {
    let mut out = Vec::new();
    if let Some(t) = l.missing.first() {
        let engine = match t.engine {
            Some(TurnVerdict::Illegal(r)) if !r.is_empty() => {
                format!("the engine rejects it with {}", codes(r))
            }
            Some(TurnVerdict::Illegal(_)) => "the engine rejects it".into(),
            Some(TurnVerdict::Legal) => "the engine plays it but does not list it".into(),
            None => "the engine does not list it".into(),
        };
        out.push(Figure {
            caption: format!(
                "Legal{after}, missing from the engine's list: `{}` ({engine})",
                t.turn
            ),
            class: "reference",
            svg: BoardPicture::new(position)
                .turn(t.turn)
                .highlight(crate::oracle::turn_cells(t.turn))
                .title(format!("A legal turn the engine does not list: {}", t.turn))
                .id_prefix(format!("{prefix}missing-"))
                .to_svg(),
        });
    }
    if let Some(t) = l.extra.first() {
        out.push(Figure {
            caption: format!(
                "Listed by the engine{after}: `{}`, {}",
                t.turn,
                t.reference.describe()
            ),
            class: "engine",
            svg: BoardPicture::new(position)
                .turn(t.turn)
                .highlight(crate::oracle::turn_cells(t.turn))
                .title(format!("A turn the engine lists wrongly: {}", t.turn))
                .id_prefix(format!("{prefix}extra-"))
                .to_svg(),
        });
    }
    out
}
