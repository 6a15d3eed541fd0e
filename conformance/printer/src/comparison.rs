//! A comparison with a baseline, as text: its totals and headline (the
//! model's sentences), then the fixtures newly failing, with new
//! incidents, failing differently and fixed, each with its rerun line.

use crate::style::{Role, Styles};
use hexodic_io::escape::terminal;
use hexodic_report::{count, Comparison, FixtureChange};
use std::fmt::Write as _;

/// At most this many fixtures are named per group unless every one is asked for.
pub const NAMED: usize = 10;

fn named(
    out: &mut String,
    what: &str,
    list: &[FixtureChange],
    all: bool,
    styles: &Styles,
    role: Role,
    line: &dyn Fn(&FixtureChange) -> String,
) {
    if list.is_empty() {
        return;
    }
    let _ = writeln!(out, "  {}:", styles.paint(role, what));
    let shown = if all {
        list.len()
    } else {
        NAMED.min(list.len())
    };
    for f in &list[..shown] {
        let _ = writeln!(out, "    {}", line(f));
        if let Some(r) = &f.rerun {
            let _ = writeln!(
                out,
                "      {}",
                styles.paint(Role::Rerun, &format!("rerun: {r}"))
            );
        }
    }
    if list.len() > shown {
        let _ = writeln!(
            out,
            "    ... and {} more (`-v` lists them all)",
            list.len() - shown
        );
    }
}

fn ids(list: &[String], all: bool) -> String {
    let n = if all {
        list.len()
    } else {
        NAMED.min(list.len())
    };
    let shown: Vec<&str> = list[..n].iter().map(String::as_str).collect();
    let more = list.len() - n;
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

/// The comparison in words, for the terminal; `all` names every fixture.
pub fn comparison_text(c: &Comparison, all: bool, styles: &Styles) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "against the baseline ({}): {}",
        terminal(&c.baseline_engine),
        c.totals_line()
    );
    let head = c.headline();
    if !head.is_empty() {
        let _ = writeln!(out, "  this build {head}");
    }
    let with_rules =
        |f: &FixtureChange| format!("{} ({}): {}", f.id, f.rules.join(", "), terminal(&f.cause));
    named(
        &mut out,
        "newly failing",
        &c.newly_failing,
        all,
        styles,
        Role::Fail,
        &with_rules,
    );
    named(
        &mut out,
        "new incidents",
        &c.new_incidents,
        all,
        styles,
        Role::Incident,
        &with_rules,
    );
    named(
        &mut out,
        "failing differently",
        &c.changed,
        all,
        styles,
        Role::Fail,
        &|f| {
            let sig = |s: &Option<hexodic_report::Signature>| {
                s.as_ref().map_or_else(String::new, ToString::to_string)
            };
            format!(
                "{}: was {}, now {}",
                f.id,
                sig(&f.signature_before),
                sig(&f.signature_after)
            )
        },
    );
    named(&mut out, "fixed", &c.fixed, all, styles, Role::Pass, &|f| {
        format!("{} ({})", f.id, f.rules.join(", "))
    });
    if !c.same_corpus || !c.added_fixtures.is_empty() || !c.removed_fixtures.is_empty() {
        let _ = writeln!(
            out,
            "  compared on the {} fixtures both ran (baseline corpus {}{})",
            c.shared_fixtures,
            c.baseline_corpus_version,
            if c.same_corpus {
                ", the same"
            } else {
                ", another version"
            }
        );
        if !c.added_fixtures.is_empty() {
            let _ = writeln!(
                out,
                "  {} not in the baseline: {}",
                count(c.added_fixtures.len(), "fixture", "fixtures"),
                ids(&c.added_fixtures, all)
            );
        }
        if !c.removed_fixtures.is_empty() {
            let _ = writeln!(
                out,
                "  {} only in the baseline: {}",
                count(c.removed_fixtures.len(), "fixture", "fixtures"),
                ids(&c.removed_fixtures, all)
            );
        }
    }
    out
}
