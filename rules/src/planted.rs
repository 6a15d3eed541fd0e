//! Planted rule bugs: a test-only way to run the engine with one known rule
//! mistake, so that tests can prove the fuzzers and fixtures catch it.
//!
//! Compiled in only with the `planted-bugs` feature; without it
//! every hook is a constant `false` and costs nothing. The bug is chosen per
//! thread, so tests running in parallel do not disturb each other.

use std::fmt;
use std::str::FromStr;

/// A rule mistake an engine might make.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PlantedBug {
    /// The cap fires at 59 half-moves instead of 60 (G7).
    CapAt59,
    /// A first Place on the centre is allowed (T4).
    CentreFirstPlace,
    /// A Move captures an enemy on the same tier, not only strictly lower (T6).
    MoveCaptureEqualTier,
    /// The Echo-Lock can be used more than once per game (E2).
    EchoLockTwice,
    /// The Shape is never mandatory (S3).
    ShapeNeverMandatory,
    /// The capture cooldown keeps Places off the cooldown cells only, distance 1 (T4).
    CooldownDistanceOne,
    /// Tier-0 stones can be encircled (C1).
    TierZeroEncircled,
    /// An edge slot counts the stone's tier instead of tier + 1 (C1, C2).
    EdgeCountsTier,
    /// A weight of exactly 6 x tier captures (C1: it must exceed it).
    WeightAtLeast,
    /// Skip turns are checked and recorded for repetition (G5).
    SkipRecorded,
}

impl PlantedBug {
    /// Every planted bug.
    pub const ALL: [PlantedBug; 10] = [
        PlantedBug::CapAt59,
        PlantedBug::CentreFirstPlace,
        PlantedBug::MoveCaptureEqualTier,
        PlantedBug::EchoLockTwice,
        PlantedBug::ShapeNeverMandatory,
        PlantedBug::CooldownDistanceOne,
        PlantedBug::TierZeroEncircled,
        PlantedBug::EdgeCountsTier,
        PlantedBug::WeightAtLeast,
        PlantedBug::SkipRecorded,
    ];

    /// Kebab-case name, for command lines.
    pub const fn name(self) -> &'static str {
        match self {
            PlantedBug::CapAt59 => "cap-at-59",
            PlantedBug::CentreFirstPlace => "centre-first-place",
            PlantedBug::MoveCaptureEqualTier => "move-capture-equal-tier",
            PlantedBug::EchoLockTwice => "echo-lock-twice",
            PlantedBug::ShapeNeverMandatory => "shape-never-mandatory",
            PlantedBug::CooldownDistanceOne => "cooldown-distance-one",
            PlantedBug::TierZeroEncircled => "tier-zero-encircled",
            PlantedBug::EdgeCountsTier => "edge-counts-tier",
            PlantedBug::WeightAtLeast => "weight-at-least",
            PlantedBug::SkipRecorded => "skip-recorded",
        }
    }

    /// The rule the bug breaks.
    pub const fn rule(self) -> &'static str {
        match self {
            PlantedBug::CapAt59 => "G7",
            PlantedBug::CentreFirstPlace | PlantedBug::CooldownDistanceOne => "T4",
            PlantedBug::MoveCaptureEqualTier => "T6",
            PlantedBug::EchoLockTwice => "E2",
            PlantedBug::ShapeNeverMandatory => "S3",
            PlantedBug::TierZeroEncircled
            | PlantedBug::EdgeCountsTier
            | PlantedBug::WeightAtLeast => "C1",
            PlantedBug::SkipRecorded => "G5",
        }
    }
}

impl fmt::Display for PlantedBug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PlantedBug {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        PlantedBug::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| format!("`{s}` is not a planted bug"))
    }
}

#[cfg(feature = "planted-bugs")]
thread_local! {
    static BUG: std::cell::Cell<Option<PlantedBug>> = const { std::cell::Cell::new(None) };
}

/// Plant `bug` (or none) for the engine on this thread. Without the
/// `planted-bugs` feature this does nothing.
pub fn plant(bug: Option<PlantedBug>) {
    #[cfg(feature = "planted-bugs")]
    BUG.with(|c| c.set(bug));
    #[cfg(not(feature = "planted-bugs"))]
    let _ = bug;
}

/// The bug planted on this thread.
pub fn planted() -> Option<PlantedBug> {
    #[cfg(feature = "planted-bugs")]
    return BUG.with(|c| c.get());
    #[cfg(not(feature = "planted-bugs"))]
    None
}

/// Whether `bug` is planted on this thread.
#[inline(always)]
pub(crate) fn active(bug: PlantedBug) -> bool {
    #[cfg(feature = "planted-bugs")]
    return BUG.with(|c| c.get() == Some(bug));
    #[cfg(not(feature = "planted-bugs"))]
    {
        let _ = bug;
        false
    }
}
