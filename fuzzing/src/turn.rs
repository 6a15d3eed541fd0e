//! Turns read from the bytes, often illegal: entirely arbitrary, or a
//! listed turn with one part replaced.

use arbitrary::Unstructured;
use hexodic_rules::{Cell, CellSet, Echo, Position, Project, Shape, Turn};

/// A cell from a byte, modulo 37 ([`Cell::ALL`]).
fn any_cell(u: &mut Unstructured) -> Cell {
    let i: u8 = u.arbitrary().unwrap_or(0);
    Cell::ALL[i as usize % Cell::COUNT]
}

/// A cell near `c`: itself, a neighbour, or anywhere.
fn near(u: &mut Unstructured, c: Cell) -> Cell {
    let pick: u8 = u.arbitrary().unwrap_or(0);
    match pick % 4 {
        0 => c,
        1 | 2 => {
            let around: Vec<Cell> = CellSet::neighbours(c).iter().collect();
            around[pick as usize % around.len()]
        }
        _ => any_cell(u),
    }
}

fn any_shape(u: &mut Unstructured, c: Cell) -> Option<Shape> {
    match u.int_in_range(0..=2u8).unwrap_or(0) {
        0 => None,
        1 => Some(Shape::Raise(near(u, c))),
        _ => Some(Shape::Lower(near(u, c))),
    }
}

fn any_echo(u: &mut Unstructured, c: Cell) -> Option<Echo> {
    match u.int_in_range(0..=2u8).unwrap_or(0) {
        0 => None,
        1 => Some(Echo::Lock(near(u, c))),
        _ => Some(Echo::Capture(near(u, c))),
    }
}

/// A turn read from the bytes, often illegal: either entirely arbitrary, or
/// a listed turn with one part replaced.
pub(crate) fn arbitrary_turn(u: &mut Unstructured, p: &Position) -> Turn {
    let kind: u8 = u.arbitrary().unwrap_or(0);
    let n = p.count_legal();
    let base = if n > 0 && kind & 4 == 0 {
        let i = u.choose_index(n as usize).unwrap_or(0) as u64;
        p.nth_legal(i)
    } else {
        None
    };
    let Some(mut t) = base else {
        let a = any_cell(u);
        let project = match kind % 4 {
            0 => Project::Skip,
            1 => Project::Place(a),
            _ => Project::Move {
                from: a,
                to: near(u, a),
            },
        };
        return Turn {
            project,
            shape: any_shape(u, a),
            echo: any_echo(u, a),
        };
    };
    let anchor = t.project.anchor().unwrap_or(Cell::CENTRE);
    match kind % 5 {
        0 => {
            t.project = match t.project {
                Project::Place(c) => Project::Place(near(u, c)),
                Project::Move { from, to } => Project::Move {
                    from,
                    to: near(u, to),
                },
                Project::Skip => Project::Place(any_cell(u)),
            }
        }
        1 => t.project = Project::Skip,
        2 => t.shape = any_shape(u, anchor),
        3 => t.echo = any_echo(u, anchor),
        _ => {
            if let Project::Move { from, to } = t.project {
                t.project = Project::Move { from: to, to: from };
            } else {
                t.shape = t.shape.map(|s| match s {
                    Shape::Raise(c) => Shape::Lower(c),
                    Shape::Lower(c) => Shape::Raise(c),
                });
            }
        }
    }
    t
}
