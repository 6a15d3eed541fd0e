//! The rules themselves. This example borrows them from `hexodic-rules` (a
//! normal dependency) instead of writing them out, since the point of the
//! example is the testing around an engine; this file is the one place
//! that speaks that crate's types, converting this engine's own types to
//! and from them. A real engine has its own rules here.

use crate::error::Error;
use crate::hex::Hex;
use crate::moves::{Captures, Echo, Move, Reshape};
use crate::position::{Board, EndBy, Ending, Position, Side, Square, Stock};
use hexodic_rules as r;

/// The rules' cell of a square.
pub(crate) fn cell(h: Hex) -> r::Cell {
    let y = 3 - h.row() as i8;
    let x = (y - 3).max(-3) + h.col() as i8;
    // Every `Hex` is one of the 37 cells: the lookup cannot miss.
    r::Cell::from_xy(x, y).unwrap_or(r::Cell::CENTRE)
}

/// The square of a rules' cell.
pub(crate) fn hex(c: r::Cell) -> Hex {
    let row = 3 - c.y();
    let col = c.x() - (c.y() - 3).max(-3);
    // Every cell is one of the 37 squares: the lookup cannot miss.
    match (u8::try_from(row), u8::try_from(col)) {
        (Ok(row), Ok(col)) => Hex::new(row, col).unwrap_or(Hex::CENTRE),
        _ => Hex::CENTRE,
    }
}

fn player(s: Side) -> r::Player {
    match s {
        Side::First => r::Player::X,
        Side::Second => r::Player::O,
    }
}

fn side(p: r::Player) -> Side {
    match p {
        r::Player::X => Side::First,
        r::Player::O => Side::Second,
    }
}

fn cells(hexes: &[Hex]) -> r::CellSet {
    let mut set = r::CellSet::EMPTY;
    for h in hexes {
        set.insert(cell(*h));
    }
    set
}

fn hexes(set: r::CellSet) -> Vec<Hex> {
    set.iter().map(hex).collect()
}

fn counters(s: &Stock) -> r::Counters {
    r::Counters {
        reserve: s.in_hand,
        charges: s.echoes,
        captures: s.taken,
        raises: s.raised,
        lowers_left: s.lowers,
        first_placed: s.has_placed,
        lock_used: s.lock_spent,
        cooldown: cells(&s.cooldown),
    }
}

fn stock(c: &r::Counters) -> Stock {
    Stock {
        in_hand: c.reserve,
        echoes: c.charges,
        taken: c.captures,
        raised: c.raises,
        lowers: c.lowers_left,
        has_placed: c.first_placed,
        lock_spent: c.lock_used,
        cooldown: hexes(c.cooldown),
    }
}

fn outcome(e: Ending) -> Option<r::Outcome> {
    let rule = match e.by {
        EndBy::Network => r::EndRule::Network,
        EndBy::Takeover => r::EndRule::Takeover,
        EndBy::Strangle => r::EndRule::Strangle,
        EndBy::Repetition => r::EndRule::Repetition,
        EndBy::Threefold => r::EndRule::Threefold,
        EndBy::Cap { tiebreak: None } => r::EndRule::Cap(None),
        EndBy::Cap { tiebreak: Some(n) } => r::EndRule::Cap(Some(r::TiebreakStep::from_number(n)?)),
    };
    Some(r::Outcome {
        winner: e.winner.map(player),
        rule,
    })
}

fn ending(o: r::Outcome) -> Ending {
    let by = match o.rule {
        r::EndRule::Network => EndBy::Network,
        r::EndRule::Takeover => EndBy::Takeover,
        r::EndRule::Strangle => EndBy::Strangle,
        r::EndRule::Repetition => EndBy::Repetition,
        r::EndRule::Threefold => EndBy::Threefold,
        r::EndRule::Cap(step) => EndBy::Cap {
            tiebreak: step.map(r::TiebreakStep::number),
        },
    };
    Ending {
        winner: o.winner.map(side),
        by,
    }
}

