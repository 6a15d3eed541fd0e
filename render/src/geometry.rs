//! Where the cells go (B1, B3): pointy-top hexagons, row `g` at the top and
//! row `a` at the bottom, each row shifted half a cell from the next so the
//! board shows as a hexagon, exactly as in
//! [`board_diagram`](hexodic_rules::diagram::board_diagram).
//!
//! Axial `(x, y)` (B1) maps to the picture as
//! `px = ORIGIN.0 + CELL_SPACING * (x - y / 2)`, `py = ORIGIN.1 - ROW_STEP * y`:
//! a step in `x` goes right, a step in `y` goes up and half a cell left, so
//! `d4`'s neighbours are `d3`/`d5` (left/right), `e4`/`e5` (above) and
//! `c3`/`c4` (below), and all six are [`CELL_SPACING`] away.

use hexodic_rules::Cell;

/// Centre-to-corner distance of a cell hexagon, in SVG user units.
pub const HEX_RADIUS: f64 = 32.0;

const SQRT_3: f64 = 1.732_050_807_568_877_2;

/// Distance between the centres of two neighbouring cells (the width of a
/// pointy-top hexagon, `sqrt(3) * HEX_RADIUS`).
pub const CELL_SPACING: f64 = SQRT_3 * HEX_RADIUS;

/// Vertical distance between two rows.
pub(crate) const ROW_STEP: f64 = 1.5 * HEX_RADIUS;

/// Width of every picture.
pub(crate) const WIDTH: f64 = 430.0;

/// Space above the board.
const TOP_MARGIN: f64 = 16.0;

/// The centre of `d4`: right of the middle, as the row letters on the left
/// reach farther out than the numbers on the right.
pub(crate) const ORIGIN: (f64, f64) = (226.0, TOP_MARGIN + 5.5 * HEX_RADIUS);

/// Where the board (with its rim labels) ends and the text below may start.
pub(crate) const BOARD_BOTTOM: f64 = ORIGIN.1 + 5.5 * HEX_RADIUS + 34.0;

/// The picture point of fractional axial coordinates.
fn point(x: f64, y: f64) -> (f64, f64) {
    (
        ORIGIN.0 + CELL_SPACING * (x - y / 2.0),
        ORIGIN.1 - ROW_STEP * y,
    )
}

/// The centre of a cell in SVG user units (B1, B3): row `g` at the top, row
/// `a` at the bottom, each row centred so the hexagon shows.
///
/// ```
/// use hexodic_render::centre;
/// use hexodic_rules::Cell;
/// let d4 = centre(Cell::CENTRE);
/// let e5 = centre(Cell::from_name("e5").unwrap());
/// assert!(e5.1 < d4.1 && e5.0 > d4.0); // e5 is above and to the right
/// ```
pub fn centre(cell: Cell) -> (f64, f64) {
    point(f64::from(cell.x()), f64::from(cell.y()))
}

/// The six corners of a pointy-top hexagon of radius `r` around `(cx, cy)`,
/// clockwise from the top.
pub(crate) fn hexagon(c: (f64, f64), r: f64) -> [(f64, f64); 6] {
    let (cx, cy) = c;
    let w = r * SQRT_3 / 2.0;
    [
        (cx, cy - r),
        (cx + w, cy - r / 2.0),
        (cx + w, cy + r / 2.0),
        (cx, cy + r),
        (cx - w, cy + r / 2.0),
        (cx - w, cy - r / 2.0),
    ]
}

/// The row letters and where to print them: left of each row's first cell.
pub(crate) fn row_labels() -> impl Iterator<Item = (char, (f64, f64))> {
    (-3i8..=3).map(|y| {
        let first_x = (y - 3).max(-3);
        let letter = char::from(b'a' + (y + 3).unsigned_abs());
        (letter, point(f64::from(first_x) - 0.8, f64::from(y)))
    })
}

