//! Marks drawn over the cells: the parts of a turn (ring, arrow, Shape badge,
//! Echo marks, skip label), captured stones, highlights, an outcome's cause,
//! and the padlock glyph; each in its ink for the tier it sits on
//! ([`Mark::ink`]).

use crate::geometry::{centre, hexagon, HEX_RADIUS};
use crate::palette::{Mark, ARROW_CASING, ARROW_INK, STONE_EDGE, STONE_FILL};
use crate::style::{baseline, BADGE_R, PAPER, SLOT_UL, SLOT_UR, STONE_R, TEXT_LEFT};
use crate::svg::{num, points, Svg};
use hexodic_rules::{Cell, Echo, Player, Project, Setup, Shape, Turn};

/// Where a cell's Shape badge sits, relative to its centre (upper left).
const SHAPE_BADGE: (f64, f64) = SLOT_UL;
/// Where a cell's Echo-Lock badge sits, relative to its centre (upper right).
const ECHO_BADGE: (f64, f64) = SLOT_UR;
/// Where the chevron of a Move's capture sits (upper left).
const MOVE_CAPTURE_AT: (f64, f64) = SLOT_UL;

fn at(cell: Cell, offset: (f64, f64)) -> (f64, f64) {
    let (x, y) = centre(cell);
    (x + offset.0, y + offset.1)
}

/// The arrowhead marker, once per picture, inside `<defs>`.
pub(crate) fn arrow_marker(svg: &mut Svg, id: &str) {
    svg.tag("marker")
        .attr("id", id)
        .attr("viewBox", "0 0 10 10")
        .attr("refX", 8.0)
        .attr("refY", 5.0)
        .attr("markerWidth", 3.5)
        .attr("markerHeight", 3.5)
        .attr("orient", "auto")
        .open();
    svg.tag("path")
        .attr("d", "M0,0L10,5L0,10z")
        .attr("fill", ARROW_INK)
        .attr("stroke", ARROW_CASING)
        .attr("stroke-width", 1.0)
        .empty();
    svg.close("marker");
}

/// Whether drawing `turn` needs the arrow marker.
pub(crate) fn needs_arrow(turn: Option<Turn>) -> bool {
    matches!(turn, Some(Turn { project: Project::Move { from, to }, .. }) if from != to)
}

/// A padlock of body width `size` centred on `c`, in `colour`.
pub(crate) fn padlock(svg: &mut Svg, c: (f64, f64), size: f64, colour: &str, class: &str) {
    let (x, y) = c;
    let s = size;
    svg.tag("g").attr("class", class).open();
    svg.tag("path")
        .attr(
            "d",
            format!(
                "M{},{}V{}A{},{} 0 0 1 {},{}V{}",
                num(x - 0.3 * s),
                num(y),
                num(y - 0.3 * s),
                num(0.3 * s),
                num(0.3 * s),
                num(x + 0.3 * s),
                num(y - 0.3 * s),
                num(y),
            ),
        )
        .attr("fill", "none")
        .attr("stroke", colour)
        .attr("stroke-width", 0.17 * s)
        .empty();
    svg.tag("rect")
        .attr("x", x - 0.5 * s)
        .attr("y", y - 0.05 * s)
        .attr("width", s)
        .attr("height", 0.7 * s)
        .attr("rx", 0.12 * s)
        .attr("fill", colour)
        .empty();
    svg.close("g");
}

/// The tier of `cell` in `setup`.
fn tier(setup: &Setup, cell: Cell) -> u8 {
    setup.cell(cell).tier
}

/// Draw the parts of a turn, each in the turn's ink for the tier of the
/// cell it sits on.
pub(crate) fn turn(svg: &mut Svg, setup: &Setup, turn: Turn, arrow_id: &str) {
    match turn.project {
        Project::Place(c) => ring(svg, c, tier(setup, c)),
        Project::Move { from, to } if from == to => ring(svg, to, tier(setup, to)),
        Project::Move { from, to } => arrow(svg, from, to, arrow_id),
        Project::Skip => skip_label(svg),
    }
    if let Some(shape) = turn.shape {
        let t = tier(setup, shape.cell());
        let (x, y) = at(shape.cell(), SHAPE_BADGE);
        badge_disc(svg, (x, y), t);
        // The glyph drawn, not typed: a bar, and a second one across it for a raise.
        let k = 0.6 * BADGE_R;
        let mut d = format!("M{},{}H{}", num(x - k), num(y), num(x + k));
        let class = match shape {
            Shape::Raise(_) => {
                d.push_str(&format!("M{},{}V{}", num(x), num(y - k), num(y + k)));
                "hx-shape hx-raise"
            }
            Shape::Lower(_) => "hx-shape hx-lower",
        };
        svg.tag("path")
            .attr("class", class)
            .attr("d", d)
            .attr("stroke", Mark::Turn.contrast_ink(t))
            .attr("stroke-width", 2.5)
            .attr("stroke-linecap", "round")
            .empty();
    }
    match turn.echo {
        Some(Echo::Lock(c)) => {
            let t = tier(setup, c);
            let (x, y) = at(c, ECHO_BADGE);
            badge_disc(svg, (x, y), t);
            padlock(
                svg,
                (x, y + 1.5),
                7.0,
                Mark::Turn.contrast_ink(t),
                "hx-echo-lock",
            );
        }
        Some(Echo::Capture(c)) => crosshair(svg, c, tier(setup, c)),
        None => {}
    }
}

