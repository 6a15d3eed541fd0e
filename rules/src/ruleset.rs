//! [`Ruleset`]: the named parameters of the game (RS1).

/// The parameters of a Hexodic ruleset (RS1). The engine implements
/// [`Ruleset::STANDARD`]; every rule reads its numbers from here rather
/// than from literals.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Ruleset {
    /// Name used by fixtures (`ruleset: standard`).
    pub name: &'static str,
    /// Stones per player, all in reserve at the start (P2).
    pub stones: u8,
    /// Highest tier; tiers run `0..=max_tier` (glossary: Tier).
    pub max_tier: u8,
    /// Echo charges per player, never restored (E1).
    pub charges: u8,
    /// Lowers per player; raises are unbudgeted (S2, S4).
    pub lowers: u8,
    /// Echo-Locks per player per game (E2).
    pub echo_locks: u8,
    /// Shape range in steps from the anchor (S2).
    pub shape_range: u8,
    /// A first Place must be at least this far from the centre (T4).
    pub opening_distance: u8,
    /// A Place after a capture must be at least this far from every cooldown cell (T4, T5).
    pub cooldown_distance: u8,
    /// Stones on tier-2 cells in one group that win by Network (G1).
    pub network_size: u8,
    /// Captures that win by Takeover (G2).
    pub takeover_captures: u8,
    /// Half-moves after which the tiebreak decides (G7).
    pub half_move_cap: u16,
    /// Encirclement threshold factor: the weight must exceed `factor x tier` (C1).
    pub encirclement_factor: u8,
}

impl Ruleset {
    /// The standard ruleset, the only one the engine plays.
    pub const STANDARD: Ruleset = Ruleset {
        name: "standard",
        stones: 7,
        max_tier: 2,
        charges: 3,
        lowers: 6,
        echo_locks: 1,
        shape_range: 2,
        opening_distance: 1,
        cooldown_distance: 2,
        network_size: 5,
        takeover_captures: 6,
        half_move_cap: 60,
        encirclement_factor: 6,
    };
}

/// Shorthand for the standard ruleset used throughout the engine.
pub(crate) const RS: Ruleset = Ruleset::STANDARD;