/// The cell numbers and where to print them: below and to the right of the
/// lowest cell with that number (the numbers run along the lower-right rim).
pub(crate) fn number_labels() -> impl Iterator<Item = (char, (f64, f64))> {
    (-3i8..=3).map(|x| {
        let bottom_y = (x - 3).max(-3);
        let digit = char::from(b'1' + (x + 3).unsigned_abs());
        (digit, point(f64::from(x), f64::from(bottom_y) - 0.75))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexodic_rules::{CellSet, DIRECTIONS};

    fn cell(name: &str) -> Cell {
        Cell::from_name(name).unwrap()
    }

    fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
        ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
    }

    #[test]
    fn the_37_centres_are_distinct() {
        for (i, a) in Cell::ALL.iter().enumerate() {
            for b in &Cell::ALL[i + 1..] {
                assert!(dist(centre(*a), centre(*b)) > 1.0, "{a} and {b}");
            }
        }
    }

    #[test]
    fn neighbours_are_equidistant_and_others_farther() {
        for a in Cell::ALL {
            for dir in 0..DIRECTIONS.len() {
                if let Some(b) = a.step(dir) {
                    let d = dist(centre(a), centre(b));
                    assert!((d - CELL_SPACING).abs() < 1e-9, "{a}-{b}: {d}");
                }
            }
            let near = CellSet::neighbours(a);
            for b in Cell::ALL {
                if b != a && !near.contains(b) {
                    let d = dist(centre(a), centre(b));
                    assert!(d > CELL_SPACING + 1.0, "{a}-{b}: {d}");
                }
            }
        }
    }

    #[test]
    fn neighbour_hexagons_share_an_edge() {
        // Tiling: two neighbours have exactly two corners in common.
        for a in Cell::ALL {
            for b in CellSet::neighbours(a) {
                let ha = hexagon(centre(a), HEX_RADIUS);
                let hb = hexagon(centre(b), HEX_RADIUS);
                let shared = ha
                    .iter()
                    .filter(|p| hb.iter().any(|q| dist(**p, *q) < 1e-9))
                    .count();
                assert_eq!(shared, 2, "{a}-{b}");
            }
        }
    }

    #[test]
    fn orientation_is_that_of_b3() {
        let d4 = centre(cell("d4"));
        for up in ["e4", "e5"] {
            assert!(centre(cell(up)).1 < d4.1, "{up} above d4");
        }
        for down in ["c3", "c4"] {
            assert!(centre(cell(down)).1 > d4.1, "{down} below d4");
        }
        assert!(centre(cell("e4")).0 < d4.0 && centre(cell("e5")).0 > d4.0);
        assert!(centre(cell("c3")).0 < d4.0 && centre(cell("c4")).0 > d4.0);
        assert!(centre(cell("d3")).0 < d4.0 && (centre(cell("d3")).1 - d4.1).abs() < 1e-9);
        assert!(centre(cell("d5")).0 > d4.0 && (centre(cell("d5")).1 - d4.1).abs() < 1e-9);
        let top = Cell::ALL
            .iter()
            .map(|c| centre(*c).1)
            .fold(f64::INFINITY, f64::min);
        for c in Cell::ALL {
            let is_top = (centre(c).1 - top).abs() < 1e-9;
            assert_eq!(is_top, c.row_char() == 'g', "{c}");
        }
        // Row a is the bottom one, and each row reads left to right by number.
        let bottom = Cell::ALL
            .iter()
            .map(|c| centre(*c).1)
            .fold(f64::NEG_INFINITY, f64::max);
        assert!((centre(cell("a1")).1 - bottom).abs() < 1e-9);
        assert!(centre(cell("g4")).0 < centre(cell("g7")).0);
    }

    #[test]
    fn the_board_and_its_labels_fit_the_width() {
        let xs = Cell::ALL
            .iter()
            .flat_map(|c| hexagon(centre(*c), HEX_RADIUS))
            .map(|p| p.0)
            .chain(row_labels().map(|(_, p)| p.0 - 8.0))
            .chain(number_labels().map(|(_, p)| p.0 + 8.0));
        for x in xs {
            assert!((0.0..=WIDTH).contains(&x), "{x}");
        }
        for c in Cell::ALL {
            let (_, y) = centre(c);
            assert!(y - HEX_RADIUS >= 0.0 && y + HEX_RADIUS < BOARD_BOTTOM);
        }
        let labels: String = row_labels().map(|(c, _)| c).collect();
        assert_eq!(labels, "abcdefg");
        let numbers: String = number_labels().map(|(c, _)| c).collect();
        assert_eq!(numbers, "1234567");
    }
}