/// The rules' game state of a position; an ending the rules cannot name
/// (a tiebreak step past 4) is a malformed result.
pub(crate) fn setup(p: &Position) -> Result<r::Setup, Error> {
    let mut s = r::Setup::default();
    for h in Hex::all() {
        let sq = p.board[h];
        s.cells[cell(h).index()] = r::SetupCell {
            stone: sq.stone.map(player),
            tier: sq.height,
            locked: sq.locked,
        };
    }
    s.counters = [counters(&p.stock[0]), counters(&p.stock[1])];
    s.to_move = player(p.to_move);
    s.half_moves = p.ply;
    s.outcome = match p.ending {
        None => None,
        Some(e) => Some(outcome(e).ok_or(Error::InvalidPosition {
            faults: vec![r::FaultCode::MalformedOutcome.code()],
        })?),
    };
    Ok(s)
}

/// The position of a rules' position.
pub(crate) fn position(p: &r::Position) -> Position {
    let s = r::Setup::from(p);
    let mut board = Board::default();
    for h in Hex::all() {
        let c = s.cells[cell(h).index()];
        board[h] = Square {
            stone: c.stone.map(side),
            height: c.tier,
            locked: c.locked,
        };
    }
    Position {
        board,
        stock: [stock(&s.counters[0]), stock(&s.counters[1])],
        to_move: side(s.to_move),
        ply: s.half_moves,
        ending: s.outcome.map(ending),
    }
}

fn shape(s: Reshape) -> r::Shape {
    match s {
        Reshape::Raise(h) => r::Shape::Raise(cell(h)),
        Reshape::Lower(h) => r::Shape::Lower(cell(h)),
    }
}

fn echo(e: Echo) -> r::Echo {
    match e {
        Echo::Lock(h) => r::Echo::Lock(cell(h)),
        Echo::Capture(h) => r::Echo::Capture(cell(h)),
    }
}

/// The rules' turn of a move.
pub(crate) fn turn(m: Move) -> r::Turn {
    let (project, reshape, ech) = match m {
        Move::Place { at, reshape, echo } => (r::Project::Place(cell(at)), reshape, echo),
        Move::Step {
            from,
            to,
            reshape,
            echo,
        } => (
            r::Project::Move {
                from: cell(from),
                to: cell(to),
            },
            reshape,
            echo,
        ),
        Move::Skip { reshape, echo } => (r::Project::Skip, reshape, echo),
    };
    r::Turn {
        project,
        shape: reshape.map(shape),
        echo: ech.map(echo),
    }
}

/// The move of a rules' turn.
pub(crate) fn to_move(t: r::Turn) -> Move {
    let reshape = t.shape.map(|s| match s {
        r::Shape::Raise(c) => Reshape::Raise(hex(c)),
        r::Shape::Lower(c) => Reshape::Lower(hex(c)),
    });
    let echo = t.echo.map(|e| match e {
        r::Echo::Lock(c) => Echo::Lock(hex(c)),
        r::Echo::Capture(c) => Echo::Capture(hex(c)),
    });
    match t.project {
        r::Project::Place(c) => Move::Place {
            at: hex(c),
            reshape,
            echo,
        },
        r::Project::Move { from, to } => Move::Step {
            from: hex(from),
            to: hex(to),
            reshape,
            echo,
        },
        r::Project::Skip => Move::Skip { reshape, echo },
    }
}

/// What a turn captured.
pub(crate) fn captures(t: &r::TurnReport) -> Captures {
    Captures {
        stepped_on: t.move_capture.map(hex),
        encircled: hexes(t.encircled),
        echoed: hexes(t.echo_captured),
    }
}

#[cfg(test)]
mod tests {
    use super::{cell, hex};
    use crate::hex::Hex;

    #[test]
    fn squares_and_cells_correspond_one_to_one() {
        for h in Hex::all() {
            assert_eq!(hex(cell(h)), h);
        }
        let names: Vec<String> = [(0, 0), (3, 3), (6, 3)]
            .iter()
            .filter_map(|&(r, c)| Hex::new(r, c))
            .map(|h| cell(h).to_string())
            .collect();
        assert_eq!(names, ["g4", "d4", "a4"]);
    }
}
