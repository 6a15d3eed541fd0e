//! Differences between two states, field by field: a cell, the side to
//! move, the half-move count, a player's counter or cooldown set, the result.
//! (The oracle finds them; this is what they are and how they read.)

use hexodic_rules::{Cell, CellSet, Outcome, Player, Setup, SetupCell};
use std::fmt;

/// A player's counter.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Counter {
    /// Stones in reserve.
    Reserve,
    /// Echo charges left.
    Charges,
    /// Captures made.
    Captures,
    /// Raises made.
    Raises,
    /// Lowers left.
    LowersLeft,
    /// Whether the first Place was made (0 or 1).
    FirstPlaced,
    /// Whether the Echo-Lock was used (0 or 1).
    LockUsed,
}

impl Counter {
    /// Every counter, in the notation's order.
    pub const ALL: [Counter; 7] = [
        Counter::Reserve,
        Counter::Charges,
        Counter::Captures,
        Counter::Raises,
        Counter::LowersLeft,
        Counter::FirstPlaced,
        Counter::LockUsed,
    ];

    /// In words.
    pub const fn name(self) -> &'static str {
        match self {
            Counter::Reserve => "reserve",
            Counter::Charges => "charges",
            Counter::Captures => "captures",
            Counter::Raises => "raises",
            Counter::LowersLeft => "lowers left",
            Counter::FirstPlaced => "first Place made",
            Counter::LockUsed => "Echo-Lock used",
        }
    }

    /// The counter's value in a setup.
    pub fn get(self, s: &Setup, p: Player) -> u8 {
        let c = &s.counters[p.index()];
        match self {
            Counter::Reserve => c.reserve,
            Counter::Charges => c.charges,
            Counter::Captures => c.captures,
            Counter::Raises => c.raises,
            Counter::LowersLeft => c.lowers_left,
            Counter::FirstPlaced => c.first_placed as u8,
            Counter::LockUsed => c.lock_used as u8,
        }
    }

    /// The counter's value in words: a number, or `yes`/`no`.
    pub fn show(self, v: u8) -> String {
        match self {
            Counter::FirstPlaced | Counter::LockUsed => if v == 0 { "no" } else { "yes" }.into(),
            _ => v.to_string(),
        }
    }
}

/// One field that differs, with the expected and the reported value.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "field", rename_all = "kebab-case")]
pub enum FieldDiff {
    /// A cell's stone, tier or lock.
    Cell {
        /// The cell.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        cell: Cell,
        /// Expected.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        expected: SetupCell,
        /// Reported.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        got: SetupCell,
    },
    /// The player to move.
    ToMove {
        /// Expected.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        expected: Player,
        /// Reported.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        got: Player,
    },
    /// The half-move count.
    HalfMoves {
        /// Expected.
        expected: u16,
        /// Reported.
        got: u16,
    },
    /// A player's counter.
    Counter {
        /// The player.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        player: Player,
        /// The counter.
        counter: Counter,
        /// Expected.
        expected: u8,
        /// Reported.
        got: u8,
    },
    /// A player's cooldown set.
    Cooldown {
        /// The player.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        player: Player,
        /// Expected.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        expected: CellSet,
        /// Reported.
        #[serde(with = "hexodic_engine::notation::one")]
        #[cfg_attr(feature = "schema", schemars(with = "String"))]
        got: CellSet,
    },
    /// The game's result (`None`: not over).
    Result {
        /// Expected.
        #[serde(with = "hexodic_engine::notation::opt")]
        #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
        expected: Option<Outcome>,
        /// Reported.
        #[serde(with = "hexodic_engine::notation::opt")]
        #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
        got: Option<Outcome>,
    },
}

/// A cell as the one-line notation writes it: `.`, `x`, `o1`, `x2*` (tier 0 unwritten).
pub fn cell_token(c: &SetupCell) -> String {
    let stone = c.stone.map_or('.', |p| p.char());
    let tier = if c.tier == 0 {
        String::new()
    } else {
        c.tier.to_string()
    };
    let lock = if c.locked { "*" } else { "" };
    format!("{stone}{tier}{lock}")
}

/// A set of cells as `[c3, d4]`.
pub fn cell_list(s: CellSet) -> String {
    let v: Vec<String> = s.iter().map(|c| c.to_string()).collect();
    format!("[{}]", v.join(", "))
}

/// A result, or `ongoing`.
pub fn result_text(o: Option<Outcome>) -> String {
    o.map_or_else(|| "ongoing".into(), |o| o.to_string())
}

impl fmt::Display for FieldDiff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldDiff::Cell {
                cell,
                expected,
                got,
            } => write!(
                f,
                "{cell}: expected {}, got {}",
                cell_token(expected),
                cell_token(got)
            ),
            FieldDiff::ToMove { expected, got } => {
                write!(f, "to move: expected {expected}, got {got}")
            }
            FieldDiff::HalfMoves { expected, got } => {
                write!(f, "half-move count: expected {expected}, got {got}")
            }
            FieldDiff::Counter {
                player,
                counter,
                expected,
                got,
            } => write!(
                f,
                "{player} {}: expected {}, got {}",
                counter.name(),
                counter.show(*expected),
                counter.show(*got)
            ),
            FieldDiff::Cooldown {
                player,
                expected,
                got,
            } => write!(
                f,
                "{player} cooldown: expected {}, got {}",
                cell_list(*expected),
                cell_list(*got)
            ),
            FieldDiff::Result { expected, got } => write!(
                f,
                "result: expected {}, got {}",
                result_text(*expected),
                result_text(*got)
            ),
        }
    }
}

impl FieldDiff {
    /// A short stable name of the field kind: `stone`, `tier`, `lock`,
    /// `to-move`, `half-moves`, `reserve`, ..., `cooldown`, `result`.
    pub fn kind(&self) -> &'static str {
        match self {
            FieldDiff::Cell { expected, got, .. } => {
                if expected.stone != got.stone {
                    "stone"
                } else if expected.tier != got.tier {
                    "tier"
                } else {
                    "lock"
                }
            }
            FieldDiff::ToMove { .. } => "to-move",
            FieldDiff::HalfMoves { .. } => "half-moves",
            FieldDiff::Counter { counter, .. } => match counter {
                Counter::Reserve => "reserve",
                Counter::Charges => "charges",
                Counter::Captures => "captures",
                Counter::Raises => "raises",
                Counter::LowersLeft => "lowers-left",
                Counter::FirstPlaced => "first-placed",
                Counter::LockUsed => "lock-used",
            },
            FieldDiff::Cooldown { .. } => "cooldown",
            FieldDiff::Result { .. } => "result",
        }
    }

    /// The cells this difference is about (for pictures).
    pub fn cells(&self) -> CellSet {
        match self {
            FieldDiff::Cell { cell, .. } => CellSet::from_cell(*cell),
            FieldDiff::Cooldown { expected, got, .. } => (*expected | *got) - (*expected & *got),
            _ => CellSet::EMPTY,
        }
    }
}
