//! The partial checks a fixture may state, in the rules' types: some
//! cells, some counters, some capture kinds. Each maps to a symmetry
//! variant (I8).

use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::{Cell, CellSet, Player};

/// Expected captures by kind; each part optional.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindsCheck {
    /// `Some(None)`: no Move capture; `Some(Some(c))`: the Move captured on `c`.
    pub by_move: Option<Option<Cell>>,
    /// Cells captured by encirclement (C1).
    pub encircled: Option<CellSet>,
    /// Cells captured by the Echo-Capture group check (E4).
    pub echo: Option<CellSet>,
}

/// A player's counters in a partial state check; each optional.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CounterCheck {
    /// Reserve.
    pub reserve: Option<u8>,
    /// Charges.
    pub charges: Option<u8>,
    /// Captures.
    pub captures: Option<u8>,
    /// Raises.
    pub raises: Option<u8>,
    /// Lowers left.
    pub lowers_left: Option<u8>,
    /// First Place made.
    pub first_placed: Option<bool>,
    /// Echo-Lock used.
    pub lock_used: Option<bool>,
    /// Cooldown set.
    pub cooldown: Option<CellSet>,
}

/// A partial state check: only the given parts are compared.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StateCheck {
    /// Player to move.
    pub to_move: Option<Player>,
    /// Half-moves played.
    pub half_moves: Option<u16>,
    /// Tiers of some cells.
    pub tiers: Vec<(Cell, u8)>,
    /// Occupants of some cells.
    pub stones: Vec<(Cell, Option<Player>)>,
    /// Exactly these cells are locked.
    pub locked: Option<CellSet>,
    /// Counters of `X` then `O`.
    pub counters: [CounterCheck; 2],
    /// The whole state.
    pub position: Option<hexodic_rules::Setup>,
}

fn player(s: Symmetry, p: Player) -> Player {
    if s.swap {
        p.other()
    } else {
        p
    }
}

impl KindsCheck {
    /// The check as it reads under variant `s`.
    pub fn mapped(&self, s: Symmetry) -> KindsCheck {
        KindsCheck {
            by_move: self.by_move.map(|m| m.map(|c| s.cell(c))),
            encircled: self.encircled.map(|c| s.cells(c)),
            echo: self.echo.map(|c| s.cells(c)),
        }
    }
}

impl StateCheck {
    /// The check as it reads under variant `s`: cells, players and the
    /// whole position mapped; counts unchanged.
    pub fn mapped(&self, s: Symmetry) -> StateCheck {
        let mut counters = self.counters;
        for c in counters.iter_mut() {
            c.cooldown = c.cooldown.map(|cd| s.cells(cd));
        }
        if s.swap {
            counters.swap(0, 1);
        }
        StateCheck {
            to_move: self.to_move.map(|p| player(s, p)),
            half_moves: self.half_moves,
            tiers: self.tiers.iter().map(|(c, t)| (s.cell(*c), *t)).collect(),
            stones: self
                .stones
                .iter()
                .map(|(c, p)| (s.cell(*c), p.map(|p| player(s, p))))
                .collect(),
            locked: self.locked.map(|l| s.cells(l)),
            counters,
            position: self.position.as_ref().map(|p| s.setup(p)),
        }
    }
}
