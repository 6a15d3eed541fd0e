//! The dashboard's page: the reports compared (each by its label, with
//! the model's one sentence of its totals), what each lacks, the table by
//! rule area and rule (a column per report, a "changed" column after the
//! later of two builds of one engine), each report's fixtures that did not
//! pass, listed once each with their rules, rule failures, incidents and
//! skipped fixtures apart, and the changes between builds. One
//! self-contained file: inline style, no script, nothing fetched.

use super::grid::{Changes, Column, Dashboard, Dispute, Kind, Step};
use crate::markup::{document, inline, title_block, Style};
use crate::tally::{all_pass, status_class, tally_words};
use crate::{CatalogueUrl, PageOptions};
use hexodic_report::{count, FixtureChange, FixtureReport, RuleTally, HARNESS};
use maud::{html, Markup};
use std::collections::BTreeMap;

/// At most this many missing fixtures are named before the rest are folded.
const NAMED_MISSING: usize = 10;

/// The dashboard as one HTML page; rule IDs and fixture names link to the
/// catalogue when `opts` say where it is, and the header gives the date
/// when `opts` give one.
pub fn page(d: &Dashboard, opts: &PageOptions) -> String {
    let w = Writer {
        d,
        catalogue: opts.catalogue.as_ref(),
        first: first_citing(d),
    };
    let body = html! {
        (w.header(opts.date.as_deref()))
        main {
            nav.toc {
                a href="#reports" { "Reports" }
                a href="#by-rule" { "By rule" }
                @if !d.disputes.is_empty() { a href="#disputes" { "Possible disputes" } }
                a href="#failures" { "Not passing" }
                @if !d.steps.is_empty() { a href="#changes" { "Changes" } }
            }
            (w.reports())
            (w.table())
            (w.disputes())
            (w.failures())
            (w.changes())
        }
    };
    document("Hexodic conformance dashboard", Style::Inline, body)
}

/// Per column, per rule ID and area letter: the anchor of the first fixture
/// listed (in the page's order) that cites it, where a number links to.
type Firsts = Vec<BTreeMap<String, String>>;

fn first_citing(d: &Dashboard) -> Firsts {
    d.columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut m = BTreeMap::new();
            for kind in Kind::ALL {
                for x in c.not_passing(kind) {
                    let anchor = Column::fixture_anchor(i, &x.id);
                    for rule in &x.rules {
                        let area = format!("area-{}", crate::catalogue::area_letter(rule));
                        m.entry(rule.clone()).or_insert_with(|| anchor.clone());
                        m.entry(area).or_insert_with(|| anchor.clone());
                    }
                }
            }
            m
        })
        .collect()
}

/// The anchor of column `i`'s list (0-based `i`, shown from 1).
fn column_anchor(i: usize) -> String {
    format!("c{}", i + 1)
}

/// The anchor of a step's changes.
fn step_anchor(k: usize) -> String {
    format!("d{}", k + 1)
}

/// A change in a few words, each kind apart: `2 broke · 1 new incident · 1
/// fixed · 1 differs`.
fn change_words(c: &Changes) -> String {
    let mut parts = Vec::new();
    if c.newly_failing > 0 {
        parts.push(format!("{} broke", c.newly_failing));
    }
    if c.new_incidents > 0 {
        parts.push(count(c.new_incidents, "new incident", "new incidents"));
    }
    if c.fixed > 0 {
        parts.push(format!("{} fixed", c.fixed));
    }
    if c.differently > 0 {
        parts.push(format!("{} differs", c.differently));
    }
    parts.join(" · ")
}

/// The class of a change's cell: a failure's colour when a fixture broke
/// or fails differently, a warning's for new incidents alone, else a pass's.
fn change_class(c: &Changes) -> &'static str {
    if c.newly_failing + c.differently > 0 {
        "num status-fail"
    } else if c.new_incidents > 0 {
        "num status-warn"
    } else {
        "num status-pass"
    }
}

/// What keeps a tally's fixtures from passing besides rule failures, in a
/// few words: `1 incident · 2 skipped`.
fn apart_words(t: &RuleTally) -> String {
    let mut parts = Vec::new();
    if t.incidents > 0 {
        parts.push(count(t.incidents, "incident", "incidents"));
    }
    if t.skipped > 0 {
        parts.push(format!("{} skipped", t.skipped));
    }
    parts.join(" · ")
}

/// A report's label, engine, file, totals and engine command, with
/// inline marks.
fn report_facts(c: &Column) -> String {
    let command = match &c.command {
        Some(cmd) => format!("engine command `{cmd}`"),
        None => "an engine in the harness's process".to_owned(),
    };
    format!(
        "**{}**: {} from `{}` · {} · {command}",
        c.label,
        c.engine,
        c.file,
        c.compared.summary.sentence()
    )
}

