//! The adapter between this crate's engine and the conformance harness:
//! `impl Engine` for a wrapper type, and the conversions between the
//! harness's types (the protocol's: `Setup`, `Turn`, `CellSet`, reason and
//! fault codes) and the engine's own (`Position`, `Move`, `Hex`, `Error`).
//!
//! Why a wrapper: the `Engine` trait belongs to the harness and
//! `ExampleEngine` to this crate's library, and a test file is a crate of
//! its own, so Rust's orphan rule forbids `impl Engine for ExampleEngine`
//! here. A type defined in the tests may implement it. (The other way, the
//! `impl` in `src/`, would make the harness a normal dependency that every
//! user of the engine builds.)
//!
//! Every test file of the crate includes this module (`mod adapter;`);
//! Cargo does not build `tests/adapter/mod.rs` as a test of its own.
#![allow(dead_code)] // each test file uses part of it

use hexodic_example_engine::{
    Board, Bug, EndBy, Ending, Error, ExampleEngine, Hex, Move, Position, Reshape, Side, Square,
    Stock,
};
use hexodic_harness::engine::{
    Capabilities, CaptureKinds, Engine, EngineInfo, EngineResult, Incident, PlayReply, Played,
    PositionReply,
};
use hexodic_harness::rules::{
    Cell, CellSet, Counters, EndRule, FaultCode, Outcome, Player, Project, Reason, ReasonSet,
    Setup, SetupCell, Shape, TiebreakStep, Turn,
};

/// The engine as the harness drives it.
pub struct Adapter(pub ExampleEngine);

impl Adapter {
    /// The engine with the bug `HEXODIC_EXAMPLE_BUG` names, if any: what
    /// the suite and the properties test.
    pub fn new() -> Adapter {
        Adapter(ExampleEngine::new())
    }

    /// The engine with `bug` planted or none, whatever the environment.
    pub fn with_bug(bug: Option<Bug>) -> Adapter {
        Adapter(ExampleEngine::with_bug(bug))
    }
}

/// An error of the engine where the protocol has no answer for it: the
/// engine refused a well-formed request (an incident, never a rule
/// failure).
fn refused(e: Error) -> Incident {
    Incident::internal(e.to_string())
}

impl Engine for Adapter {
    fn info(&self) -> EngineInfo {
        // Everything: legal turns, perft, reason and fault codes, captures
        // by kind.
        EngineInfo::new("hexodic-example-engine", env!("CARGO_PKG_VERSION"))
            .with_capabilities(Capabilities::ALL)
    }

    fn set_position(&mut self, setup: &Setup) -> EngineResult<PositionReply> {
        match self.0.load(&position(setup)) {
            Ok(()) => Ok(PositionReply::Accepted),
            // The engine lists faults as it finds them, repeats included:
            // the harness compares fault codes as a set.
            Err(Error::InvalidPosition { faults }) => Ok(PositionReply::Invalid(
                faults
                    .iter()
                    .map(|f| fault_code(f))
                    .collect::<EngineResult<_>>()?,
            )),
            Err(e) => Err(refused(e)),
        }
    }

    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        match self.0.apply(to_move(turn)) {
            Ok(applied) => {
                let c = applied.captures;
                let kinds = CaptureKinds::new(
                    c.stepped_on.map(cell),
                    cells(&c.encircled),
                    cells(&c.echoed),
                );
                Ok(PlayReply::Legal(
                    Played::new(setup(&applied.after)?).with_kinds(kinds),
                ))
            }
            Err(Error::IllegalMove { reasons }) => {
                let mut set = ReasonSet::EMPTY;
                for r in reasons {
                    set.insert(Reason::from_code(r).ok_or_else(|| {
                        Incident::internal(format!("the engine gave an unknown reason code `{r}`"))
                    })?);
                }
                Ok(PlayReply::Illegal(set))
            }
            Err(e) => Err(refused(e)),
        }
    }

    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        // In the engine's order: the harness compares legal lists as sets.
        Ok(self.0.moves().into_iter().map(turn).collect())
    }

    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        self.0.perft(depth).map_err(refused)
    }

    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        let counts = self.0.divide(depth).map_err(refused)?;
        Ok(counts.into_iter().map(|(m, n)| (turn(m), n)).collect())
    }
}

fn fault_code(code: &str) -> EngineResult<FaultCode> {
    FaultCode::from_code(code).ok_or_else(|| {
        Incident::internal(format!("the engine gave an unknown fault code `{code}`"))
    })
}

// Cells. The harness's cells are axial `(x, y)`, `y = 3` the top row (`g`);
// the engine counts rows from the top and columns from each row's left end.

fn hex(c: Cell) -> Hex {
    let row = 3 - c.y();
    let col = c.x() - (c.y() - 3).max(-3);
    Hex::new(row as u8, col as u8).expect("every cell of the harness is a square of the engine")
}

fn cell(h: Hex) -> Cell {
    let y = 3 - h.row() as i8;
    let x = (y - 3).max(-3) + h.col() as i8;
    Cell::from_xy(x, y).expect("every square of the engine is a cell of the harness")
}

