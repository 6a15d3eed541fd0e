//! The dashboard's page: the reports compared, what each lacks, the table
//! by rule area and rule (a column per report, a "changed" column after the
//! later of two reports of one engine), the failures behind every cell and
//! the changes between builds. One self-contained file: inline style, no
//! script, nothing fetched.

use super::grid::{Changes, Column, Dashboard, Step, Tally};
use crate::report::compare::{headline, totals_line};
use crate::report::html::page::{document, escape, inline, slug, title_block, Html, Style};
use crate::report::html::{CatalogueUrl, PageOptions};
use crate::report::json::{FixtureChange, FixtureReport};

/// At most this many missing fixtures are named before the rest are folded.
const NAMED_MISSING: usize = 10;

/// The dashboard as one HTML page; rule IDs and fixture names link to the
/// catalogue when `opts` say where it is, and the header gives the date
/// when `opts` give one.
pub fn page(d: &Dashboard, opts: &PageOptions) -> String {
    let mut w = Writer {
        d,
        catalogue: opts.catalogue.as_ref(),
        date: opts.date.as_deref(),
        h: Html::default(),
    };
    w.header();
    w.h.open("main", &[]);
    w.h.open("nav", &[("class", "toc")]);
    w.h.elem("a", &[("href", "#reports")], "Reports");
    w.h.elem("a", &[("href", "#by-rule")], "By rule");
    w.h.elem("a", &[("href", "#failures")], "Failures");
    if !d.steps.is_empty() {
        w.h.elem("a", &[("href", "#changes")], "Changes");
    }
    w.h.close("nav");
    w.reports();
    w.table();
    w.failures();
    w.changes();
    w.h.close("main");
    document(
        "Hexodic conformance dashboard",
        Style::Inline,
        &w.h.finish(),
    )
}

/// The anchor of column `i`'s failures (0-based `i`, shown from 1).
fn column_anchor(i: usize) -> String {
    format!("c{}", i + 1)
}

/// The anchor of an area's failures in column `i`.
fn area_anchor(i: usize, letter: char) -> String {
    match letter {
        '-' => format!("c{}-area-other", i + 1),
        g => format!("c{}-area-{g}", i + 1),
    }
}

/// The anchor of a rule's failures in column `i`.
fn rule_anchor(i: usize, rule: &str) -> String {
    format!("c{}-rule-{}", i + 1, slug(rule))
}

/// The anchor of a step's changes.
fn step_anchor(k: usize) -> String {
    format!("d{}", k + 1)
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A change in a few words: `2 broke · 1 fixed · 1 differs`.
fn change_words(c: &Changes) -> String {
    let mut parts = Vec::new();
    if c.newly_failing > 0 {
        parts.push(format!("{} broke", c.newly_failing));
    }
    if c.fixed > 0 {
        parts.push(format!("{} fixed", c.fixed));
    }
    if c.differently > 0 {
        parts.push(format!("{} differs", c.differently));
    }
    parts.join(" · ")
}

/// The area heading's words.
fn area_label(letter: char, name: &str) -> String {
    match letter {
        '-' => name.to_owned(),
        g => format!("{g}. {name}"),
    }
}

struct Writer<'a> {
    d: &'a Dashboard,
    catalogue: Option<&'a CatalogueUrl>,
    date: Option<&'a str>,
    h: Html,
}

