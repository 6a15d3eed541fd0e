//! The marks' colours, chosen per tier, and the arithmetic that checks them:
//! the WCAG contrast ratio of two colours, and how a colour looks under the
//! three kinds of dichromacy (protanopia, deuteranopia, tritanopia).
//!
//! Every mark drawn on a cell has one ink per tier (dark on the light and
//! medium shades, light on the dark one), so that it stands at least 3:1
//! against the cell it sits on ([`MIN_CONTRAST`]). Marks that carry a
//! meaning by colour (the turn in blue, a difference in vermilion) differ
//! from each other and from the neutral marks (lock, capture, Echo target,
//! an outcome's cause) under every simulated dichromacy; marks of the same
//! colour differ by shape (a crosshair, a thin inner outline, a dashed
//! circle with a cross, a dotted outline). Under dichromacy only one axis of
//! hue survives (blue to yellow-orange), so two hues and a neutral are all
//! that reliably read apart.
//!
//! ```
//! use hexodic_render::palette::{contrast, simulate, Vision};
//! assert!((contrast("#000000", "#ffffff") - 21.0).abs() < 1e-9);
//! let grey = simulate("#808080", Vision::Deuteranopia);
//! assert!((grey[0] - grey[1]).abs() < 0.02);
//! ```

/// Fill of a cell by tier: 0 light, 1 medium, 2 (and anything above) dark.
pub(crate) const TIER_FILL: [&str; 3] = ["#f3ead6", "#cfb483", "#7d5c36"];
/// Stone fill and letter colour, `X` then `O`.
pub(crate) const STONE_FILL: [&str; 2] = ["#1d1d1d", "#fdfdfd"];
/// Stone outline, `X` then `O`.
pub(crate) const STONE_EDGE: [&str; 2] = ["#f6efe0", "#1d1d1d"];

/// The least contrast ratio of a mark against the cell it sits on.
pub const MIN_CONTRAST: f64 = 3.0;

/// A mark drawn on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The parts of the turn being shown: the ring of a Place, the arrow of
    /// a Move, the Shape and Echo-Lock badges, the skip label.
    Turn,
    /// A cell where the engine's answer differs from the reference's.
    Difference,
    /// The Echo-Capture crosshair, a part of the turn in its blue.
    Target,
    /// A captured stone's dashed ghost and the shape of its kind.
    Captured,
    /// A locked cell's padlock.
    Lock,
    /// The cell's name and tier digit.
    Label,
    /// The pieces of an outcome's cause (the Network group, strangled stones).
    Cause,
}

impl Mark {
    /// Every mark.
    pub const ALL: [Mark; 7] = [
        Mark::Turn,
        Mark::Difference,
        Mark::Target,
        Mark::Captured,
        Mark::Lock,
        Mark::Label,
        Mark::Cause,
    ];

    /// The mark's ink on a cell of `tier` (anything above 2 counts as 2).
    pub const fn ink(self, tier: u8) -> &'static str {
        let i = if tier > 2 { 2 } else { tier as usize };
        let inks = match self {
            Mark::Turn | Mark::Target => TURN_INK,
            Mark::Difference => DIFFERENCE_INK,
            Mark::Captured | Mark::Lock | Mark::Cause => NEUTRAL_INK,
            Mark::Label => LABEL_INK,
        };
        inks[i]
    }

    /// The colour to put under or inside the mark's ink where the two must
    /// read apart (a badge's glyph, an arrow's casing): light under a dark
    /// ink, dark under a light one.
    pub const fn contrast_ink(self, tier: u8) -> &'static str {
        if tier >= 2 {
            "#1d1d1d"
        } else {
            "#ffffff"
        }
    }
}

/// The turn: blue, dark on tiers 0 and 1, light on tier 2.
const TURN_INK: [&str; 3] = ["#004f8c", "#003b6b", "#bfe1ff"];
/// A difference: vermilion, dark on tiers 0 and 1, light on tier 2.
const DIFFERENCE_INK: [&str; 3] = ["#b33c00", "#7a2600", "#ffb27a"];
/// Marks told apart by shape: near black, near white on tier 2.
const NEUTRAL_INK: [&str; 3] = ["#1d1d1d", "#1d1d1d", "#ffffff"];
/// Cell names and tier digits.
const LABEL_INK: [&str; 3] = ["#5a4a30", "#2e2312", "#f6efe0"];

