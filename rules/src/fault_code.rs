//! [`FaultCode`]: the stable codes of the ways a [`Setup`](crate::Setup) can
//! fail validation (V1), each with the rule it breaks. Fixtures (`invalid:`),
//! the engine protocol and reports use these codes; this is their only list.

use std::fmt;

macro_rules! fault_codes {
    ($( $(#[$doc:meta])* $name:ident = $code:literal, $rule:literal; )*) => {
        /// The kind of a [`Fault`](crate::Fault), as a stable code.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub enum FaultCode {
            $( $(#[$doc])* $name, )*
        }

        impl FaultCode {
            /// Every fault code, in the order of the rules reference.
            pub const ALL: &'static [FaultCode] = &[$(FaultCode::$name),*];

            /// The stable code, for example `stone-count`.
            pub const fn code(self) -> &'static str {
                match self { $(FaultCode::$name => $code,)* }
            }

            /// The rule ID the fault breaks (an invariant I1-I4, or V1).
            pub const fn rule(self) -> &'static str {
                match self { $(FaultCode::$name => $rule,)* }
            }

            /// The fault code with that text.
            ///
            /// ```
            /// use hexodic_rules::FaultCode;
            /// assert_eq!(FaultCode::from_code("tier-sum"), Some(FaultCode::TierSum));
            /// assert_eq!(FaultCode::from_code("tier sum"), None);
            /// ```
            pub fn from_code(code: &str) -> Option<FaultCode> {
                match code { $($code => Some(FaultCode::$name),)* _ => None }
            }
        }
    };
}

fault_codes! {
    /// A tier above 2 (I2).
    TierOutOfRange = "tier-out-of-range", "I2";
    /// A locked cell that is not tier 2 (I2).
    LockNotOnTop = "lock-not-on-tier-2", "I2";
    /// Locked cells differ from the number of used Echo-Locks (I2).
    LockCount = "lock-count", "I2";
    /// Stones on the board plus reserve differ from the stone count (I1).
    StoneCount = "stone-count", "I1";
    /// More charges than the ruleset gives (I4).
    TooManyCharges = "too-many-charges", "I4";
    /// An Echo-Lock used while all charges remain (I4).
    LockWithoutCharge = "lock-without-charge", "I4";
    /// More lowers left than the budget (I4).
    TooManyLowers = "too-many-lowers", "I4";
    /// The sum of tiers differs from raises minus lowers made (I3).
    TierSum = "tier-sum", "I3";
    /// A player with no first Place has stones out of reserve (V1).
    StonesBeforeFirstPlace = "stones-before-first-place", "V1";
    /// The player not to move has a Network (V1, G1).
    AlreadyNetwork = "already-network", "V1";
    /// The player not to move has the Takeover count (V1, G2).
    AlreadyTakeover = "already-takeover", "V1";
    /// The player to move has no legal Project (V1, G4).
    AlreadyStrangled = "already-strangled", "V1";
    /// The half-move count is at or past the cap (V1, G7).
    AlreadyCapped = "already-capped", "V1";
    /// The recorded result is not well formed (V1, G8).
    MalformedOutcome = "malformed-outcome", "V1";
}

impl fmt::Display for FaultCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}
