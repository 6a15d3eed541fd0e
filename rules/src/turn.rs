//! [`Turn`] = (Project, optional Shape, optional Echo) (T1, N1). Its
//! one-line notation is read and written in `text/turn.rs`.

use crate::cell::Cell;

/// The first part of a turn (T2).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Project {
    /// Put a reserve stone on an empty, unlocked cell (T4).
    Place(Cell),
    /// Step a stone to a neighbouring cell (T6).
    Move {
        /// Where the stone stands.
        from: Cell,
        /// Where it goes.
        to: Cell,
    },
    /// The cooldown Skip (T5).
    Skip,
}

impl Project {
    /// The anchor of the Shape (S1): where the Projected stone stands; `None` for a Skip.
    pub const fn anchor(self) -> Option<Cell> {
        match self {
            Project::Place(c) => Some(c),
            Project::Move { to, .. } => Some(to),
            Project::Skip => None,
        }
    }
}

/// The Shape step (S2): change one cell's tier by one.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Shape {
    /// Raise the cell by one tier.
    Raise(Cell),
    /// Lower the cell by one tier (spends one of the lowering budget).
    Lower(Cell),
}

impl Shape {
    /// The cell the Shape changes.
    pub const fn cell(self) -> Cell {
        match self {
            Shape::Raise(c) | Shape::Lower(c) => c,
        }
    }
}

/// The optional Echo step (E1).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Echo {
    /// Echo-Lock a tier-2 cell holding the mover's stone (E2).
    Lock(Cell),
    /// Echo-Capture aimed at an enemy stone (E3, E4).
    Capture(Cell),
}

impl Echo {
    /// The cell the Echo names.
    pub const fn cell(self) -> Cell {
        match self {
            Echo::Lock(c) | Echo::Capture(c) => c,
        }
    }
}

/// One turn: Project, then Shape or none, then Echo or none (N1). Two turns
/// are the same exactly when all three parts are. The order of turns is
/// only a total order for sorting and searching lists (by Project, then
/// Shape, then Echo, cells in their index order), not the notation order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Turn {
    /// The Project.
    pub project: Project,
    /// The Shape, if any.
    pub shape: Option<Shape>,
    /// The Echo, if any.
    pub echo: Option<Echo>,
}

impl Turn {
    /// A turn with just a Project.
    pub const fn new(project: Project) -> Turn {
        Turn {
            project,
            shape: None,
            echo: None,
        }
    }

    /// This turn with a Shape.
    pub const fn with_shape(mut self, shape: Shape) -> Turn {
        self.shape = Some(shape);
        self
    }

    /// This turn with an Echo.
    pub const fn with_echo(mut self, echo: Echo) -> Turn {
        self.echo = Some(echo);
        self
    }
}
