//! [`Bug`]: the planted rule mistakes. Each one is a single deviation in the
//! model (`self.has(Bug::X)` at the one place the rule is decided), so a test
//! engine built with `ModelGame::new(Some(bug))` plays Hexodic with exactly
//! that rule broken.

use std::fmt;
use std::str::FromStr;

macro_rules! bugs {
    ($( $(#[$doc:meta])* $name:ident = $code:literal, [$($rule:literal),+], $describe:literal; )*) => {
        /// One planted rule mistake. `rules()[0]` is the rule it mainly
        /// breaks (RULINGS IDs).
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub enum Bug {
            $( $(#[$doc])* $name, )*
        }

        impl Bug {
            /// Every planted bug, in table order.
            pub const ALL: &'static [Bug] = &[$(Bug::$name),*];

            /// The kebab-case name, for command lines and reports.
            pub const fn name(self) -> &'static str {
                match self { $(Bug::$name => $code,)* }
            }

            /// The bug with that name.
            pub fn from_name(name: &str) -> Option<Bug> {
                match name { $($code => Some(Bug::$name),)* _ => None }
            }

            /// The RULINGS IDs the bug breaks; the first is the main one.
            pub const fn rules(self) -> &'static [&'static str] {
                match self { $(Bug::$name => &[$($rule),+],)* }
            }

            /// One sentence: what the buggy engine does.
            pub const fn describe(self) -> &'static str {
                match self { $(Bug::$name => $describe,)* }
            }
        }
    };
}

bugs! {
    /// G7: the cap fires at 59 half-moves instead of 60.
    CapAt59 = "cap-at-59", ["G7"],
        "the half-move cap fires when the count reaches 59 instead of 60";
    /// G4/G7: the Strangle check runs last, after the cap.
    CapBeforeStrangle = "cap-before-strangle", ["G4", "G7"],
        "the cap (G7) is checked before Strangle (G4): a Strangle on the capping turn goes to the tiebreak";
    /// G5/G7: the cap runs before the repetition check.
    CapBeforeRepetition = "cap-before-repetition", ["G5", "G7"],
        "the cap (G7) is checked before repetition (G5): a repetition on the capping turn goes to the tiebreak";
    /// T4: the opening restriction is not enforced.
    CentreFirstPlace = "centre-first-place", ["T4"],
        "a player's first Place may be on the centre d4";
    /// T4/T5: the cooldown distance is 1.
    CooldownDistanceOne = "cooldown-distance-one", ["T4", "T5"],
        "the cooldown keeps Places off the cooldown cells only (distance 1 instead of 2), for Places and for the forced Skip";
    /// T4: a Place does not clear the cooldown set.
    PlaceKeepsCooldown = "place-keeps-cooldown", ["T4"],
        "a Place does not clear the mover's cooldown set";
    /// T5: a Skip does not clear the cooldown set.
    SkipKeepsCooldown = "skip-keeps-cooldown", ["T5"],
        "a Skip does not clear the mover's cooldown set";
    /// T6: a Move captures an enemy on an equal tier.
    MoveCaptureEqualTier = "move-capture-equal-tier", ["T6", "G4"],
        "a Move captures an enemy stone on the same tier, not only on a strictly lower one";
    /// T7: a Move onto an empty locked cell is refused (reason `place-locked`).
    LockedMoveRefused = "locked-move-refused", ["T7", "T6", "G4"],
        "a Move onto an empty locked cell is refused (reported as place-locked)";
    /// S3: the Shape is never mandatory.
    ShapeNeverMandatory = "shape-never-mandatory", ["S3"],
        "a turn may always leave out the Shape";
    /// S2: the Shape range is 3.
    ShapeRangeThree = "shape-range-three", ["S2", "S3"],
        "a Shape may target a cell up to 3 steps from the anchor";
    /// S2/S4: lowers are allowed with the budget spent.
    LowerBudgetIgnored = "lower-budget-ignored", ["S2", "S3", "S4"],
        "a lower is allowed with no lowers left (the count stays at 0)";
    /// E1: Echo conditions are judged before the Shape.
    EchoBeforeShape = "echo-before-shape", ["E1", "E2", "E3"],
        "the Echo conditions (E2, E3) are judged on the board after the Project, before the Shape";
    /// E2: the Echo-Lock can be used again.
    EchoLockTwice = "echo-lock-twice", ["E2"],
        "a player may Echo-Lock more than once per game";
    /// E2: an Echo-Lock may target a tier-1 cell.
    LockOnTierOne = "lock-on-tier-one", ["E2"],
        "an Echo-Lock may target a tier-1 cell holding the mover's stone (E2 asks for tier 2)";
    /// E3: an Echo-Capture may aim at a tier-0 stone.
    EchoTargetTierZero = "echo-target-tier-zero", ["E3"],
        "an Echo-Capture may aim at an enemy stone on tier 0 (it spends the charge and takes nothing)";
    /// E3/E1: an Echo-Capture that captures nothing keeps its charge.
    ChargeKeptOnMiss = "charge-kept-on-miss", ["E3", "E1"],
        "an Echo-Capture that captures nothing does not spend the charge";
    /// E4: in the group weighing an own-side neighbour saves the stone.
    EchoGroupNeighbourSaves = "echo-group-neighbour-saves", ["E4"],
        "in the Echo-Capture group weighing, a neighbour of the stone's own side saves it (as in C1) instead of counting as a wall";
    /// E1/T5: no Echo on a Skip turn (reason `skip-not-allowed`).
    NoEchoOnSkip = "no-echo-on-skip", ["E1", "T5"],
        "an Echo on a Skip turn is refused (reported as skip-not-allowed)";
    /// C1: tier-0 stones can be encircled.
    TierZeroEncircled = "tier-zero-encircled", ["C1", "I5"],
        "a tier-0 stone is encircled when its weight exceeds 0";
    /// C1: a neighbour of the stone's own side counts as a wall.
    OwnNeighbourWalls = "own-neighbour-walls", ["C1"],
        "in the encirclement check (C1) a neighbouring stone of the stone's own side counts as a wall (tier + 1) instead of saving it";
    /// C1/C2: an edge slot weighs the stone's tier.
    EdgeCountsTier = "edge-counts-tier", ["C1", "C2", "E4"],
        "an edge slot adds the stone's tier instead of tier + 1 to the weight (in C1 and E4)";
    /// C1: a weight of exactly 6 x tier captures.
    WeightAtLeast = "weight-at-least", ["C1", "C2", "E4"],
        "a weight equal to 6 x tier captures (C1 and E4 ask for more than 6 x tier)";
    /// C0: an empty locked cell counts as a wall.
    EmptyLockedCellWalls = "empty-locked-cell-walls", ["C0", "C1", "E4"],
        "an empty locked neighbouring cell counts as a wall (tier + 1, like an edge slot) instead of saving the stone";
    /// C4: the mover's own stones are checked too.
    MoverCaptured = "mover-captured", ["C4", "I5"],
        "after the turn the mover's own stones are also checked for encirclement by the opponent";
    /// C3: no cooldown after a capture.
    CaptureNoCooldown = "capture-no-cooldown", ["C3", "T4", "T5"],
        "a captured stone's cell does not join its owner's cooldown set";
    /// C3: Echo-Capture captures are not counted.
    EchoCaptureNotCounted = "echo-capture-not-counted", ["C3", "G2"],
        "stones taken by an Echo-Capture do not raise the capturer's capture count";
    /// G1: the Network links through stones on any tier.
    NetworkThroughAnyStone = "network-through-any-stone", ["G1"],
        "a Network is a connected group of the mover's stones (any tier) with at least 5 of them on tier 2";
    /// G1: a Network needs 4 stones.
    NetworkOfFour = "network-of-four", ["G1"],
        "a Network needs 4 connected tier-2 stones instead of 5";
    /// G2: Takeover at 5 captures.
    TakeoverAtFive = "takeover-at-five", ["G2"],
        "Takeover wins with 5 captures instead of 6";
    /// G5: Skip turns are checked and recorded.
    SkipRecorded = "skip-recorded", ["G5"],
        "a Skip turn is checked against the recorded keys and recorded, like any other turn";
    /// G5/V1: the starting position is not recorded.
    StartNotRecorded = "start-not-recorded", ["G5", "V1"],
        "the position a game starts from (the start or a position given directly) is not recorded";
    /// G5: the repetition key leaves out the charges.
    KeyIgnoresCharges = "key-ignores-charges", ["G5"],
        "the repetition key leaves out the players' charges";
    /// G7: the tiebreak compares captures before the sum of tiers.
    TiebreakCapturesFirst = "tiebreak-captures-first", ["G7"],
        "the tiebreak compares captures (step 3) before the sum of tiers (step 2)";
    /// G7: tiebreak step 1 counts locked tier-2 cells too.
    TiebreakCountsLocked = "tiebreak-counts-locked", ["G7"],
        "tiebreak step 1 counts the stones on every tier-2 cell, locked ones included (only unlocked ones count)";
    /// G0: G3 runs even when Network or Takeover ends the game.
    HalfMoveOnWin = "half-move-on-win", ["G0", "G3"],
        "after a Network or Takeover win the half-move count still rises and the turn passes";
    /// G4: the Strangle check ignores Moves.
    StrangleIgnoresMoves = "strangle-ignores-moves", ["G4"],
        "the Strangle check tests only for a free Place cell (E of T5), even with an empty reserve: Moves are not considered";
    /// G8: a turn offered after the end is judged and played as if the game went on.
    PlayAfterEnd = "play-after-end", ["G8"],
        "once the game is over, a turn is still judged on the board and played (no game-over refusal); the legal list stays empty";
    /// V1/G7: a position given at the half-move cap is accepted.
    CappedPositionAccepted = "capped-position-accepted", ["V1", "G7"],
        "a position given directly with the half-move count at or past the cap is accepted (V1 refuses it as already-capped)";
    /// V2/T6: a Move onto a higher or equal enemy is refused as onto an own stone.
    CaptureNotLowerMisnamed = "capture-not-lower-misnamed", ["T6", "V2"],
        "a Move onto an enemy stone on a tier that is not lower is refused with reason move-onto-own instead of move-capture-not-lower";
    /// N1: every legal turn with an Echo-Lock is listed twice.
    DuplicateLegalTurn = "duplicate-legal-turn", ["N1"],
        "every legal turn with an Echo-Lock is listed twice in the legal list (and counted twice by perft)";
    /// T5: the cells open to a Place include empty locked cells.
    LockedCellOpen = "locked-cell-open", ["T5", "T7"],
        "the cells open to a Place (E of T5) include empty locked cells, so an empty locked cell outside the cooldown rules out the forced Skip";
}

impl fmt::Display for Bug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Bug {
    type Err = String;
    fn from_str(s: &str) -> Result<Bug, String> {
        Bug::from_name(s).ok_or_else(|| format!("`{s}` is not a planted bug"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_kebab_case_and_parse_back() {
        let mut seen = std::collections::HashSet::new();
        for b in Bug::ALL {
            assert!(seen.insert(b.name()), "duplicate {}", b.name());
            assert!(b
                .name()
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'));
            assert_eq!(Bug::from_name(b.name()), Some(*b));
            assert_eq!(b.name().parse::<Bug>(), Ok(*b));
            assert!(!b.rules().is_empty() && !b.describe().is_empty());
        }
        assert_eq!(Bug::ALL.len(), 42);
        assert_eq!(Bug::from_name("no-such-bug"), None);
    }
}
