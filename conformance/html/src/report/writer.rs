//! The page being written: the run, what the page adds to it, and what
//! the sections share (each fixture's anchor, links to fixtures and rules,
//! a fixture in one line, the header and the table of contents).

use crate::markup::{inline, slug, title_block};
use crate::PageOptions;
use hexodic_report::{Exit, FixtureReport, RunReport, Status};
use hexodic_rules::registry;
use maud::{html, Markup};
use std::collections::{BTreeMap, BTreeSet};

/// The page being written.
pub(super) struct Writer<'a> {
    /// The run the page shows.
    pub(super) r: &'a RunReport,
    /// What the page adds to the run.
    pub(super) opts: &'a PageOptions,
    /// Each fixture's anchor in the page, unique.
    anchors: BTreeMap<&'a str, String>,
    /// The fixtures the page shows apart from its table (in a root cause,
    /// an incident, the expectations, the skipped fixtures), by id.
    placed: BTreeSet<&'a str>,
}

impl<'a> Writer<'a> {
    pub(super) fn new(r: &'a RunReport, opts: &'a PageOptions) -> Writer<'a> {
        let mut anchors = BTreeMap::new();
        let mut used = BTreeSet::new();
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
        let mut placed: BTreeSet<&str> = r
            .root_causes
            .iter()
            .flat_map(|rc| rc.all_fixtures())
            .map(String::as_str)
            .collect();
        placed.extend(
            r.results
                .iter()
                .filter(|res| {
                    res.incident.is_some()
                        || matches!(
                            res.status,
                            Status::ExpectedFail | Status::UnexpectedPass | Status::Skipped
                        )
                })
                .map(|res| res.id.as_str()),
        );
        Writer {
            r,
            opts,
            anchors,
            placed,
        }
    }

    /// The anchor of fixture `id` in the page.
    pub(super) fn anchor(&self, id: &str) -> String {
        self.anchors
            .get(id)
            .cloned()
            .unwrap_or_else(|| format!("fx-{}", slug(id)))
    }

    /// A link to fixture `id`'s place in the page.
    pub(super) fn link(&self, id: &str) -> Markup {
        html! { a href={ "#" (self.anchor(id)) } { (id) } }
    }

    /// A rule ID, linked to its entry in the catalogue when the page knows
    /// where that is.
    pub(super) fn rule_link(&self, id: &str) -> Markup {
        html! {
            @match &self.opts.catalogue {
                Some(c) => a.rule-id href=(c.rule(id)) { (id) },
                None => (id),
            }
        }
    }

    /// Rule IDs with their titles (`C1 (encirclement ...)`), each ID
    /// linked, `;` between them.
    pub(super) fn rules_titled(&self, ids: &[String]) -> Markup {
        html! {
            @for (i, id) in ids.iter().enumerate() {
                @if i > 0 { "; " }
                (self.rule_link(id))
                @if let Some(rule) = registry::lookup(id) { " (" (rule.title) ")" }
            }
        }
    }

    /// Rule IDs, each linked, `, ` between them.
    pub(super) fn rule_links(&self, ids: &[String]) -> Markup {
        html! {
            @for (i, id) in ids.iter().enumerate() {
                @if i > 0 { ", " }
                (self.rule_link(id))
            }
        }
    }

    /// A fixture's name linked to the step where it failed on its
    /// catalogue page, when the page knows where the catalogue is.
    pub(super) fn name_at_step(&self, res: &FixtureReport) -> Markup {
        let step = res.failure.as_ref().map_or(0, |f| f.cause.step);
        html! {
            @match &self.opts.catalogue {
                Some(c) => a href=(c.fixture_step(&res.id, step)) { (res.id) },
                None => (res.id),
            }
        }
    }

    /// A fixture's name: linked to its place in the page when the page
    /// shows it (a failure, an incident, an expectation, a skipped
    /// fixture), and to its catalogue page when the page knows where that
    /// is.
    pub(super) fn fixture_link(&self, res: &FixtureReport) -> Markup {
        let shown = self.placed.contains(res.id.as_str());
        let page = self.opts.catalogue.as_ref().map(|c| c.fixture(&res.id));
        html! {
            @match (shown, page) {
                (true, Some(p)) => { (self.link(&res.id)) " " a.page href=(p) { "(page)" } },
                (true, None) => (self.link(&res.id)),
                (false, Some(p)) => a href=(p) { (res.id) },
                (false, None) => (res.id),
            }
        }
    }

    /// The command that runs a fixture again, on a line of its own.
    pub(super) fn rerun_line(res: &FixtureReport) -> Markup {
        html! {
            @if let Some(c) = &res.rerun { code.rerun { (c) } }
        }
    }

    /// The command that runs a failing fixture again, as a fact.
    pub(super) fn rerun_fact(res: &FixtureReport) -> Markup {
        html! {
            @if res.rerun.is_some() {
                dt { "Rerun" }
                dd { (Self::rerun_line(res)) }
            }
        }
    }

    /// One line for a fixture, anchored: its name (linked to its failing
    /// step in the catalogue, which draws every board), the variant, file
    /// and line and the difference, or its cause; the rerun command.
    pub(super) fn one_line(&self, res: &FixtureReport, note: &str) -> Markup {
        html! {
            li id=(self.anchor(&res.id)) {
                (self.name_at_step(res))
                @match &res.failure {
                    Some(f) => {
                        " [" (f.variant) "] " (res.file) ":" (f.cause.line) ": "
                        (inline(&f.cause.summary))
                    }
                    None => { ": " (inline(&res.cause)) }
                }
                (note)
                (Self::rerun_line(res))
            }
        }
    }

    /// A folded list of fixtures, one line each, under `summary`; nothing
    /// when there are none. `follows` are marked as following from the
    /// others.
    pub(super) fn folded_lines(
        &self,
        summary: &str,
        list: &[&FixtureReport],
        follows: &[String],
    ) -> Markup {
        html! {
            @if !list.is_empty() {
                details {
                    summary { (summary) }
                    ul.brief {
                        @for res in list {
                            @let note = if follows.contains(&res.id) { " (follows from this cause)" } else { "" };
                            (self.one_line(res, note))
                        }
                    }
                }
            }
        }
    }

    /// The page's title block: the engine, the corpus and the exit code
    /// with what decided it; the engine command, the harness, the corpus
    /// version and the date.
    pub(super) fn header(&self) -> Markup {
        let r = self.r;
        let lead = format!(
            "Engine {} · {} · {}",
            r.engine.label(),
            r.corpus_words(),
            Exit::words_of_run(r)
        );
        let mut facts = vec![
            match &r.engine.command {
                Some(c) => format!("engine command `{c}`"),
                None => "an engine in the harness's process".to_owned(),
            },
            format!("harness {} {}", r.harness.name, r.harness.version),
            format!("corpus version `{}`", r.corpus.version),
        ];
        if let Some(d) = &self.opts.date {
            facts.push(format!("written {d}"));
        }
        title_block(
            "Hexodic conformance report",
            &lead,
            &facts,
            self.opts.catalogue.as_ref().map(|c| c.index()),
        )
    }

    /// The table of contents, with the count of each section's entries.
    pub(super) fn nav(&self) -> Markup {
        let t = &self.r.summary;
        let listed = t.expected_failures + t.changed_failures + t.unexpected_passes;
        html! {
            nav.toc {
                a href="#summary" { "Summary" }
                a href="#causes" { "Root causes (" (self.r.root_causes.len()) ")" }
                @if t.incidents > 0 {
                    a href="#incidents" { "Incidents (" (t.incidents) ")" }
                }
                @if listed > 0 {
                    a href="#expectations" { "Expectations (" (listed) ")" }
                }
                @if !t.skipped_checks.is_empty() {
                    a href="#skipped" { "Skipped checks" }
                }
                a href="#by-rule" { "By rule" }
                a href="#fixtures" { "Every fixture (" (t.fixtures) ")" }
            }
        }
    }
}
