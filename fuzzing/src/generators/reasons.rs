//! Probe turns steered to break one chosen rule (V2): for a reason code,
//! a turn near a legal one with one part changed so that the reference
//! gives exactly that reason (or, where no such turn exists here, a turn
//! breaking it among others, where any of them is a right answer).

use crate::choose::Choose;
use hexodic_rules::{Cell, CellSet, Echo, Position, Project, Reason, Shape, Turn};

/// The reasons a turn can break before the end (`game-over` is asked by
/// the after-end probes).
pub fn probed_reasons() -> impl Iterator<Item = Reason> {
    Reason::ALL
        .iter()
        .copied()
        .filter(|r| *r != Reason::GameOver)
}

/// The part of a turn a reason judges.
enum Part {
    Project,
    Shape,
    Echo,
}

fn part(r: Reason) -> Part {
    match r {
        Reason::ShapeOnSkip
        | Reason::ShapeOutOfRange
        | Reason::ShapeLocked
        | Reason::RaiseAtTop
        | Reason::LowerAtBottom
        | Reason::NoLowersLeft
        | Reason::ShapeRequired => Part::Shape,
        Reason::NoCharge
        | Reason::LockUsed
        | Reason::LockNotOwnStone
        | Reason::LockNotTop
        | Reason::LockAlreadyLocked
        | Reason::EchoTargetNotEnemy
        | Reason::EchoTargetTierZero
        | Reason::EchoTargetHasEmptyNeighbour
        | Reason::EchoTargetNotAdjacent => Part::Echo,
        _ => Part::Project,
    }
}

/// Every Project: a Skip, a Place on each cell, a Move from each cell to
/// each cell within two steps.
fn projects() -> Vec<Project> {
    let mut out = vec![Project::Skip];
    for from in Cell::ALL {
        out.push(Project::Place(from));
        for to in CellSet::within_two(from) {
            if to != from {
                out.push(Project::Move { from, to });
            }
        }
    }
    out
}

/// A turn that breaks `target` at `p`: exactly that reason when one of the
/// candidates does, else one that breaks it among others; `None` when no
/// candidate breaks it here. Candidates change one part of a legal turn
/// (the Project, with the Shape on its new anchor; the Shape; the Echo).
pub fn reason_probe(p: &Position, target: Reason, c: &mut dyn Choose) -> Option<Turn> {
    let n = p.count_legal();
    let base = p
        .nth_legal(c.below(n))
        .unwrap_or_else(|| Turn::new(Project::Skip));
    let anchor = base.project.anchor().unwrap_or(Cell::CENTRE);
    let mut candidates: Vec<Turn> = Vec::new();
    match part(target) {
        Part::Project => {
            for project in projects() {
                let a = project.anchor().unwrap_or(anchor);
                for shape in [Some(Shape::Raise(a)), Some(Shape::Lower(a)), None] {
                    let shape = project.anchor().and(shape);
                    candidates.push(Turn {
                        project,
                        shape,
                        echo: None,
                    });
                }
            }
        }
        Part::Shape => {
            candidates.push(Turn {
                shape: None,
                ..base
            });
            for x in Cell::ALL {
                for shape in [Shape::Raise(x), Shape::Lower(x)] {
                    candidates.push(Turn {
                        shape: Some(shape),
                        ..base
                    });
                    // A Skip with a Shape (T5).
                    candidates.push(Turn {
                        project: Project::Skip,
                        shape: Some(shape),
                        echo: None,
                    });
                }
            }
        }
        Part::Echo => {
            for x in Cell::ALL {
                for echo in [Echo::Lock(x), Echo::Capture(x)] {
                    candidates.push(Turn {
                        echo: Some(echo),
                        ..base
                    });
                }
            }
        }
    }
    // From a chosen place in the list, so that games probe different turns.
    let start = c.below(candidates.len() as u64) as usize;
    candidates.rotate_left(start);
    let mut among_others = None;
    for t in candidates {
        let reasons = p.illegal_reasons(t);
        if reasons.contains(target) {
            if reasons.len() == 1 {
                return Some(t);
            }
            among_others.get_or_insert(t);
        }
    }
    among_others
}
