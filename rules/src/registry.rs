//! The registry of rule IDs (RULINGS): every ID fixtures, code and docs may
//! cite, whether it is documented by a rules page or a ruling, and a short title.

/// Where a rule comes from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Basis {
    /// Stated by a published rules page.
    Documented,
    /// Decided where the pages are silent (provisional).
    Ruling,
    /// Partly stated by a page, partly a ruling.
    Both,
    /// An invariant derived from the rules (I1-I9), for fuzzing.
    Invariant,
}

impl Basis {
    /// `documented`, `ruling`, `documented+ruling` or `invariant`.
    pub const fn name(self) -> &'static str {
        match self {
            Basis::Documented => "documented",
            Basis::Ruling => "ruling",
            Basis::Both => "documented+ruling",
            Basis::Invariant => "invariant",
        }
    }
}

/// One registered rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RuleInfo {
    /// The stable ID, for example `C1`.
    pub id: &'static str,
    /// Its basis.
    pub basis: Basis,
    /// A short title.
    pub title: &'static str,
}

const fn r(id: &'static str, basis: Basis, title: &'static str) -> RuleInfo {
    RuleInfo { id, basis, title }
}

use Basis::{Both, Documented as D, Invariant as I, Ruling as R};

/// Every rule ID, in the order of the rules reference.
pub const RULES: &[RuleInfo] = &[
    r("RS1", R, "ruleset parameters are named"),
    r("B1", R, "axial coordinates, neighbours, distance"),
    r("B2", R, "cell names a1..g7, centre d4"),
    r("B3", R, "diagram orientation"),
    r("B4", D, "six slots per cell; edge slots"),
    r("P1", R, "X moves first"),
    r("P2", Both, "the starting state"),
    r("T1", D, "a turn: Project, Shape, optional Echo, checks"),
    r("T2", R, "Project kinds: Place, Move, Skip"),
    r("T3", D, "Place while stones remain in reserve"),
    r(
        "T4",
        D,
        "Place: empty, unlocked, opening restriction, cooldown",
    ),
    r("T5", Both, "the cooldown Skip"),
    r("T6", D, "Move: adjacent, empty or strictly lower enemy"),
    r("T7", D, "locked cells: no Shape or Place; Move allowed"),
    r("S1", D, "the Shape anchor"),
    r(
        "S2",
        Both,
        "legal Shapes: range 2, tier bounds, lowering budget",
    ),
    r("S3", D, "mandatory Shape"),
    r("S4", D, "raise and lower counters"),
    r("E1", Both, "one optional Echo per turn, one charge"),
    r("E2", Both, "Echo-Lock"),
    r("E3", Both, "Echo-Capture target conditions"),
    r("E4", R, "Echo-Capture group weighing"),
    r("C0", R, "empty means no stone, locked or not"),
    r("C1", D, "encirclement weighed by tiers and edge"),
    r(
        "C2",
        D,
        "consequences: tier-2 interior immunity, edge tier + 1",
    ),
    r(
        "C3",
        D,
        "a captured stone returns to reserve; counts; cooldown",
    ),
    r("C4", R, "the mover's stones are never captured on its turn"),
    r("G0", R, "the first end check that fires ends the game"),
    r("G1", Both, "Network"),
    r("G2", D, "Takeover"),
    r("G3", D, "half-move count and turn pass"),
    r("G4", D, "Strangle"),
    r("G5", Both, "repetition loss and the repetition key"),
    r("G6", D, "threefold draw"),
    r("G7", D, "the half-move cap and tiebreak"),
    r("G8", R, "a finished game has no legal turn; the result"),
    r("V1", R, "positions given directly"),
    r("V2", R, "illegal turns: every broken rule"),
    r("N1", R, "what counts as one turn; perft"),
    r("I1", I, "stones on board plus reserve is 7"),
    r("I2", I, "tiers 0-2, locks on tier 2, lock count"),
    r("I3", I, "sum of tiers is raises minus lowers"),
    r("I4", I, "counters move one way"),
    r(
        "I5",
        I,
        "no tier-0 encirclement, no self-capture, no centre opening",
    ),
    r("I6", I, "listed turns are exactly the accepted turns"),
    r(
        "I7",
        I,
        "games end by the cap; finished games have no turns",
    ),
    r("I8", I, "symmetries and colour swap"),
    r("I9", I, "notations round-trip"),
];

/// The rule with that ID.
pub fn lookup(id: &str) -> Option<&'static RuleInfo> {
    RULES.iter().find(|r| r.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_found() {
        for (i, r) in RULES.iter().enumerate() {
            assert!(RULES[..i].iter().all(|o| o.id != r.id), "{}", r.id);
            assert_eq!(lookup(r.id).map(|x| x.id), Some(r.id));
        }
        assert!(lookup("Z9").is_none());
        assert_eq!(RULES.len(), 48);
    }
}
