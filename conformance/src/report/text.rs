//! The text report: what a person reads in a terminal or a CI log. Load
//! errors and engine warnings first, incidents folded into a count and one
//! example, the totals, and the root causes last: each with its smallest
//! example in full (boards included) and its other fixtures one line each.

use super::boards::side_by_side;
use crate::diagnose::{Divergence, RootCause};
use crate::engine::Capability;
use crate::oracle::{Difference, ListedTurn, TurnVerdict};
use crate::run::{FixtureResult, RunReport, Status, Summary};
use hexodic_rules::registry;
use hexodic_io::paths;
use std::fmt::Write as _;

/// Other fixtures of a root cause listed by default (`-v`: all).
pub const LISTED_PER_CAUSE: usize = 3;

/// Root causes shown with their example in full by default (`-v`: all).
pub const CAUSES_IN_FULL: usize = 2;

/// Consequences listed under a cause by default (`-v`: all).
pub const CONSEQUENCES_SHOWN: usize = 3;

/// `1 fixture`, `3 fixtures`: a count with its noun.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `C1 (encirclement weighed by tiers and edge)`.
pub fn rule_with_title(id: &str) -> String {
    registry::lookup(id).map_or_else(|| id.to_owned(), |r| format!("{id} ({})", r.title))
}

fn listed_turn(t: &ListedTurn, missing: bool) -> String {
    let who = match (missing, t.engine) {
        (true, Some(TurnVerdict::Illegal(r))) if !r.is_empty() => {
            format!(
                "legal; the engine rejects it with {}",
                crate::oracle::codes(r)
            )
        }
        (true, Some(TurnVerdict::Illegal(_))) => "legal; the engine rejects it".into(),
        (true, Some(TurnVerdict::Legal)) => {
            "legal; the engine plays it but does not list it".into()
        }
        (true, None) => "legal".into(),
        (false, _) => format!("{}; the engine lists it", t.reference.describe()),
    };
    format!("`{}`: {who}", t.turn)
}

/// The lines explaining a difference beyond its summary.
pub fn details(d: &Difference) -> Vec<String> {
    match d {
        Difference::Fields(f) if f.len() > 4 => f.iter().map(|x| x.to_string()).collect(),
        Difference::LegalList(l) => {
            let mut out: Vec<String> = l
                .missing
                .iter()
                .take(6)
                .map(|t| listed_turn(t, true))
                .chain(l.extra.iter().take(6).map(|t| listed_turn(t, false)))
                .collect();
            let more = l.missing_total().saturating_sub(6) + l.extra_total().saturating_sub(6);
            if more > 0 {
                out.push(format!("and {more} more"));
            }
            out
        }
        Difference::Perft {
            below: Some(b),
            path,
            ..
        } => {
            let line: Vec<String> = path.iter().map(|t| format!("`{t}`")).collect();
            let mut out = vec![format!(
                "bisected with divide to {}",
                if line.is_empty() {
                    "the position itself".to_string()
                } else {
                    format!("the position after {}", line.join(", "))
                }
            )];
            let below = details(b);
            if below.is_empty() {
                // A count that differs there: its own line.
                out.push(b.summary());
            }
            out.extend(below);
            out
        }
        _ => Vec::new(),
    }
}

fn boards(d: &Divergence, indent: usize) -> Vec<String> {
    let shows_after = matches!(
        d.difference,
        Difference::Fields(_) | Difference::Captures { .. } | Difference::CaptureKind { .. }
    );
    match (
        shows_after,
        d.expected.as_ref(),
        d.got.as_ref(),
        d.before.as_ref(),
    ) {
        (true, Some(e), Some(g), _) => {
            let mut out = side_by_side(&[("reference after", e), ("engine after", g)], indent);
            let off = d.off_board_fields();
            if !off.is_empty() {
                out.push(format!(
                    "{}the boards agree; they differ in: {}",
                    " ".repeat(indent),
                    off.join(", ")
                ));
            }
            out
        }
        (_, _, _, Some(b)) => {
            // Lists, counts and perft are checked on the position after
            // the step; the other checks show the board the turn was on.
            let after = matches!(
                d.difference,
                Difference::LegalList(_) | Difference::LegalCount { .. } | Difference::Perft { .. }
            );
            let title = match (d.step == 0 && d.turn.is_none(), after) {
                (true, _) => "start position",
                (false, true) => "position after the step",
                (false, false) => "board before",
            };
            side_by_side(&[(title, b)], indent)
        }
        _ => Vec::new(),
    }
}

