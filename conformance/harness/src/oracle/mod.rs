//! The oracle: the one definition of "the engine agrees with the reference".
//!
//! For each kind of check there is one function here that decides agreement
//! and returns a [`Judgement`]: the engine agrees, the check is skipped
//! because the engine lacks a capability (never failed, never passed), or it
//! differs, with a typed [`Difference`]. `run`, `fuzz`, `perft --engine` and
//! the libFuzzer `differential` target all judge replies here.
//!
//! ```
//! use hexodic_harness::oracle::{self, Judgement};
//! use hexodic_harness::engine::{Capabilities, PlayReply};
//! use hexodic_harness::report::TurnVerdict;
//! use hexodic_harness::rules::{Reason, ReasonSet, Turn};
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

mod checks;
mod fields;
mod judge;
mod lists;

pub use checks::{CounterCheck, KindsCheck, StateCheck};
pub use fields::{diff as diff_fields, diff_partial};
pub use judge::{
    capture_kinds, captures, legal_count, legal_list, listed, outcome, perft, position, reasons,
    state, validity, verdict,
};
pub use lists::diff as diff_lists;

use hexodic_engine::Capability;
use hexodic_report::{Difference, FieldDiff};

/// The answer of a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The engine agrees.
    Agrees,
    /// Not checked: the engine lacks the capability.
    Skipped(Capability),
    /// The engine differs.
    Differs(Difference),
}

impl Judgement {
    /// The difference, if the engine differs.
    pub fn difference(&self) -> Option<&Difference> {
        match self {
            Judgement::Differs(d) => Some(d),
            _ => None,
        }
    }

    pub(crate) fn from_fields(fields: Vec<FieldDiff>) -> Judgement {
        if fields.is_empty() {
            Judgement::Agrees
        } else {
            Judgement::Differs(Difference::Fields { fields })
        }
    }
}
