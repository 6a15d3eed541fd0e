//! Diagnosis: every difference explained in the rules' terms. The rules a
//! difference implicates (from what differs, not from the fixture's
//! citations), the engine's own verdict on the turns its list misses, perft
//! bisected to the first differing list, and failing fixtures grouped into
//! root causes.

mod behaviour;
mod cause;
mod divergence;
mod implicate;
mod pinned;
mod probe;
mod roots;

pub use behaviour::{behaviour, gives, Behaviour, Code};
pub use cause::{detail, signature, Signature};
pub use divergence::{Divergence, Failure, IncidentAt, Source};
pub use implicate::{
    board_after, boards_agree, capture_rules, context_rules, fault_rule, implicated, weighing_rules,
};
pub use pinned::Pinned;
pub use probe::{ask_missing, bisect_perft, Goto, MAX_ASKED};
pub use roots::{root_causes, Example, Failing, RootCause};
