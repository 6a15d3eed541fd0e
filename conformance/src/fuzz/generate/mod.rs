//! Starting positions and turn choices steered toward the rare rules, for
//! the differential fuzzer (`fuzz` command).
//!
//! - [`start_position`]: where a game starts (play, a mutation script, or a
//!   built scenario);
//! - [`cap_scenario`]: the built scenarios (Strangle, repetition, Network,
//!   Takeover, forced Skip) moved just before the cap;
//! - [`choose_turn`]: a legal turn leaning toward rare events;
//! - [`probe_turn`]: a turn that is often illegal.

mod probe;
mod scenario;
mod start;
mod steer;

pub use probe::probe_turn;
pub use scenario::cap_scenario;
pub use start::start_position;
pub use steer::choose_turn;
