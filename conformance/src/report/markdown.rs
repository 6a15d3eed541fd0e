//! A short Markdown summary of a run for a pull request or a job summary:
//! the totals, a table by rule of what changed (with a baseline) or fails,
//! the first root causes with the line that reproduces each, and the
//! comparison with the baseline. Its length is bounded whatever the number
//! of failures: at most [`MAX_ROWS`] table rows and [`MAX_CAUSES`] causes,
//! the rest counted.

use super::compare::{headline, totals_line};
use super::json::{Comparison, JsonReport};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// At most this many rows in a table.
pub const MAX_ROWS: usize = 30;
/// At most this many root causes.
pub const MAX_CAUSES: usize = 5;

/// A word for a shell, single-quoted when it needs to be.
fn shell_word(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=@+,".contains(c));
    if plain {
        s.to_owned()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// The command line that runs one fixture in one variant again, on the
/// engine of `command` (the reference in process when none).
/// The rerun line of a report that does not carry one (an earlier
/// harness wrote it).
pub fn reproduce_line(id: &str, variant: &str, command: Option<&str>) -> String {
    let mut line = format!(
        "hexodic-conformance run {} --variant {}",
        shell_word(id),
        shell_word(variant)
    );
    if let Some(c) = command {
        let _ = write!(line, " --engine {}", shell_word(c));
    }
    line
}

/// Text for a table cell: no pipes, no line breaks.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

fn more(out: &mut String, n: usize, what: &str) {
    if n > 0 {
        let _ = writeln!(out, "\n… and {n} more {what}.");
    }
}

fn totals(out: &mut String, r: &JsonReport) {
    let s = &r.summary;
    let _ = writeln!(
        out,
        "**{} of {} fixtures run**: {} passed, {} failed, {} expected failures, {} unexpected passes, {} incidents, {} skipped, {} files with errors.",
        s.run,
        s.fixtures,
        s.passed,
        s.failed,
        s.expected_failures,
        s.unexpected_passes,
        s.incidents,
        s.skipped,
        s.errors
    );
    if !r.complete {
        out.push_str("\nThe run ended early: not every fixture was run.\n");
    }
}

fn comparison(out: &mut String, c: &Comparison) {
    let _ = writeln!(
        out,
        "\n#### Against the baseline\n\n{} (baseline: {}{}).",
        totals_line(c),
        cell(&c.baseline_engine),
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
    let head = headline(c);
    if !head.is_empty() {
        let _ = writeln!(out, "\nThis build {head}.");
    }
    if c.by_rule.is_empty() {
        return;
    }
    out.push_str("\n| rule | newly failing | failing differently | fixed | still failing |\n");
    out.push_str("| --- | ---: | ---: | ---: | ---: |\n");
    for r in c.by_rule.iter().take(MAX_ROWS) {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            cell(&r.rule),
            r.newly_failing,
            r.changed,
            r.fixed,
            r.still_failing
        );
    }
    more(out, c.by_rule.len().saturating_sub(MAX_ROWS), "rules");
}

/// Failing fixtures by rule: (rule, count, first fixture), the most first.
fn failing_by_rule(r: &JsonReport) -> Vec<(String, usize, String)> {
    let mut rules: BTreeMap<&str, (usize, &str)> = BTreeMap::new();
    for f in r.results.iter().filter(|f| f.failure.is_some()) {
        let signed = f.signature.as_ref();
        let named: Vec<&String> = match signed {
            Some(s) if !s.rules.is_empty() => s.rules.iter().collect(),
            _ => f.implicated_rules.iter().take(2).collect(),
        };
        for rule in named {
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

fn failures(out: &mut String, r: &JsonReport) {
    let rows = failing_by_rule(r);
    if rows.is_empty() {
        return;
    }
    out.push_str("\n| rule | failing fixtures | for example |\n| --- | ---: | --- |\n");
    for (rule, n, first) in rows.iter().take(MAX_ROWS) {
        let _ = writeln!(out, "| {} | {n} | `{}` |", cell(rule), cell(first));
    }
    more(out, rows.len().saturating_sub(MAX_ROWS), "rules");
}

fn causes(out: &mut String, r: &JsonReport) {
    if r.root_causes.is_empty() {
        return;
    }
    out.push_str("\n#### Root causes\n\n");
    for (i, c) in r.root_causes.iter().take(MAX_CAUSES).enumerate() {
        let key = if c.key.is_empty() {
            String::new()
        } else {
            format!(" ({})", c.key)
        };
        let _ = writeln!(
            out,
            "{}. **{}** {}{key}: {} — {} fixtures, smallest `{}` at step {}\n\n   ```\n   {}\n   ```",
            i + 1,
            cell(&c.rules.join(", ")),
            c.kind,
            cell(&c.detail),
            c.fixtures,
            cell(&c.example.id),
            c.example.step,
            r.results
                .iter()
                .find(|x| x.id == c.example.id)
                .and_then(|x| x.reproduce.clone())
                .unwrap_or_else(|| reproduce_line(
                    &c.example.id,
                    &c.example.variant,
                    r.engine.command.as_deref()
                ))
        );
    }
    let rest = &r.root_causes[r.root_causes.len().min(MAX_CAUSES)..];
    if !rest.is_empty() {
        let fixtures: usize = rest.iter().map(|c| c.fixtures).sum();
        let _ = writeln!(
            out,
            "\n… and {} more root causes ({fixtures} fixtures).",
            rest.len()
        );
    }
}

/// The Markdown summary of a report (with its comparison, when it has one).
pub fn markdown(r: &JsonReport) -> String {
    let mut out = String::new();
    let engine = format!("{} {}", r.engine.name, r.engine.version);
    let _ = writeln!(out, "### Hexodic conformance: {}\n", cell(engine.trim()));
    totals(&mut out, r);
    match &r.comparison {
        Some(c) => comparison(&mut out, c),
        None => failures(&mut out, r),
    }
    causes(&mut out, r);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reproduce_lines_quote_what_a_shell_would_split() {
        assert_eq!(
            reproduce_line("capture/a", "r2ms", Some("./engine --fast 'x'")),
            r"hexodic-conformance run capture/a --variant r2ms --engine './engine --fast '\''x'\'''"
        );
        assert_eq!(
            reproduce_line("end/b", "r0", None),
            "hexodic-conformance run end/b --variant r0"
        );
    }
}
