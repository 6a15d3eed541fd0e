//! B1-B4 (the board) and RS1 (named ruleset parameters).
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::diagram::{board_diagram, parse_board};
use hexodic_rules::{Cell, CellSet, Ruleset, Setup, DIRECTIONS};

#[test]
fn b1_a_cell_exists_exactly_when_the_three_bounds_hold() {
    let mut n = 0;
    for x in -5..=5i8 {
        for y in -5..=5i8 {
            let inside = x.abs() <= 3 && y.abs() <= 3 && (x - y).abs() <= 3;
            assert_eq!(Cell::from_xy(x, y).is_some(), inside, "({x}, {y})");
            n += inside as usize;
        }
    }
    assert_eq!(n, 37);
    // Just outside: |x - y| = 4 although |x| and |y| are within 3.
    assert!(Cell::from_xy(3, -1).is_none());
    assert!(Cell::from_xy(2, -1).is_some());
    assert_eq!(Cell::from_xy(0, 0), Some(Cell::CENTRE));
}

#[test]
fn b1_neighbours_are_the_six_axial_steps_and_distance_is_the_hex_metric() {
    let steps = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)];
    for a in Cell::ALL {
        let by_rule: CellSet = steps
            .iter()
            .filter_map(|(dx, dy)| Cell::from_xy(a.x() + dx, a.y() + dy))
            .collect();
        assert_eq!(CellSet::neighbours(a), by_rule, "{a}");
        // (1, -1) is not a neighbour direction.
        if let Some(b) = Cell::from_xy(a.x() + 1, a.y() - 1) {
            assert!(!CellSet::neighbours(a).contains(b));
            assert_eq!(a.distance(b), 2);
        }
        for b in Cell::ALL {
            let (dx, dy) = ((b.x() - a.x()) as i32, (b.y() - a.y()) as i32);
            let d = dx.abs().max(dy.abs()).max((dx - dy).abs());
            assert_eq!(a.distance(b) as i32, d, "{a} {b}");
            assert_eq!(a.distance(b) == 1, CellSet::neighbours(a).contains(b));
        }
    }
    let mut dirs = DIRECTIONS.to_vec();
    dirs.sort();
    let mut want = steps.to_vec();
    want.sort();
    assert_eq!(dirs, want);
}

#[test]
fn b2_rows_run_a_to_g_and_numbers_follow_x() {
    let rows = [
        ('a', 1, 4),
        ('b', 1, 5),
        ('c', 1, 6),
        ('d', 1, 7),
        ('e', 2, 7),
        ('f', 3, 7),
        ('g', 4, 7),
    ];
    let mut named = 0;
    for (i, (row, lo, hi)) in rows.iter().enumerate() {
        for n in 0..=8u8 {
            let name = format!("{row}{n}");
            let c = Cell::from_name(&name);
            assert_eq!(c.is_some(), (*lo..=*hi).contains(&n), "{name}");
            if let Some(c) = c {
                assert_eq!(c.y(), i as i8 - 3, "{name}");
                assert_eq!(c.x(), n as i8 - 4, "{name}");
                assert_eq!(c.to_string(), name);
                named += 1;
            }
        }
    }
    assert_eq!(named, 37);
    assert_eq!(cell("d4"), Cell::CENTRE);
    for bad in ["h4", "D4", "d", "d44", " d4", "e1", "g3", "a5"] {
        assert!(Cell::from_name(bad).is_none(), "{bad}");
        assert!(bad.parse::<Cell>().is_err());
    }
}

#[test]
fn b3_diagram_has_g_on_top_and_d4_neighbours_where_b3_says() {
    let mut s = Setup::default();
    *s.cell_mut(cell("d4")) = token("x");
    *s.cell_mut(cell("d3")) = token("o1");
    *s.cell_mut(cell("d5")) = token("o2");
    *s.cell_mut(cell("e4")) = token("x1");
    *s.cell_mut(cell("e5")) = token("x2");
    *s.cell_mut(cell("c3")) = token(".1");
    *s.cell_mut(cell("c4")) = token(".2");
    let d = board_diagram(&s);
    let lines: Vec<&str> = d.lines().collect();
    let labels: String = lines[..7]
        .iter()
        .map(|l| l.chars().next().unwrap())
        .collect();
    assert_eq!(labels, "gfedcba");
    assert_eq!(lines.len(), 8, "seven rows and the line of cell numbers");
    let col = |line: usize, tok: &str| {
        let l = lines[line];
        let at = l
            .find(&format!(" {tok}"))
            .unwrap_or_else(|| panic!("{tok} in `{l}`"))
            + 1;
        l[..at].chars().count()
    };
    let d4 = col(3, "x ");
    assert!(col(3, "o1") < d4 && d4 < col(3, "o2"), "d3 left, d5 right");
    assert_eq!(col(2, "x1") + 2, d4, "e4 above left");
    assert_eq!(col(2, "x2"), d4 + 2, "e5 above right");
    assert_eq!(col(4, ".1") + 2, d4, "c3 below left");
    assert_eq!(col(4, ".2"), d4 + 2, "c4 below right");
}

