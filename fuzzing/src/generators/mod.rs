//! The one set of generators: where a game starts ([`start_position`]:
//! play, a mutation script aimed at rare situations, or a built scenario),
//! the mutation scripts themselves ([`script`]), the built scenarios
//! ([`scenario`]), a legal turn leaning toward rare events
//! ([`choose_turn`]), a turn that is often illegal ([`probe_turn`]), a turn
//! steered to break one chosen rule ([`reason_probe`]), and positions V1
//! must judge, invalid or at the edge of validity ([`position_question`]).
//! Every one takes its choices from a [`Choose`](crate::Choose): a seeded
//! generator or fuzzer bytes.

mod invalid;
mod probe;
mod reasons;
pub mod scenario;
pub mod script;
mod start;
mod steer;

pub use invalid::{faults_of, position_question, position_question_of, QUESTION_KINDS};
pub use probe::probe_turn;
pub use reasons::{probed_reasons, reason_probe};
pub use scenario::cap_scenario;
pub use start::start_position;
pub use steer::choose_turn;
