//! The text report: what a person reads in a terminal or a CI log. Load
//! errors and engine warnings first, incidents grouped by message with one
//! example each, the totals, the exit code's reason, and the root causes
//! last: each with its smallest example in full (boards included) and its
//! other fixtures one line each. Written from the report alone, styled by
//! the style table as it is written.

use crate::boards::side_by_side;
use crate::style::{Role, Styles};
use hexodic_io::escape::terminal;
use hexodic_report::{
    count, Difference, Divergence, Exit, FixtureReport, RootCause, RunReport, Status, Totals,
};
use hexodic_rules::registry;
use std::fmt::Write as _;

/// Other fixtures of a root cause listed by default (`-v`: all).
pub const LISTED_PER_CAUSE: usize = 3;

/// Root causes shown with their example in full by default (`-v`: all).
pub const CAUSES_IN_FULL: usize = 2;

/// Consequences listed under a cause by default (`-v`: all).
pub const CONSEQUENCES_SHOWN: usize = 3;

/// Entries of a long list (unexpected passes, expected failures) shown
/// by default (`-v`: all).
pub const LISTED: usize = 10;

/// Where the text is read, for the hints it gives: each names only what
/// the reader can do there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Hints {
    /// The command line: `-v`, `--update-expectations`, `bless`.
    #[default]
    Command,
    /// An engine crate's own `cargo test` (the suite): its environment
    /// variables.
    Suite,
}

/// How the text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextOptions {
    /// Every fixture, and every failing fixture of each cause in full.
    pub verbose: bool,
    /// The styles.
    pub styles: Styles,
    /// Where it is read.
    pub hints: Hints,
}

impl Default for TextOptions {
    fn default() -> TextOptions {
        TextOptions {
            verbose: false,
            styles: Styles::PLAIN,
            hints: Hints::Command,
        }
    }
}

impl Hints {
    fn list_all(self) -> &'static str {
        match self {
            Hints::Command => "`-v` lists them all",
            Hints::Suite => "each has its own failing test",
        }
    }

    fn repin(self) -> &'static str {
        match self {
            Hints::Command => "`--update-expectations` pins the new signatures",
            Hints::Suite => "`HEXODIC_UPDATE_EXPECTATIONS=1 cargo test` pins the new signatures",
        }
    }

    fn bless(self) -> &'static str {
        match self {
            Hints::Command => "`hexodic-conformance bless` writes them",
            Hints::Suite => "the harness's `bless` writes them",
        }
    }
}

/// `C1 (encirclement weighed by tiers and edge)`.
pub fn rule_with_title(id: &str) -> String {
    registry::lookup(id).map_or_else(|| id.to_owned(), |r| format!("{id} ({})", r.title))
}

