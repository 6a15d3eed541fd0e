//! The engine: a game in progress, driven through this crate's own types.

use crate::core;
use crate::error::Error;
use crate::moves::{Applied, Captures, Move};
use crate::position::Position;

/// The environment variable that plants a bug in [`ExampleEngine::new`]'s
/// engine: `drop-captures` ([`Bug::DropCaptures`]).
pub const BUG_VARIABLE: &str = "HEXODIC_EXAMPLE_BUG";

/// A bug planted on purpose, to show what the conformance tests print.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bug {
    /// Report no captures (the stones still go).
    DropCaptures,
}

impl Bug {
    /// The bug `HEXODIC_EXAMPLE_BUG` names, if any.
    pub fn from_env() -> Option<Bug> {
        match std::env::var(BUG_VARIABLE).as_deref() {
            Ok("drop-captures") => Some(Bug::DropCaptures),
            _ => None,
        }
    }
}

/// The deepest perft the engine counts.
pub const MAX_PERFT_DEPTH: u32 = 6;

/// A Hexodic engine: one game, from the start or from a loaded position.
#[derive(Clone, Debug, Default)]
pub struct ExampleEngine {
    game: hexodic_rules::Game,
    bug: Option<Bug>,
}

impl ExampleEngine {
    /// An engine at the start, with the bug `HEXODIC_EXAMPLE_BUG` names.
    pub fn new() -> ExampleEngine {
        ExampleEngine::with_bug(Bug::from_env())
    }

    /// An engine at the start, with `bug` planted (or none).
    pub fn with_bug(bug: Option<Bug>) -> ExampleEngine {
        ExampleEngine {
            game: hexodic_rules::Game::new(),
            bug,
        }
    }

    /// Start a new game from `position`, its history just that position.
    /// An impossible position is refused with every fault, as found.
    pub fn load(&mut self, position: &Position) -> Result<(), Error> {
        let setup = core::setup(position)?;
        match setup.validate() {
            Ok(p) => {
                self.game = hexodic_rules::Game::from_position(p);
                Ok(())
            }
            Err(e) => Err(Error::InvalidPosition {
                faults: e.faults.iter().map(|f| f.kind().code()).collect(),
            }),
        }
    }

    /// The position now.
    pub fn position(&self) -> Position {
        core::position(self.game.position())
    }

    /// Play `m`: the position after it and what it captured, or every
    /// reason it is illegal (the game unchanged).
    pub fn apply(&mut self, m: Move) -> Result<Applied, Error> {
        match self.game.play(core::turn(m)) {
            Ok(report) => {
                let captures = match self.bug {
                    Some(Bug::DropCaptures) => Captures::default(),
                    None => core::captures(&report),
                };
                Ok(Applied {
                    after: self.position(),
                    captures,
                })
            }
            Err(e) => Err(Error::IllegalMove {
                reasons: e.reasons.iter().map(|r| r.code()).collect(),
            }),
        }
    }

    /// Every legal move now.
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.game
            .position()
            .for_each_legal_turn(|t| out.push(core::to_move(t)));
        out
    }

    /// The number of move sequences `depth` long from here.
    pub fn perft(&self, depth: u32) -> Result<u64, Error> {
        check_depth(depth)?;
        Ok(hexodic_rules::perft::perft(&self.game, depth))
    }

    /// [`ExampleEngine::perft`] to `depth - 1` below each legal move.
    pub fn divide(&self, depth: u32) -> Result<Vec<(Move, u64)>, Error> {
        check_depth(depth)?;
        Ok(hexodic_rules::perft::divide(&self.game, depth)
            .into_iter()
            .map(|(t, n)| (core::to_move(t), n))
            .collect())
    }
}

fn check_depth(depth: u32) -> Result<(), Error> {
    match depth {
        d if d > MAX_PERFT_DEPTH => Err(Error::TooDeep {
            depth,
            max: MAX_PERFT_DEPTH,
        }),
        _ => Ok(()),
    }
}