fn badge_disc(svg: &mut Svg, c: (f64, f64), tier: u8) {
    svg.tag("circle")
        .attr("cx", c.0)
        .attr("cy", c.1)
        .attr("r", BADGE_R)
        .attr("fill", Mark::Turn.ink(tier))
        .attr("stroke", Mark::Turn.contrast_ink(tier))
        .attr("stroke-width", 1.0)
        .empty();
}

/// Place: a ring around the cell's stone.
fn ring(svg: &mut Svg, cell: Cell, tier: u8) {
    let (x, y) = centre(cell);
    svg.tag("circle")
        .attr("class", "hx-place")
        .attr("cx", x)
        .attr("cy", y)
        .attr("r", STONE_R + 4.5)
        .attr("fill", "none")
        .attr("stroke", Mark::Turn.ink(tier))
        .attr("stroke-width", 3.0)
        .empty();
}

/// Move: a dot where the stone stood and an arrow to where it went, dark
/// over a light casing so that it reads on every tier it crosses.
fn arrow(svg: &mut Svg, from: Cell, to: Cell, arrow_id: &str) {
    let (x0, y0) = centre(from);
    let (x1, y1) = centre(to);
    let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
    if len <= f64::EPSILON {
        return;
    }
    let (ux, uy) = ((x1 - x0) / len, (y1 - y0) / len);
    let start = 0.25 * HEX_RADIUS;
    let end = STONE_R + 2.0;
    let (ax, ay, bx, by) = (
        x0 + ux * start,
        y0 + uy * start,
        x1 - ux * end,
        y1 - uy * end,
    );
    svg.tag("circle")
        .attr("cx", x0)
        .attr("cy", y0)
        .attr("r", 5.0)
        .attr("fill", ARROW_INK)
        .attr("stroke", ARROW_CASING)
        .attr("stroke-width", 1.5)
        .empty();
    svg.tag("line")
        .attr("x1", ax)
        .attr("y1", ay)
        .attr("x2", bx - ux * 6.0)
        .attr("y2", by - uy * 6.0)
        .attr("stroke", ARROW_CASING)
        .attr("stroke-width", 6.5)
        .attr("stroke-linecap", "round")
        .empty();
    svg.tag("line")
        .attr("class", "hx-move")
        .attr("x1", ax)
        .attr("y1", ay)
        .attr("x2", bx)
        .attr("y2", by)
        .attr("stroke", ARROW_INK)
        .attr("stroke-width", 3.5)
        .attr("stroke-linecap", "round")
        .attr("marker-end", format!("url(#{arrow_id})"))
        .empty();
}

/// Skip: a label in the top left corner of the picture.
fn skip_label(svg: &mut Svg) {
    svg.tag("g").attr("class", "hx-skip").open();
    svg.tag("rect")
        .attr("x", TEXT_LEFT)
        .attr("y", 8.0)
        .attr("width", 50.0)
        .attr("height", 22.0)
        .attr("rx", 4.0)
        .attr("fill", ARROW_INK)
        .empty();
    svg.tag("text")
        .attr("x", TEXT_LEFT + 25.0)
        .attr("y", 19.0 + baseline(14.0))
        .attr("font-size", 14.0)
        .attr("font-weight", "bold")
        .attr("text-anchor", "middle")
        .attr("fill", PAPER)
        .text("skip");
    svg.close("g");
}

/// Echo-Capture: a crosshair on the target, in the turn's blue (a part of
/// the turn, apart from the neutral marks of captured stones).
fn crosshair(svg: &mut Svg, cell: Cell, tier: u8) {
    let (x, y) = centre(cell);
    let (r0, r1) = (STONE_R + 1.5, STONE_R + 8.0);
    svg.tag("g")
        .attr("class", "hx-echo-capture")
        .attr("fill", "none")
        .attr("stroke", Mark::Target.ink(tier))
        .attr("stroke-width", 2.5)
        .open();
    svg.tag("circle")
        .attr("cx", x)
        .attr("cy", y)
        .attr("r", STONE_R + 4.0)
        .empty();
    let mut d = String::new();
    for (dx, dy) in [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)] {
        d.push_str(&format!(
            "M{},{}L{},{}",
            num(x + dx * r0),
            num(y + dy * r0),
            num(x + dx * r1),
            num(y + dy * r1)
        ));
    }
    svg.tag("path").attr("d", d).empty();
    svg.close("g");
}

/// How a stone was captured, for its mark.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Capture {
    /// Not told: the ghost outline alone.
    Untold,
    /// By encirclement (C1): a cross.
    Encircled,
    /// By the Echo-Capture group check (E4): a starburst of eight rays.
    Echo,
    /// By a Move stepping down onto it (T6): a downward chevron in the
    /// upper left corner, as the mover's stone now stands there.
    Move,
}

