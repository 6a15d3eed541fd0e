//! The steps of a fixture's page: each turn with what must happen in
//! words (legal with its captures, or rejected with the rules it breaks)
//! and the board after it.

use super::words::check_words;
use crate::figure::{figures, outcome_words, Figure};
use crate::markup::{inline, svg};
use hexodic_engine::CaptureKinds;
use hexodic_harness::corpus::{Fixture, StepCheck, Trace, TraceStep};
use hexodic_render::{fault_lines, BoardPicture};
use hexodic_report::{codes, turn_cells, TurnVerdict};
use hexodic_rules::{CellSet, ReasonSet, Setup};
use maud::{html, Markup};

fn reason_words(r: ReasonSet) -> String {
    let parts: Vec<String> = r
        .iter()
        .map(|x| format!("`{}` ({})", x.code(), x.rules().join(", ")))
        .collect();
    parts.join(", ")
}

/// The steps, and their number of boards.
pub(super) fn steps_section(fx: &Fixture, trace: &Trace, prefix: &str) -> (Markup, usize) {
    if fx.steps.is_empty() {
        return (html! {}, 0);
    }
    let mut before = trace.start;
    let mut sections = Vec::new();
    for (i, (st, ts)) in fx.steps.iter().zip(&trace.steps).enumerate() {
        let n = i + 1;
        let mover = before.map_or(String::new(), |b| format!("{} plays ", b.to_move));
        sections.push(html! {
            section.step id={ "step-" (n) } {
                (step_words(n, &mover, st, ts))
                (figures(&[step_figure(fx, n, ts, prefix)]))
            }
        });
        before = Some(ts.position);
    }
    let markup = html! {
        h2 { "Steps" }
        @for s in &sections { (s) }
    };
    (markup, sections.len())
}

/// The words of one step: the turn, what must happen, and the fixture's
/// checks after it.
fn step_words(n: usize, mover: &str, st: &StepCheck, ts: &TraceStep) -> Markup {
    let lines = check_words(&st.checks);
    html! {
        div.words {
            h3 { (inline(&format!("Step {n}: {mover}`{}`", ts.turn))) }
            ul {
                @match ts.verdict {
                    TurnVerdict::Legal => (legal_step_items(ts)),
                    TurnVerdict::Illegal(r) => (illegal_step_items(r)),
                }
                li { "Legal turns then: " (ts.legal) "." }
            }
            @if !lines.is_empty() {
                p { "The fixture checks:" }
                ul { @for l in &lines { li { (inline(l)) } } }
            }
        }
    }
}

/// The list items of a legal step: the verdict, what it captures and the
/// position after it.
fn legal_step_items(ts: &TraceStep) -> Markup {
    let k = ts.captured;
    html! {
        li { span.verdict-legal { "Legal." } }
        @if k.all().any() {
            li { (inline(&format!("Captured: {}.", capture_parts(&k).join("; ")))) }
        } @else {
            li { "Nothing is captured." }
        }
        li { (position_words(&ts.position)) }
    }
}

/// The captures of a legal step in words, one phrase per kind of capture.
fn capture_parts(k: &CaptureKinds) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(c) = k.by_move {
        parts.push(format!("`{c}` by the Move (T6)"));
    }
    if k.encircled.any() {
        parts.push(format!("{} by encirclement (C1)", cells_plain(k.encircled)));
    }
    if k.echo.any() {
        parts.push(format!(
            "{} by the Echo-Capture group check (E4)",
            cells_plain(k.echo)
        ));
    }
    parts
}

/// The list items of a rejected step: the rules it breaks, and that the
/// board stays.
fn illegal_step_items(r: ReasonSet) -> Markup {
    html! {
        li {
            span.verdict-illegal { "Must be rejected" }
            (inline(&format!(": it breaks {}.", reason_words(r))))
        }
        @if r.iter().count() > 1 {
            li { "It breaks several rules: naming any one of these reasons is a right answer (V2)." }
        }
        li { "The board stays as it was; play goes on from it." }
    }
}

/// The figure of the board after step `n` (counted from 1), its SVG ids
/// starting with `prefix`; a rejected turn is drawn on the unchanged
/// board, its cells outlined.
pub(super) fn step_figure(fx: &Fixture, n: usize, ts: &TraceStep, prefix: &str) -> Figure {
    let (caption, captured, outlined) = match ts.verdict {
        TurnVerdict::Legal => (
            format!("After step {n}: `{}` drawn", ts.turn),
            ts.captured.all(),
            CellSet::EMPTY,
        ),
        TurnVerdict::Illegal(r) => (
            format!("Step {n}: `{}` is rejected ({})", ts.turn, codes(r)),
            CellSet::EMPTY,
            turn_cells(ts.turn),
        ),
    };
    Figure {
        caption,
        class: "wide",
        svg: svg(BoardPicture::new(&ts.position)
            .turn(ts.turn)
            .captured(captured)
            .highlight(outlined)
            .title(format!("{} after step {n}", fx.id))
            .id_prefix(format!("{prefix}-step{n}-"))
            .to_svg()),
    }
}

/// `` `a1`, `a2` `` (for the words of a step).
fn cells_plain(s: CellSet) -> String {
    s.iter()
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The figure of a setup that is not a valid position, with its faults.
pub(super) fn invalid_setup_figure(fx: &Fixture, prefix: &str) -> Figure {
    Figure {
        caption: "The setup as given (not a valid position)".into(),
        class: "wide",
        svg: svg(BoardPicture::new(&fx.setup)
            .faults(fault_lines(&fx.setup))
            .title(format!("The setup of {}, not a valid position", fx.id))
            .id_prefix(format!("{prefix}-setup-"))
            .to_svg()),
    }
}

/// The figure of the start position (the last setup turn drawn, if any).
pub(super) fn start_figure(fx: &Fixture, start: &Setup, prefix: &str) -> Figure {
    let mut pic = BoardPicture::new(start)
        .title(format!("The start of {}", fx.id))
        .id_prefix(format!("{prefix}-start-"));
    let caption = match fx.prelude.last() {
        Some(t) => {
            pic = pic.turn(t.turn);
            format!(
                "Start: after the setup turns (the last, `{}`, drawn)",
                t.turn
            )
        }
        None => "Start".to_owned(),
    };
    Figure {
        caption,
        class: "wide",
        svg: svg(pic.to_svg()),
    }
}

/// A position in words: who is to move, or how the game ended.
pub(super) fn position_words(p: &Setup) -> String {
    match p.outcome {
        Some(o) => format!("The game is over: {}.", outcome_words(Some(o))),
        None => format!("{} to move, half-move {}.", p.to_move, p.half_moves),
    }
}
