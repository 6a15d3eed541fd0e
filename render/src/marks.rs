//! Marks drawn over the cells: the parts of a turn (ring, arrow, Shape badge,
//! Echo marks, skip label), captured stones, highlights, and the padlock glyph.

use crate::geometry::{centre, hexagon, HEX_RADIUS};
use crate::style::{baseline, BADGE_R, GHOST, HIGHLIGHT, PAPER, STONE_R, TARGET, TEXT_LEFT, TURN};
use crate::svg::{num, points, Svg};
use hexodic_rules::{Cell, Echo, Project, Shape, Turn};

/// Where a cell's Shape badge sits, relative to its centre (upper left).
const SHAPE_BADGE: (f64, f64) = (-0.44 * HEX_RADIUS, -0.28 * HEX_RADIUS);
/// Where a cell's Echo-Lock badge sits, relative to its centre (upper right).
const ECHO_BADGE: (f64, f64) = (0.44 * HEX_RADIUS, -0.28 * HEX_RADIUS);

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
        .attr("fill", TURN)
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

/// Draw the parts of a turn.
pub(crate) fn turn(svg: &mut Svg, turn: Turn, arrow_id: &str) {
    match turn.project {
        Project::Place(c) => ring(svg, c),
        Project::Move { from, to } if from == to => ring(svg, to),
        Project::Move { from, to } => arrow(svg, from, to, arrow_id),
        Project::Skip => skip_label(svg),
    }
    if let Some(shape) = turn.shape {
        let glyph = match shape {
            Shape::Raise(_) => "+",
            Shape::Lower(_) => "\u{2212}",
        };
        let (x, y) = at(shape.cell(), SHAPE_BADGE);
        badge_disc(svg, (x, y));
        svg.tag("text")
            .attr("class", "hx-shape")
            .attr("x", x)
            .attr("y", y + baseline(13.0))
            .attr("font-size", 13.0)
            .attr("font-weight", "bold")
            .attr("text-anchor", "middle")
            .attr("fill", PAPER)
            .text(glyph);
    }
    match turn.echo {
        Some(Echo::Lock(c)) => {
            let (x, y) = at(c, ECHO_BADGE);
            badge_disc(svg, (x, y));
            padlock(svg, (x, y + 0.5), 6.0, PAPER, "hx-echo-lock");
        }
        Some(Echo::Capture(c)) => crosshair(svg, c),
        None => {}
    }
}

fn badge_disc(svg: &mut Svg, c: (f64, f64)) {
    svg.tag("circle")
        .attr("cx", c.0)
        .attr("cy", c.1)
        .attr("r", BADGE_R)
        .attr("fill", TURN)
        .attr("stroke", PAPER)
        .attr("stroke-width", 1.0)
        .empty();
}

/// Place: a ring around the cell's stone.
fn ring(svg: &mut Svg, cell: Cell) {
    let (x, y) = centre(cell);
    svg.tag("circle")
        .attr("class", "hx-place")
        .attr("cx", x)
        .attr("cy", y)
        .attr("r", STONE_R + 4.5)
        .attr("fill", "none")
        .attr("stroke", TURN)
        .attr("stroke-width", 3.0)
        .empty();
}

/// Move: a dot where the stone stood and an arrow to where it went.
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
    svg.tag("circle")
        .attr("cx", x0)
        .attr("cy", y0)
        .attr("r", 4.0)
        .attr("fill", TURN)
        .empty();
    svg.tag("line")
        .attr("class", "hx-move")
        .attr("x1", x0 + ux * start)
        .attr("y1", y0 + uy * start)
        .attr("x2", x1 - ux * end)
        .attr("y2", y1 - uy * end)
        .attr("stroke", TURN)
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
        .attr("y", 10.0)
        .attr("width", 44.0)
        .attr("height", 20.0)
        .attr("rx", 4.0)
        .attr("fill", TURN)
        .empty();
    svg.tag("text")
        .attr("x", TEXT_LEFT + 22.0)
        .attr("y", 20.0 + baseline(12.0))
        .attr("font-size", 12.0)
        .attr("font-weight", "bold")
        .attr("text-anchor", "middle")
        .attr("fill", PAPER)
        .text("skip");
    svg.close("g");
}

/// Echo-Capture: a crosshair on the target.
fn crosshair(svg: &mut Svg, cell: Cell) {
    let (x, y) = centre(cell);
    let (r0, r1) = (STONE_R + 1.5, STONE_R + 9.0);
    svg.tag("g")
        .attr("class", "hx-echo-capture")
        .attr("fill", "none")
        .attr("stroke", TARGET)
        .attr("stroke-width", 2.0)
        .open();
    svg.tag("circle")
        .attr("cx", x)
        .attr("cy", y)
        .attr("r", STONE_R + 5.5)
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

/// A captured stone: a dashed ghost outline with a cross, drawn under any
/// stone now standing on the cell.
pub(crate) fn captured(svg: &mut Svg, cell: Cell) {
    let (x, y) = centre(cell);
    let r = STONE_R + 2.5;
    let k = 0.8 * r;
    svg.tag("g").attr("class", "hx-captured").open();
    svg.tag("circle")
        .attr("cx", x)
        .attr("cy", y)
        .attr("r", r)
        .attr("fill", "none")
        .attr("stroke", GHOST)
        .attr("stroke-width", 1.5)
        .attr("stroke-dasharray", "3 2")
        .empty();
    svg.tag("path")
        .attr(
            "d",
            format!(
                "M{},{}L{},{}M{},{}L{},{}",
                num(x - k),
                num(y - k),
                num(x + k),
                num(y + k),
                num(x - k),
                num(y + k),
                num(x + k),
                num(y - k),
            ),
        )
        .attr("stroke", GHOST)
        .attr("stroke-width", 2.0)
        .attr("stroke-linecap", "round")
        .empty();
    svg.close("g");
}

/// A highlighted cell: a thick outline just inside the cell's edge.
pub(crate) fn highlight(svg: &mut Svg, cell: Cell) {
    svg.tag("polygon")
        .attr("class", "hx-highlight")
        .attr("points", points(&hexagon(centre(cell), HEX_RADIUS - 2.5)))
        .attr("fill", "none")
        .attr("stroke", HIGHLIGHT)
        .attr("stroke-width", 4.0)
        .attr("stroke-linejoin", "round")
        .empty();
}
