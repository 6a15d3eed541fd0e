//! The one-line notation of a [`Turn`] (N1): written for the protocol and
//! messages, read from fixtures, the protocol and the command line.
//!
//! | part | notation | meaning |
//! | --- | --- | --- |
//! | Project | `c3` | Place a reserve stone on `c3` (T4) |
//! | | `c3-c4` | Move the stone on `c3` to `c4`, capturing a lower enemy there (T6) |
//! | | `skip` | the cooldown Skip (T5) |
//! | Shape | `+d4` / `-d4` | raise / lower `d4` by one tier (S2) |
//! | Echo | `=d4` | Echo-Lock `d4` (E2) |
//! | | `@e5` | Echo-Capture aimed at `e5` (E3) |
//!
//! Parts are separated by spaces and come in that order:
//! `c3 +d4`, `c3-c4 -c4 @c5`, `skip =e5`, `d2 +d2 =d2`.

use crate::cell::Cell;
use crate::turn::{Echo, Project, Shape, Turn};
use std::fmt;
use std::str::FromStr;

impl Turn {
    /// Parse the turn notation.
    pub fn parse(s: &str) -> Result<Turn, TurnParseError> {
        s.parse()
    }
}

impl fmt::Display for Project {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Project::Place(c) => write!(f, "{c}"),
            Project::Move { from, to } => write!(f, "{from}-{to}"),
            Project::Skip => f.write_str("skip"),
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Raise(c) => write!(f, "+{c}"),
            Shape::Lower(c) => write!(f, "-{c}"),
        }
    }
}

impl fmt::Display for Echo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Echo::Lock(c) => write!(f, "={c}"),
            Echo::Capture(c) => write!(f, "@{c}"),
        }
    }
}

/// A turn's notation built in place: at most `a1-b2 +c3 @d4`, 13 bytes.
struct Notation {
    bytes: [u8; 16],
    len: usize,
}

impl Notation {
    /// Append `prefix`, then the cell's name.
    fn cell(&mut self, prefix: &[u8], c: Cell) {
        self.push(prefix);
        self.push(&c.name_bytes());
    }

    fn push(&mut self, b: &[u8]) {
        let end = self.len + b.len();
        if let Some(dst) = self.bytes.get_mut(self.len..end) {
            dst.copy_from_slice(b);
            self.len = end;
        }
    }
}

impl Turn {
    /// The turn's notation, built in one buffer.
    fn notation(&self) -> Notation {
        let mut n = Notation {
            bytes: [0; 16],
            len: 0,
        };
        match self.project {
            Project::Place(c) => n.cell(b"", c),
            Project::Move { from, to } => {
                n.cell(b"", from);
                n.cell(b"-", to);
            }
            Project::Skip => n.push(b"skip"),
        }
        match self.shape {
            Some(Shape::Raise(c)) => n.cell(b" +", c),
            Some(Shape::Lower(c)) => n.cell(b" -", c),
            None => {}
        }
        match self.echo {
            Some(Echo::Lock(c)) => n.cell(b" =", c),
            Some(Echo::Capture(c)) => n.cell(b" @", c),
            None => {}
        }
        n
    }

    /// Append the turn's notation to `out` as ASCII bytes, as `Display`
    /// writes it but without a formatter: legal-turn lists of hundreds of
    /// turns are written for every `legal` request of the protocol.
    ///
    /// ```
    /// use hexodic_rules::Turn;
    /// let mut out = b"[".to_vec();
    /// Turn::parse("c3-c4 -c4 @c5").unwrap().push_notation(&mut out);
    /// assert_eq!(out, b"[c3-c4 -c4 @c5");
    /// ```
    pub fn push_notation(&self, out: &mut Vec<u8>) {
        let n = self.notation();
        out.extend_from_slice(&n.bytes[..n.len]);
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.notation();
        // Only ASCII is ever written.
        f.write_str(std::str::from_utf8(&n.bytes[..n.len]).unwrap_or("?"))
    }
}

/// Why a turn string could not be read. `column` is 1-based, counted in characters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {kind}")]
pub struct TurnParseError {
    /// 1-based column (in characters) where the problem starts.
    pub column: usize,
    /// What is wrong.
    pub kind: TurnParseErrorKind,
}