/// A captured stone: a dashed ghost outline, drawn under any stone now
/// standing on the cell, with the shape of its kind ([`Capture`]).
pub(crate) fn captured(svg: &mut Svg, cell: Cell, tier: u8, kind: Capture) {
    let (x, y) = centre(cell);
    let r = STONE_R + 2.0;
    let ink = Mark::Captured.ink(tier);
    let class = match kind {
        Capture::Untold => "hx-captured",
        Capture::Encircled => "hx-captured hx-capture-encircled",
        Capture::Echo => "hx-captured hx-capture-echo",
        Capture::Move => "hx-captured hx-capture-move",
    };
    svg.tag("g").attr("class", class).open();
    svg.tag("circle")
        .attr("cx", x)
        .attr("cy", y)
        .attr("r", r)
        .attr("fill", "none")
        .attr("stroke", ink)
        .attr("stroke-width", 1.5)
        .attr("stroke-dasharray", "3 2")
        .empty();
    let mut d = String::new();
    let line = |d: &mut String, a: (f64, f64), b: (f64, f64)| {
        d.push_str(&format!(
            "M{},{}L{},{}",
            num(a.0),
            num(a.1),
            num(b.0),
            num(b.1)
        ));
    };
    match kind {
        Capture::Untold => {}
        Capture::Encircled => {
            let k = 0.55 * r;
            line(&mut d, (x - k, y - k), (x + k, y + k));
            line(&mut d, (x - k, y + k), (x + k, y - k));
        }
        Capture::Echo => {
            for i in 0..8 {
                let a = f64::from(i) * std::f64::consts::FRAC_PI_4 + std::f64::consts::PI / 8.0;
                let (c, s) = (a.cos(), a.sin());
                line(
                    &mut d,
                    (x + 0.3 * r * c, y + 0.3 * r * s),
                    (x + 0.78 * r * c, y + 0.78 * r * s),
                );
            }
        }
        Capture::Move => {
            let (cx, cy) = (x + MOVE_CAPTURE_AT.0, y + MOVE_CAPTURE_AT.1);
            for dy in [-3.5, 1.5] {
                d.push_str(&format!(
                    "M{},{}L{},{}L{},{}",
                    num(cx - 5.0),
                    num(cy + dy),
                    num(cx),
                    num(cy + dy + 4.5),
                    num(cx + 5.0),
                    num(cy + dy)
                ));
            }
        }
    }
    if !d.is_empty() {
        svg.tag("path")
            .attr("d", d)
            .attr("fill", "none")
            .attr("stroke", ink)
            .attr("stroke-width", 2.2)
            .attr("stroke-linecap", "round")
            .attr("stroke-linejoin", "round")
            .empty();
    }
    svg.close("g");
}

/// A cooldown cell of `player`: an hourglass centred on `c`, dark for `X`,
/// light for `O`, each edged so that it reads on every tier.
pub(crate) fn hourglass(svg: &mut Svg, c: (f64, f64), player: Player, class: &str) {
    let (x, y) = c;
    let (w, h) = (4.5, 6.0);
    let i = player.index();
    svg.tag("path")
        .attr("class", class)
        .attr(
            "d",
            format!(
                "M{},{}H{}L{},{}L{},{}H{}L{},{}Z",
                num(x - w),
                num(y - h),
                num(x + w),
                num(x + 0.8),
                num(y),
                num(x + w),
                num(y + h),
                num(x - w),
                num(x - 0.8),
                num(y),
            ),
        )
        .attr("fill", STONE_FILL[i])
        .attr("stroke", STONE_EDGE[i])
        .attr("stroke-width", 1.3)
        .attr("stroke-linejoin", "round")
        .empty();
}

/// A cell that differs: a thick dashed vermilion outline just inside the
/// cell's edge (dashed, so that it never reads as a lock's solid outline).
pub(crate) fn highlight(svg: &mut Svg, cell: Cell, tier: u8) {
    svg.tag("polygon")
        .attr("class", "hx-highlight")
        .attr("points", points(&hexagon(centre(cell), HEX_RADIUS - 2.5)))
        .attr("fill", "none")
        .attr("stroke", Mark::Difference.ink(tier))
        .attr("stroke-width", 4.5)
        .attr("stroke-dasharray", "9 4")
        .attr("stroke-linejoin", "round")
        .empty();
}

/// A cell of an outcome's cause (the Network group, a strangled stone): a
/// dotted outline just inside the cell's edge.
pub(crate) fn cause(svg: &mut Svg, cell: Cell, tier: u8) {
    svg.tag("polygon")
        .attr("class", "hx-cause")
        .attr("points", points(&hexagon(centre(cell), HEX_RADIUS - 7.0)))
        .attr("fill", "none")
        .attr("stroke", Mark::Cause.ink(tier))
        .attr("stroke-width", 3.0)
        .attr("stroke-dasharray", "0.1 5")
        .attr("stroke-linecap", "round")
        .empty();
}
