//! Probe turns: random parts around a random cell, often illegal.

use hexodic_rules::random::Rng;
use hexodic_rules::{Cell, Position, Project, Shape, Turn};

/// A turn that is often illegal: random parts around a random cell.
pub fn probe_turn(p: &Position, rng: &mut Rng) -> Turn {
    let cell = |rng: &mut Rng| Cell::ALL[rng.below(37) as usize];
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
    let near = |rng: &mut Rng, c: Cell| {
        let zone: Vec<Cell> = hexodic_rules::CellSet::within_two(c).iter().collect();
        zone[rng.below(zone.len() as u64) as usize]
    };
    let a = project.anchor().unwrap_or(anchor);
    let shape = match rng.below(4) {
        0 => None,
        1 => Some(Shape::Lower(near(rng, a))),
        _ => Some(Shape::Raise(near(rng, a))),
    };
    let echo = match rng.below(4) {
        0 => Some(hexodic_rules::Echo::Lock(near(rng, a))),
        1 => Some(hexodic_rules::Echo::Capture(cell(rng))),
        _ => None,
    };
    Turn {
        project,
        shape,
        echo,
    }
}
