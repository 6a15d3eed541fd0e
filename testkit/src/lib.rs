//! Test scaffolding for Hexodic (never a dependency of shipped code).
//!
//! - [`ModelGame`]: a plain, independent model of the rules (RULINGS IDs B,
//!   P, T, S, E, C, G, V, N), written with arrays and loops and calling none
//!   of the reference engine's play logic. With no bug it plays exactly as
//!   the reference (`hexodic_rules::Game`); the tests prove it turn by turn.
//! - [`Bug`]: planted rule mistakes; `ModelGame::new(Some(bug))` is a test
//!   engine with that one rule broken.
//! - [`ReplyFault`]: ways to alter a correct engine's replies that are not
//!   rule mistakes (a dropped legal turn, a flipped verdict, a miscounted
//!   half-move).
//! - [`diff`]: comparing the model with the reference, turn by turn.
//! - [`positions`]: generators of varied valid positions (V1) for such
//!   comparisons.
//!
//! ```
//! use hexodic_rules::Turn;
//! use hexodic_testkit::{Bug, ModelGame};
//! let mut clean = ModelGame::new(None);
//! assert_eq!(clean.legal_turns().len(), 480);
//! let centre = Turn::parse("d4 +d4").unwrap();
//! assert!(clean.play(centre).is_err()); // T4: no first Place on the centre
//! let mut buggy = ModelGame::new(Some(Bug::CentreFirstPlace));
//! assert!(buggy.play(centre).is_ok());
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod bug;
pub mod diff;
pub mod model;
pub mod positions;
pub mod reply;

pub use bug::Bug;
pub use model::{ModelGame, Played};
pub use reply::ReplyFault;
