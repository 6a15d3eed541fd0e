//! The boards of a divergence: the board before a played turn with the
//! turn drawn, the reference's and the engine's boards after it, or both
//! positions of a check on a position, and the turns a legal list or a
//! perft count disagrees on. The differing cells are outlined on the
//! engine's board only; a board whose game is over marks the cells that
//! made the result (the Network group).

use super::fields::differing_cells;
use super::outcome::{outcome_cells, outcome_note};
use crate::figure::Figure;
use crate::markup::svg;
use hexodic_engine::PositionReply;
use hexodic_harness::diagnose::board_after;
use hexodic_render::{fault_lines, BoardPicture};
use hexodic_report::{codes, turn_cells, Difference, Divergence, ListDiff, TurnVerdict};
use hexodic_rules::{CellSet, Setup, Turn, TurnReport};

/// The captures the engine reported, when the difference says.
fn engine_captures(d: &Difference) -> Option<CellSet> {
    match d {
        Difference::Captures { got, .. } => Some(*got),
        _ => None,
    }
}

/// `picture` with the line saying why its game ended, when it has ended.
fn with_note(picture: BoardPicture, s: &Setup) -> BoardPicture {
    match outcome_note(s) {
        Some(note) => picture.caption(note),
        None => picture,
    }
}

/// The board pictures of a divergence: where it happened, and the
/// reference's and the engine's boards, the differing cells highlighted on
/// the engine's.
pub(super) fn divergence_boards(d: &Divergence, prefix: &str) -> Vec<Figure> {
    match (d.turn, d.expected.as_ref(), d.before.as_ref()) {
        // A turn was played: before, then both boards after.
        (Some(turn), Some(expected), Some(before)) => {
            played_boards(d, turn, expected, before, prefix)
        }
        // A check on a position (the start, or after a step): the
        // reference's position and the engine's, then the turns in question.
        (turn, _, Some(before)) => position_boards(d, turn, before, prefix),
        _ => Vec::new(),
    }
}

/// The boards of a played turn: before it, then the reference's and the engine's after it.
fn played_boards(
    d: &Divergence,
    turn: Turn,
    expected: &Setup,
    before: &Setup,
    prefix: &str,
) -> Vec<Figure> {
    let cells = differing_cells(&d.difference, Some(expected), d.got.as_ref());
    let step = if d.step == 0 {
        "the setup turn".to_owned()
    } else {
        format!("step {}", d.step)
    };
    let mut out = vec![Figure {
        caption: format!("Before {step}: {} plays `{turn}`", before.to_move),
        class: "before",
        svg: svg(BoardPicture::new(before)
            .turn(turn)
            .title(format!("The board before {step}, with the turn {turn}"))
            .id_prefix(format!("{prefix}before-"))
            .to_svg()),
    }];
    let (ref_words, engine_words) = match &d.difference {
        Difference::Verdict {
            expected: e, got, ..
        } => (verdict_words(*e), verdict_words(*got)),
        _ => ("plays it".to_owned(), "plays it".to_owned()),
    };
    // The reference's captures drawn by kind (C1, E4, T6).
    let kinds = d.captures.map_or_else(TurnReport::default, |k| TurnReport {
        move_capture: k.by_move,
        encircled: k.encircled,
        echo_captured: k.echo,
    });
    out.push(Figure {
        caption: format!("Reference after {step} ({ref_words})"),
        class: "reference",
        svg: svg(with_note(BoardPicture::new(expected), expected)
            .captures(kinds)
            .cause(outcome_cells(expected))
            .title(format!("The reference's board after {step}"))
            .id_prefix(format!("{prefix}reference-"))
            .to_svg()),
    });
    if let Some(got) = d.got.as_ref() {
        out.push(Figure {
            caption: format!("Engine after {step} ({engine_words})"),
            class: "engine",
            svg: svg(with_note(BoardPicture::new(got), got)
                .captured(engine_captures(&d.difference).unwrap_or(CellSet::EMPTY))
                .highlight(cells)
                .cause(outcome_cells(got))
                .title(format!("The engine's board after {step}"))
                .id_prefix(format!("{prefix}engine-"))
                .to_svg()),
        });
    }
    out
}

/// The boards of a check on a position: the reference's, the engine's, then the turns in question.
fn position_boards(
    d: &Divergence,
    turn: Option<Turn>,
    before: &Setup,
    prefix: &str,
) -> Vec<Figure> {
    let at = match (d.step, turn) {
        (0, None) => "start position".to_owned(),
        (0, Some(_)) => "position after the setup turns".to_owned(),
        (n, _) => format!("position after step {n}"),
    };
    let mut out = vec![reference_position_board(d, turn, before, &at, prefix)];
    let turns = list_boards(&d.difference, before, prefix);
    // The engine's board adds nothing when it is the reference's and
    // the turns in question are drawn.
    let same = d.got.as_ref() == Some(before) && !turns.is_empty();
    if let Some(got) = d.got.as_ref().filter(|_| !same) {
        out.push(engine_position_board(d, turn, got, &at, prefix));
    }
    out.extend(turns);
    out
}

