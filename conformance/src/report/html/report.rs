//! The HTML report of a run: one self-contained file (inline style, inline
//! SVG boards, nothing fetched; one small script, the arrow keys stepping
//! through a failure's boards, without which everything still shows), derived from the
//! [`RunReport`] like every other report and worded like the text report.

use super::links::CatalogueUrl;
use super::page::{document, escape, inline, slug, title_block, Html, Style};
use crate::run::{FixtureResult, RunReport, Status};
use hexodic_io::paths;
use std::collections::BTreeMap;

/// The HTML report of a run: a whole page, self-contained (opens from disk,
/// fetches nothing; its one script only lets the arrow keys step through a
/// failure's boards).
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
    report_with(r, &PageOptions::default())
}

/// What a report page adds to the run: where the catalogue is, so that
/// rule IDs and fixture names link to it, and the date it was written.
#[derive(Clone, Debug, Default)]
pub struct PageOptions {
    /// The catalogue (`catalogue --out DIR`) the page links to, if any.
    pub catalogue: Option<CatalogueUrl>,
    /// The date and time written in the header (`2026-12-02 04:40 UTC`);
    /// none keeps the page the same for the same run.
    pub date: Option<String>,
}

/// The HTML report of a run, as [`report`], with rule IDs and fixture names
/// linked to the catalogue and the date in the header when `opts` give them.
/// After the summary come the results by rule area and rule and every
/// fixture with its status, variants and time, clean run or not.
pub fn report_with(r: &RunReport, opts: &PageOptions) -> String {
    let mut w = Writer::new(r, opts);
    w.header();
    w.h.open("main", &[]);
    w.nav();
    w.summary();
    w.key();
    w.causes();
    w.incidents();
    w.expectations();
    w.skipped();
    w.rule_table();
    w.fixture_table();
    w.h.close("main");
    if w.full > 0 {
        w.h.raw(super::STEP_SCRIPT);
    }
    let title = format!("Hexodic conformance: {}", r.engine.label());
    document(&title, Style::Inline, &w.h.finish())
}

/// The page being written: the run, the markup so far, and what the
/// sections share (each fixture's anchor, the fixtures shown in full).
pub(super) struct Writer<'a> {
    /// The run the page shows.
    pub(super) r: &'a RunReport,
    /// What the page adds to the run.
    pub(super) opts: &'a PageOptions,
    /// The markup written so far.
    pub(super) h: Html,
    /// Each fixture's anchor in the page, unique.
    anchors: BTreeMap<&'a str, String>,
    /// Fixtures shown in full so far.
    pub(super) full: usize,
}

impl<'a> Writer<'a> {
    fn new(r: &'a RunReport, opts: &'a PageOptions) -> Writer<'a> {
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
            opts,
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

    /// A rule ID, linked to its entry in the catalogue when the page knows
    /// where that is, with its title when `titled`.
    pub(super) fn rule_link(&self, id: &str) -> String {
        match &self.opts.catalogue {
            Some(c) => format!(
                "<a class=\"rule-id\" href=\"{}\">{}</a>",
                escape(&c.rule(id)),
                escape(id)
            ),
            None => escape(id),
        }
    }

    /// Rule IDs with their titles (`C1 (encirclement ...)`), each ID linked.
    pub(super) fn rules_titled(&self, ids: &[impl AsRef<str>]) -> String {
        let parts: Vec<String> = ids
            .iter()
            .map(|id| {
                let id = id.as_ref();
                let title = hexodic_rules::registry::lookup(id)
                    .map_or(String::new(), |r| format!(" ({})", escape(r.title)));
                format!("{}{title}", self.rule_link(id))
            })
            .collect();
        parts.join("; ")
    }

    /// A fixture's name: linked to its place in the page when the page shows
    /// it (a failure, an incident, an expectation), and to its catalogue
    /// page when the page knows where that is.
    pub(super) fn fixture_link(&self, res: &FixtureResult) -> String {
        let shown = matches!(
            res.status,
            Status::Fail
                | Status::ChangedFail
                | Status::ExpectedFail
                | Status::Incident
                | Status::UnexpectedPass
        );
        let page = self.opts.catalogue.as_ref().map(|c| c.fixture(&res.id));
        match (shown, page) {
            (true, Some(p)) => format!(
                "{} <a class=\"page\" href=\"{}\">(page)</a>",
                self.link(&res.id),
                escape(&p)
            ),
            (true, None) => self.link(&res.id),
            (false, Some(p)) => format!("<a href=\"{}\">{}</a>", escape(&p), escape(&res.id)),
            (false, None) => escape(&res.id),
        }
    }

    fn count(&self, f: impl Fn(&FixtureResult) -> bool) -> usize {
        self.r.results.iter().filter(|x| f(x)).count()
    }

    fn header(&mut self) {
        let r = self.r;
        let lead = format!(
            "Engine {} · {} · exit code {}",
            r.engine.label(),
            r.corpus_words(),
            r.exit_code()
        );
        let mut facts = vec![
            match &r.rerun.engine {
                Some(c) => format!("engine command `{c}`"),
                None => "the reference engine built into the harness".to_owned(),
            },
            format!("harness hexodic-conformance {}", env!("CARGO_PKG_VERSION")),
            format!("corpus version `{}`", r.corpus_version),
        ];
        if let Some(d) = &self.opts.date {
            facts.push(format!("written {d}"));
        }
        title_block(
            &mut self.h,
            "Hexodic conformance report",
            &lead,
            &facts,
            self.opts.catalogue.as_ref(),
        );
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
        links.push(("by-rule".into(), "By rule".into()));
        links.push((
            "fixtures".into(),
            format!("Every fixture ({})", self.r.results.len()),
        ));
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
        // Its boards are not drawn here: its name links to its catalogue
        // page, which draws every step, when the page knows where that is.
        let step = res.failure().map_or(0, |f| f.cause.step);
        let name = match &self.opts.catalogue {
            Some(c) => format!(
                "<a href=\"{}\">{}</a>",
                escape(&c.fixture_step(&res.id, step)),
                escape(&res.id)
            ),
            None => escape(&res.id),
        };
        let text = match res.failure() {
            Some(f) => format!(
                "{} [{}] {}:{}: {}",
                name,
                escape(&f.variant.to_string()),
                escape(&paths::shown(&res.file)),
                f.cause.line,
                inline(&f.cause.difference.summary())
            ),
            None => format!("{}: {}", name, inline(&res.cause_line())),
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
