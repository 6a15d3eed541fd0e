//! SVG pictures of Hexodic boards.
//!
//! [`BoardPicture`] draws one board from a [`Setup`]
//! (valid or not) as a self-contained `<svg>` element:
//!
//! - the 37 cells as pointy-top hexagons in the layout of RULINGS B3 (row
//!   `g` at the top, row `a` at the bottom; [`centre`] gives each cell's
//!   place), each named in text, with row letters and numbers on the rim,
//!   every text at least [`MIN_TEXT_SIZE`] units high;
//! - the tier as a shade (light, medium, dark) **and** a digit (none for
//!   tier 0);
//! - locked cells with a padlock in the upper right corner;
//! - stones as discs carrying their letter, `X` dark and `O` light;
//! - each player's cooldown cells as an hourglass in a lower corner;
//! - captured stones by kind ([`BoardPicture::captures`]);
//! - optionally a turn's parts, captured stones, highlighted (differing)
//!   cells, the cells that make the result, a caption and the faults of an
//!   invalid position;
//! - every mark in an ink chosen for the tier under it, at least 3:1
//!   against it, and told apart by shape as well as colour ([`palette`]);
//! - the state in words under the board, and a `<title>` on every cell.
//!
//! Output is deterministic (same picture, same bytes) and every text is
//! XML-escaped.
//!
//! ```
//! use hexodic_render::BoardPicture;
//! use hexodic_rules::Setup;
//! let svg = BoardPicture::new(&Setup::default()).title("The start").to_svg();
//! assert!(svg.contains("<title>The start</title>"));
//! assert_eq!(svg.matches("class=\"hx-cell\"").count(), 37);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

mod board;
mod geometry;
mod legend;
mod marks;
pub mod palette;
mod style;
mod svg;

pub use board::BoardPicture;
pub use geometry::{centre, CELL_SPACING, HEX_RADIUS};
pub use legend::FULL_KEY;
pub use style::MIN_TEXT_SIZE;

use hexodic_rules::Setup;

/// The faults of a setup that is not a valid position (V1), one line each
/// with its rule and code, ready for [`BoardPicture::faults`]; empty for a
/// valid position.
///
/// ```
/// use hexodic_render::fault_lines;
/// use hexodic_rules::Setup;
/// let mut setup = Setup::default();
/// assert!(fault_lines(&setup).is_empty());
/// setup.cells[0].tier = 7;
/// assert!(fault_lines(&setup)[0].starts_with("a1 has tier 7, above 2 (I2, tier-out-of-range)"));
/// ```
pub fn fault_lines(setup: &Setup) -> Vec<String> {
    match setup.validate() {
        Ok(_) => Vec::new(),
        Err(e) => e
            .faults
            .iter()
            .map(|f| format!("{f} ({}, {})", f.rule(), f.code()))
            .collect(),
    }
}
