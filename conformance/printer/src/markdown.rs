//! A Markdown summary of a run for a pull request or a job summary: the
//! totals (the model's sentence) and what decided the exit code; the
//! fixtures newly failing, failing differently and unexpectedly passing,
//! each with the command that reruns it; the incidents with their fixture
//! and request; a table by rule; the first root causes; the comparison
//! with the baseline. Every string from a file or an engine is escaped for
//! Markdown. Its length is bounded whatever the number of failures: at
//! most [`LISTED`] fixtures per list, [`MAX_ROWS`] table rows and
//! [`MAX_CAUSES`] causes, the rest counted.

use hexodic_io::escape::{markdown as md, markdown_code as code};
use hexodic_report::{count, Exit, FixtureReport, RunReport, Status};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// At most this many rows in a table.
pub const MAX_ROWS: usize = 30;
/// At most this many root causes.
pub const MAX_CAUSES: usize = 5;
/// At most this many fixtures in each list.
pub const LISTED: usize = 10;

/// How the summary links and names things.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MarkdownOptions {
    /// The catalogue's address (`catalogue --out DIR`, published): rule IDs
    /// and fixture names link to its pages.
    pub catalogue_url: Option<String>,
}

impl MarkdownOptions {
    fn rule(&self, id: &str) -> String {
        match &self.catalogue_url {
            Some(u) => format!(
                "[{}]({}/rules/{}.html)",
                md(id),
                u.trim_end_matches('/'),
                url_part(id)
            ),
            None => md(id),
        }
    }

    fn fixture(&self, id: &str) -> String {
        match &self.catalogue_url {
            Some(u) => format!(
                "[{}]({}/fixtures/{}.html)",
                code(id),
                u.trim_end_matches('/'),
                url_part(id)
            ),
            None => code(id),
        }
    }
}

/// A part of an address: only characters that need no escaping.
fn url_part(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_./".contains(c) {
                c.to_string()
            } else {
                format!("%{:02X}", c as u32 & 0xff)
            }
        })
        .collect()
}

fn more(out: &mut String, n: usize, what: &str) {
    if n > 0 {
        let _ = writeln!(out, "\n… and {n} more {what}.");
    }
}

fn totals(out: &mut String, r: &RunReport) {
    let _ = writeln!(out, "**{}**\n", md(&r.summary.sentence()));
    let _ = writeln!(out, "{}", md(&Exit::words_of_run(r)));
    if let Some(s) = r.stopped {
        let _ = writeln!(
            out,
            "\nThe run ended early ({}): not every fixture was run.",
            md(s.describe())
        );
    }
}

/// A list of fixtures, each with its cause and its rerun line.
fn fixtures(out: &mut String, title: &str, list: &[&FixtureReport], o: &MarkdownOptions) {
    if list.is_empty() {
        return;
    }
    let _ = writeln!(out, "\n#### {title} ({})\n", list.len());
    for r in list.iter().take(LISTED) {
        let _ = writeln!(out, "- {}: {}", o.fixture(&r.id), md(&r.cause));
        if let Some(rerun) = &r.rerun {
            let _ = writeln!(out, "  rerun: {}", code(rerun));
        }
    }
    more(out, list.len().saturating_sub(LISTED), "fixtures");
}

fn incidents(out: &mut String, r: &RunReport, o: &MarkdownOptions) {
    let with: Vec<&FixtureReport> = r.results.iter().filter(|x| x.incident.is_some()).collect();
    if with.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\n#### Engine incidents ({}): not rule failures\n",
        count(with.len(), "fixture", "fixtures")
    );
    for x in with.iter().take(LISTED) {
        if let Some(i) = &x.incident {
            let _ = writeln!(
                out,
                "- {} at {}: {}",
                o.fixture(&x.id),
                md(&i.place()),
                md(&i.message)
            );
            if !i.request.is_empty() {
                let _ = writeln!(
                    out,
                    "  request: {}",
                    code(&hexodic_engine::shorten(&i.request, 200))
                );
            }
            if let Some(rerun) = &x.rerun {
                let _ = writeln!(out, "  rerun: {}", code(rerun));
            }
        }
    }
    more(
        out,
        with.len().saturating_sub(LISTED),
        "fixtures with incidents",
    );
}

