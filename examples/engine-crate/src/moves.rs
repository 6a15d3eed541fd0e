//! Moves and what playing one did, in this engine's own types.

use crate::hex::Hex;
use crate::position::Position;

/// Raising or lowering a square by one, after the main action.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reshape {
    /// One higher.
    Raise(Hex),
    /// One lower.
    Lower(Hex),
}

/// The optional Echo at the end of a move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Echo {
    /// Lock a top square holding the mover's stone.
    Lock(Hex),
    /// Capture aimed at an enemy stone.
    Capture(Hex),
}

/// One move: its main action with the optional reshape and Echo.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A stone from the hand onto `at`.
    Place {
        /// Where.
        at: Hex,
        /// The reshape.
        reshape: Option<Reshape>,
        /// The Echo.
        echo: Option<Echo>,
    },
    /// A stone stepping to a neighbouring square.
    Step {
        /// Where it stands.
        from: Hex,
        /// Where it goes.
        to: Hex,
        /// The reshape.
        reshape: Option<Reshape>,
        /// The Echo.
        echo: Option<Echo>,
    },
    /// The cooldown skip. A reshape or Echo with it is illegal, but can be
    /// asked for.
    Skip {
        /// The reshape.
        reshape: Option<Reshape>,
        /// The Echo.
        echo: Option<Echo>,
    },
}

/// The stones one move took, by how.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Captures {
    /// The square a Step took a stone on.
    pub stepped_on: Option<Hex>,
    /// Stones taken by encirclement.
    pub encircled: Vec<Hex>,
    /// Stones taken by an Echo-Capture.
    pub echoed: Vec<Hex>,
}

/// A move played.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Applied {
    /// The position after it.
    pub after: Position,
    /// What it captured.
    pub captures: Captures,
}