/// The arrow of a Move crosses cells of any tier: its ink is the turn's
/// dark blue over a light casing, so one of the two stands out on each.
pub(crate) const ARROW_INK: &str = "#003b6b";
/// The casing under the arrow.
pub(crate) const ARROW_CASING: &str = "#ffffff";

/// The relative luminance of an sRGB colour written `#rrggbb` (WCAG 2);
/// a colour that does not parse counts as black.
pub fn luminance(colour: &str) -> f64 {
    let [r, g, b] = linear(colour);
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

/// The WCAG contrast ratio of two colours, from 1 (the same) to 21.
pub fn contrast(a: &str, b: &str) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    let (hi, lo) = if la > lb { (la, lb) } else { (lb, la) };
    (hi + 0.05) / (lo + 0.05)
}

/// A kind of colour vision to simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vision {
    /// Typical trichromatic vision (the colour as it is).
    Typical,
    /// No long-wavelength cones.
    Protanopia,
    /// No medium-wavelength cones.
    Deuteranopia,
    /// No short-wavelength cones.
    Tritanopia,
}

impl Vision {
    /// The three dichromacies.
    pub const DICHROMACIES: [Vision; 3] =
        [Vision::Protanopia, Vision::Deuteranopia, Vision::Tritanopia];

    /// The simulation matrix in linear RGB (Machado, Oliveira and Fernandes
    /// 2009, severity 1).
    const fn matrix(self) -> [[f64; 3]; 3] {
        match self {
            Vision::Typical => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            Vision::Protanopia => [
                [0.152_286, 1.052_583, -0.204_868],
                [0.114_503, 0.786_281, 0.099_216],
                [-0.003_882, -0.048_116, 1.051_998],
            ],
            Vision::Deuteranopia => [
                [0.367_322, 0.860_646, -0.227_968],
                [0.280_085, 0.672_501, 0.047_413],
                [-0.011_820, 0.042_940, 0.968_881],
            ],
            Vision::Tritanopia => [
                [1.255_528, -0.076_749, -0.178_779],
                [-0.078_411, 0.930_809, 0.147_602],
                [0.004_733, 0.691_367, 0.303_900],
            ],
        }
    }

    /// In words.
    pub const fn name(self) -> &'static str {
        match self {
            Vision::Typical => "typical vision",
            Vision::Protanopia => "protanopia",
            Vision::Deuteranopia => "deuteranopia",
            Vision::Tritanopia => "tritanopia",
        }
    }
}

/// How `colour` looks under `vision`, as linear RGB from 0 to 1.
pub fn simulate(colour: &str, vision: Vision) -> [f64; 3] {
    let v = linear(colour);
    let m = vision.matrix();
    let mut out = [0.0; 3];
    for (o, row) in out.iter_mut().zip(m) {
        *o = (row[0] * v[0] + row[1] * v[1] + row[2] * v[2]).clamp(0.0, 1.0);
    }
    out
}

/// How far apart two colours look under `vision`: the CIE 1976 colour
/// difference (about 2.3 is just noticeable; 20 and more reads as two
/// different colours at a glance).
pub fn distance(a: &str, b: &str, vision: Vision) -> f64 {
    let (p, q) = (lab(simulate(a, vision)), lab(simulate(b, vision)));
    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
}

/// The fill of a cell of `tier` (anything above 2 counts as 2).
pub fn tier_fill(tier: u8) -> &'static str {
    TIER_FILL[usize::from(tier.min(2))]
}

