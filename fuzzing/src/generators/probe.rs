//! Probe turns, often illegal: random parts around a random cell, or a
//! listed turn with one part replaced.

use crate::choose::Choose;
use hexodic_rules::{Cell, CellSet, Echo, Position, Project, Shape, Turn};

/// A turn that is often illegal: random parts around a random cell, or a
/// listed turn with one part replaced.
pub fn probe_turn(p: &Position, rng: &mut dyn Choose) -> Turn {
    if rng.one_in(2) {
        return near_listed(rng, p);
    }
    let cell = |rng: &mut dyn Choose| Cell::ALL[rng.below(37) as usize];
    let anchor = cell(rng);
    let project = match rng.below(6) {
        0 => Project::Skip,
        1 | 2 => {
            let mine: Vec<Cell> = p.stones(p.to_move()).iter().collect();
            let from = if mine.is_empty() {
                cell(rng)
            } else {
                mine[rng.below(mine.len() as u64) as usize]
            };
            Project::Move {
                from,
                to: from.step(rng.below(6) as usize).unwrap_or(anchor),
            }
        }
        _ => Project::Place(anchor),
    };
    let near = |rng: &mut dyn Choose, c: Cell| {
        let zone: Vec<Cell> = CellSet::within_two(c).iter().collect();
        zone[rng.below(zone.len() as u64) as usize]
    };
    let a = project.anchor().unwrap_or(anchor);
    let shape = match rng.below(4) {
        0 => None,
        1 => Some(Shape::Lower(near(rng, a))),
        _ => Some(Shape::Raise(near(rng, a))),
    };
    let echo = match rng.below(4) {
        0 => Some(Echo::Lock(near(rng, a))),
        1 => Some(Echo::Capture(cell(rng))),
        _ => None,
    };
    Turn {
        project,
        shape,
        echo,
    }
}

/// Any cell.
fn any_cell(u: &mut dyn Choose) -> Cell {
    Cell::ALL[u.below(Cell::COUNT as u64) as usize]
}

/// A cell near `c`: itself, a neighbour, or anywhere.
fn near(u: &mut dyn Choose, c: Cell) -> Cell {
    let pick = u.below(4);
    match pick {
        0 => c,
        1 | 2 => {
            let around: Vec<Cell> = CellSet::neighbours(c).iter().collect();
            super::super::choose::pick(u, &around).unwrap_or(c)
        }
        _ => any_cell(u),
    }
}

fn any_shape(u: &mut dyn Choose, c: Cell) -> Option<Shape> {
    match u.below(3) {
        0 => None,
        1 => Some(Shape::Raise(near(u, c))),
        _ => Some(Shape::Lower(near(u, c))),
    }
}

fn any_echo(u: &mut dyn Choose, c: Cell) -> Option<Echo> {
    match u.below(3) {
        0 => None,
        1 => Some(Echo::Lock(near(u, c))),
        _ => Some(Echo::Capture(near(u, c))),
    }
}

/// A turn near the legal ones, often illegal: either entirely arbitrary,
/// or a listed turn with one part replaced.
fn near_listed(u: &mut dyn Choose, p: &Position) -> Turn {
    let kind = u.below(256);
    let n = p.count_legal();
    let base = if n > 0 && kind & 4 == 0 {
        p.nth_legal(u.below(n))
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
