//! What a check finds: a broken invariant with the way to it.

use hexodic_rules::invariants::Violation;
use hexodic_rules::{Position, Turn};
use std::fmt;

/// A broken invariant found by a check: which rule, what was seen, and how to
/// get there (a starting position and the turns played from it).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{invariant} broken: {message} (from `{start}`, turns: {})",
    TurnList(turns)
)]
pub struct CheckFailure {
    /// The rule ID of the broken invariant (`I1`-`I9`, or `G5` for the key).
    pub invariant: &'static str,
    /// What was seen.
    pub message: String,
    /// The position the checked play started from, in the one-line notation
    /// (for the parser check: the offending text).
    pub start: String,
    /// The turns played from `start` before the failure; the last one is the
    /// turn being checked when the failure concerns a turn.
    pub turns: Vec<Turn>,
}

struct TurnList<'a>(&'a [Turn]);

impl fmt::Display for TurnList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        for (i, t) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "'{t}'")?;
        }
        Ok(())
    }
}

/// The result of a check.
pub type Check = Result<(), CheckFailure>;

/// Where a check stands: the starting position and the turns played.
pub(crate) struct Trail {
    pub(crate) start: String,
    pub(crate) turns: Vec<Turn>,
}

impl Trail {
    pub(crate) fn new(p: &Position) -> Trail {
        Trail {
            start: p.to_notation(),
            turns: Vec::new(),
        }
    }

    /// The trail of a position given directly, valid or not.
    pub(crate) fn given(s: &hexodic_rules::Setup) -> Trail {
        Trail {
            start: s.to_notation(),
            turns: Vec::new(),
        }
    }

    pub(crate) fn fail(&self, invariant: &'static str, message: String) -> CheckFailure {
        CheckFailure {
            invariant,
            message,
            start: self.start.clone(),
            turns: self.turns.clone(),
        }
    }

    /// The failure for a violation seen while checking `extra` (not yet played).
    pub(crate) fn at(&self, v: Violation, extra: Option<Turn>) -> CheckFailure {
        let mut f = self.fail(v.invariant, v.message);
        f.turns.extend(extra);
        f
    }
}
