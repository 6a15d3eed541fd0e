//! The oracle: the one definition of "the engine agrees with the reference".
//!
//! For each kind of check there is one function here that decides agreement
//! and returns a [`Judgement`]: the engine agrees, the check is skipped
//! because the engine lacks a capability (never failed, never passed), or it
//! differs, with a typed [`Difference`]. `run`, `fuzz`, `perft --engine` and
//! the libFuzzer `differential` target all judge replies here.
//!
//! ```
//! use hexodic_conformance::oracle::{self, Judgement, TurnVerdict};
//! use hexodic_conformance::engine::{Capabilities, PlayReply};
//! use hexodic_rules::{Reason, ReasonSet, Turn};
//!
//! let turn = Turn::parse("d4 +d4").unwrap();
//! let mut reference = ReasonSet::EMPTY;
//! reference.insert(Reason::PlaceCentreFirst);
//! let mut engine = ReasonSet::EMPTY;
//! engine.insert(Reason::PlaceOccupied);
//! // Both reject the turn: the verdicts agree...
//! let reply = PlayReply::Illegal(engine);
//! assert_eq!(oracle::verdict(turn, TurnVerdict::Illegal(reference), &reply), Judgement::Agrees);
//! // ...but the engine names a rule the turn does not break (V2).
//! let j = oracle::reasons(turn, reference, engine, Capabilities::ALL);
//! assert_eq!(j.difference().unwrap().summary(),
//!     "`d4 +d4` is rejected with place-occupied; the reasons it breaks are place-centre-first");
//! ```

mod bound;
mod difference;
mod expect;
mod field;
mod judge;
mod list;

pub use bound::{impossible_count, perft_bound, TURNS_WRITABLE};
pub use difference::{turn_cells, CaptureKind, Difference, Judgement};
pub use expect::{codes, CounterCheck, KindsCheck, StateCheck, TurnVerdict};
pub use field::{
    cell_list, cell_token, diff as diff_fields, diff_partial, result_text, Counter, FieldDiff,
};
pub use judge::{
    capture_kinds, captures, legal_count, legal_list, listed, outcome, perft, position, reasons,
    state, validity, verdict,
};
pub use list::{diff as diff_lists, ListDiff, ListedTurn, MAX_LISTED};
