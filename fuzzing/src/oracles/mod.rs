//! The one set of oracles: the invariants of the reference as it plays
//! ([`random_game`], [`turn_legality`]), its notations and fixture loader on
//! any text ([`parsers`]), its symmetries ([`symmetry`]), and the
//! differential oracle ([`differential`]): an engine against the
//! reference, judged by the harness's oracle.

pub mod differential;
pub mod engine;
pub mod failure;
mod fingerprint;
mod game;
mod parsers;
mod play;
mod random_game;
mod symmetry;
mod turn_legality;

pub use parsers::parsers;
pub use random_game::{random_game, random_game_strict};
pub use symmetry::symmetry;
pub use turn_legality::turn_legality;