/// The kinds of [`TurnParseError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnParseErrorKind {
    /// Nothing but white space.
    #[error("empty turn (expected a Project such as `c3`, `c3-c4` or `skip`)")]
    Empty,
    /// A cell name was expected.
    #[error("`{0}` is not a cell name (rows a-g, numbers 1-7, for example d4)")]
    BadCell(String),
    /// The Project is not a cell, a Move or `skip`.
    #[error("`{0}` is not a Project (expected `c3`, `c3-c4` or `skip`)")]
    BadProject(String),
    /// A part after the Project is not a Shape or an Echo.
    #[error("`{0}` is not a Shape (`+c3`, `-c3`) or an Echo (`=c3`, `@c3`)")]
    BadPart(String),
    /// Two Shapes, or a Shape after the Echo.
    #[error("`{0}`: a turn has at most one Shape, before the Echo")]
    MisplacedShape(String),
    /// Two Echoes.
    #[error("`{0}`: a turn has at most one Echo")]
    SecondEcho(String),
}

fn parse_cell(tok: &str, column: usize) -> Result<Cell, TurnParseError> {
    Cell::from_name(tok).ok_or_else(|| TurnParseError {
        column,
        kind: TurnParseErrorKind::BadCell(tok.to_owned()),
    })
}

/// Split on white space, giving each token with its 1-based character column.
fn tokens(s: &str) -> Tokens<'_> {
    Tokens {
        text: s,
        byte: 0,
        column: 0,
    }
}

/// The tokens of a turn's text, read lazily and a byte at a time where the
/// text is ASCII: turns are read by the thousand from engines' legal lists.
struct Tokens<'a> {
    text: &'a str,
    /// The byte where the next character starts.
    byte: usize,
    /// The column of the last character read (1-based; 0 before the first).
    column: usize,
}

impl Tokens<'_> {
    /// The next character and the byte where it starts.
    fn next_char(&mut self) -> Option<(usize, char)> {
        let start = self.byte;
        let first = *self.text.as_bytes().get(start)?;
        let ch = if first.is_ascii() {
            char::from(first)
        } else {
            self.text.get(start..)?.chars().next()?
        };
        self.byte += ch.len_utf8();
        self.column += 1;
        Some((start, ch))
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let (start, column) = loop {
            let (byte, ch) = self.next_char()?;
            if !ch.is_whitespace() {
                break (byte, self.column);
            }
        };
        let text = self.text;
        loop {
            match self.next_char() {
                None => return text.get(start..).map(|t| (column, t)),
                Some((end, ch)) if ch.is_whitespace() => {
                    return text.get(start..end).map(|t| (column, t))
                }
                Some(_) => {}
            }
        }
    }
}

/// Character count of a prefix, for columns inside a token.
fn chars(s: &str) -> usize {
    s.chars().count()
}

/// A turn in its plain spelling (as [`Turn`]'s `Display` writes it: parts
/// separated by one space, nothing around them) read byte by byte, or
/// `None` for any other text, which the general reading then reads or
/// refuses with the column of the fault. Engines list their legal turns by
/// the hundred per position in this spelling; both readings give the same
/// turn for every text this one reads.
fn plain(text: &[u8]) -> Option<Turn> {
    let cell = |name: &[u8]| match name {
        [a, b] => Cell::from_name_bytes(*a, *b),
        _ => None,
    };
    let (project, mut rest) = match text {
        [b's', b'k', b'i', b'p', rest @ ..] => (Project::Skip, rest),
        [a, b, b'-', c, d, rest @ ..] => (
            Project::Move {
                from: cell(&[*a, *b])?,
                to: cell(&[*c, *d])?,
            },
            rest,
        ),
        [a, b, rest @ ..] => (Project::Place(cell(&[*a, *b])?), rest),
        _ => return None,
    };
    let mut turn = Turn::new(project);
    if let [b' ', sigil @ (b'+' | b'-'), a, b, more @ ..] = rest {
        let c = cell(&[*a, *b])?;
        turn.shape = Some(match sigil {
            b'+' => Shape::Raise(c),
            _ => Shape::Lower(c),
        });
        rest = more;
    }
    if let [b' ', sigil @ (b'=' | b'@'), a, b, more @ ..] = rest {
        let c = cell(&[*a, *b])?;
        turn.echo = Some(match sigil {
            b'=' => Echo::Lock(c),
            _ => Echo::Capture(c),
        });
        rest = more;
    }
    rest.is_empty().then_some(turn)
}

