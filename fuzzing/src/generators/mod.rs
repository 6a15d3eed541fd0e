//! The one set of generators: where a game starts ([`start_position`]:
//! play, a mutation script aimed at rare situations, or a built scenario),
//! the mutation scripts themselves ([`script`]), the built scenarios
//! ([`scenario`]), a legal turn leaning toward rare events
//! ([`choose_turn`]) and a turn that is often illegal ([`probe_turn`]).
//! Every one takes its choices from a [`Choose`](crate::Choose): a seeded
//! generator or fuzzer bytes.

mod probe;
pub mod scenario;
pub mod script;
mod start;
mod steer;

pub use probe::probe_turn;
pub use scenario::cap_scenario;
pub use start::start_position;
pub use steer::choose_turn;