/// The reference's position `at`, its faults listed, with a caption saying whether it is valid.
fn reference_position_board(
    d: &Divergence,
    turn: Option<Turn>,
    before: &Setup,
    at: &str,
    prefix: &str,
) -> Figure {
    let faults = fault_lines(before);
    let mut pic = BoardPicture::new(before)
        .faults(faults.clone())
        .title(format!("The reference's {at}"))
        .id_prefix(format!("{prefix}reference-"));
    if let Some(t) = turn {
        pic = pic.turn(t);
    }
    let caption = match (&d.difference, faults.is_empty()) {
        (Difference::Validity { .. } | Difference::Faults { .. }, false) => {
            format!("Reference {at}: not a valid position")
        }
        (Difference::Validity { .. }, true) => {
            format!("Reference {at}: a valid position")
        }
        _ => format!("Reference {at}"),
    };
    Figure {
        caption,
        class: "reference",
        svg: svg(pic.to_svg()),
    }
}

/// The engine's position `at`, with a caption saying how it answered.
fn engine_position_board(
    d: &Divergence,
    turn: Option<Turn>,
    got: &Setup,
    at: &str,
    prefix: &str,
) -> Figure {
    let caption = match &d.difference {
        Difference::Validity { got, .. } => {
            format!("Engine {at}: {}", position_reply_words(got))
        }
        Difference::Faults { got, .. } => format!(
            "Engine {at}: invalid with {}",
            got.iter().map(|f| f.code()).collect::<Vec<_>>().join(", ")
        ),
        _ => format!("Engine {at} (as it last reported it)"),
    };
    let mut pic = BoardPicture::new(got)
        .highlight(d.difference.cells())
        .title(format!("The engine's {at}"))
        .id_prefix(format!("{prefix}engine-"));
    if let Some(t) = turn {
        pic = pic.turn(t);
    }
    Figure {
        caption,
        class: "engine",
        svg: svg(pic.to_svg()),
    }
}

fn verdict_words(v: TurnVerdict) -> String {
    match v {
        TurnVerdict::Legal => "plays it".into(),
        TurnVerdict::Illegal(r) if r.is_empty() => "rejects it; the board stays".into(),
        TurnVerdict::Illegal(r) => format!("rejects it with {}; the board stays", codes(r)),
    }
}

fn position_reply_words(r: &PositionReply) -> String {
    match r {
        PositionReply::Accepted => "accepts it as valid".into(),
        PositionReply::Invalid(f) if f.is_empty() => "rejects it as invalid".into(),
        PositionReply::Invalid(f) => format!(
            "rejects it as invalid with {}",
            f.iter().map(|x| x.code()).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// For a legal-list difference, the first turn the engine misses and the
/// first it lists wrongly, each drawn on the position; for a perft
/// difference, the same on the position its bisection reached.
fn list_boards(d: &Difference, position: &Setup, prefix: &str) -> Vec<Figure> {
    match d {
        Difference::LegalList { list } => turn_boards(list, position, "", prefix),
        Difference::Perft {
            path,
            below: Some(b),
            ..
        } => {
            let Difference::LegalList { list: l } = b.as_ref() else {
                return Vec::new();
            };
            let Some(reached) = board_after(position, path) else {
                return Vec::new();
            };
            let line: Vec<String> = path.iter().map(|t| format!("`{t}`")).collect();
            let after = if line.is_empty() {
                String::new()
            } else {
                format!(" after {}", line.join(", "))
            };
            turn_boards(l, &reached, &after, prefix)
        }
        _ => Vec::new(),
    }
}

fn turn_boards(l: &ListDiff, position: &Setup, after: &str, prefix: &str) -> Vec<Figure> {
    let mut out = Vec::new();
    if let Some(t) = l.missing.first() {
        let engine = match t.engine {
            Some(TurnVerdict::Illegal(r)) if !r.is_empty() => {
                format!("the engine rejects it with {}", codes(r))
            }
            Some(TurnVerdict::Illegal(_)) => "the engine rejects it".into(),
            Some(TurnVerdict::Legal) => "the engine plays it but does not list it".into(),
            None => "the engine does not list it".into(),
        };
        out.push(Figure {
            caption: format!(
                "Legal{after}, missing from the engine's list: `{}` ({engine})",
                t.turn
            ),
            class: "reference",
            svg: svg(BoardPicture::new(position)
                .turn(t.turn)
                .highlight(turn_cells(t.turn))
                .title(format!("A legal turn the engine does not list: {}", t.turn))
                .id_prefix(format!("{prefix}missing-"))
                .to_svg()),
        });
    }
    if let Some(t) = l.extra.first() {
        out.push(Figure {
            caption: format!(
                "Listed by the engine{after}: `{}`, {}",
                t.turn,
                t.reference.describe()
            ),
            class: "engine",
            svg: svg(BoardPicture::new(position)
                .turn(t.turn)
                .highlight(turn_cells(t.turn))
                .title(format!("A turn the engine lists wrongly: {}", t.turn))
                .id_prefix(format!("{prefix}extra-"))
                .to_svg()),
        });
    }
    out
}