/// The full block of a failing fixture: where, what, the implicated rules,
/// the boards, and the consequences.
pub fn failure_block(r: &FixtureResult) -> Vec<String> {
    failure_block_with(r, usize::MAX)
}

/// [`failure_block`] listing at most `consequences` consequences.
pub fn failure_block_with(r: &FixtureResult, consequences: usize) -> Vec<String> {
    let mut out = Vec::new();
    let Some(f) = r.failure() else {
        return out;
    };
    let c = &f.cause;
    out.push(format!(
        "FAIL {} [{}] ({}; cites {})",
        r.id,
        f.variant,
        r.basis.name(),
        r.rules.join(", ")
    ));
    out.push(format!(
        "  {}:{}: {}",
        paths::shown(&r.file),
        c.line,
        c.place()
    ));
    out.push(format!("  {}", c.difference.summary()));
    for l in details(&c.difference) {
        out.push(format!("    {l}"));
    }
    if !c.implicated.is_empty() {
        let rules: Vec<String> = c.implicated.iter().map(|r| rule_with_title(r)).collect();
        out.push(format!("  implicated: {}", rules.join("; ")));
    }
    out.extend(boards(c, 4));
    if !f.consequences.is_empty() {
        out.push(format!("  then ({} consequence(s)):", f.consequences.len()));
        for d in f.consequences.iter().take(consequences) {
            out.push(format!("    {}: {}", d.place(), d.difference.summary()));
        }
        if f.consequences.len() > consequences {
            out.push(format!(
                "    and {} more",
                f.consequences.len() - consequences
            ));
        }
    }
    out
}

fn one_line(r: &FixtureResult) -> String {
    match r.failure() {
        Some(f) => format!(
            "{}:{}: {} [{}]: {}",
            paths::shown(&r.file),
            f.cause.line,
            r.id,
            f.variant,
            f.cause.difference.summary()
        ),
        None => format!("{}: {}", r.id, r.cause_line()),
    }
}

/// A changed failure: the signature pinned and the one now, one above
/// the other, then where it fails now.
pub fn changed_lines(r: &FixtureResult) -> Vec<String> {
    let Some((old, new)) = r.changed_words() else {
        return Vec::new();
    };
    let mut out = vec![format!(
        "CHANGED {}: fails another way than the expectations file says",
        r.id
    )];
    out.push(format!("  expected: {old}"));
    out.push(format!("  now:      {new}"));
    if let Some(why) = r.expected_reason.as_deref().filter(|w| !w.is_empty()) {
        out.push(format!("  reason listed: {why}"));
    }
    out.push(format!("  {}", one_line(r)));
    out
}

fn cause_section(report: &RunReport, verbose: bool, out: &mut Vec<String>) {
    if report.root_causes.is_empty() {
        return;
    }
    out.push(String::new());
    out.push(format!(
        "Root causes ({}, most fixtures first; the first {} in full):",
        report.root_causes.len(),
        if verbose {
            report.root_causes.len()
        } else {
            CAUSES_IN_FULL.min(report.root_causes.len())
        }
    ));
    for (i, rc) in report.root_causes.iter().enumerate() {
        cause(report, i + 1, rc, verbose, out);
    }
}

