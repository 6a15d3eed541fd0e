//! A loaded fixture: the setup resolved into a [`Setup`], every turn and
//! cell parsed, every check in engine-independent form, each with the line
//! it came from. [`Checks::mapped`] maps the checks to a variant (I8).

use crate::fixture::Basis;
use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::{Cell, CellSet, Outcome, Player, Setup, Turn};
use std::path::PathBuf;

/// A fixture ready to run.
#[derive(Clone, Debug)]
pub struct Fixture {
    /// The id (path below `fixtures/` without the extension).
    pub id: String,
    /// The file it was read from.
    pub file: PathBuf,
    /// What it shows.
    pub description: String,
    /// Cited rule IDs.
    pub rules: Vec<String>,
    /// Declared basis.
    pub basis: Basis,
    /// Whether it runs under all 24 variants.
    pub variants: bool,
    /// The coverage sides it counts for: (passing side, failing side).
    pub sides: (bool, bool),
    /// Line of `setup`.
    pub setup_line: u32,
    /// The start position (before the prelude turns), not yet validated.
    pub setup: Setup,
    /// Turns played from the setup before the fixture starts.
    pub prelude: Vec<LineTurn>,
    /// For an invalid-setup fixture: the expected fault codes, sorted.
    pub invalid: Option<Vec<String>>,
    /// Checks on the start position (line of `expect`).
    pub expect: Option<(u32, Checks)>,
    /// The steps.
    pub steps: Vec<StepCheck>,
}

impl Fixture {
    /// The variants this fixture runs under.
    pub fn symmetries(&self) -> Vec<Symmetry> {
        if self.variants {
            Symmetry::all().to_vec()
        } else {
            vec![Symmetry::IDENTITY]
        }
    }

    /// `documented` or `ruling`.
    pub fn basis_name(&self) -> &'static str {
        self.basis.name()
    }

    /// Whether the fixture tests a documented rule (failures are rule
    /// failures, not differences on rulings).
    pub fn is_documented(&self) -> bool {
        self.basis == Basis::Documented
    }
}

/// A turn with the line it is written on.
#[derive(Clone, Copy, Debug)]
pub struct LineTurn {
    /// The turn.
    pub turn: Turn,
    /// 1-based line in the fixture (or setup) file.
    pub line: u32,
}

/// One step.
#[derive(Clone, Debug)]
pub struct StepCheck {
    /// The turn and its line.
    pub turn: LineTurn,
    /// `Some(codes)` when the turn must be rejected.
    pub illegal: Option<Vec<String>>,
    /// The checks after the step.
    pub checks: Checks,
}

/// `captured_by` in engine-independent form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CapturedBy {
    /// `Some(None)`: no Move capture; `Some(Some(c))`: the Move captured on `c`.
    pub by_move: Option<Option<Cell>>,
    /// Cells captured by encirclement.
    pub encircled: Option<CellSet>,
    /// Cells captured by the Echo-Capture group check.
    pub echo: Option<CellSet>,
}

/// Expected counters, each optional.
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

impl CounterCheck {
    /// Whether any field is given.
    pub fn is_empty(&self) -> bool {
        *self == CounterCheck::default()
    }
}

/// A partial state check.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StateCheck {
    /// Player to move.
    pub to_move: Option<Player>,
    /// Half-moves.
    pub half_moves: Option<u16>,
    /// Tiers of cells.
    pub tiers: Vec<(Cell, u8)>,
    /// Occupants of cells.
    pub stones: Vec<(Cell, Option<Player>)>,
    /// Exactly the locked cells.
    pub locked: Option<CellSet>,
    /// Counters of `X` then `O`.
    pub counters: [CounterCheck; 2],
    /// The whole state.
    pub position: Option<Setup>,
}

/// The checks of `expect` or of a step.
#[derive(Clone, Debug, Default)]
pub struct Checks {
    /// Exactly these cells captured on the step.
    pub captured: Option<CellSet>,
    /// Captures by kind.
    pub captured_by: Option<CapturedBy>,
    /// Partial state.
    pub state: Option<StateCheck>,
    /// `Some(None)`: ongoing; `Some(Some(o))`: finished with `o`.
    pub outcome: Option<Option<Outcome>>,
    /// Number of legal turns.
    pub legal_count: Option<u64>,
    /// Turns that must be legal.
    pub legal: Vec<Turn>,
    /// Turns that must not be legal.
    pub not_legal: Vec<Turn>,
    /// `(depth, nodes)`.
    pub perft: Option<(u32, u64)>,
}

fn map_player(s: Symmetry, p: Player) -> Player {
    if s.swap {
        p.other()
    } else {
        p
    }
}

impl Checks {
    /// The checks as they read under variant `s`: cells, turns, players and
    /// winners mapped; counts unchanged.
    pub fn mapped(&self, s: Symmetry) -> Checks {
        let state = self.state.as_ref().map(|st| {
            let mut counters = st.counters;
            for c in counters.iter_mut() {
                c.cooldown = c.cooldown.map(|cd| s.cells(cd));
            }
            if s.swap {
                counters.swap(0, 1);
            }
            StateCheck {
                to_move: st.to_move.map(|p| map_player(s, p)),
                half_moves: st.half_moves,
                tiers: st.tiers.iter().map(|(c, t)| (s.cell(*c), *t)).collect(),
                stones: st
                    .stones
                    .iter()
                    .map(|(c, p)| (s.cell(*c), p.map(|p| map_player(s, p))))
                    .collect(),
                locked: st.locked.map(|l| s.cells(l)),
                counters,
                position: st.position.as_ref().map(|p| s.setup(p)),
            }
        });
        Checks {
            captured: self.captured.map(|c| s.cells(c)),
            captured_by: self.captured_by.map(|b| CapturedBy {
                by_move: b.by_move.map(|m| m.map(|c| s.cell(c))),
                encircled: b.encircled.map(|c| s.cells(c)),
                echo: b.echo.map(|c| s.cells(c)),
            }),
            state,
            outcome: self.outcome.map(|o| o.map(|o| s.outcome(o))),
            legal_count: self.legal_count,
            legal: self.legal.iter().map(|t| s.turn(*t)).collect(),
            not_legal: self.not_legal.iter().map(|t| s.turn(*t)).collect(),
            perft: self.perft,
        }
    }

    /// Whether the checks hold a negative expectation (README, Coverage).
    pub fn is_negative(&self) -> bool {
        !self.not_legal.is_empty()
            || self.outcome == Some(None)
            || self.captured.is_some_and(|c| c.is_empty())
    }

    /// Whether the checks hold a positive expectation besides playing a turn.
    pub fn is_positive(&self) -> bool {
        !self.legal.is_empty()
            || self.legal_count.is_some()
            || self.perft.is_some()
            || matches!(self.outcome, Some(Some(_)))
            || self.captured.is_some_and(|c| c.any())
    }
}
