//! The steps of a fixture's page: each turn with what must happen in
//! words (legal with its captures, or rejected with the rules it breaks)
//! and the board after it.

use super::fixture_page::position_words;
use super::words::check_words;
use crate::corpus::{Fixture, StepCheck, Trace, TraceStep};
use crate::engine::CaptureKinds;
use crate::oracle::{codes, TurnVerdict};
use crate::report::html::page::{inline, Html};
use crate::report::html::{figures, Figure};
use hexodic_render::BoardPicture;
use hexodic_rules::ReasonSet;

fn reason_words(r: ReasonSet) -> String {
    let parts: Vec<String> = r
        .iter()
        .map(|x| format!("`{}` ({})", x.code(), x.rules().join(", ")))
        .collect();
    parts.join(", ")
}

pub(super) fn steps_section(h: &mut Html, fx: &Fixture, trace: &Trace, prefix: &str) -> usize {
    if fx.steps.is_empty() {
        return 0;
    }
    h.elem("h2", &[], "Steps");
    let mut boards = 0;
    let mut before = trace.start;
    for (i, (st, ts)) in fx.steps.iter().zip(&trace.steps).enumerate() {
        let n = i + 1;
        let mover = before.map_or(String::new(), |b| format!("{} plays ", b.to_move));
        h.open(
            "section",
            &[("class", "step"), ("id", &format!("step-{n}"))],
        );
        step_words(h, n, &mover, st, ts);
        step_board(h, fx, n, ts, prefix);
        boards += 1;
        h.close("section");
        before = Some(ts.position);
    }
    boards
}

/// The words of one step: the turn, what must happen, and the fixture's checks after it.
fn step_words(h: &mut Html, n: usize, mover: &str, st: &StepCheck, ts: &TraceStep) {
    h.open("div", &[("class", "words")]);
    h.elem_inline("h3", &[], &format!("Step {n}: {mover}`{}`", ts.turn));
    h.open("ul", &[]);
    match ts.verdict {
        TurnVerdict::Legal => legal_step_items(h, ts),
        TurnVerdict::Illegal(r) => illegal_step_items(h, r),
    }
    h.elem("li", &[], &format!("Legal turns then: {}.", ts.legal));
    h.close("ul");
    let lines = check_words(&st.checks);
    if !lines.is_empty() {
        h.elem("p", &[], "The fixture checks:");
        h.open("ul", &[]);
        for l in lines {
            h.elem_inline("li", &[], &l);
        }
        h.close("ul");
    }
    h.close("div");
}

/// The list items of a legal step: the verdict, what it captures and the position after it.
fn legal_step_items(h: &mut Html, ts: &TraceStep) {
    h.open("li", &[])
        .elem("span", &[("class", "verdict-legal")], "Legal.")
        .close("li");
    let k = ts.captured;
    if k.all().any() {
        let parts = capture_parts(&k);
        h.elem_inline("li", &[], &format!("Captured: {}.", parts.join("; ")));
    } else {
        h.elem("li", &[], "Nothing is captured.");
    }
    h.elem("li", &[], &position_words(&ts.position));
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

/// The list items of a rejected step: the rules it breaks, and that the board stays.
fn illegal_step_items(h: &mut Html, r: ReasonSet) {
    h.open("li", &[])
        .elem("span", &[("class", "verdict-illegal")], "Must be rejected")
        .raw(&inline(&format!(": it breaks {}.", reason_words(r))))
        .close("li");
    if r.iter().count() > 1 {
        h.elem(
            "li",
            &[],
            "It breaks several rules: naming any one of these reasons is a right answer (V2).",
        );
    }
    h.elem(
        "li",
        &[],
        "The board stays as it was; play goes on from it.",
    );
}

/// The board after one step; a rejected turn is drawn on the unchanged board, its cells outlined.
fn step_board(h: &mut Html, fx: &Fixture, n: usize, ts: &TraceStep, prefix: &str) {
    figures(h, &[step_figure(fx, n, ts, prefix)]);
}

/// The figure of the board after step `n` (counted from 1), its SVG ids
/// starting with `prefix`.
pub(super) fn step_figure(fx: &Fixture, n: usize, ts: &TraceStep, prefix: &str) -> Figure {
    let (caption, captured, outlined) = match ts.verdict {
        TurnVerdict::Legal => (
            format!("After step {n}: `{}` drawn", ts.turn),
            ts.captured.all(),
            hexodic_rules::CellSet::EMPTY,
        ),
        TurnVerdict::Illegal(r) => (
            format!("Step {n}: `{}` is rejected ({})", ts.turn, codes(r)),
            hexodic_rules::CellSet::EMPTY,
            crate::oracle::turn_cells(ts.turn),
        ),
    };
    Figure {
        caption,
        class: "wide",
        svg: BoardPicture::new(&ts.position)
            .turn(ts.turn)
            .captured(captured)
            .highlight(outlined)
            .title(format!("{} after step {n}", fx.id))
            .id_prefix(format!("{prefix}-step{n}-"))
            .to_svg(),
    }
}

/// `a1, a2` (for the words of a step).
fn cells_plain(s: hexodic_rules::CellSet) -> String {
    s.iter()
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
