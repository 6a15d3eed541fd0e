//! The one-line position notation: lossless (every field of the state) and
//! canonical (exactly one string per state; the parser accepts nothing else).
//!
//! ```text
//! ..../...../....../......./....../...../.... x 0 x:r7c3k0u0l6 o:r7c3k0u0l6
//! ```
//!
//! Fields, separated by single spaces:
//! 1. the board, rows `g` (top) to `a` separated by `/`, each row's cells from
//!    number low to high. A cell is `.` (no stone), `x` or `o`, then its tier
//!    digit when above 0, then `*` when locked: `.`, `x1`, `o2*`, `.2*`.
//! 2. the player to move, `x` or `o`.
//! 3. the half-move count.
//! 4. and 5. each player's counters, `x:` then `o:`: `r` reserve, `c` charges,
//!    `k` captures, `u` raises, `l` lowers left (all decimal, no leading zeros),
//!    then `P` if the player has made its first Place, `L` if it has used its
//!    Echo-Lock, then the cooldown cells in board order in brackets: `[c3,e5]`.
//! 6. only for a finished game: `=` and the result, `=x:network`, `=o:cap2`,
//!    `=draw:cap`, `=draw:threefold` (see [`Outcome`]).

use crate::cell::Cell;
use crate::cellset::CellSet;
use crate::outcome::Outcome;
use crate::player::Player;
use crate::position::{Counters, Position};
use crate::setup::{InvalidSetup, Setup, SetupCell};
use std::fmt::{self, Write};
use std::str::FromStr;

/// Longest position string accepted, in bytes; longer input is refused at once.
pub const MAX_POSITION_LEN: usize = 1024;

/// Why a position string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {kind}")]
pub struct PositionParseError {
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: PositionParseErrorKind,
}

/// The kinds of [`PositionParseError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionParseErrorKind {
    /// Expected something else here.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What was expected.
        expected: &'static str,
        /// What was found (`end of text` at the end).
        found: String,
    },
    /// A board row has the wrong number of cells.
    #[error("row {row} has {found} cells, expected {expected}")]
    RowLength {
        /// The row letter.
        row: char,
        /// Cells found.
        found: usize,
        /// Cells in that row.
        expected: usize,
    },
    /// A number does not fit.
    #[error("number {0} is too large")]
    NumberTooLarge(String),
    /// Cooldown cells out of board order or repeated.
    #[error("cooldown cells must be in board order without repeats")]
    CooldownOrder,
    /// The text is longer than [`MAX_POSITION_LEN`].
    #[error("position text is {0} bytes long, more than the {MAX_POSITION_LEN} allowed")]
    TooLong(usize),
}

/// A position string that could not be read or does not describe a valid position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The text is not in the notation.
    #[error(transparent)]
    Parse(#[from] PositionParseError),
    /// The text describes an impossible position.
    #[error(transparent)]
    Invalid(#[from] InvalidSetup),
}

/// Character cursor with 1-based columns.
pub(crate) struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    /// Column of the next character.
    pub(crate) column: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(s: &'a str, first_column: usize) -> Self {
        Cursor {
            chars: s.chars().peekable(),
            column: first_column,
        }
    }

    pub(crate) fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    pub(crate) fn bump(&mut self) -> Option<char> {
        let c = self.chars.next();
        if c.is_some() {
            self.column += 1;
        }
        c
    }

    pub(crate) fn error(&mut self, expected: &'static str) -> PositionParseError {
        let found = match self.peek() {
            Some(c) => format!("`{c}`"),
            None => "end of text".to_owned(),
        };
        PositionParseError {
            column: self.column,
            kind: PositionParseErrorKind::Expected { expected, found },
        }
    }

    pub(crate) fn expect(&mut self, c: char, what: &'static str) -> Result<(), PositionParseError> {
        if self.peek() == Some(c) {
            self.bump();
            Ok(())
        } else {
            Err(self.error(what))
        }
    }

    /// A decimal number without leading zeros, at most `max`.
    pub(crate) fn number(
        &mut self,
        max: u64,
        what: &'static str,
    ) -> Result<u64, PositionParseError> {
        let col = self.column;
        let mut digits = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_ascii_digit()) {
            if digits.len() > 20 {
                break;
            }
            digits.push(c);
            self.bump();
        }
        if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
            self.column = col;
            return Err(PositionParseError {
                column: col,
                kind: PositionParseErrorKind::Expected {
                    expected: what,
                    found: if digits.is_empty() {
                        match self.peek() {
                            Some(c) => format!("`{c}`"),
                            None => "end of text".into(),
                        }
                    } else {
                        format!("`{digits}` (no leading zeros)")
                    },
                },
            });
        }
        match digits.parse::<u64>() {
            Ok(n) if n <= max => Ok(n),
            _ => Err(PositionParseError {
                column: col,
                kind: PositionParseErrorKind::NumberTooLarge(digits),
            }),
        }
    }

    /// A cell token: `.`/`x`/`o`, optional tier digit 1-9, optional `*`.
    pub(crate) fn cell_token(&mut self) -> Result<SetupCell, PositionParseError> {
        let stone = match self.peek() {
            Some('.') => None,
            Some('x') => Some(Player::X),
            Some('o') => Some(Player::O),
            _ => return Err(self.error("a cell (`.`, `x` or `o`, then tier, then `*` if locked)")),
        };
        self.bump();
        let mut tier = 0;
        if let Some(d) = self.peek().filter(|c| ('1'..='9').contains(c)) {
            tier = d as u8 - b'0';
            self.bump();
        }
        let locked = self.peek() == Some('*');
        if locked {
            self.bump();
        }
        Ok(SetupCell {
            stone,
            tier,
            locked,
        })
    }

    pub(crate) fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }
}

