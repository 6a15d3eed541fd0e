//! The Hexodic reference rules engine.
//!
//! Every rule of the project's rules reference (`rules/RULES.md`, IDs from
//! RULINGS: B, P, T, S, E, C, G, V, N) is implemented here, exactly, on
//! bitboards. The main types:
//!
//! - [`Cell`], [`CellSet`]: the 37 cells and sets of them (B1-B4).
//! - [`Setup`]: a raw, possibly impossible state; [`Setup::validate`] turns
//!   it into a [`Position`] (V1) or lists every fault.
//! - [`Position`]: a valid state (`Copy`, at most 128 bytes); legal turns,
//!   [`Position::illegal_reasons`] (V2).
//! - [`Game`]: a position with its repetition history (G5); [`Game::play`].
//! - [`Turn`] = ([`Project`], [`Shape`], [`Echo`]) and its notation.
//! - [`perft`](perft::perft) and [`divide`](perft::divide) (N1).
//! - [`invariants`]: checks I1-I9; [`symmetry`]: the 12 board symmetries and
//!   the colour swap (I8).
//!
//! ```
//! use hexodic_rules::{Game, Turn};
//! let mut game = Game::new();
//! assert_eq!(game.position().count_legal(), 480);
//! game.play(Turn::parse("c3 +d4").unwrap()).unwrap();
//! // O's first Place may not be the centre (T4): rejected with a reason code.
//! let err = game.play(Turn::parse("d4 +d4").unwrap()).unwrap_err();
//! assert_eq!(err.primary().code(), "place-centre-first");
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

mod cell;
mod cellset;
pub mod diagram;
mod fault_code;
mod game;
mod illegal;
pub mod invariants;
mod movegen;
mod outcome;
pub mod perft;
mod play;
mod player;
mod position;
pub mod random;
pub mod registry;
mod repetition;
mod ruleset;
mod setup;
pub mod symmetry;
mod text;
mod turn;

pub use cell::{Cell, InvalidCell, DIRECTIONS};
pub use cellset::{CellSet, CellSetIter};
pub use fault_code::FaultCode;
pub use game::Game;
pub use illegal::{IllegalTurn, Reason, ReasonSet};
pub use outcome::{EndRule, Outcome, TiebreakStep};
pub use play::TurnReport;
pub use player::Player;
pub use position::{Counters, Position};
pub use repetition::RepetitionKey;
pub use ruleset::Ruleset;
pub use setup::{Fault, InvalidSetup, Setup, SetupCell};
pub use text::notation::{
    PositionError, PositionParseError, PositionParseErrorKind, MAX_POSITION_LEN,
};
pub use text::turn::{TurnParseError, TurnParseErrorKind};
pub use turn::{Echo, Project, Shape, Turn};

/// The rules reference, `RULES.md`: every rule with its ID, as the
/// implementation, the fixtures and the catalogue cite it.
pub const RULES_MD: &str = include_str!("../RULES.md");
