//! The state check, field by field: every field in which an engine's
//! position differs from the reference's ([`diff`]), or from the parts of
//! the state a fixture names ([`diff_partial`]).

use super::checks::StateCheck;
use hexodic_report::{Counter, FieldDiff};
use hexodic_rules::{Cell, Player, Setup, SetupCell};

/// A counter's value in a setup.
fn get(counter: Counter, s: &Setup, p: Player) -> u8 {
    let c = &s.counters[p.index()];
    match counter {
        Counter::Reserve => c.reserve,
        Counter::Charges => c.charges,
        Counter::Captures => c.captures,
        Counter::Raises => c.raises,
        Counter::LowersLeft => c.lowers_left,
        Counter::FirstPlaced => c.first_placed as u8,
        Counter::LockUsed => c.lock_used as u8,
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
            let (e, g) = (get(counter, expected, p), get(counter, got, p));
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
            if let Some(v) = v.filter(|v| *v != get(counter, got, p)) {
                out.push(FieldDiff::Counter {
                    player: p,
                    counter,
                    expected: v,
                    got: get(counter, got, p),
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