/// Cells of a row, `y = -3..3`, number order.
pub(crate) fn row_cells(y: i8) -> impl Iterator<Item = Cell> {
    (-3..=3).filter_map(move |x| Cell::from_xy(x, y))
}

pub(crate) fn write_cell(out: &mut String, c: &SetupCell) {
    out.push(match c.stone {
        None => '.',
        Some(p) => p.char(),
    });
    if c.tier > 0 {
        let _ = write!(out, "{}", c.tier);
    }
    if c.locked {
        out.push('*');
    }
}

fn write_counters(out: &mut String, p: Player, c: &Counters) {
    let _ = write!(
        out,
        "{}:r{}c{}k{}u{}l{}",
        p.char(),
        c.reserve,
        c.charges,
        c.captures,
        c.raises,
        c.lowers_left
    );
    if c.first_placed {
        out.push('P');
    }
    if c.lock_used {
        out.push('L');
    }
    if c.cooldown.any() {
        out.push('[');
        let names: Vec<String> = c.cooldown.iter().map(|c| c.to_string()).collect();
        out.push_str(&names.join(","));
        out.push(']');
    }
}

/// Write the part after the board: side, half-moves, counters, result.
pub(crate) fn write_trailer(out: &mut String, s: &Setup) {
    let _ = write!(out, "{} {} ", s.to_move.char(), s.half_moves);
    write_counters(out, Player::X, &s.counters[0]);
    out.push(' ');
    write_counters(out, Player::O, &s.counters[1]);
    if let Some(o) = s.outcome {
        let _ = write!(out, " ={o}");
    }
}

fn parse_counters(cur: &mut Cursor, p: Player) -> Result<Counters, PositionParseError> {
    cur.expect(p.char(), if p == Player::X { "`x:`" } else { "`o:`" })?;
    cur.expect(':', "`:`")?;
    let field = |cur: &mut Cursor, letter: char, what: &'static str| {
        cur.expect(letter, what)?;
        cur.number(255, "a number").map(|n| n as u8)
    };
    let reserve = field(cur, 'r', "`r` (reserve)")?;
    let charges = field(cur, 'c', "`c` (charges)")?;
    let captures = field(cur, 'k', "`k` (captures)")?;
    let raises = field(cur, 'u', "`u` (raises)")?;
    let lowers_left = field(cur, 'l', "`l` (lowers left)")?;
    let first_placed = cur.peek() == Some('P');
    if first_placed {
        cur.bump();
    }
    let lock_used = cur.peek() == Some('L');
    if lock_used {
        cur.bump();
    }
    let mut cooldown = CellSet::EMPTY;
    if cur.peek() == Some('[') {
        cur.bump();
        let mut last: Option<Cell> = None;
        loop {
            let col = cur.column;
            let mut name = String::new();
            for _ in 0..2 {
                if let Some(c) = cur.bump() {
                    name.push(c);
                }
            }
            let cell = Cell::from_name(&name).ok_or(PositionParseError {
                column: col,
                kind: PositionParseErrorKind::Expected {
                    expected: "a cell name",
                    found: format!("`{name}`"),
                },
            })?;
            if last.is_some_and(|l| l.index() >= cell.index()) {
                return Err(PositionParseError {
                    column: col,
                    kind: PositionParseErrorKind::CooldownOrder,
                });
            }
            last = Some(cell);
            cooldown.insert(cell);
            match cur.peek() {
                Some(',') => {
                    cur.bump();
                }
                Some(']') => {
                    cur.bump();
                    break;
                }
                _ => return Err(cur.error("`,` or `]`")),
            }
        }
    }
    Ok(Counters {
        reserve,
        charges,
        captures,
        raises,
        lowers_left,
        first_placed,
        lock_used,
        cooldown,
    })
}

