//! The multi-line board diagram (B3), for YAML fixtures and failure reports.
//!
//! Seven lines, rows `g` (top) to `a`, each optionally starting with its row
//! letter; cells are the tokens of the one-line notation (`.`, `x1`, `o2*`)
//! separated by white space, and indentation is cosmetic. An optional eighth
//! line carries the rest of the state in the one-line notation's form
//! (`x 0 x:r7c3k0u0l6 o:r7c3k0u0l6`). Blank lines are ignored.
//!
//! ```text
//! g       .   .   .   .
//! f     .   .   .   .   .
//! e   .   .   .   .   .   .
//! d .   .   .  x2*  .   .   .
//! c   .   .  o1   .   .   .   7
//! b     .   .   .   .   .   6
//! a       .   .   .   .   5
//!           1   2   3   4
//! o 3 x:r6c2k0u2l6PL o:r6c3k0u1l6P
//! ```
//!
//! The cell numbers on the lower right rim are cosmetic too: each sits at
//! the end of its line of cells running down and to the right (`c3`, `b3`
//! and `a3` lie on the line of `3`), and the parser accepts the diagram
//! with or without them.

use crate::position::Position;
use crate::setup::{Setup, SetupCell};
use crate::text::notation::{
    parse_trailer, row_cells, write_cell, write_trailer, Cursor, PositionParseError,
};
use std::fmt::Write;

/// Largest diagram accepted, in bytes.
pub const MAX_DIAGRAM_LEN: usize = 8 * 1024;

/// Why a diagram could not be read: where (1-based line and column within
/// the diagram text) and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct DiagramError {
    /// 1-based line within the diagram.
    pub line: usize,
    /// 1-based column within that line, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

fn err(line: usize, column: usize, message: impl Into<String>) -> DiagramError {
    DiagramError {
        line,
        column,
        message: message.into(),
    }
}

/// Parse the seven board lines (and the state line, if `with_state`).
fn parse(text: &str, with_state: bool) -> Result<Setup, DiagramError> {
    if text.len() > MAX_DIAGRAM_LEN {
        return Err(err(
            1,
            1,
            format!(
                "diagram is {} bytes, more than {MAX_DIAGRAM_LEN}",
                text.len()
            ),
        ));
    }
    let mut setup = Setup::default();
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty());
    let mut last_line = 1;
    for y in (-3..=3).rev() {
        let row = (b'a' + (y + 3) as u8) as char;
        let Some((ln, line)) = lines.next() else {
            return Err(err(
                last_line + 1,
                1,
                format!("missing row {row} (rows g to a, top to bottom)"),
            ));
        };
        last_line = ln;
        let mut toks = tokens(line).peekable();
        if let Some((col, t)) = toks.peek().copied() {
            if t.len() == 1 && t.as_bytes()[0].is_ascii_lowercase() && !matches!(t, "x" | "o") {
                if t.as_bytes()[0] as char != row {
                    return Err(err(
                        ln,
                        col,
                        format!("row label `{t}` where row {row} was expected"),
                    ));
                }
                toks.next();
            }
        }
        let cells: Vec<_> = row_cells(y).collect();
        let mut n = 0;
        for (col, tok) in toks {
            if n == cells.len() && rim_number(y).is_some_and(|r| tok == r.to_string()) {
                // The cell number on the rim, as `diagram` prints it.
                continue;
            }
            if n == cells.len() {
                return Err(err(
                    ln,
                    col,
                    format!("row {row} has more than {} cells", cells.len()),
                ));
            }
            setup.cells[cells[n].index()] = cell(tok, ln, col)?;
            n += 1;
        }
        if n < cells.len() {
            return Err(err(
                ln,
                line.chars().count() + 1,
                format!("row {row} has {n} cells, expected {}", cells.len()),
            ));
        }
    }
    let mut lines = lines.peekable();
    if let Some((_, l)) = lines.peek() {
        // The cell numbers under row a, as `diagram` prints them.
        if tokens(l).map(|(_, t)| t).eq(BOTTOM_NUMBERS.iter().copied()) {
            lines.next();
        }
    }
    match (lines.next(), with_state) {
        (Some((ln, line)), true) => {
            let trimmed = line.trim_start();
            let first = line.chars().count() - trimmed.chars().count() + 1;
            let mut cur = Cursor::new(trimmed.trim_end(), first);
            let (to_move, half_moves, counters, outcome) = parse_trailer(&mut cur)
                .map_err(|e: PositionParseError| err(ln, e.column, e.kind.to_string()))?;
            setup.to_move = to_move;
            setup.half_moves = half_moves;
            setup.counters = counters;
            setup.outcome = outcome;
            if let Some((ln, _)) = lines.next() {
                return Err(err(ln, 1, "unexpected text after the state line"));
            }
        }
        (None, true) => {
            return Err(err(
                last_line + 1,
                1,
                "missing state line (for example `x 0 x:r7c3k0u0l6 o:r7c3k0u0l6`)",
            ));
        }
        (Some((ln, _)), false) => return Err(err(ln, 1, "unexpected text after row a")),
        (None, false) => {}
    }
    Ok(setup)
}

fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> + Clone {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut col = 0;
    for (b, ch) in line.char_indices() {
        col += 1;
        if ch.is_whitespace() {
            if let Some((sb, sc)) = start.take() {
                out.push((sc, &line[sb..b]));
            }
        } else if start.is_none() {
            start = Some((b, col));
        }
    }
    if let Some((sb, sc)) = start {
        out.push((sc, &line[sb..]));
    }
    out.into_iter()
}

fn cell(tok: &str, line: usize, col: usize) -> Result<SetupCell, DiagramError> {
    let mut cur = Cursor::new(tok, col);
    let c = cur
        .cell_token()
        .map_err(|e| err(line, e.column, e.kind.to_string()))?;
    if !cur.at_end() {
        return Err(err(
            line,
            cur.column,
            format!("unexpected text in cell `{tok}`"),
        ));
    }
    Ok(c)
}

/// Parse the seven board lines only; counters, side and half-moves are left
/// at their starting values for the caller to fill in.
pub fn parse_board(text: &str) -> Result<Setup, DiagramError> {
    parse(text, false)
}

/// Parse a full diagram: seven board lines and the state line.
pub fn parse_diagram(text: &str) -> Result<Setup, DiagramError> {
    parse(text, true)
}

/// The cell numbers printed under row `a`: the numbers of `a1` to `a4`.
const BOTTOM_NUMBERS: [&str; 4] = ["1", "2", "3", "4"];

/// The cell number printed at the right end of row `y`, below `d`: the
/// number of the down-right diagonal that leaves the board there (B2, B3:
/// cells with the same number lie on a line running down and to the right).
fn rim_number(y: i8) -> Option<i8> {
    (y < 0).then(|| (3 + y).min(3) + 5)
}

/// Write the seven board lines: row letters on the left, hexagonal
/// indentation, and the cell numbers on the lower right rim (each number
/// sits at the end of its down-right line of cells: `1` to `4` under row
/// `a`, `5` to `7` after rows `a` to `c`).
pub fn board_diagram(setup: &Setup) -> String {
    let mut out = String::new();
    for y in (-3..=3).rev() {
        let row = (b'a' + (y + 3) as u8) as char;
        let cells: Vec<_> = row_cells(y).collect();
        let _ = write!(out, "{row} {}", " ".repeat((7 - cells.len()) * 2));
        for (i, c) in cells.iter().enumerate() {
            let mut tok = String::new();
            write_cell(&mut tok, &setup.cells[c.index()]);
            if i + 1 < cells.len() || rim_number(y).is_some() {
                let _ = write!(out, "{tok:<4}");
            } else {
                out.push_str(&tok);
            }
        }
        if let Some(n) = rim_number(y) {
            let _ = write!(out, "{n}");
        }
        out.push('\n');
    }
    let _ = writeln!(out, "{}{}", " ".repeat(10), BOTTOM_NUMBERS.join("   "));
    out
}

/// Write the full diagram: board lines and the state line.
pub fn diagram(setup: &Setup) -> String {
    let mut out = board_diagram(setup);
    write_trailer(&mut out, setup);
    out.push('\n');
    out
}

impl Position {
    /// The full diagram of this position.
    pub fn diagram(&self) -> String {
        diagram(&Setup::from(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagram_round_trips() {
        let s = "x2*.../...../....../...x1.../..o1.../...../.... o 3 x:r5c2k0u3l6PL o:r6c3k0u1l6P";
        let setup = Setup::from_notation(s).unwrap();
        let d = diagram(&setup);
        assert_eq!(parse_diagram(&d).unwrap(), setup);
        // Indentation and labels are cosmetic.
        let loose: String = d
            .lines()
            .map(|l| {
                let l = l.trim_start_matches(|c: char| "abcdefg".contains(c));
                format!("   {}\n", l.trim())
            })
            .collect();
        assert_eq!(parse_diagram(&loose).unwrap(), setup);
    }

    #[test]
    fn diagram_errors_point_at_line_and_column() {
        let e = parse_board("g . . . .\nf . . . . .\ne . . . q . .\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 9));
        let e = parse_board("g . . . . .\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 11));
        let e = parse_board("f . . . .\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = parse_board("g . . . .\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("missing row f"));
    }
}
