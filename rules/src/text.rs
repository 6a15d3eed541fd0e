//! Text forms: the one-line position notation and the turn notation (N1),
//! read and written. They carry positions and turns through fixtures, the
//! protocol and the command line; the rules themselves never read text.

pub(crate) mod notation;
pub(crate) mod turn;