fn comparison(out: &mut String, r: &RunReport, o: &MarkdownOptions) {
    let Some(c) = &r.comparison else { return };
    let _ = writeln!(
        out,
        "\n#### Against the baseline\n\n{} (baseline: {}{}).",
        md(&c.totals_line()),
        md(&c.baseline_engine),
        if c.same_corpus {
            String::new()
        } else {
            format!(
                ", another corpus version; compared on the {} fixtures both ran, {} added, {} removed",
                c.shared_fixtures,
                c.added_fixtures.len(),
                c.removed_fixtures.len()
            )
        }
    );
    let head = c.headline();
    if !head.is_empty() {
        let _ = writeln!(out, "\nThis build {}.", md(&head));
    }
    let by_id = |ids: &[hexodic_report::FixtureChange]| -> Vec<&FixtureReport> {
        ids.iter().filter_map(|f| r.result(&f.id)).collect()
    };
    fixtures(out, "Newly failing", &by_id(&c.newly_failing), o);
    fixtures(out, "New incidents", &by_id(&c.new_incidents), o);
    fixtures(out, "Failing differently", &by_id(&c.changed), o);
    fixtures(out, "Fixed", &by_id(&c.fixed), o);
    if c.by_rule.is_empty() {
        return;
    }
    out.push_str("\n| rule | newly failing | failing differently | fixed | still failing |\n");
    out.push_str("| --- | ---: | ---: | ---: | ---: |\n");
    for x in c.by_rule.iter().take(MAX_ROWS) {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            o.rule(&x.rule),
            x.newly_failing,
            x.changed,
            x.fixed,
            x.still_failing
        );
    }
    more(out, c.by_rule.len().saturating_sub(MAX_ROWS), "rules");
}

/// Failing fixtures by the rules heading their classification: (rule,
/// count, first fixture), the most first.
fn failing_by_rule(r: &RunReport) -> Vec<(String, usize, String)> {
    let mut rules: BTreeMap<&str, (usize, &str)> = BTreeMap::new();
    for f in r
        .results
        .iter()
        .filter(|f| f.status.fails_run() && f.failure.is_some())
    {
        let heading = f
            .classification
            .as_ref()
            .map(|c| c.rules.as_slice())
            .unwrap_or(&[]);
        for rule in heading {
            let e = rules.entry(rule.as_str()).or_insert((0, f.id.as_str()));
            e.0 += 1;
        }
    }
    let mut all: Vec<(String, usize, String)> = rules
        .into_iter()
        .map(|(rule, (n, first))| (rule.to_owned(), n, first.to_owned()))
        .collect();
    all.sort_by_key(|(_, n, _)| std::cmp::Reverse(*n));
    all
}

fn by_rule(out: &mut String, r: &RunReport, o: &MarkdownOptions) {
    let rows = failing_by_rule(r);
    if rows.is_empty() {
        return;
    }
    out.push_str("\n| rule | failing fixtures | for example |\n| --- | ---: | --- |\n");
    for (rule, n, first) in rows.iter().take(MAX_ROWS) {
        let _ = writeln!(out, "| {} | {n} | {} |", o.rule(rule), o.fixture(first));
    }
    more(out, rows.len().saturating_sub(MAX_ROWS), "rules");
}

fn causes(out: &mut String, r: &RunReport, o: &MarkdownOptions) {
    if r.root_causes.is_empty() {
        return;
    }
    out.push_str("\n#### Root causes\n\n");
    for (i, c) in r.root_causes.iter().take(MAX_CAUSES).enumerate() {
        let cl = &c.classification;
        let rules: Vec<String> = cl.rules.iter().map(|x| o.rule(x)).collect();
        let n = c.fixtures.len() + c.follows.len();
        let _ = writeln!(
            out,
            "{}. **{}** {}: {} — {}, smallest {} at step {}",
            i + 1,
            rules.join(", "),
            md(cl.behaviour.kind()),
            md(&cl.words),
            count(n, "fixture", "fixtures"),
            o.fixture(&c.example.id),
            c.example.step
        );
        if let Some(rerun) = r.result(&c.example.id).and_then(|x| x.rerun.as_ref()) {
            let _ = writeln!(out, "\n   {}", code(rerun));
        }
    }
    let rest = &r.root_causes[r.root_causes.len().min(MAX_CAUSES)..];
    if !rest.is_empty() {
        let fixtures: usize = rest
            .iter()
            .map(|c| c.fixtures.len() + c.follows.len())
            .sum();
        let _ = writeln!(
            out,
            "\n… and {} more root causes ({fixtures} fixtures).",
            rest.len()
        );
    }
}

/// The Markdown summary of a report (with its comparison, when it has one).
pub fn markdown(r: &RunReport, o: &MarkdownOptions) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "### Hexodic conformance: {}\n", md(&r.engine.label()));
    totals(&mut out, r);
    let of =
        |s: Status| -> Vec<&FixtureReport> { r.results.iter().filter(|x| x.status == s).collect() };
    match &r.comparison {
        Some(_) => comparison(&mut out, r, o),
        None => {
            fixtures(&mut out, "Failing", &of(Status::Fail), o);
            fixtures(
                &mut out,
                "Failing differently than the expectations file says",
                &of(Status::ChangedFail),
                o,
            );
            by_rule(&mut out, r, o);
        }
    }
    fixtures(
        &mut out,
        "Unexpectedly passing (remove them from the expectations file)",
        &of(Status::UnexpectedPass),
        o,
    );
    fixtures(&mut out, "Flaky", &of(Status::Flaky), o);
    incidents(&mut out, r, o);
    causes(&mut out, r, o);
    out
}