fn cause(report: &RunReport, n: usize, rc: &RootCause, verbose: bool, out: &mut Vec<String>) {
    let s = &rc.signature;
    let in_full = verbose || n <= CAUSES_IN_FULL;
    if in_full {
        out.push(String::new());
    }
    out.push(format!(
        "{n}. {} ({}): {} - {}",
        if s.rules.is_empty() {
            "no rule".to_string()
        } else {
            s.rules.join(", ")
        },
        s.kind,
        rc.detail,
        count(rc.fixtures.len(), "fixture")
    ));
    if !in_full {
        out.push(format!(
            "   example: {} (step {})",
            rc.example.id, rc.example.step
        ));
        return;
    }
    if let Some(r) = report.result(&rc.example.id) {
        out.push(format!(
            "   {}; smallest example: {}",
            rc.grouping, rc.example.id
        ));
        let shown = if verbose {
            usize::MAX
        } else {
            CONSEQUENCES_SHOWN
        };
        out.extend(
            failure_block_with(r, shown)
                .into_iter()
                .map(|l| format!("   {l}")),
        );
        out.extend(super::reproduce(report, r).map(|c| format!("     rerun: {c}")));
    }
    let others: Vec<&String> = rc
        .fixtures
        .iter()
        .filter(|id| **id != rc.example.id)
        .collect();
    if others.is_empty() {
        return;
    }
    let shown = if verbose {
        others.len()
    } else {
        LISTED_PER_CAUSE.min(others.len())
    };
    out.push("   also:".into());
    for id in &others[..shown] {
        if let Some(r) = report.result(id) {
            out.push(format!("     {}", one_line(r)));
            out.extend(super::reproduce(report, r).map(|c| format!("       rerun: {c}")));
        }
    }
    if shown < others.len() {
        out.push(format!(
            "     and {} more (`-v` lists them all)",
            others.len() - shown
        ));
    }
}

fn incident_section(report: &RunReport, out: &mut Vec<String>) {
    let with: Vec<&FixtureResult> = report
        .results
        .iter()
        .filter(|r| r.incident().is_some())
        .collect();
    let Some(first) = with.first() else {
        return;
    };
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    for r in &with {
        if let Some(i) = r.incident() {
            let k = i.incident.kind.name();
            match kinds.iter_mut().find(|(x, _)| *x == k) {
                Some(e) => e.1 += 1,
                None => kinds.push((k, 1)),
            }
        }
    }
    let counts: Vec<String> = kinds.iter().map(|(k, n)| format!("{k}: {n}")).collect();
    out.push(format!(
        "engine incidents: {} ({}); they are not rule failures",
        count(with.len(), "fixture"),
        counts.join(", ")
    ));
    if let Some(i) = first.incident() {
        out.push(format!(
            "  first: {}:{}: {} [{}] at {}: {}",
            paths::shown(&first.file),
            i.line,
            first.id,
            i.variant,
            i.place(),
            visible(&i.incident.kind.to_string())
        ));
        out.extend(super::reproduce(report, first).map(|c| format!("    rerun: {c}")));
        if !i.incident.request.is_empty() {
            out.push(format!(
                "    request: {}",
                visible(&crate::engine::shorten(&i.incident.request, 200))
            ));
        }
        let tail: Vec<&str> = i.incident.stderr.lines().rev().take(6).collect();
        if !tail.is_empty() {
            out.push("    standard error of that engine process (last lines):".into());
            for l in tail.iter().rev() {
                out.push(format!(
                    "      {}",
                    visible(&crate::engine::shorten(l, 160))
                ));
            }
        }
    }
}

/// Text from an engine as a terminal shows it safely: control characters
/// (escape sequences, bells, NUL, line breaks inside one line) and
/// non-characters written as `\u{1b}`-style escapes, everything else kept.
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let bad = c.is_control()
            || matches!(c, '\u{fffe}' | '\u{ffff}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if bad {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    out
}

/// Entries of a long list (unexpected passes, expected failures) shown
/// by default (`-v`: all).
pub const LISTED: usize = 10;

