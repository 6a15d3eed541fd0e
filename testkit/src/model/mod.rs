//! The model: a plain, independent engine for Hexodic written from RULINGS
//! (arrays of cells, coordinates and loops; it calls none of the reference
//! engine's play logic). Every rule is decided in one place, so one planted
//! [`Bug`] breaks exactly one rule.
//!
//! - `board`: geometry (B1, B4) as tables built with loops.
//! - `legality`: the reasons a turn breaks, part by part (V2), and the
//!   Project tests of T5 and G4.
//! - `apply`: the turn (T1-T7, S4, E1-E2), the captures (C1, E4, C3, C4) and
//!   the end-of-turn checks (G0-G7) with the repetition key.
//! - `legal`: legal-turn generation (N1).
//! - `game`: [`ModelGame`], a position with its history (G5, V1), perft.

mod apply;
mod board;
mod game;
mod legal;
mod legality;

use crate::bug::Bug;
use hexodic_rules::{Cell, CellSet};

pub use game::ModelGame;

/// The captures a played turn made, by kind (C3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Played {
    /// The enemy stone captured by the Move (T6), if any.
    pub by_move: Option<Cell>,
    /// The stones captured by encirclement (C1).
    pub encircled: CellSet,
    /// The stones captured by the Echo-Capture group check (E4).
    pub echo: CellSet,
}

impl Played {
    /// Every cell whose stone the turn captured.
    pub fn captured(&self) -> CellSet {
        let mut all = self.encircled | self.echo;
        if let Some(c) = self.by_move {
            all.insert(c);
        }
        all
    }
}

/// The rulebook the model plays: the standard rules, or the standard rules
/// with one planted bug.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Rules {
    bug: Option<Bug>,
}

impl Rules {
    /// Whether `bug` is the planted one.
    pub(crate) fn has(self, bug: Bug) -> bool {
        self.bug == Some(bug)
    }
}
