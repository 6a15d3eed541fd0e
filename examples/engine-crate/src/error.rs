//! This engine's errors.

use std::fmt;

/// Why the engine did not do what it was asked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Error {
    /// The move breaks the rules: every reason, by its protocol code
    /// (`place-occupied`).
    IllegalMove {
        /// The reason codes.
        reasons: Vec<&'static str>,
    },
    /// The position cannot occur in a game: every fault, by its protocol
    /// code (`stone-count`).
    InvalidPosition {
        /// The fault codes.
        faults: Vec<&'static str>,
    },
    /// A perft deeper than this engine counts.
    TooDeep {
        /// The depth asked.
        depth: u32,
        /// The deepest it counts.
        max: u32,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::IllegalMove { reasons } => write!(f, "illegal move: {}", reasons.join(", ")),
            Error::InvalidPosition { faults } => {
                write!(f, "invalid position: {}", faults.join(", "))
            }
            Error::TooDeep { depth, max } => {
                write!(f, "perft to depth {depth} is deeper than {max}")
            }
        }
    }
}

impl std::error::Error for Error {}