fn boards(d: &Divergence, indent: usize) -> Vec<String> {
    let shows_after = matches!(
        d.difference,
        Difference::Fields { .. } | Difference::Captures { .. } | Difference::CaptureKind { .. }
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
                Difference::LegalList { .. }
                    | Difference::LegalCount { .. }
                    | Difference::Perft { .. }
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

/// The full block of a failing fixture: where, what, the classification,
/// the implicated rules, the boards, the consequences and the rerun line.
pub fn failure_block(r: &FixtureReport, consequences: usize, styles: &Styles) -> Vec<String> {
    let mut out = Vec::new();
    let Some(f) = &r.failure else {
        return out;
    };
    let c = &f.cause;
    out.push(styles.paint(
        Role::Fail,
        &format!(
            "FAIL {} [{}] ({}; cites {})",
            r.id,
            f.variant,
            r.basis.name(),
            r.rules.join(", ")
        ),
    ));
    out.push(format!("  {}:{}: {}", r.file, c.line.max(1), c.place()));
    if let Some(cl) = &r.classification {
        out.push(format!("  {}", terminal(&cl.heading())));
    }
    out.push(format!("  {}", terminal(&c.summary)));
    for l in &c.details {
        out.push(format!("    {}", terminal(l)));
    }
    if !c.implicated.is_empty() {
        let rules: Vec<String> = c.implicated.iter().map(|r| rule_with_title(r)).collect();
        out.push(format!("  implicated: {}", rules.join("; ")));
    }
    out.extend(boards(c, 4));
    if !f.consequences.is_empty() {
        out.push(format!(
            "  then ({}):",
            count(f.consequences.len(), "consequence", "consequences")
        ));
        for d in f.consequences.iter().take(consequences) {
            out.push(format!("    {}: {}", d.place(), terminal(&d.summary)));
        }
        if f.consequences.len() > consequences {
            out.push(format!(
                "    and {} more",
                f.consequences.len() - consequences
            ));
        }
    }
    if let Some(line) = &r.rerun {
        out.push(styles.paint(Role::Rerun, &format!("  rerun: {line}")));
    }
    out
}

fn one_line(r: &FixtureReport) -> String {
    match &r.failure {
        Some(f) => format!(
            "{}:{}: {} [{}]: {}",
            r.file,
            f.cause.line.max(1),
            r.id,
            f.variant,
            terminal(&f.cause.summary)
        ),
        None => format!("{}: {}", r.id, terminal(&r.cause)),
    }
}

/// A changed failure: the signature pinned and the one now, one above
/// the other, then where it fails now, and its rerun line.
pub fn changed_lines(r: &FixtureReport, opts: &TextOptions) -> Vec<String> {
    let Some((old, new)) = r.changed_words() else {
        return Vec::new();
    };
    let s = &opts.styles;
    let mut out = vec![s.paint(
        Role::Fail,
        &format!(
            "CHANGED {}: fails another way than the expectations file says",
            r.id
        ),
    )];
    out.push(format!("  expected: {old}"));
    out.push(format!("  now:      {new}"));
    if let Some(why) = r
        .expected
        .as_ref()
        .map(|e| e.reason.as_str())
        .filter(|w| !w.is_empty())
    {
        out.push(format!("  reason listed: {}", terminal(why)));
    }
    out.push(format!("  {}", one_line(r)));
    if let Some(line) = &r.rerun {
        out.push(s.paint(Role::Rerun, &format!("  rerun: {line}")));
    }
    out
}

fn cause_section(report: &RunReport, opts: &TextOptions, out: &mut Vec<String>) {
    if report.root_causes.is_empty() {
        return;
    }
    let s = &opts.styles;
    out.push(String::new());
    out.push(s.paint(
        Role::Heading,
        &format!(
            "Root causes ({}, most fixtures first; the first {} in full):",
            report.root_causes.len(),
            if opts.verbose {
                report.root_causes.len()
            } else {
                CAUSES_IN_FULL.min(report.root_causes.len())
            }
        ),
    ));
    for (i, rc) in report.root_causes.iter().enumerate() {
        cause(report, i + 1, rc, opts, out);
    }
}

/// The heading of a root cause, the words every writer gives it.
pub fn cause_heading(n: usize, rc: &RootCause) -> String {
    let all = rc.fixtures.len() + rc.follows.len();
    format!(
        "{n}. {} - {}",
        terminal(&rc.classification.heading()),
        count(all, "fixture", "fixtures")
    )
}

fn cause(report: &RunReport, n: usize, rc: &RootCause, opts: &TextOptions, out: &mut Vec<String>) {
    let s = &opts.styles;
    let in_full = opts.verbose || n <= CAUSES_IN_FULL;
    if in_full {
        out.push(String::new());
    }
    out.push(s.paint(Role::Heading, &cause_heading(n, rc)));
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
        let shown = if opts.verbose {
            usize::MAX
        } else {
            CONSEQUENCES_SHOWN
        };
        out.extend(
            failure_block(r, shown, s)
                .into_iter()
                .map(|l| format!("   {l}")),
        );
    }
    let others: Vec<&String> = rc
        .fixtures
        .iter()
        .filter(|id| **id != rc.example.id)
        .chain(&rc.follows)
        .collect();
    if others.is_empty() {
        return;
    }
    let shown = if opts.verbose {
        others.len()
    } else {
        LISTED_PER_CAUSE.min(others.len())
    };
    out.push("   also:".into());
    for id in &others[..shown] {
        if let Some(r) = report.result(id) {
            let follows = if rc.follows.contains(id) {
                " (follows from it)"
            } else {
                ""
            };
            out.push(format!("     {}{follows}", one_line(r)));
            if let Some(line) = &r.rerun {
                out.push(s.paint(Role::Rerun, &format!("       rerun: {line}")));
            }
        }
    }
    if shown < others.len() {
        out.push(format!(
            "     and {} more ({})",
            others.len() - shown,
            opts.hints.list_all()
        ));
    }
}

/// The incidents, grouped by what happened: one line per group with its
/// fixtures, then its first example with the request, the reply and the
/// engine's standard error.
fn incident_section(report: &RunReport, opts: &TextOptions, out: &mut Vec<String>) {
    let s = &opts.styles;
    let with: Vec<&FixtureReport> = report
        .results
        .iter()
        .filter(|r| r.incident.is_some())
        .collect();
    if with.is_empty() {
        return;
    }
    let mut groups: Vec<(&str, Vec<&FixtureReport>)> = Vec::new();
    for r in &with {
        if let Some(i) = &r.incident {
            match groups.iter_mut().find(|(m, _)| *m == i.message) {
                Some(g) => g.1.push(r),
                None => groups.push((&i.message, vec![r])),
            }
        }
    }
    out.push(s.paint(
        Role::Incident,
        &format!(
            "engine incidents: {} in {}; they are not rule failures (exit code 4 says the engine crashed, hung or broke the protocol)",
            count(with.len(), "fixture", "fixtures"),
            count(groups.len(), "kind", "kinds")
        ),
    ));
    for (message, members) in &groups {
        let first = members[0];
        let Some(i) = &first.incident else { continue };
        out.push(format!(
            "  {} ({}): {}",
            count(members.len(), "fixture", "fixtures"),
            i.kind,
            terminal(message)
        ));
        out.push(format!(
            "    first: {}:{}: {} [{}] at {}",
            first.file,
            i.line.max(1),
            first.id,
            i.variant,
            i.place()
        ));
        if let Some(line) = &first.rerun {
            out.push(s.paint(Role::Rerun, &format!("    rerun: {line}")));
        }
        if !i.request.is_empty() {
            out.push(format!(
                "    request: {}",
                terminal(&hexodic_engine::shorten(&i.request, 200))
            ));
        }
        if let Some(reply) = &i.reply {
            out.push(format!(
                "    reply:   {}",
                terminal(&hexodic_engine::shorten(reply, 200))
            ));
        }
        let tail: Vec<&str> = i.stderr_tail.lines().rev().take(6).collect();
        if !tail.is_empty() {
            out.push("    standard error of that engine process (last lines):".into());
            for l in tail.iter().rev() {
                out.push(format!(
                    "      {}",
                    terminal(&hexodic_engine::shorten(l, 160))
                ));
            }
        }
    }
}

fn bounded(title: &str, lines: Vec<String>, opts: &TextOptions, role: Role, out: &mut Vec<String>) {
    if lines.is_empty() {
        return;
    }
    out.push(String::new());
    out.push(
        opts.styles
            .paint(Role::Heading, &format!("{title} ({}):", lines.len())),
    );
    let shown = if opts.verbose {
        lines.len()
    } else {
        LISTED.min(lines.len())
    };
    let more = lines.len() - shown;
    out.extend(
        lines
            .into_iter()
            .take(shown)
            .map(|l| opts.styles.paint(role, &format!("  {l}"))),
    );
    if more > 0 {
        out.push(format!("  and {more} more; {}", opts.hints.list_all()));
    }
}

/// The expectations file's lists, after the root causes: unexpected
/// passes, flaky fixtures, then expected failures.
fn listed(report: &RunReport, opts: &TextOptions, out: &mut Vec<String>) {
    let of = |st: Status| report.results.iter().filter(move |r| r.status == st);
    let xpass: Vec<String> = of(Status::UnexpectedPass)
        .map(|r| format!("XPASS {}: {}", r.id, terminal(&r.cause)))
        .collect();
    bounded(
        "Unexpected passes (remove them from the expectations file)",
        xpass,
        opts,
        Role::Expected,
        out,
    );
    let flaky: Vec<String> = of(Status::Flaky)
        .map(|r| format!("FLAKY {}: {}", r.id, terminal(&r.cause)))
        .collect();
    bounded(
        "Flaky fixtures (failed, then passed or failed another way when run again)",
        flaky,
        opts,
        Role::Fail,
        out,
    );
    let xfail: Vec<String> = of(Status::ExpectedFail)
        .map(|r| {
            format!(
                "XFAIL {}: {}",
                r.id,
                terminal(r.expected.as_ref().map_or("", |e| e.reason.as_str()))
            )
        })
        .collect();
    bounded("Expected failures", xfail, opts, Role::Expected, out);
}

/// The totals, in two or more lines: the one sentence every writer gives,
/// then what it leaves to say.
pub fn summary_lines(engine: &str, t: &Totals, opts: &TextOptions, elapsed: f64) -> Vec<String> {
    let s = &opts.styles;
    let mut out = vec![s.paint(
        Role::Summary,
        &format!(
            "engine {engine}: {}; {} in {elapsed:.3} s",
            t.sentence(),
            count(t.variant_runs, "variant run", "variant runs")
        ),
    )];
    out.push(format!(
        "  failures of documented rules: {}; differences on rulings: {}",
        t.failed_documented, t.failed_ruling
    ));
    if t.changed_failures > 0 {
        out.push(format!(
            "  changed failures: {} listed as expected failures fail another way (the run fails; {})",
            count(t.changed_failures, "fixture", "fixtures"),
            opts.hints.repin()
        ));
    }
    if !t.skipped_checks.is_empty() {
        let v: Vec<String> = t
            .skipped_checks
            .iter()
            .map(|(c, n)| {
                format!(
                    "{} ({}): {}",
                    c.checks(),
                    c.name(),
                    count(*n, "fixture", "fixtures")
                )
            })
            .collect();
        out.push(format!(
            "  checks skipped for missing capabilities: {}",
            v.join("; ")
        ));
    }
    if t.without_trace > 0 {
        out.push(format!(
            "  {} ran without a golden trace (only the fixture's own checks); {}",
            count(t.without_trace, "fixture", "fixtures"),
            opts.hints.bless()
        ));
    }
    out
}

/// The whole text report.
pub fn text(report: &RunReport, opts: &TextOptions) -> String {
    let s = &opts.styles;
    let mut out: Vec<String> = Vec::new();
    out.extend(
        report
            .errors
            .iter()
            .map(|e| s.paint(Role::Fail, &format!("ERROR {}", terminal(&e.to_string())))),
    );
    out.extend(
        report
            .engine
            .warnings
            .iter()
            .map(|w| s.paint(Role::Expected, &format!("warning: {}", terminal(w)))),
    );
    for r in &report.results {
        match r.status {
            Status::Pass if opts.verbose => out.push(s.paint(
                Role::Pass,
                &format!(
                    "ok   {} ({})",
                    r.id,
                    count(r.variants_run, "variant", "variants")
                ),
            )),
            Status::Fail if opts.verbose => out.extend(failure_block(r, usize::MAX, s)),
            Status::ChangedFail => out.extend(changed_lines(r, opts)),
            Status::Skipped if opts.verbose => out.push(s.paint(
                Role::Expected,
                &format!("SKIP {}: {}", r.id, terminal(&r.cause)),
            )),
            Status::Incident if opts.verbose => out.push(s.paint(
                Role::Incident,
                &format!("INCIDENT {}: {}", r.id, terminal(&r.cause)),
            )),
            _ => {}
        }
    }
    incident_section(report, opts, &mut out);
    if let Some(u) = &report.engine.unusable {
        out.push(s.paint(Role::Fail, &format!("engine unusable: {}", terminal(u))));
    }
    if let Some(stop) = report.stopped {
        out.push(s.paint(
            Role::Expected,
            &format!("run incomplete: {}", stop.describe()),
        ));
    }
    out.extend(summary_lines(
        &terminal(&report.engine.label()),
        &report.summary,
        opts,
        report.elapsed_seconds,
    ));
    out.push(format!("  {}", terminal(&report.corpus_words())));
    let exit = Exit::of_run(report);
    let role = if exit == Exit::Pass {
        Role::Pass
    } else {
        Role::Fail
    };
    out.push(s.paint(role, &format!("  {}", Exit::words_of_run(report))));
    cause_section(report, opts, &mut out);
    listed(report, opts, &mut out);
    let mut text = String::new();
    for l in out {
        let _ = writeln!(text, "{l}");
    }
    text
}
