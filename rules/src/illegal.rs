//! [`IllegalTurn`]: the machine-readable reasons a turn is rejected (V2).
//!
//! Every [`Reason`] has a stable kebab-case code (used by fixtures, the
//! protocol and reports) and the RULINGS IDs it enforces. A rejected turn
//! carries every reason found, judged part by part as V2 describes.

use std::fmt;

macro_rules! reasons {
    ($( $(#[$doc:meta])* $name:ident = $code:literal, [$($rule:literal),*]; )*) => {
        /// One reason a turn is illegal.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Reason {
            $( $(#[$doc])* $name, )*
        }

        impl Reason {
            /// Every reason, in code order.
            pub const ALL: &'static [Reason] = &[$(Reason::$name),*];

            /// The stable code, for example `place-occupied`.
            pub const fn code(self) -> &'static str {
                match self { $(Reason::$name => $code,)* }
            }

            /// The RULINGS IDs this reason enforces.
            pub const fn rules(self) -> &'static [&'static str] {
                match self { $(Reason::$name => &[$($rule),*],)* }
            }

            /// The reason with that code.
            pub fn from_code(code: &str) -> Option<Reason> {
                match code { $($code => Some(Reason::$name),)* _ => None }
            }
        }
    };
}

reasons! {
    /// The game is over: no turn is legal (G8).
    GameOver = "game-over", ["G8"];
    /// A Place with an empty reserve (T3).
    PlaceWithoutReserve = "place-without-reserve", ["T3"];
    /// A Move while stones remain in reserve (T3).
    MoveWithReserve = "move-with-reserve", ["T3"];
    /// A Place on a cell holding a stone (T4).
    PlaceOccupied = "place-occupied", ["T4"];
    /// A Place on a locked cell (T4, T7).
    PlaceLocked = "place-locked", ["T4", "T7"];
    /// A first Place on the centre (T4, opening restriction).
    PlaceCentreFirst = "place-centre-first", ["T4"];
    /// A Place closer than the cooldown distance to a cooldown cell (T4).
    PlaceCooldown = "place-cooldown", ["T4"];
    /// A Skip when the cooldown does not force one (T5).
    SkipNotAllowed = "skip-not-allowed", ["T5"];
    /// A Move from a cell not holding the mover's stone (T6).
    MoveFromNotOwn = "move-from-not-own", ["T6"];
    /// A Move to a cell that is not a neighbour of its start (T6).
    MoveNotAdjacent = "move-not-adjacent", ["T6"];
    /// A Move onto the mover's own stone (T6).
    MoveOntoOwn = "move-onto-own", ["T6"];
    /// A Move onto an enemy stone whose tier is not strictly lower (T6).
    MoveCaptureNotLower = "move-capture-not-lower", ["T6"];
    /// A Shape on a Skip turn (T5).
    ShapeOnSkip = "shape-on-skip", ["T5"];
    /// A Shape more than the Shape range from the anchor (S2).
    ShapeOutOfRange = "shape-out-of-range", ["S2"];
    /// A Shape on a locked cell (T7, S2).
    ShapeLocked = "shape-locked", ["T7", "S2"];
    /// A raise of a tier-2 cell (S2).
    RaiseAtTop = "raise-at-top", ["S2"];
    /// A lower of a tier-0 cell (S2).
    LowerAtBottom = "lower-at-bottom", ["S2"];
    /// A lower with the lowering budget spent (S2).
    NoLowersLeft = "no-lowers-left", ["S2"];
    /// No Shape although one is mandatory (S3).
    ShapeRequired = "shape-required", ["S3"];
    /// An Echo with no charge left (E1).
    NoCharge = "no-charge", ["E1"];
    /// A second Echo-Lock (E2).
    LockUsed = "lock-used", ["E2"];
    /// An Echo-Lock on a cell not holding the mover's stone (E2).
    LockNotOwnStone = "lock-not-own-stone", ["E2"];
    /// An Echo-Lock on a cell that is not tier 2 (E2).
    LockNotTop = "lock-not-tier-2", ["E2"];
    /// An Echo-Lock on a cell already locked (E2).
    LockAlreadyLocked = "lock-already-locked", ["E2"];
    /// An Echo-Capture aimed at a cell not holding an enemy stone (E3).
    EchoTargetNotEnemy = "echo-target-not-enemy", ["E3"];
    /// An Echo-Capture aimed at a stone on tier 0 (E3).
    EchoTargetTierZero = "echo-target-tier-0", ["E3"];
    /// An Echo-Capture aimed at a stone with an empty neighbouring cell (E3, C0).
    EchoTargetHasEmptyNeighbour = "echo-target-empty-neighbour", ["E3", "C0"];
    /// An Echo-Capture aimed at a stone with none of the mover's stones adjacent (E3).
    EchoTargetNotAdjacent = "echo-target-not-adjacent", ["E3"];
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A set of [`Reason`]s, as a bitset (`Copy`, no allocation).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ReasonSet(u32);

impl ReasonSet {
    /// The empty set.
    pub const EMPTY: ReasonSet = ReasonSet(0);

    /// Add a reason.
    pub fn insert(&mut self, r: Reason) {
        self.0 |= 1 << r as u8;
    }

    /// Whether the set holds `r`.
    pub const fn contains(self, r: Reason) -> bool {
        self.0 & (1 << r as u8) != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of reasons.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The reasons in code order.
    pub fn iter(self) -> impl Iterator<Item = Reason> {
        Reason::ALL
            .iter()
            .copied()
            .filter(move |r| self.contains(*r))
    }
}

impl fmt::Debug for ReasonSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|r| r.code()))
            .finish()
    }
}

/// A rejected turn: every rule it breaks (V2). The position is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("illegal turn: {}", codes(*reasons))]
pub struct IllegalTurn {
    /// The reasons, never empty.
    pub reasons: ReasonSet,
}

fn codes(r: ReasonSet) -> String {
    r.iter().map(|r| r.code()).collect::<Vec<_>>().join(", ")
}

impl IllegalTurn {
    /// The first reason in code order.
    pub fn primary(&self) -> Reason {
        self.reasons.iter().next().unwrap_or(Reason::GameOver)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_parse_back() {
        let mut seen = std::collections::HashSet::new();
        for r in Reason::ALL {
            assert!(seen.insert(r.code()), "duplicate {}", r.code());
            assert_eq!(Reason::from_code(r.code()), Some(*r));
            assert!(!r.rules().is_empty());
        }
        assert!(Reason::ALL.len() <= 32);
    }
}
