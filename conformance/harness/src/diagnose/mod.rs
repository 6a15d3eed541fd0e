//! Diagnosis: every difference explained in the rules' terms, as a step
//! after a variant's judgement. The rules a difference implicates (from
//! what differs, not from the fixture's citations, [`implicated`]), the
//! engine's own verdict on the turns its list misses and perft bisected to
//! the first differing list ([`ask_missing`], [`bisect_perft`]), and the one
//! classification of each difference ([`classify`]).

mod classify;
mod implicate;
mod probe;

pub use classify::classify;
pub use implicate::{
    board_after, capture_rules, context_rules, fault_rule, implicated, weighing_rules,
};
pub use probe::{ask_missing, bisect_perft, Goto, MAX_ASKED};

use hexodic_report::Divergence;

/// Fill in the rules a divergence implicates and write its words.
pub fn explain(div: &mut Divergence) {
    div.implicated = implicated(div).into_iter().map(str::to_owned).collect();
    div.put_into_words();
}