impl FromStr for Turn {
    type Err = TurnParseError;

    fn from_str(s: &str) -> Result<Turn, TurnParseError> {
        plain(s.as_bytes()).map_or_else(|| general(s), Ok)
    }
}

/// Any spelling of a turn (parts separated by any white space), or the
/// fault and its column.
fn general(s: &str) -> Result<Turn, TurnParseError> {
    let mut toks = tokens(s);
    let (col, first) = toks.next().ok_or(TurnParseError {
        column: 1,
        kind: TurnParseErrorKind::Empty,
    })?;
    let project = if first == "skip" {
        Project::Skip
    } else if let Some((a, b)) = first.split_once('-') {
        Project::Move {
            from: parse_cell(a, col)?,
            to: parse_cell(b, col + chars(a) + 1)?,
        }
    } else if chars(first) == 2 {
        Project::Place(parse_cell(first, col)?)
    } else {
        return Err(TurnParseError {
            column: col,
            kind: TurnParseErrorKind::BadProject(first.to_owned()),
        });
    };
    let mut turn = Turn::new(project);
    for (col, tok) in toks {
        let mut it = tok.chars();
        let sigil = it.next().unwrap_or(' ');
        let rest = it.as_str();
        match sigil {
            '+' | '-' => {
                if turn.shape.is_some() || turn.echo.is_some() {
                    return Err(TurnParseError {
                        column: col,
                        kind: TurnParseErrorKind::MisplacedShape(tok.to_owned()),
                    });
                }
                let c = parse_cell(rest, col + 1)?;
                turn.shape = Some(if sigil == '+' {
                    Shape::Raise(c)
                } else {
                    Shape::Lower(c)
                });
            }
            '=' | '@' => {
                if turn.echo.is_some() {
                    return Err(TurnParseError {
                        column: col,
                        kind: TurnParseErrorKind::SecondEcho(tok.to_owned()),
                    });
                }
                let c = parse_cell(rest, col + 1)?;
                turn.echo = Some(if sigil == '=' {
                    Echo::Lock(c)
                } else {
                    Echo::Capture(c)
                });
            }
            _ => {
                return Err(TurnParseError {
                    column: col,
                    kind: TurnParseErrorKind::BadPart(tok.to_owned()),
                })
            }
        }
    }
    Ok(turn)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every Project (moves between any two cells), each alone, with each
    /// Shape, with each Echo, and with a Shape and an Echo on one cell.
    fn many_turns() -> Vec<Turn> {
        let mut projects = vec![Project::Skip];
        for from in Cell::ALL {
            projects.push(Project::Place(from));
            for to in Cell::ALL {
                projects.push(Project::Move { from, to });
            }
        }
        let mut turns = Vec::new();
        for p in projects {
            turns.push(Turn::new(p));
            for c in Cell::ALL {
                turns.push(Turn::new(p).with_shape(Shape::Raise(c)));
                turns.push(Turn::new(p).with_shape(Shape::Lower(c)));
                turns.push(Turn::new(p).with_echo(Echo::Lock(c)));
                turns.push(Turn::new(p).with_echo(Echo::Capture(c)));
            }
        }
        for c in Cell::ALL {
            let p = Project::Place(c);
            turns.push(
                Turn::new(p)
                    .with_shape(Shape::Raise(c))
                    .with_echo(Echo::Lock(c)),
            );
            turns.push(
                Turn::new(p)
                    .with_shape(Shape::Lower(c))
                    .with_echo(Echo::Capture(c)),
            );
        }
        turns
    }

    #[test]
    fn the_plain_and_the_general_readings_agree() {
        for t in many_turns() {
            let text = t.to_string();
            assert_eq!(plain(text.as_bytes()), Some(t), "{text}");
            let mut pushed = b"|".to_vec();
            t.push_notation(&mut pushed);
            assert_eq!(pushed[1..], *text.as_bytes());
            assert_eq!(general(&text), Ok(t), "{text}");
            // Other spacing is left to the general reading, which reads the same turn.
            let spaced = format!(" {}", text.replace(' ', "\t "));
            assert_eq!(plain(spaced.as_bytes()), None, "{spaced}");
            assert_eq!(general(&spaced), Ok(t), "{spaced}");
        }
    }

    #[test]
    fn the_plain_reading_leaves_every_fault_to_the_general_one() {
        for text in [
            "",
            "sk",
            "skip-c3",
            "skipc3",
            "c3-",
            "c3-c",
            "c3-q1",
            "q1",
            "c",
            "c3 +",
            "c3 +d",
            "c3 +q1",
            "c3 =d4 +d4",
            "c3 =d4 =d5",
            "c3 +d4 -d4",
            "c3 d4",
            "c3+d4",
            "c3 *d4",
            "é3",
            "a5",
            "a5-b5",
        ] {
            assert_eq!(plain(text.as_bytes()), None, "{text:?}");
            assert!(general(text).is_err(), "{text:?}");
        }
        for text in ["c3 ", "c3 @d4 ", "skip\u{a0}=d4"] {
            assert_eq!(plain(text.as_bytes()), None, "{text:?}");
            assert!(general(text).is_ok(), "{text:?}");
        }
    }

    #[test]
    fn round_trips() {
        for s in [
            "c3",
            "c3-c4",
            "skip",
            "c3 +d4",
            "c3-c4 -c4 @c5",
            "skip =e5",
            "d2 +d2 =d2",
            "a1 @b2",
        ] {
            let t: Turn = s.parse().unwrap();
            assert_eq!(t.to_string(), s);
        }
        assert_eq!(
            Turn::parse("  c3   +d4 ").unwrap().to_string(),
            "c3 +d4",
            "extra white space is allowed"
        );
    }

    #[test]
    fn errors_name_the_column() {
        let e = Turn::parse("c3 +z9").unwrap_err();
        assert_eq!(e.column, 5);
        assert!(matches!(e.kind, TurnParseErrorKind::BadCell(_)));
        let e = Turn::parse("c3-q1").unwrap_err();
        assert_eq!(e.column, 4);
        assert_eq!(Turn::parse("").unwrap_err().kind, TurnParseErrorKind::Empty);
        assert_eq!(Turn::parse("c3 =d4 +d4").unwrap_err().column, 8);
        assert_eq!(Turn::parse("c3 @d4 =d4").unwrap_err().column, 8);
        assert_eq!(Turn::parse("c3 +d4 -d4").unwrap_err().column, 8);
        assert!(matches!(
            Turn::parse("c3 d4").unwrap_err().kind,
            TurnParseErrorKind::BadPart(_)
        ));
        assert!(matches!(
            Turn::parse("pass").unwrap_err().kind,
            TurnParseErrorKind::BadProject(_)
        ));
        // Multi-byte text never panics and columns count characters.
        assert_eq!(Turn::parse("é3 +ü").unwrap_err().column, 1);
        assert_eq!(Turn::parse("c3 +ü").unwrap_err().column, 5);
        assert_eq!(Turn::parse("c3 +").unwrap_err().column, 5);
        // Columns count the white space before and between the parts.
        assert_eq!(Turn::parse("  c3   +z9").unwrap_err().column, 9);
        assert_eq!(Turn::parse("\u{a0}c3 =d4 =d5").unwrap_err().column, 9);
        assert_eq!(
            Turn::parse(" \t ").unwrap_err().kind,
            TurnParseErrorKind::Empty
        );
        // Characters of three bytes, white space or not, count as one column.
        assert_eq!(Turn::parse("c3\u{2003}+z9").unwrap_err().column, 5);
        let e = Turn::parse("c3 €4").unwrap_err();
        assert_eq!(
            (e.column, e.kind),
            (4, TurnParseErrorKind::BadPart("€4".into()))
        );
        assert_eq!(Turn::parse("c3\u{2003}+d4").unwrap().to_string(), "c3 +d4");
    }
}