fn bounded(title: &str, lines: Vec<String>, verbose: bool, out: &mut Vec<String>) {
    if lines.is_empty() {
        return;
    }
    out.push(String::new());
    out.push(format!("{title} ({}):", lines.len()));
    let shown = if verbose {
        lines.len()
    } else {
        LISTED.min(lines.len())
    };
    let more = lines.len() - shown;
    out.extend(lines.into_iter().take(shown).map(|l| format!("  {l}")));
    if more > 0 {
        out.push(format!("  and {more} more; -v lists all"));
    }
}

/// The expectations file's lists, after the root causes: unexpected
/// passes, then expected failures.
fn listed(report: &RunReport, verbose: bool, out: &mut Vec<String>) {
    let of = |st: Status| report.results.iter().filter(move |r| r.status == st);
    let xpass: Vec<String> = of(Status::UnexpectedPass)
        .map(|r| format!("XPASS {}: {}", r.id, r.cause_line()))
        .collect();
    bounded(
        "Unexpected passes (remove them from the expectations file)",
        xpass,
        verbose,
        out,
    );
    let xfail: Vec<String> = of(Status::ExpectedFail)
        .map(|r| {
            format!(
                "XFAIL {}: {}",
                r.id,
                r.expected_reason.as_deref().unwrap_or("")
            )
        })
        .collect();
    bounded("Expected failures", xfail, verbose, out);
}

/// The totals, in two or three lines.
pub fn summary_lines(engine: &str, s: &Summary) -> Vec<String> {
    let unexpectedly = if s.unexpected_passes > 0 {
        format!(
            " ({} unexpectedly: remove them from the expectations file)",
            s.unexpected_passes
        )
    } else {
        String::new()
    };
    let mut out = vec![format!(
        "engine {engine}: {}: {} passed{unexpectedly}, {} failed, {}, {}, {} skipped, {}, {}; {} in {:.3} s",
        count(s.fixtures, "fixture"),
        s.passed + s.unexpected_passes,
        s.failed_documented + s.failed_ruling,
        count(s.expected_failures, "expected failure"),
        count(s.changed_failures, "changed failure"),
        s.skipped,
        count(s.incidents, "incident"),
        count(s.errors, "error"),
        count(s.variant_runs, "variant run"),
        s.elapsed.as_secs_f64()
    )];
    out.push(format!(
        "  failures of documented rules: {}; differences on rulings: {}",
        s.failed_documented, s.failed_ruling
    ));
    if s.changed_failures > 0 {
        out.push(format!(
            "  changed failures: {} listed as expected failures fail another way (the run fails; `--update-expectations` pins the new signatures)",
            count(s.changed_failures, "fixture")
        ));
    }
    if !s.skipped_checks.is_empty() {
        let v: Vec<String> = s
            .skipped_checks
            .iter()
            .map(|(c, n)| {
                format!(
                    "{} ({}): {}",
                    c.checks(),
                    Capability::name(*c),
                    count(*n, "fixture")
                )
            })
            .collect();
        out.push(format!(
            "  checks skipped for missing capabilities: {}",
            v.join("; ")
        ));
    }
    if s.without_trace > 0 {
        out.push(format!(
            "  {} ran without a golden trace (only the fixture's own checks); `hexodic-conformance bless` writes them",
            count(s.without_trace, "fixture")
        ));
    }
    if s.run < s.fixtures {
        out.push(format!(
            "  not run: {}",
            count(s.fixtures - s.run, "fixture")
        ));
    }
    out
}