/// A bar of `passed` out of `total`: its width the share passing, the
/// number said in the cell's text.
fn bar(passed: usize, total: usize) -> Markup {
    let percent = (passed * 100).checked_div(total).unwrap_or(100);
    html! {
        span.bar aria-hidden="true" { span style={ "width: " (percent) "%" } {} }
    }
}

/// A column of the table.
enum Col {
    /// A report's tallies.
    Report(usize),
    /// What changed between two builds of one engine.
    Step(usize),
}

struct Writer<'a> {
    d: &'a Dashboard,
    catalogue: Option<&'a CatalogueUrl>,
    first: Firsts,
}

impl Writer<'_> {
    fn rule_link(&self, id: &str) -> Markup {
        html! {
            @match self.catalogue {
                Some(c) => a href=(c.rule(id)) { (id) },
                None => (id),
            }
        }
    }

    fn rule_links(&self, ids: &[String]) -> Markup {
        html! {
            @for (i, id) in ids.iter().enumerate() {
                @if i > 0 { ", " }
                (self.rule_link(id))
            }
        }
    }

    fn fixture_link(&self, id: &str) -> Markup {
        html! {
            @match self.catalogue {
                Some(c) => a href=(c.fixture(id)) { (id) },
                None => (id),
            }
        }
    }

    fn header(&self, date: Option<&str>) -> Markup {
        let d = self.d;
        let labels: Vec<&str> = d.columns.iter().map(|c| c.label.as_str()).collect();
        let lead = format!(
            "{} compared on {}: {}",
            count(d.columns.len(), "report", "reports"),
            count(d.compared, "fixture", "fixtures"),
            labels.join(", ")
        );
        let mut facts = vec![format!(
            "written by {HARNESS} {}",
            env!("CARGO_PKG_VERSION")
        )];
        facts.extend(date.map(|d| format!("written {d}")));
        title_block(
            "Hexodic conformance dashboard",
            &lead,
            &facts,
            self.catalogue.map(|c| c.index()),
        )
    }

    /// The reports, one line of facts each, and what each lacks.
    fn reports(&self) -> Markup {
        html! {
            section #reports {
                h2 { "Reports" }
                ol.brief {
                    @for c in &self.d.columns {
                        li {
                            (inline(&report_facts(c)))
                            @if let Some(link) = &c.report_link {
                                " · " a href=(link) { "its report" }
                            }
                            " · harness " (c.harness) " · corpus version " code { (c.corpus_version) }
                            " · " (c.exit)
                            @if !c.complete { " · the run was cut short" }
                        }
                    }
                }
                (self.missing())
            }
        }
    }

    /// Which fixtures each report lacks, when they ran different ones.
    fn missing(&self) -> Markup {
        let d = self.d;
        if d.columns.iter().all(|c| c.missing.is_empty()) && d.same_corpus {
            return html! {};
        }
        let versions = if d.same_corpus {
            "one corpus version"
        } else {
            "different corpus versions"
        };
        html! {
            div.differs #missing {
                p {
                    "The reports ran " (versions) ": they are compared on the "
                    (count(d.compared, "fixture", "fixtures")) " every one ran."
                }
                ul.brief {
                    @for c in d.columns.iter().filter(|c| !c.missing.is_empty()) {
                        @let more = c.missing.len().saturating_sub(NAMED_MISSING);
                        li {
                            (c.label) " (" (c.file) ") lacks "
                            (count(c.missing.len(), "fixture", "fixtures")) ": "
                            @for (i, id) in c.missing.iter().take(NAMED_MISSING).enumerate() {
                                @if i > 0 { ", " }
                                (self.fixture_link(id))
                            }
                            @if more > 0 { " and " (more) " more" }
                        }
                    }
                }
            }
        }
    }

    /// The columns in order: each report, and after the later of two
    /// builds of one engine the step between them.
    fn order(&self) -> Vec<Col> {
        let mut out = Vec::new();
        for i in 0..self.d.columns.len() {
            out.push(Col::Report(i));
            for (k, s) in self.d.steps.iter().enumerate() {
                if s.after == i {
                    out.push(Col::Step(k));
                }
            }
        }
        out
    }

    fn table(&self) -> Markup {
        let d = self.d;
        let order = self.order();
        html! {
            section #by-rule {
                h2 { "Results by rule" }
                p.muted { "Passing fixtures of those compared, by rule area and by rule: a fixture counts for every rule it cites; the bar under a number is its share of passing fixtures. A cell marked ✓ passes throughout; ✗ (red) has rule failures; ! (amber) has only incidents or skipped checks, which are not rule failures, with their count. A number links to the fixtures that do not pass." }
                div.table-wrap.sticky tabindex="0" role="region" aria-label="Results by rule" {
                    table.results.dashboard {
                        thead {
                            tr {
                                th scope="col" { "Rule" }
                                th scope="col" { "Title" }
                                @for col in &order {
                                    @match col {
                                        Col::Report(i) => {
                                            @let c = &d.columns[*i];
                                            th scope="col" {
                                                @match &c.report_link {
                                                    Some(link) => a href=(link) title={ "the report of " (c.label) } { (i + 1) ". " (c.label) },
                                                    None => { (i + 1) ". " (c.label) }
                                                }
                                                br; span.muted { (c.engine) }
                                            }
                                        }
                                        Col::Step(k) => {
                                            th scope="col" { "Changed" br; span.muted { (d.steps[*k].before + 1) " to " (d.steps[*k].after + 1) } }
                                        }
                                    }
                                }
                            }
                        }
                        tbody {
                            tr.area.total {
                                th colspan="2" { "Every fixture compared" }
                                @for col in &order {
                                    @match col {
                                        Col::Report(i) => (self.total_cell(*i)),
                                        Col::Step(k) => (self.change_cell(&d.steps[*k].total, *k, true)),
                                    }
                                }
                            }
                            @for area in &d.areas {
                                tr.area {
                                    th colspan="2" { (area.label) }
                                    @for col in &order {
                                        @match col {
                                            Col::Report(i) => (self.tally_cell(&area.tallies[*i], *i, &format!("area-{}", area.letter), true)),
                                            Col::Step(k) => (self.change_cell(&area.changes[*k], *k, true)),
                                        }
                                    }
                                }
                                @for rule in &area.rules {
                                    tr {
                                        th scope="row" { (self.rule_link(&rule.id)) }
                                        td { (rule.title) }
                                        @for col in &order {
                                            @match col {
                                                Col::Report(i) => (self.tally_cell(&rule.tallies[*i], *i, &rule.id, false)),
                                                Col::Step(k) => (self.change_cell(&rule.changes[*k], *k, false)),
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A cell of the table: a header cell in the rows of areas.
    fn cell(head: bool, class: &str, title: &str, content: Markup) -> Markup {
        html! {
            @if head {
                th class=(class) title=(title) { (content) }
            } @else {
                td class=(class) title=(title) { (content) }
            }
        }
    }

    /// Every fixture compared of column `i`: passing of those run, linked
    /// to its list when some did not pass; its totals in the title.
    fn total_cell(&self, i: usize) -> Markup {
        let t = &self.d.columns[i].compared.summary;
        let failing = t.failed + t.expected_failures + t.changed_failures + t.flaky > 0;
        let class = if failing {
            "num status-fail"
        } else if t.passed < t.fixtures {
            "num status-warn"
        } else {
            "num status-pass"
        };
        let content = html! {
            @if t.passed < t.fixtures {
                a href={ "#" (column_anchor(i)) } { (t.passed) "/" (t.run) }
            } @else {
                (t.passed) "/" (t.run)
            }
            (bar(t.passed, t.run))
        };
        Self::cell(true, class, &t.sentence(), content)
    }

    /// `passed/fixtures` of a tally in column `i`, linked to the first
    /// fixture of `key` (a rule, or `area-` and a letter) that did not
    /// pass; incidents and skipped fixtures named apart.
    fn tally_cell(&self, t: &RuleTally, i: usize, key: &str, head: bool) -> Markup {
        let class = format!("num {}", status_class(t));
        let target = self.first.get(i).and_then(|m| m.get(key));
        let apart = apart_words(t);
        let content = html! {
            @match target.filter(|_| !all_pass(t)) {
                Some(anchor) => a href={ "#" (anchor) } { (t.passed) "/" (t.fixtures) },
                None => { (t.passed) "/" (t.fixtures) }
            }
            @if !apart.is_empty() { " " span.apart { "(" (apart) ")" } }
            (bar(t.passed, t.fixtures))
        };
        Self::cell(head, &class, &tally_words(t), content)
    }

    /// What changed, linked to the step's changes; a dash when nothing did.
    fn change_cell(&self, c: &Changes, k: usize, head: bool) -> Markup {
        if c.is_empty() {
            return Self::cell(head, "num muted", "nothing changed", html! { "–" });
        }
        let words = change_words(c);
        let content = html! { a href={ "#" (step_anchor(k)) } { (words) } };
        Self::cell(head, change_class(c), &words, content)
    }

    /// Each report's fixtures that did not pass, each once with the rules
    /// it cites: rule failures, incidents, skipped fixtures and fixtures not
    /// run apart.
    fn failures(&self) -> Markup {
        html! {
            section #failures {
                h2 { "Fixtures that do not pass" }
                @for (i, c) in self.d.columns.iter().enumerate() {
                    h3 id=(column_anchor(i)) { (i + 1) ". " (c.label) " (" (c.file) ")" }
                    p { (c.compared.summary.sentence()) }
                    @if c.compared.summary.passed == c.compared.summary.fixtures {
                        p.muted { "Every fixture compared passes." }
                    }
                    @for kind in Kind::ALL {
                        @let list: Vec<&FixtureReport> = c.not_passing(kind).collect();
                        @if !list.is_empty() {
                            h4 { (kind.heading()) }
                            ul.brief {
                                @for x in list { (self.failing_line(i, kind, x)) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The possible disputes of the reference, apart from the failures.
    fn disputes(&self) -> Markup {
        let list = &self.d.disputes;
        html! {
            @if !list.is_empty() {
                section #disputes {
                    h2 { "Possible disputes with the reference" }
                    p {
                        "On " (count(list.len(), "fixture", "fixtures"))
                        " two or more engines other than the reference fail the same way: they agree with each other where they differ from the reference. The reference, or the ruling the fixture rests on, may be what is wrong; these fixtures are worth reading before the engines are changed."
                    }
                    ul.brief {
                        @for x in list { (self.dispute_line(x)) }
                    }
                }
            }
        }
    }

    fn dispute_line(&self, x: &Dispute) -> Markup {
        let first = Column::fixture_anchor(x.columns[0], &x.id);
        html! {
            li.dispute id={ "dispute-" (crate::markup::slug(&x.id)) } {
                @match self.catalogue {
                    Some(c) => a href=(c.fixture(&x.id)) { (x.id) },
                    None => a href={ "#" (first) } { (x.id) },
                }
                " (" (self.rule_links(&x.rules)) "): "
                @for (k, i) in x.columns.iter().enumerate() {
                    @if k > 0 { ", " }
                    a href={ "#" (Column::fixture_anchor(*i, &x.id)) } { (self.d.columns[*i].label) }
                    " (" (self.d.columns[*i].engine) ")"
                }
                " agree: " code { (x.signature.words()) }
                @if !x.words.is_empty() { ", " (inline(&x.words)) }
            }
        }
    }

    fn failing_line(&self, i: usize, kind: Kind, x: &FixtureReport) -> Markup {
        let class = if kind == Kind::RuleFailure {
            "status-fail"
        } else {
            "status-warn"
        };
        html! {
            li id=(Column::fixture_anchor(i, &x.id)) {
                (self.fixture_link(&x.id)) " "
                span class=(class) { (x.status.name()) }
                " (" (self.rule_links(&x.rules)) ")"
                @if !x.cause.is_empty() { ": " (inline(&x.cause)) }
                @if self.d.disputes.iter().any(|d| d.id == x.id && d.columns.contains(&i)) {
                    " " a.badge href={ "#dispute-" (crate::markup::slug(&x.id)) } { "possible dispute" }
                }
                @if let Some(c) = &x.rerun { code.rerun { (c) } }
            }
        }
    }

    /// The changes between two builds of one engine.
    fn changes(&self) -> Markup {
        html! {
            @if !self.d.steps.is_empty() {
                section #changes {
                    h2 { "Changes between builds" }
                    @for (k, s) in self.d.steps.iter().enumerate() { (self.step(k, s)) }
                }
            }
        }
    }

    fn step(&self, k: usize, s: &Step) -> Markup {
        let (a, b) = (&self.d.columns[s.before], &self.d.columns[s.after]);
        let c = &s.comparison;
        // The headline counts a new incident as broken: it is given only
        // when there is none.
        let head = if c.new_incidents.is_empty() {
            c.headline()
        } else {
            String::new()
        };
        html! {
            div.cause id=(step_anchor(k)) {
                h3 { (a.label) " (" (a.engine) ") to " (b.label) " (" (b.engine) ")" }
                p { (c.totals_line()) }
                @if !head.is_empty() { p { "The later build " (head) "." } }
                (self.change_list("Newly failing", &c.newly_failing))
                (self.change_list("New incidents (not rule failures)", &c.new_incidents))
                (self.change_list("Failing differently", &c.changed))
                (self.change_list("Fixed", &c.fixed))
            }
        }
    }

    fn change_list(&self, what: &str, list: &[FixtureChange]) -> Markup {
        html! {
            @if !list.is_empty() {
                h4 { (what) " (" (list.len()) ")" }
                ul.brief {
                    @for f in list {
                        li {
                            (self.fixture_link(&f.id)) " (" (self.rule_links(&f.rules)) "; "
                            (f.before.name()) " to " (f.after.name()) ")"
                            @if !f.cause.is_empty() { ": " (inline(&f.cause)) }
                        }
                    }
                }
            }
        }
    }
}
