//! Differences between two states, field by field: a cell, the side to
//! move, the half-move count, a player's counter or cooldown set, the result.

use super::expect::StateCheck;
use hexodic_rules::{Cell, CellSet, Outcome, Player, Setup, SetupCell};
use std::fmt;

/// A player's counter.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
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

    fn show(self, v: u8) -> String {
        match self {
            Counter::FirstPlaced | Counter::LockUsed => if v == 0 { "no" } else { "yes" }.into(),
            _ => v.to_string(),
        }
    }
}

/// One field that differs, with the expected and the reported value.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FieldDiff {
    /// A cell's stone, tier or lock.
    Cell {
        /// The cell.
        #[serde(with = "crate::notation::one")]
        cell: Cell,
        /// Expected.
        #[serde(with = "crate::notation::one")]
        expected: SetupCell,
        /// Reported.
        #[serde(with = "crate::notation::one")]
        got: SetupCell,
    },
    /// The player to move.
    ToMove {
        /// Expected.
        #[serde(with = "crate::notation::one")]
        expected: Player,
        /// Reported.
        #[serde(with = "crate::notation::one")]
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
        #[serde(with = "crate::notation::one")]
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
        #[serde(with = "crate::notation::one")]
        player: Player,
        /// Expected.
        #[serde(with = "crate::notation::one")]
        expected: CellSet,
        /// Reported.
        #[serde(with = "crate::notation::one")]
        got: CellSet,
    },
    /// The game's result (`None`: not over).
    Result {
        /// Expected.
        #[serde(with = "crate::notation::opt")]
        expected: Option<Outcome>,
        /// Reported.
        #[serde(with = "crate::notation::opt")]
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

/// Every field in which `got` differs from `expected`, in a fixed order:
/// cells (board order), side to move, half-moves, counters (X then O),
/// cooldowns, result.
pub fn diff(expected: &Setup, got: &Setup) -> Vec<FieldDiff> {
    let mut out = Vec::new();
    for c in Cell::ALL {
        let (e, g) = (*expected.cell(c), *got.cell(c));
        if e != g {
            out.push(FieldDiff::Cell {
                cell: c,
                expected: e,
                got: g,
            });
        }
    }
    if expected.to_move != got.to_move {
        out.push(FieldDiff::ToMove {
            expected: expected.to_move,
            got: got.to_move,
        });
    }
    if expected.half_moves != got.half_moves {
        out.push(FieldDiff::HalfMoves {
            expected: expected.half_moves,
            got: got.half_moves,
        });
    }
    for p in Player::BOTH {
        for counter in Counter::ALL {
            let (e, g) = (counter.get(expected, p), counter.get(got, p));
            if e != g {
                out.push(FieldDiff::Counter {
                    player: p,
                    counter,
                    expected: e,
                    got: g,
                });
            }
        }
    }
    for p in Player::BOTH {
        let (e, g) = (
            expected.counters[p.index()].cooldown,
            got.counters[p.index()].cooldown,
        );
        if e != g {
            out.push(FieldDiff::Cooldown {
                player: p,
                expected: e,
                got: g,
            });
        }
    }
    if expected.outcome != got.outcome {
        out.push(FieldDiff::Result {
            expected: expected.outcome,
            got: got.outcome,
        });
    }
    out
}

/// The fields of a partial check that `got` does not match.
pub fn diff_partial(check: &StateCheck, got: &Setup) -> Vec<FieldDiff> {
    if let Some(p) = &check.position {
        return diff(p, got);
    }
    let mut out = Vec::new();
    for (c, e) in expected_cells(check, got) {
        if e != *got.cell(c) {
            out.push(FieldDiff::Cell {
                cell: c,
                expected: e,
                got: *got.cell(c),
            });
        }
    }
    if let Some(p) = check.to_move.filter(|p| *p != got.to_move) {
        out.push(FieldDiff::ToMove {
            expected: p,
            got: got.to_move,
        });
    }
    if let Some(h) = check.half_moves.filter(|h| *h != got.half_moves) {
        out.push(FieldDiff::HalfMoves {
            expected: h,
            got: got.half_moves,
        });
    }
    counter_diffs(check, got, &mut out);
    cooldown_diffs(check, got, &mut out);
    out
}

/// The cells a partial check names as it expects them (the rest as `got` has it), in board order.
fn expected_cells(check: &StateCheck, got: &Setup) -> Vec<(Cell, SetupCell)> {
    let mut cells: Vec<(Cell, SetupCell)> = Vec::new();
    let mut want = |c: Cell, f: &dyn Fn(&mut SetupCell)| {
        let i = match cells.iter().position(|(x, _)| *x == c) {
            Some(i) => i,
            None => {
                cells.push((c, *got.cell(c)));
                cells.len() - 1
            }
        };
        f(&mut cells[i].1);
    };
    for (c, t) in &check.tiers {
        want(*c, &|s| s.tier = *t);
    }
    for (c, p) in &check.stones {
        want(*c, &|s| s.stone = *p);
    }
    if let Some(l) = check.locked {
        for c in Cell::ALL {
            if l.contains(c) != got.cell(c).locked {
                want(c, &|s| s.locked = l.contains(c));
            }
        }
    }
    cells.sort_by_key(|(c, _)| c.index());
    cells
}

/// Add the counters a partial check names that `got` does not match, X then O.
fn counter_diffs(check: &StateCheck, got: &Setup, out: &mut Vec<FieldDiff>) {
    for p in Player::BOTH {
        let e = &check.counters[p.index()];
        let wanted = [
            (Counter::Reserve, e.reserve),
            (Counter::Charges, e.charges),
            (Counter::Captures, e.captures),
            (Counter::Raises, e.raises),
            (Counter::LowersLeft, e.lowers_left),
            (Counter::FirstPlaced, e.first_placed.map(u8::from)),
            (Counter::LockUsed, e.lock_used.map(u8::from)),
        ];
        for (counter, v) in wanted {
            if let Some(v) = v.filter(|v| *v != counter.get(got, p)) {
                out.push(FieldDiff::Counter {
                    player: p,
                    counter,
                    expected: v,
                    got: counter.get(got, p),
                });
            }
        }
    }
}

/// Add the cooldown sets a partial check names that `got` does not match, X then O.
fn cooldown_diffs(check: &StateCheck, got: &Setup, out: &mut Vec<FieldDiff>) {
    for p in Player::BOTH {
        let g = got.counters[p.index()].cooldown;
        if let Some(cd) = check.counters[p.index()].cooldown.filter(|cd| *cd != g) {
            out.push(FieldDiff::Cooldown {
                player: p,
                expected: cd,
                got: g,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "..../...../....../......./....../...../.... x 0 x:r7c3k0u0l6 o:r7c3k0u0l6";
    const AFTER: &str =
        "..../...../....../....1.../..x.../...../.... o 1 x:r6c3k0u1l6P o:r7c3k0u0l6";

    #[test]
    fn whole_states_differ_field_by_field() {
        let a = Setup::from_notation(START).unwrap();
        let b = Setup::from_notation(AFTER).unwrap();
        let d = diff(&a, &b);
        let shown: Vec<String> = d.iter().map(|f| f.to_string()).collect();
        assert_eq!(
            shown,
            [
                "c3: expected ., got x",
                "d4: expected ., got .1",
                "to move: expected X, got O",
                "half-move count: expected 0, got 1",
                "X reserve: expected 7, got 6",
                "X raises: expected 0, got 1",
                "X first Place made: expected no, got yes",
            ]
        );
        assert!(diff(&a, &a).is_empty());
    }

    #[test]
    fn partial_checks_compare_only_what_they_name() {
        let b = Setup::from_notation(AFTER).unwrap();
        let d4 = Cell::from_name("d4").unwrap();
        let mut check = StateCheck {
            tiers: vec![(d4, 1)],
            half_moves: Some(1),
            ..StateCheck::default()
        };
        assert!(diff_partial(&check, &b).is_empty());
        check.tiers = vec![(d4, 2)];
        check.counters[1].reserve = Some(6);
        let shown: Vec<String> = diff_partial(&check, &b)
            .iter()
            .map(|f| f.to_string())
            .collect();
        assert_eq!(
            shown,
            ["d4: expected .2, got .1", "O reserve: expected 6, got 7"]
        );
    }
}
