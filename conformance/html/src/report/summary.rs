//! The report's summary: the tiles with one count per kind of result, the
//! totals in the model's one sentence and what it leaves to say, the exit
//! code with what decided it, notes on an unusable engine or an incomplete
//! run, the engine's warnings, and the files that could not be loaded.

use super::writer::Writer;
use crate::figure::key_list;
use crate::markup::inline;
use hexodic_report::{count, Exit, Totals};
use maud::{html, Markup};

impl Writer<'_> {
    /// The summary section.
    pub(super) fn summary(&self) -> Markup {
        let r = self.r;
        let t = &r.summary;
        html! {
            section #summary {
                h2 { "Summary" }
                div.tiles {
                    @for (label, n, class) in tile_counts(t) {
                        div class=(class) { b { (n) } (label) }
                    }
                }
                details.lines {
                    summary { "The totals in words" }
                    @for line in summary_lines(&r.engine.label(), t, r.elapsed_seconds) {
                        p { (inline(&line)) }
                    }
                    p { (inline(&r.corpus_words())) }
                    p { (Exit::words_of_run(r)) }
                }
                @if !r.root_causes.is_empty() {
                    details.key #key {
                        summary { "Key to the boards: how to read a cause, every mark and what it means" }
                        p.muted { "Failing fixtures are grouped by what the engine does wrong, as the first check they fail shows it: the rules heading the difference, its kind and its reason code or field. Each cause shows its smallest example first. Beside each failure's boards, one line says which fields differ; on the engine's board a thick dashed vermilion outline marks the cells that differ, a dotted outline the cells that make a result (a Network group, strangled stones) and a bold line under a finished game's board says why it ended, a dashed circle with a cross a captured stone, and blue marks draw the turn. The switch above the boards shows one board at a time in the same place; the arrow keys step from the board before the turn to the reference's and the engine's." }
                        (key_list())
                    }
                }
                @if let Some(u) = &r.engine.unusable {
                    p.faults { "engine unusable: " (u) }
                }
                @if let Some(st) = r.stopped {
                    p.faults { "run incomplete: " (st.describe()) }
                }
                @if !r.engine.warnings.is_empty() {
                    ul.brief {
                        @for w in &r.engine.warnings { li { "warning: " (w) } }
                    }
                }
                @if !r.errors.is_empty() {
                    h3 { "Files that could not be loaded" }
                    ul.brief.faults {
                        @for e in &r.errors { li { "ERROR " (e) } }
                    }
                }
            }
        }
    }
}

/// The totals in lines: the one sentence every writer gives, then what it
/// leaves to say.
fn summary_lines(engine: &str, t: &Totals, elapsed: f64) -> Vec<String> {
    let mut out = vec![format!(
        "engine {engine}: {}; {} in {elapsed:.3} s",
        t.sentence(),
        count(t.variant_runs, "variant run", "variant runs")
    )];
    out.push(format!(
        "failures of documented rules: {}; differences on rulings: {}",
        t.failed_documented, t.failed_ruling
    ));
    if t.changed_failures > 0 {
        out.push(format!(
            "changed failures: {} listed as expected failures fail another way (the run fails; `--update-expectations` pins the new signatures)",
            count(t.changed_failures, "fixture", "fixtures")
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
            "checks skipped for missing capabilities: {}",
            v.join("; ")
        ));
    }
    if t.without_trace > 0 {
        out.push(format!(
            "{} ran without a golden trace (only the fixture's own checks); `hexodic-conformance bless` writes them",
            count(t.without_trace, "fixture", "fixtures")
        ));
    }
    out
}

/// The summary's tiles: label, count and class (`tile`, with `good`, `bad`
/// or `warn` when it needs attention); the files that did not load only
/// when there are some.
fn tile_counts(t: &Totals) -> Vec<(&'static str, usize, &'static str)> {
    let mark = |n: usize, class: &'static str| if n > 0 { class } else { "tile" };
    let mut tiles = vec![
        ("fixtures", t.fixtures, "tile"),
        ("passed", t.passed, "tile good"),
        ("failed", t.failed, mark(t.failed, "tile bad")),
        (
            "documented rules",
            t.failed_documented,
            mark(t.failed_documented, "tile bad"),
        ),
        (
            "on rulings",
            t.failed_ruling,
            mark(t.failed_ruling, "tile bad"),
        ),
        ("skipped", t.skipped, mark(t.skipped, "tile warn")),
        ("incidents", t.incidents, mark(t.incidents, "tile warn")),
    ];
    if t.errors > 0 {
        tiles.push(("load errors", t.errors, "tile bad"));
    }
    tiles
}
