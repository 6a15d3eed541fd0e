//! The HTML report of a run: one self-contained file (inline style, inline
//! SVG boards, no script, nothing fetched), derived from the
//! [`RunReport`] like every other report and worded like the text report.

use super::page::{document, escape, inline, slug, Html, Style};
use crate::paths;
use crate::run::{FixtureResult, RunReport, Status};
use std::collections::BTreeMap;

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

/// The page being written: the run, the markup so far, and what the
/// sections share (each fixture's anchor, the fixtures shown in full).
pub(super) struct Writer<'a> {
    /// The run the page shows.
    pub(super) r: &'a RunReport,
    /// The markup written so far.
    pub(super) h: Html,
    /// Each fixture's anchor in the page, unique.
    anchors: BTreeMap<&'a str, String>,
    /// Fixtures shown in full so far.
    pub(super) full: usize,
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

    /// The anchor of fixture `id` in the page.
    pub(super) fn anchor(&self, id: &str) -> String {
        self.anchors
            .get(id)
            .cloned()
            .unwrap_or_else(|| format!("fx-{}", slug(id)))
    }

    /// A link to fixture `id` in the page.
    pub(super) fn link(&self, id: &str) -> String {
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

    /// A folded list of fixtures, one line each, under `summary`; nothing when there are none.
    pub(super) fn folded_lines(&mut self, summary: &str, list: &[&FixtureResult]) {
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
    pub(super) fn one_line(&mut self, res: &FixtureResult) {
        let anchor = self.anchor(&res.id);
        let text = match res.failure() {
            Some(f) => format!(
                "{} [{}] {}:{}: {}",
                escape(&res.id),
                escape(&f.variant.to_string()),
                escape(&paths::shown(&res.file)),
                f.cause.line,
                inline(&f.cause.difference.summary())
            ),
            None => format!("{}: {}", escape(&res.id), inline(&res.cause_line())),
        };
        let rerun = super::super::reproduce(self.r, res).map_or(String::new(), |c| {
            format!("<br/><code class=\"rerun\">{}</code>", escape(&c))
        });
        self.h
            .open("li", &[("id", &anchor)])
            .raw(&text)
            .raw(&rerun)
            .close("li");
    }

    /// The command that runs a failing fixture again, as a fact.
    pub(super) fn rerun(&mut self, x: &FixtureResult) {
        if let Some(c) = super::super::reproduce(self.r, x) {
            self.h.elem("dt", &[], "Rerun");
            self.h.open("dd", &[]);
            self.h.elem("code", &[("class", "rerun")], &c).close("dd");
        }
    }
}
