//! Colours, sizes and fonts, named once. Every meaning carried by a colour is
//! also carried by a shape or a letter (tier digit, stone letter, marks).

use crate::geometry::HEX_RADIUS;
use crate::palette::{Mark, TIER_FILL};

/// Cell outline.
pub(crate) const GRID: &str = "#5a4a30";
/// Background of the whole picture.
pub(crate) const PAPER: &str = "#ffffff";
/// Main text.
pub(crate) const INK: &str = "#1d1d1d";
/// Secondary text (key line, rim labels).
pub(crate) const MUTED: &str = "#5f5f5f";

/// Letter on a stone, `X` then `O`.
pub(crate) const STONE_INK: [&str; 2] = ["#ffffff", "#1d1d1d"];
/// Radius of a stone disc.
pub(crate) const STONE_R: f64 = 0.4 * HEX_RADIUS;

/// Fault text.
pub(crate) const FAULT: &str = "#b00020";

/// Radius of a turn badge (Shape, Echo-Lock).
pub(crate) const BADGE_R: f64 = 8.0;

/// The four corners of a cell where its small marks go, one mark per
/// corner so that several on one cell stay apart, relative to the cell's
/// centre: left and right of the stone, above and below its middle.
/// Upper left: a Shape badge or a Move's capture; upper right: the lock or
/// an Echo-Lock badge; lower left: `X`'s cooldown; lower right: `O`'s.
pub(crate) const SLOT_UL: (f64, f64) = (-0.61 * HEX_RADIUS, -0.27 * HEX_RADIUS);
/// Upper right corner (see [`SLOT_UL`]).
pub(crate) const SLOT_UR: (f64, f64) = (0.61 * HEX_RADIUS, -0.27 * HEX_RADIUS);
/// Lower left corner (see [`SLOT_UL`]).
pub(crate) const SLOT_LL: (f64, f64) = (-0.61 * HEX_RADIUS, 0.27 * HEX_RADIUS);
/// Lower right corner (see [`SLOT_UL`]).
pub(crate) const SLOT_LR: (f64, f64) = (0.61 * HEX_RADIUS, 0.27 * HEX_RADIUS);

/// The smallest font size of any text on a board, in SVG units: at the
/// narrowest a board is shown (about 330 CSS px for its 430 units, inside
/// a failure's box on a 390 px phone) it still renders at 12 CSS px.
pub const MIN_TEXT_SIZE: f64 = 16.0;
/// The cell name.
pub(crate) const CELL_NAME_SIZE: f64 = MIN_TEXT_SIZE;
/// The tier digit.
pub(crate) const TIER_SIZE: f64 = MIN_TEXT_SIZE;
/// The stone letter.
pub(crate) const STONE_SIZE: f64 = 16.0;
/// Rim labels.
pub(crate) const RIM_SIZE: f64 = 16.0;
/// Text under the board.
pub(crate) const TEXT_SIZE: f64 = MIN_TEXT_SIZE;
/// Height of one line of text under the board.
pub(crate) const LINE_HEIGHT: f64 = 21.0;
/// Longest text line, in characters, before it wraps.
pub(crate) const WRAP: usize = 44;
/// The same for bold text, which is wider.
pub(crate) const WRAP_BOLD: usize = 39;
/// Left edge of the text under the board.
pub(crate) const TEXT_LEFT: f64 = 12.0;
/// The font of every text.
pub(crate) const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// The offset that puts text of `size` visually centred on a point
/// (baseline below the centre), without relying on `dominant-baseline`.
pub(crate) fn baseline(size: f64) -> f64 {
    0.36 * size
}

/// The fill and ink of a tier, clamping anything above 2 to the dark shade.
pub(crate) fn tier_colours(tier: u8) -> (&'static str, &'static str) {
    let i = usize::from(tier.min(2));
    (TIER_FILL[i], Mark::Label.ink(tier))
}