fn linear(colour: &str) -> [f64; 3] {
    let hex = colour.strip_prefix('#').unwrap_or(colour);
    let channel = |i: usize| -> f64 {
        let c = hex
            .get(i..i + 2)
            .and_then(|s| u8::from_str_radix(s, 16).ok())
            .map_or(0.0, |v| f64::from(v) / 255.0);
        if c <= 0.040_45 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    [channel(0), channel(2), channel(4)]
}

fn lab(rgb: [f64; 3]) -> [f64; 3] {
    let [r, g, b] = rgb;
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.950_47;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.088_83;
    let f = |t: f64| {
        if t > 0.008_856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    [
        116.0 * f(y) - 16.0,
        500.0 * (f(x) - f(y)),
        200.0 * (f(y) - f(z)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Marks read apart at a glance when this far apart.
    const APART: f64 = 15.0;

    #[test]
    fn contrast_of_known_pairs() {
        assert!((contrast("#ffffff", "#ffffff") - 1.0).abs() < 1e-9);
        assert!((contrast("#000000", "#ffffff") - 21.0).abs() < 1e-9);
        // WCAG's example: #767676 on white is 4.54:1.
        assert!((contrast("#767676", "#ffffff") - 4.54).abs() < 0.01);
        // The old turn blue on the dark tier, and magenta on the medium one.
        assert!(contrast("#0067b1", TIER_FILL[2]) < 1.1);
        assert!(contrast("#e0007a", TIER_FILL[1]) < 2.5);
    }

    #[test]
    fn every_mark_stands_3_to_1_on_every_tier() {
        for mark in Mark::ALL {
            for tier in 0..=2u8 {
                let c = contrast(mark.ink(tier), tier_fill(tier));
                assert!(c >= MIN_CONTRAST, "{mark:?} on tier {tier}: {c:.2}:1");
                let inner = contrast(mark.ink(tier), mark.contrast_ink(tier));
                assert!(
                    inner >= MIN_CONTRAST,
                    "{mark:?} glyph on tier {tier}: {inner:.2}:1"
                );
            }
        }
        for tier in 0..=2u8 {
            let fill = tier_fill(tier);
            let best = contrast(ARROW_INK, fill).max(contrast(ARROW_CASING, fill));
            assert!(best >= MIN_CONTRAST, "arrow on tier {tier}: {best:.2}:1");
            // A stone's edge or body stands out from its cell.
            for p in 0..2 {
                let best = contrast(STONE_FILL[p], fill).max(contrast(STONE_EDGE[p], fill));
                assert!(
                    best >= MIN_CONTRAST,
                    "stone {p} on tier {tier}: {best:.2}:1"
                );
            }
        }
        assert!(contrast(ARROW_INK, ARROW_CASING) >= MIN_CONTRAST);
    }

    #[test]
    fn coloured_marks_differ_under_every_dichromacy() {
        // The turn, a difference and the neutral marks (told apart from
        // each other by shape) on the same cell.
        let classes = [Mark::Turn, Mark::Difference, Mark::Lock];
        for vision in Vision::DICHROMACIES {
            for tier in 0..=2u8 {
                for (i, a) in classes.iter().enumerate() {
                    for b in &classes[i + 1..] {
                        let d = distance(a.ink(tier), b.ink(tier), vision);
                        assert!(
                            d >= APART,
                            "{a:?} and {b:?} on tier {tier} under {}: {d:.1}",
                            vision.name()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn simulation_loses_red_green_but_keeps_grey() {
        // Red and green collapse under deuteranopia, not in typical vision.
        let (red, green) = ("#b00020", "#1b6e3a");
        assert!(distance(red, green, Vision::Typical) > 60.0);
        assert!(distance(red, green, Vision::Deuteranopia) < 25.0);
        // A grey stays grey.
        for v in Vision::DICHROMACIES {
            let g = simulate("#808080", v);
            assert!(
                (g[0] - g[1]).abs() < 0.02 && (g[1] - g[2]).abs() < 0.02,
                "{v:?}"
            );
        }
    }

    #[test]
    fn the_full_key_names_every_mark() {
        // Each mark with the words the key uses for it: a new mark must be
        // added here, and to the key.
        for mark in Mark::ALL {
            let words: &[&str] = match mark {
                Mark::Turn => &["blue ring", "blue arrow", "badge", "skip"],
                Mark::Difference => &["vermilion outline"],
                Mark::Target => &["crosshair"],
                Mark::Captured => &["dashed circle with a cross", "starburst", "chevron"],
                Mark::Lock => &["padlock"],
                Mark::Label => &["shade and digit"],
                Mark::Cause => &["dotted outline"],
            };
            for w in words {
                assert!(
                    crate::FULL_KEY.iter().any(|(m, _)| m.contains(w)),
                    "{mark:?}: the key lacks {w}"
                );
            }
        }
        assert!(crate::FULL_KEY.iter().any(|(m, _)| m.contains("disc")));
        assert!(crate::FULL_KEY.iter().any(|(m, _)| m.contains("hourglass")));
    }
}