#[test]
fn b4_every_cell_has_six_slots_and_rim_cells_have_edge_slots() {
    let mut corners = 0;
    let mut sides = 0;
    for c in Cell::ALL {
        let e = c.edge_slots() as u32;
        assert_eq!(CellSet::neighbours(c).count() + e, 6, "{c}");
        let on_rim = c.distance(Cell::CENTRE) == 3;
        assert_eq!(e > 0, on_rim, "{c}");
        corners += (e == 3) as u32;
        sides += (e == 2) as u32;
    }
    assert_eq!((corners, sides), (6, 12));
    for (name, e) in [
        ("a1", 3),
        ("a2", 2),
        ("d1", 3),
        ("d7", 3),
        ("g4", 3),
        ("g5", 2),
        ("e3", 0),
        ("d4", 0),
    ] {
        assert_eq!(cell(name).edge_slots(), e, "{name}");
    }
}

#[test]
fn rs1_the_standard_ruleset_has_the_documented_parameters() {
    let r = Ruleset::STANDARD;
    assert_eq!(r.name, "standard");
    assert_eq!(
        (r.stones, r.max_tier, r.charges, r.lowers, r.echo_locks),
        (7, 2, 3, 6, 1)
    );
    assert_eq!(
        (r.shape_range, r.opening_distance, r.cooldown_distance),
        (2, 1, 2)
    );
    assert_eq!(
        (
            r.network_size,
            r.takeover_captures,
            r.half_move_cap,
            r.encirclement_factor
        ),
        (5, 6, 60, 6)
    );
    // The engine's starting counters come from the same parameters.
    let c = counters(&pos(START), X);
    assert_eq!(
        (c.reserve, c.charges, c.lowers_left),
        (r.stones, r.charges, r.lowers)
    );
    // The Shape range is 2: 19 cells around the centre.
    assert_eq!(CellSet::within_two(Cell::CENTRE).count(), 19);
}

/// B2, B3: the cell numbers the diagram prints on the lower right rim each
/// end the line of cells with that number, which runs down and to the right
/// (`d4`, `c4`, `b4`, `a4`, then the `4` under row a).
#[test]
fn b2_rim_numbers_end_their_down_right_lines() {
    let d = board_diagram(&Setup::default());
    let lines: Vec<&str> = d.lines().collect();
    // Character columns of the cells of each row (row letter dropped).
    let cols = |line: &str| -> Vec<usize> {
        let mut out = Vec::new();
        let mut prev = ' ';
        for (i, ch) in line.chars().enumerate().skip(1) {
            if ch != ' ' && prev == ' ' {
                out.push(i);
            }
            prev = ch;
        }
        out
    };
    let a = cols(lines[6]);
    let b = cols(lines[5]);
    let c = cols(lines[4]);
    let d_row = cols(lines[3]);
    let numbers: Vec<(usize, char)> = lines[7]
        .chars()
        .enumerate()
        .filter(|(_, ch)| *ch != ' ')
        .collect();
    assert_eq!(
        numbers.iter().map(|(_, ch)| *ch).collect::<String>(),
        "1234"
    );
    for (n, (col, _)) in numbers.iter().enumerate() {
        // Each number sits one step down and to the right of a<n+1>.
        assert_eq!(*col, a[n] + 2, "number {} under a{}", n + 1, n + 1);
    }
    // 5, 6 and 7 end rows a, b and c, one step down and right of b5, c6, d7.
    assert_eq!((a.len(), a[4]), (5, b[4] + 2));
    assert_eq!((b.len(), b[5]), (6, c[5] + 2));
    assert_eq!((c.len(), c[6]), (7, d_row[6] + 2));
    // The same diagonal holds the same number: d4 -> c4 -> b4 -> a4 -> 4.
    assert_eq!(c[3], d_row[3] + 2);
    assert_eq!(b[3], c[3] + 2);
    assert_eq!(a[3], b[3] + 2);
    // The diagram reads back with or without the numbers.
    let s = parse_board(&d).unwrap();
    assert_eq!(s, Setup::default());
    let bare: String = lines[..7]
        .iter()
        .map(|l| {
            l.trim_end_matches(|c: char| c.is_ascii_digit() || c == ' ')
                .to_string()
                + "\n"
        })
        .collect();
    assert_eq!(parse_board(&bare).unwrap(), Setup::default());
    // A wrong rim number is an error, not a cell.
    let wrong = d.replacen("   7", "   8", 1);
    assert!(parse_board(&wrong).is_err());
}