/// The whole text report.
pub fn text(report: &RunReport, verbose: bool) -> String {
    let mut out: Vec<String> = Vec::new();
    out.extend(report.errors.iter().map(|e| format!("ERROR {e}")));
    out.extend(report.warnings.iter().map(|w| format!("warning: {w}")));
    for r in &report.results {
        match r.status {
            Status::Pass if verbose => {
                out.push(format!("ok   {} ({} variants)", r.id, r.run.variants_run))
            }
            Status::Fail if verbose => out.extend(failure_block(r)),
            Status::ChangedFail => out.extend(changed_lines(r)),
            Status::Skipped if verbose => out.push(format!("SKIP {}: {}", r.id, r.cause_line())),
            Status::Incident if verbose => {
                out.push(format!("INCIDENT {}: {}", r.id, r.cause_line()))
            }
            _ => {}
        }
    }
    incident_section(report, &mut out);
    if let Some(u) = &report.unusable {
        out.push(format!("engine unusable: {}", visible(&u.kind.to_string())));
    }
    if let Some(s) = report.stopped {
        out.push(format!("run incomplete: {}", s.describe()));
    }
    out.extend(summary_lines(
        &visible(&report.engine.label()),
        &report.summary,
    ));
    out.push(format!("  {}", report.corpus_words()));
    cause_section(report, verbose, &mut out);
    listed(report, verbose, &mut out);
    let mut s = String::new();
    for l in out {
        let _ = writeln!(s, "{l}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_text_shows_control_characters_as_escapes() {
        assert_eq!(visible("a\u{1b}[2Jb\u{7}\u{0}"), "a\\u{1b}[2Jb\\u{7}\\u{0}");
        assert_eq!(visible("x\u{fffe}é"), "x\\u{fffe}é");
    }
    use crate::diagnose::Source;
    use crate::oracle::ListDiff;
    use hexodic_rules::{Setup, Turn};

    fn divergence(step: usize, difference: Difference) -> Divergence {
        Divergence {
            step,
            line: 3,
            turn: (step > 0).then(|| Turn::parse("c3 +c3").unwrap()),
            source: Source::Fixture,
            difference,
            before: Some(Setup::default()),
            expected: None,
            got: None,
            captures: None,
            implicated: vec![],
        }
    }

    #[test]
    fn a_difference_off_the_boards_is_named_beside_them() {
        use crate::oracle::{Counter, FieldDiff};
        use hexodic_rules::Player;
        let mut d = divergence(
            1,
            Difference::Fields(vec![FieldDiff::Counter {
                player: Player::X,
                counter: Counter::Captures,
                expected: 2,
                got: 1,
            }]),
        );
        d.expected = Some(Setup::default());
        d.got = Some(Setup::default());
        assert_eq!(d.off_board_fields(), ["captures"]);
        let shown = boards(&d, 2);
        assert_eq!(
            shown.last().map(String::as_str),
            Some("  the boards agree; they differ in: captures")
        );
        let mut cell = d.clone();
        let mut other = Setup::default();
        other.cells[0].tier = 1;
        cell.difference = Difference::Fields(vec![FieldDiff::Cell {
            cell: hexodic_rules::Cell::from_index(0).unwrap(),
            expected: Setup::default().cells[0],
            got: other.cells[0],
        }]);
        assert!(cell.off_board_fields().is_empty());
        assert!(!boards(&cell, 2).iter().any(|l| l.contains("boards agree")));
    }

    #[test]
    fn lists_after_a_step_are_shown_on_the_position_after_it() {
        let list = Difference::LegalList(ListDiff {
            missing: vec![],
            extra: vec![],
            more_missing: 1,
            more_extra: 0,
            expected: 3,
            got: 2,
        });
        let title = |d: &Divergence| boards(d, 0).first().cloned().unwrap_or_default();
        assert!(title(&divergence(2, list.clone())).contains("position after the step"));
        assert!(title(&divergence(0, list)).contains("start position"));
        let verdict = Difference::Verdict {
            turn: Turn::parse("c3 +c3").unwrap(),
            expected: crate::oracle::TurnVerdict::Legal,
            got: crate::oracle::TurnVerdict::Illegal(Default::default()),
        };
        assert!(title(&divergence(2, verdict)).contains("board before"));
    }
}
