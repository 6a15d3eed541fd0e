//! The Hexodic conformance harness library: tallies of random play, and (as
//! the harness grows) the fixture corpus runner, engine adapters and checks.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod checks;
pub mod external;
pub mod fake;
pub mod protocol;
pub mod serve;
pub mod tally;