impl Writer<'_> {
    fn rule_link(&self, id: &str) -> String {
        match self.catalogue {
            Some(c) => format!("<a href=\"{}\">{}</a>", escape(&c.rule(id)), escape(id)),
            None => escape(id),
        }
    }

    fn fixture_link(&self, id: &str) -> String {
        match self.catalogue {
            Some(c) => format!("<a href=\"{}\">{}</a>", escape(&c.fixture(id)), escape(id)),
            None => escape(id),
        }
    }

    fn header(&mut self) {
        let d = self.d;
        let engines: Vec<&str> = d.columns.iter().map(|c| c.engine.as_str()).collect();
        let lead = format!(
            "{} compared on {}: {}",
            plural(d.columns.len(), "report", "reports"),
            plural(d.compared, "fixture", "fixtures"),
            engines.join(", ")
        );
        let mut facts = vec![format!(
            "written by hexodic-conformance {}",
            env!("CARGO_PKG_VERSION")
        )];
        facts.extend(self.date.map(str::to_owned));
        title_block(
            &mut self.h,
            "Hexodic conformance dashboard",
            &lead,
            &facts,
            self.catalogue,
        );
    }

    /// The reports, one line of facts each, and what each lacks.
    fn reports(&mut self) {
        let d = self.d;
        self.h.open("section", &[("id", "reports")]);
        self.h.elem("h2", &[], "Reports");
        self.h.open("ol", &[("class", "brief")]);
        for c in &d.columns {
            let mut facts = format!(
                "**{}** from `{}`: {}/{} passing · ",
                c.engine, c.file, c.total.pass, c.total.total
            );
            match &c.command {
                Some(cmd) => facts.push_str(&format!("engine command `{cmd}` · ")),
                None => facts.push_str("run in process, no engine command · "),
            }
            facts.push_str(&format!(
                "harness {} · corpus version `{}` · exit code {}",
                c.harness, c.corpus_version, c.exit_code
            ));
            if !c.complete {
                facts.push_str(" · the run was cut short");
            }
            self.h.elem_inline("li", &[], &facts);
        }
        self.h.close("ol");
        self.missing();
        self.h.close("section");
    }

    /// Which fixtures each report lacks, when they ran different ones.
    fn missing(&mut self) {
        let d = self.d;
        if d.columns.iter().all(|c| c.missing.is_empty()) && d.same_corpus {
            return;
        }
        let versions = if d.same_corpus {
            "one corpus version".to_owned()
        } else {
            "different corpus versions".to_owned()
        };
        self.h
            .open("div", &[("class", "differs"), ("id", "missing")]);
        self.h.elem(
            "p",
            &[],
            &format!(
                "The reports ran {versions}: they are compared on the {} every one ran.",
                plural(d.compared, "fixture", "fixtures")
            ),
        );
        self.h.open("ul", &[("class", "brief")]);
        for c in d.columns.iter().filter(|c| !c.missing.is_empty()) {
            let named: Vec<String> = c
                .missing
                .iter()
                .take(NAMED_MISSING)
                .map(|id| self.fixture_link(id))
                .collect();
            let more = c.missing.len().saturating_sub(NAMED_MISSING);
            let tail = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            self.h
                .open("li", &[])
                .text(&format!(
                    "{} ({}) lacks {}: ",
                    c.engine,
                    c.file,
                    plural(c.missing.len(), "fixture", "fixtures")
                ))
                .raw(&named.join(", "))
                .text(&tail)
                .close("li");
        }
        self.h.close("ul");
        self.h.close("div");
    }

    /// The columns in order: each report, and after the later of two
    /// reports of one engine the step between them.
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

    fn table(&mut self) {
        let d = self.d;
        let order = self.order();
        self.h.open("section", &[("id", "by-rule")]);
        self.h.elem("h2", &[], "Results by rule");
        self.h.elem(
            "p",
            &[("class", "muted")],
            "Passing fixtures of those compared, by rule area and by rule: a fixture counts for every rule it cites. A number links to the fixtures that do not pass.",
        );
        self.h.open("div", &[("class", "table-wrap")]);
        self.h.open("table", &[("class", "results dashboard")]);
        self.h.raw("<thead><tr><th>Rule</th><th>Title</th>");
        for col in &order {
            let head = match col {
                Col::Report(i) => {
                    let c = &d.columns[*i];
                    format!(
                        "{}. {}<br/><span class=\"muted\">{}</span>",
                        i + 1,
                        escape(&c.engine),
                        escape(&c.file)
                    )
                }
                Col::Step(k) => {
                    let s = &d.steps[*k];
                    format!(
                        "Changed<br/><span class=\"muted\">{} to {}</span>",
                        s.before + 1,
                        s.after + 1
                    )
                }
            };
            self.h.raw(&format!("<th>{head}</th>"));
        }
        self.h.raw("</tr></thead>\n<tbody>\n");
        self.h.open("tr", &[("class", "area total")]);
        self.h
            .elem("th", &[("colspan", "2")], "Every fixture compared");
        for col in &order {
            match col {
                Col::Report(i) => {
                    let t = d.columns[*i].total;
                    self.tally_cell(t, &column_anchor(*i), "th");
                }
                Col::Step(k) => self.change_cell(&d.steps[*k].total, *k, "th"),
            }
        }
        self.h.close("tr");
        for area in &d.areas {
            self.h.open("tr", &[("class", "area")]);
            self.h.elem(
                "th",
                &[("colspan", "2")],
                &area_label(area.letter, area.name),
            );
            for col in &order {
                match col {
                    Col::Report(i) => {
                        self.tally_cell(area.tallies[*i], &area_anchor(*i, area.letter), "th")
                    }
                    Col::Step(k) => self.change_cell(&area.changes[*k], *k, "th"),
                }
            }
            self.h.close("tr");
            for rule in &area.rules {
                self.h.open("tr", &[]);
                let link = self.rule_link(&rule.id);
                self.h.open("td", &[]).raw(&link).close("td");
                self.h.elem("td", &[], rule.title);
                for col in &order {
                    match col {
                        Col::Report(i) => {
                            self.tally_cell(rule.tallies[*i], &rule_anchor(*i, &rule.id), "td")
                        }
                        Col::Step(k) => self.change_cell(&rule.changes[*k], *k, "td"),
                    }
                }
                self.h.close("tr");
            }
        }
        self.h.raw("</tbody>\n");
        self.h.close("table");
        self.h.close("div");
        self.h.close("section");
    }

    /// `pass/total`, linked to `anchor` when some fixture does not pass.
    fn tally_cell(&mut self, t: Tally, anchor: &str, tag: &str) {
        let text = format!("{}/{}", t.pass, t.total);
        if t.all_pass() {
            self.h.elem(tag, &[("class", "num status-pass")], &text);
        } else {
            self.h
                .open(tag, &[("class", "num status-fail")])
                .raw(&format!("<a href=\"#{}\">{}</a>", escape(anchor), text))
                .close(tag);
        }
    }

    /// What changed, linked to the step's changes; a dash when nothing did.
    fn change_cell(&mut self, c: &Changes, k: usize, tag: &str) {
        if c.is_empty() {
            self.h.elem(tag, &[("class", "num muted")], "–");
        } else {
            let class = if c.newly_failing + c.differently > 0 {
                "num status-fail"
            } else {
                "num status-pass"
            };
            self.h
                .open(tag, &[("class", class)])
                .raw(&format!(
                    "<a href=\"#{}\">{}</a>",
                    step_anchor(k),
                    escape(&change_words(c))
                ))
                .close(tag);
        }
    }

    /// Each report's fixtures that do not pass, by area and rule.
    fn failures(&mut self) {
        let d = self.d;
        self.h.open("section", &[("id", "failures")]);
        self.h.elem("h2", &[], "Failures");
        for (i, c) in d.columns.iter().enumerate() {
            self.h.elem(
                "h3",
                &[("id", &column_anchor(i))],
                &format!(
                    "{}. {} ({}): {} not passing",
                    i + 1,
                    c.engine,
                    c.file,
                    c.failing.len()
                ),
            );
            if c.failing.is_empty() {
                self.h
                    .elem("p", &[("class", "muted")], "Every fixture compared passes.");
                continue;
            }
            for area in &d.areas {
                if area.tallies[i].all_pass() {
                    continue;
                }
                self.h.elem(
                    "h4",
                    &[("id", &area_anchor(i, area.letter))],
                    &area_label(area.letter, area.name),
                );
                for rule in area.rules.iter().filter(|r| !r.tallies[i].all_pass()) {
                    self.rule_failures(i, c, &rule.id, rule.title);
                }
            }
        }
        self.h.close("section");
    }

    fn rule_failures(&mut self, i: usize, c: &Column, id: &str, title: &str) {
        let link = self.rule_link(id);
        self.h
            .open("p", &[("id", &rule_anchor(i, id)), ("class", "rule-head")])
            .raw(&format!("<strong>{link}</strong> {}", escape(title)))
            .close("p");
        self.h.open("ul", &[("class", "brief")]);
        for x in c.failing.iter().filter(|x| x.rules.iter().any(|r| r == id)) {
            self.failing_line(x);
        }
        self.h.close("ul");
    }

    fn failing_line(&mut self, x: &FixtureReport) {
        let name = self.fixture_link(&x.id);
        let cause = if x.cause.is_empty() {
            String::new()
        } else {
            format!(": {}", inline(&x.cause))
        };
        let rerun = x.reproduce.as_ref().map_or(String::new(), |c| {
            format!("<br/><code class=\"rerun\">{}</code>", escape(c))
        });
        self.h
            .open("li", &[])
            .raw(&format!(
                "{name} <span class=\"status-fail\">{}</span>{cause}{rerun}",
                escape(&x.status)
            ))
            .close("li");
    }

    /// The changes between two reports of one engine.
    fn changes(&mut self) {
        let d = self.d;
        if d.steps.is_empty() {
            return;
        }
        self.h.open("section", &[("id", "changes")]);
        self.h.elem("h2", &[], "Changes between builds");
        for (k, s) in d.steps.iter().enumerate() {
            self.step(k, s);
        }
        self.h.close("section");
    }

    fn step(&mut self, k: usize, s: &Step) {
        let (a, b) = (&self.d.columns[s.before], &self.d.columns[s.after]);
        self.h
            .open("div", &[("class", "cause"), ("id", &step_anchor(k))]);
        self.h.elem(
            "h3",
            &[],
            &format!("{} ({}) to {} ({})", a.engine, a.file, b.engine, b.file),
        );
        let c = &s.comparison;
        self.h.elem("p", &[], &totals_line(c));
        let head = headline(c);
        if !head.is_empty() {
            self.h.elem("p", &[], &format!("The later build {head}."));
        }
        for (what, list) in [
            ("Newly failing", &c.newly_failing),
            ("New incidents", &c.new_incidents),
            ("Failing differently", &c.changed),
            ("Fixed", &c.fixed),
        ] {
            self.change_list(what, list);
        }
        self.h.close("div");
    }

    fn change_list(&mut self, what: &str, list: &[FixtureChange]) {
        if list.is_empty() {
            return;
        }
        self.h.elem("h4", &[], &format!("{what} ({})", list.len()));
        self.h.open("ul", &[("class", "brief")]);
        for f in list {
            let rules: Vec<String> = f.rules.iter().map(|r| self.rule_link(r)).collect();
            let name = self.fixture_link(&f.id);
            let cause = if f.cause.is_empty() {
                String::new()
            } else {
                format!(": {}", inline(&f.cause))
            };
            self.h
                .open("li", &[])
                .raw(&format!(
                    "{name} ({}; {} to {}){cause}",
                    rules.join(", "),
                    escape(&f.before),
                    escape(&f.after)
                ))
                .close("li");
        }
        self.h.close("ul");
    }
}

/// A column of the table.
enum Col {
    /// A report's pass/total.
    Report(usize),
    /// What changed between two reports of one engine.
    Step(usize),
}