fn cells(hexes: &[Hex]) -> CellSet {
    let mut set = CellSet::EMPTY;
    for h in hexes {
        set.insert(cell(*h));
    }
    set
}

fn hexes(set: CellSet) -> Vec<Hex> {
    set.iter().map(hex).collect()
}

// Positions, both ways. A `Setup` may be impossible (the harness asks the
// engine to refuse those): every field is carried over as it is.

fn side(p: Player) -> Side {
    match p {
        Player::X => Side::First,
        Player::O => Side::Second,
    }
}

fn player(s: Side) -> Player {
    match s {
        Side::First => Player::X,
        Side::Second => Player::O,
    }
}

fn stock(c: &Counters) -> Stock {
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

fn counters(s: &Stock) -> Counters {
    Counters {
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

fn ending(o: Outcome) -> Ending {
    let by = match o.rule {
        EndRule::Network => EndBy::Network,
        EndRule::Takeover => EndBy::Takeover,
        EndRule::Strangle => EndBy::Strangle,
        EndRule::Repetition => EndBy::Repetition,
        EndRule::Threefold => EndBy::Threefold,
        EndRule::Cap(step) => EndBy::Cap {
            tiebreak: step.map(TiebreakStep::number),
        },
    };
    Ending {
        winner: o.winner.map(side),
        by,
    }
}

fn outcome(e: Ending) -> EngineResult<Outcome> {
    let rule = match e.by {
        EndBy::Network => EndRule::Network,
        EndBy::Takeover => EndRule::Takeover,
        EndBy::Strangle => EndRule::Strangle,
        EndBy::Repetition => EndRule::Repetition,
        EndBy::Threefold => EndRule::Threefold,
        EndBy::Cap { tiebreak: None } => EndRule::Cap(None),
        EndBy::Cap { tiebreak: Some(n) } => {
            EndRule::Cap(Some(TiebreakStep::from_number(n).ok_or_else(|| {
                Incident::internal(format!("the engine gave tiebreak step {n} (1 to 4)"))
            })?))
        }
    };
    Ok(Outcome {
        winner: e.winner.map(player),
        rule,
    })
}

/// The engine's position of the harness's setup.
fn position(s: &Setup) -> Position {
    let mut board = Board::default();
    for c in Cell::ALL {
        let sc = s.cells[c.index()];
        board[hex(c)] = Square {
            stone: sc.stone.map(side),
            height: sc.tier,
            locked: sc.locked,
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

/// The harness's setup of the engine's position.
fn setup(p: &Position) -> EngineResult<Setup> {
    let mut s = Setup::default();
    for c in Cell::ALL {
        let sq = p.board[hex(c)];
        s.cells[c.index()] = SetupCell {
            stone: sq.stone.map(player),
            tier: sq.height,
            locked: sq.locked,
        };
    }
    s.counters = [counters(&p.stock[0]), counters(&p.stock[1])];
    s.to_move = player(p.to_move);
    s.half_moves = p.ply;
    s.outcome = p.ending.map(outcome).transpose()?;
    Ok(s)
}

// Turns, both ways.

fn reshape(s: Shape) -> Reshape {
    match s {
        Shape::Raise(c) => Reshape::Raise(hex(c)),
        Shape::Lower(c) => Reshape::Lower(hex(c)),
    }
}

fn shape(r: Reshape) -> Shape {
    match r {
        Reshape::Raise(h) => Shape::Raise(cell(h)),
        Reshape::Lower(h) => Shape::Lower(cell(h)),
    }
}

fn echo_of(e: hexodic_harness::rules::Echo) -> hexodic_example_engine::Echo {
    use hexodic_example_engine::Echo as Mine;
    use hexodic_harness::rules::Echo as Theirs;
    match e {
        Theirs::Lock(c) => Mine::Lock(hex(c)),
        Theirs::Capture(c) => Mine::Capture(hex(c)),
    }
}

fn echo(e: hexodic_example_engine::Echo) -> hexodic_harness::rules::Echo {
    use hexodic_example_engine::Echo as Mine;
    use hexodic_harness::rules::Echo as Theirs;
    match e {
        Mine::Lock(h) => Theirs::Lock(cell(h)),
        Mine::Capture(h) => Theirs::Capture(cell(h)),
    }
}

fn to_move(t: Turn) -> Move {
    let (reshape, echo) = (t.shape.map(reshape), t.echo.map(echo_of));
    match t.project {
        Project::Place(c) => Move::Place {
            at: hex(c),
            reshape,
            echo,
        },
        Project::Move { from, to } => Move::Step {
            from: hex(from),
            to: hex(to),
            reshape,
            echo,
        },
        Project::Skip => Move::Skip { reshape, echo },
    }
}

fn turn(m: Move) -> Turn {
    let (project, r, e) = match m {
        Move::Place { at, reshape, echo } => (Project::Place(cell(at)), reshape, echo),
        Move::Step {
            from,
            to,
            reshape,
            echo,
        } => (
            Project::Move {
                from: cell(from),
                to: cell(to),
            },
            reshape,
            echo,
        ),
        Move::Skip { reshape, echo } => (Project::Skip, reshape, echo),
    };
    Turn {
        project,
        shape: r.map(shape),
        echo: e.map(echo),
    }
}