/// Parse the part after the board.
pub(crate) fn parse_trailer(
    cur: &mut Cursor,
) -> Result<(Player, u16, [Counters; 2], Option<Outcome>), PositionParseError> {
    let to_move = match cur.peek() {
        Some('x') => Player::X,
        Some('o') => Player::O,
        _ => return Err(cur.error("the player to move, `x` or `o`")),
    };
    cur.bump();
    cur.expect(' ', "a space")?;
    let half_moves = cur.number(u16::MAX as u64, "the half-move count")? as u16;
    cur.expect(' ', "a space")?;
    let cx = parse_counters(cur, Player::X)?;
    cur.expect(' ', "a space")?;
    let co = parse_counters(cur, Player::O)?;
    let mut outcome = None;
    if cur.peek() == Some(' ') {
        cur.bump();
        let col = cur.column;
        cur.expect('=', "`=` and a result")?;
        let mut text = String::new();
        while let Some(c) = cur.peek().filter(|c| !c.is_whitespace()) {
            text.push(c);
            cur.bump();
            if text.len() > 32 {
                break;
            }
        }
        outcome = Some(Outcome::parse(&text).ok_or(PositionParseError {
            column: col + 1,
            kind: PositionParseErrorKind::Expected {
                expected: "a result such as `x:network`, `o:cap2` or `draw:cap`",
                found: format!("`{text}`"),
            },
        })?);
    }
    if !cur.at_end() {
        return Err(cur.error("end of text"));
    }
    Ok((to_move, half_moves, [cx, co], outcome))
}

impl Setup {
    /// Parse the one-line notation into a (not yet validated) setup.
    pub fn from_notation(s: &str) -> Result<Setup, PositionParseError> {
        if s.len() > MAX_POSITION_LEN {
            return Err(PositionParseError {
                column: 1,
                kind: PositionParseErrorKind::TooLong(s.len()),
            });
        }
        let mut cur = Cursor::new(s, 1);
        let mut setup = Setup::default();
        for y in (-3..=3).rev() {
            let row = (b'a' + (y + 3) as u8) as char;
            let expected = row_cells(y).count();
            let row_start = cur.column;
            let mut found = 0;
            for cell in row_cells(y) {
                if matches!(cur.peek(), Some('/') | Some(' ') | None) {
                    break;
                }
                setup.cells[cell.index()] = cur.cell_token()?;
                found += 1;
            }
            if found < expected || matches!(cur.peek(), Some('.') | Some('x') | Some('o')) {
                let mut extra = found;
                while matches!(cur.peek(), Some('.') | Some('x') | Some('o')) {
                    cur.cell_token()?;
                    extra += 1;
                }
                return Err(PositionParseError {
                    column: row_start,
                    kind: PositionParseErrorKind::RowLength {
                        row,
                        found: extra,
                        expected,
                    },
                });
            }
            if y > -3 {
                cur.expect('/', "`/` between rows")?;
            }
        }
        cur.expect(' ', "a space after the board")?;
        let (to_move, half_moves, counters, outcome) = parse_trailer(&mut cur)?;
        setup.to_move = to_move;
        setup.half_moves = half_moves;
        setup.counters = counters;
        setup.outcome = outcome;
        Ok(setup)
    }

    /// Write the one-line notation.
    pub fn to_notation(&self) -> String {
        let mut out = String::with_capacity(96);
        for y in (-3..=3).rev() {
            for cell in row_cells(y) {
                write_cell(&mut out, &self.cells[cell.index()]);
            }
            if y > -3 {
                out.push('/');
            }
        }
        out.push(' ');
        write_trailer(&mut out, self);
        out
    }
}

impl Position {
    /// Parse and validate the one-line notation.
    pub fn from_notation(s: &str) -> Result<Position, PositionError> {
        Ok(Setup::from_notation(s)?.validate()?)
    }

    /// Write the one-line notation.
    pub fn to_notation(&self) -> String {
        Setup::from(self).to_notation()
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_notation())
    }
}

impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::from_notation(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "..../...../....../......./....../...../.... x 0 x:r7c3k0u0l6 o:r7c3k0u0l6";

    #[test]
    fn start_position_string() {
        assert_eq!(Position::start().to_notation(), START);
        assert_eq!(Position::from_notation(START).unwrap(), Position::start());
    }

    #[test]
    fn full_round_trip() {
        let s = "x2*.../...../....../...x1.../..o1.../...../.... o 17 x:r5c2k1u4l5PL o:r6c3k0u0l6P[c3,e5] =x:cap2";
        let setup = Setup::from_notation(s).unwrap();
        assert_eq!(setup.to_notation(), s);
        assert_eq!(setup.cell(Cell::from_name("g4").unwrap()).tier, 2);
        assert!(setup.cell(Cell::from_name("g4").unwrap()).locked);
    }

    #[test]
    fn errors_have_columns() {
        let e = Setup::from_notation("..../..../").unwrap_err();
        assert_eq!(e.column, 6);
        assert!(matches!(
            e.kind,
            PositionParseErrorKind::RowLength { row: 'f', .. }
        ));
        let bad = START.replace(" x 0", " z 0");
        assert_eq!(Setup::from_notation(&bad).unwrap_err().column, 45);
        let bad = START.replace("c3k0u0l6 o", "c3k0u0l06 o");
        assert!(Setup::from_notation(&bad).is_err());
        let bad = START.replace("r7c3k0u0l6 o", "r7c3k0u0l6[d4,c3] o");
        assert_eq!(
            Setup::from_notation(&bad).unwrap_err().kind,
            PositionParseErrorKind::CooldownOrder
        );
        assert!(Setup::from_notation(&format!("{START} ")).is_err());
        assert!(Setup::from_notation(&"x".repeat(5000)).is_err());
        assert!(Setup::from_notation("").is_err());
        assert!(Setup::from_notation("é").is_err());
    }
}
