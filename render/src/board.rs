//! [`BoardPicture`]: one board, with what to draw on it, written as SVG.

use crate::geometry::{
    centre, hexagon, number_labels, row_labels, BOARD_BOTTOM, HEX_RADIUS, WIDTH,
};
use crate::legend::{self, CellFacts};
use crate::marks;
use crate::palette::{Mark, STONE_EDGE, STONE_FILL};
use crate::style::{
    baseline, tier_colours, CELL_NAME_SIZE, FAULT, FONT, GRID, INK, LINE_HEIGHT, MUTED, PAPER,
    RIM_SIZE, SLOT_LL, SLOT_LR, SLOT_UR, STONE_INK, STONE_R, STONE_SIZE, TEXT_LEFT, TEXT_SIZE,
    TIER_SIZE, WRAP, WRAP_BOLD,
};
use crate::svg::{num, points, Svg};
use hexodic_rules::{Cell, CellSet, Player, Setup, Turn, TurnReport};

/// Prefix of SVG ids when none is given.
const DEFAULT_ID_PREFIX: &str = "hexodic-";

/// Where a player's cooldown hourglass sits in a cell: `X` lower left, `O`
/// lower right.
const COOLDOWN_AT: [(f64, f64); 2] = [SLOT_LL, SLOT_LR];
/// Where a cell's name sits (top) and its tier digit (bottom), relative to its centre.
const NAME_DY: f64 = -0.6 * HEX_RADIUS;
const TIER_DY: f64 = 0.66 * HEX_RADIUS;

/// A picture of one Hexodic board: the cells with their tiers, locks, stones
/// and cooldowns, optionally a turn's marks, captured stones, highlighted
/// cells, faults and a caption, written by [`BoardPicture::to_svg`].
///
/// Any [`Setup`] draws, valid or not: a tier above 2 gets the darkest shade
/// and its digit as it is.
///
/// # Examples
///
/// ```
/// use hexodic_render::BoardPicture;
/// use hexodic_rules::{Setup, Turn};
///
/// let setup = Setup::from_notation(
///     "..../...../....../...x1.../....../...../.... o 1 x:r6c3k0u1l6P o:r7c3k0u0l6",
/// )
/// .unwrap();
/// let svg = BoardPicture::new(&setup)
///     .turn(Turn::parse("d4 +d4").unwrap())
///     .caption("X opened in the centre")
///     .id_prefix("fig1-")
///     .to_svg();
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(svg.contains("<title>Hexodic board: O to move, half-move 1</title>"));
/// assert!(svg.contains("d4: tier 1, X stone, Place here, raised (Shape +)"));
/// ```
#[derive(Clone, Debug)]
pub struct BoardPicture {
    setup: Setup,
    title: Option<String>,
    turn: Option<Turn>,
    captured: CellSet,
    kinds: TurnReport,
    highlight: CellSet,
    cause: CellSet,
    faults: Vec<String>,
    caption: Option<String>,
    id_prefix: String,
}

impl BoardPicture {
    /// A picture of `setup`, which need not be a valid position.
    pub fn new(setup: &Setup) -> BoardPicture {
        BoardPicture {
            setup: *setup,
            title: None,
            turn: None,
            captured: CellSet::EMPTY,
            kinds: TurnReport::default(),
            highlight: CellSet::EMPTY,
            cause: CellSet::EMPTY,
            faults: Vec::new(),
            caption: None,
            id_prefix: DEFAULT_ID_PREFIX.to_owned(),
        }
    }

    /// The `<title>` of the SVG: what the picture shows. The default names
    /// the side to move and the half-move count, or the result.
    pub fn title(mut self, text: impl Into<String>) -> Self {
        self.title = Some(text.into());
        self
    }

    /// Draw a turn's parts on the board: a Place as a ring on its cell, a
    /// Move as an arrow from `from` to `to`, a Shape as a `+` or `−` badge
    /// on the shaped cell, an Echo-Lock as a padlock badge, an Echo-Capture
    /// as a crosshair on its target, a Skip as a `skip` label.
    pub fn turn(mut self, turn: Turn) -> Self {
        self.turn = Some(turn);
        self
    }

    /// Stones captured, their kind not told: each cell gets a dashed ghost
    /// outline. [`captures`](Self::captures) draws each kind apart.
    pub fn captured(mut self, cells: CellSet) -> Self {
        self.captured = cells;
        self
    }

    /// Stones captured, by kind, each in a dashed ghost outline: by
    /// encirclement (C1) with a cross, by the Echo-Capture group check (E4)
    /// with a starburst of eight rays, by a Move stepping down (T6) with a
    /// downward chevron in the cell's upper left corner. A cell named in
    /// [`captured`](Self::captured) too is drawn by its kind.
    pub fn captures(mut self, report: TurnReport) -> Self {
        self.kinds = report;
        self
    }

    /// Every cell drawn as captured, of any kind.
    fn all_captured(&self) -> CellSet {
        self.captured | self.kinds.captured()
    }

    /// Cells to point out (for example where two engines differ): a thick
    /// dashed vermilion outline.
    pub fn highlight(mut self, cells: CellSet) -> Self {
        self.highlight = cells;
        self
    }

    /// The cells that make the game's result (the Network group, the
    /// strangled stones, the stones a tiebreak counts): a dotted outline,
    /// named under the board.
    pub fn cause(mut self, cells: CellSet) -> Self {
        self.cause = cells;
        self
    }

    /// Why the position is not valid, one line each, listed under the board
    /// (see [`fault_lines`](crate::fault_lines)).
    pub fn faults(mut self, lines: Vec<String>) -> Self {
        self.faults = lines;
        self
    }

    /// A line of text under the board.
    pub fn caption(mut self, text: impl Into<String>) -> Self {
        self.caption = Some(text.into());
        self
    }

    /// Prefix for the SVG ids (the arrow marker is `{prefix}arrow`), so that
    /// many pictures can be inlined in one HTML page. Characters other than
    /// ASCII letters, digits, `-` and `_` become `_`. Default `hexodic-`.
    pub fn id_prefix(mut self, prefix: impl Into<String>) -> Self {
        self.id_prefix = prefix
            .into()
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        self
    }

    /// The picture as a complete `<svg>` element (no XML declaration, so it
    /// can be inlined in HTML): `xmlns`, `viewBox`, `role="img"`, a
    /// `<title>` first, then a `<desc>` holding the position's notation.
    /// The same picture always gives the same bytes.
    pub fn to_svg(&self) -> String {
        let lines = self.text_lines();
        let height = (BOARD_BOTTOM + 4.0 + LINE_HEIGHT * lines.len() as f64 + 8.0).ceil();
        let arrow_id = format!("{}arrow", self.id_prefix);
        let mut svg = Svg::default();
        svg.tag("svg")
            .attr("xmlns", "http://www.w3.org/2000/svg")
            .attr("viewBox", format!("0 0 {} {}", num(WIDTH), num(height)))
            .attr("width", WIDTH)
            .attr("height", height)
            .attr("role", "img")
            .attr("font-family", FONT)
            .open();
        svg.tag("title").text(&self.title_text());
        let mut desc = format!("Position: {}", self.setup.to_notation());
        if let Some(t) = self.turn {
            desc.push_str(&format!("; turn: {t}"));
        }
        svg.tag("desc").text(&desc);
        if marks::needs_arrow(self.turn) {
            svg.tag("defs").open();
            marks::arrow_marker(&mut svg, &arrow_id);
            svg.close("defs");
        }
        svg.tag("rect")
            .attr("width", WIDTH)
            .attr("height", height)
            .attr("fill", PAPER)
            .empty();
        self.cells(&mut svg);
        // Everything drawn over the cells lets the pointer through, so
        // hovering anywhere on a cell shows the cell's title.
        svg.tag("g").attr("pointer-events", "none").open();
        self.locks(&mut svg);
        self.cooldowns(&mut svg);
        let told = self.kinds.captured();
        for c in self.captured - told {
            marks::captured(&mut svg, c, self.setup.cell(c).tier, marks::Capture::Untold);
        }
        for c in self.kinds.encircled {
            marks::captured(
                &mut svg,
                c,
                self.setup.cell(c).tier,
                marks::Capture::Encircled,
            );
        }
        for c in self.kinds.echo_captured - self.kinds.encircled {
            marks::captured(&mut svg, c, self.setup.cell(c).tier, marks::Capture::Echo);
        }
        if let Some(c) = self.kinds.move_capture {
            marks::captured(&mut svg, c, self.setup.cell(c).tier, marks::Capture::Move);
        }
        for c in self.cause {
            marks::cause(&mut svg, c, self.setup.cell(c).tier);
        }
        self.stones(&mut svg);
        if let Some(t) = self.turn {
            marks::turn(&mut svg, &self.setup, t, &arrow_id);
        }
        self.cell_names(&mut svg);
        self.tier_digits(&mut svg);
        for c in self.highlight {
            marks::highlight(&mut svg, c, self.setup.cell(c).tier);
        }
        rim_labels(&mut svg);
        svg.close("g");
        text_block(&mut svg, &lines);
        svg.close("svg");
        svg.finish()
    }

    fn title_text(&self) -> String {
        match &self.title {
            Some(t) => t.clone(),
            None if self.faults.is_empty() => legend::default_title(&self.setup),
            None => format!(
                "{} (not a valid position)",
                legend::default_title(&self.setup)
            ),
        }
    }

    /// The hexagons, shaded by tier, each with its `<title>`.
    fn cells(&self, svg: &mut Svg) {
        svg.tag("g")
            .attr("stroke", GRID)
            .attr("stroke-width", 1.0)
            .attr("stroke-linejoin", "round")
            .open();
        for c in Cell::ALL {
            let facts = CellFacts {
                captured: self.all_captured().contains(c),
                highlighted: self.highlight.contains(c),
                cause: self.cause.contains(c),
                turn: self.turn,
            };
            let (fill, _) = tier_colours(self.setup.cell(c).tier);
            svg.tag("polygon")
                .attr("class", "hx-cell")
                .attr("points", points(&hexagon(centre(c), HEX_RADIUS)))
                .attr("fill", fill)
                .open();
            svg.tag("title")
                .text(&legend::cell_title(&self.setup, c, &facts));
            svg.close("polygon");
        }
        svg.close("g");
    }

    /// Each cell's name at its top, in the ink of its shade, over a halo of
    /// the shade so that marks passing under it leave it legible.
    fn cell_names(&self, svg: &mut Svg) {
        svg.tag("g")
            .attr("font-size", CELL_NAME_SIZE)
            .attr("text-anchor", "middle")
            .attr("stroke-width", 2.5)
            .attr("paint-order", "stroke")
            .open();
        for c in Cell::ALL {
            let (fill, ink) = tier_colours(self.setup.cell(c).tier);
            let (x, y) = centre(c);
            svg.tag("text")
                .attr("x", x)
                .attr("y", y + NAME_DY + baseline(CELL_NAME_SIZE))
                .attr("fill", ink)
                .attr("stroke", fill)
                .text(&c.to_string());
        }
        svg.close("g");
    }

    /// Each raised cell's tier digit at its bottom, in the ink of its
    /// shade, with the same halo as the names. Tier 0 prints no digit: its
    /// light shade and the missing digit say it (the key says so).
    fn tier_digits(&self, svg: &mut Svg) {
        svg.tag("g")
            .attr("font-size", TIER_SIZE)
            .attr("font-weight", "bold")
            .attr("text-anchor", "middle")
            .attr("stroke-width", 2.5)
            .attr("paint-order", "stroke")
            .open();
        for c in Cell::ALL
            .into_iter()
            .filter(|c| self.setup.cell(*c).tier > 0)
        {
            let sc = self.setup.cell(c);
            let (fill, ink) = tier_colours(sc.tier);
            let (x, y) = centre(c);
            svg.tag("text")
                .attr("class", "hx-tier")
                .attr("x", x)
                .attr("y", y + TIER_DY + baseline(TIER_SIZE))
                .attr("fill", ink)
                .attr("stroke", fill)
                .text(&sc.tier.to_string());
        }
        svg.close("g");
    }

    /// Locked cells: a padlock in the cell's upper right corner, apart
    /// from the tier digit and the stone.
    fn locks(&self, svg: &mut Svg) {
        for c in Cell::ALL.into_iter().filter(|c| self.setup.cell(*c).locked) {
            let (x, y) = centre(c);
            let ink = Mark::Lock.ink(self.setup.cell(c).tier);
            svg.tag("g").attr("class", "hx-locked").open();
            marks::padlock(
                svg,
                (x + SLOT_UR.0, y + SLOT_UR.1 + 1.5),
                9.0,
                ink,
                "hx-padlock",
            );
            svg.close("g");
        }
    }

    /// Each player's cooldown cells: an hourglass in a lower corner, `X`'s
    /// dark in the lower left, `O`'s light in the lower right (never a disc
    /// or a letter, so that it cannot read as a stone).
    fn cooldowns(&self, svg: &mut Svg) {
        for p in Player::BOTH {
            let (dx, dy) = COOLDOWN_AT[p.index()];
            for c in self.setup.cooldown(p) {
                let (x, y) = centre(c);
                let class = match p {
                    Player::X => "hx-cooldown hx-cooldown-x",
                    Player::O => "hx-cooldown hx-cooldown-o",
                };
                marks::hourglass(svg, (x + dx, y + dy), p, class);
            }
        }
    }

    /// Stones: a disc with the player's letter.
    fn stones(&self, svg: &mut Svg) {
        for c in Cell::ALL {
            let Some(p) = self.setup.cell(c).stone else {
                continue;
            };
            let (x, y) = centre(c);
            let i = p.index();
            svg.tag("circle")
                .attr("class", "hx-stone")
                .attr("cx", x)
                .attr("cy", y)
                .attr("r", STONE_R)
                .attr("fill", STONE_FILL[i])
                .attr("stroke", STONE_EDGE[i])
                .attr("stroke-width", 1.5)
                .empty();
            svg.tag("text")
                .attr("x", x)
                .attr("y", y + baseline(STONE_SIZE))
                .attr("font-size", STONE_SIZE)
                .attr("font-weight", "bold")
                .attr("text-anchor", "middle")
                .attr("fill", STONE_INK[i])
                .text(&p.to_string());
        }
    }

    /// The lines under the board.
    fn text_lines(&self) -> Vec<TextLine> {
        let mut out = Vec::new();
        let mut push = |wrapped: Vec<String>, kind: Line| {
            for (i, text) in wrapped.into_iter().enumerate() {
                out.push(TextLine {
                    text,
                    kind,
                    continued: i > 0,
                });
            }
        };
        if let Some(c) = &self.caption {
            push(legend::wrap(c, WRAP_BOLD), Line::Strong);
        }
        let state = legend::state_line(&self.setup);
        push(legend::wrap(&state, WRAP_BOLD), Line::Strong);
        for p in Player::BOTH {
            let line = legend::player_line(&self.setup, p);
            push(legend::wrap_clauses(&line, WRAP), Line::Plain);
        }
        if let Some(t) = self.turn {
            push(legend::wrap(&legend::turn_line(t), WRAP), Line::Plain);
        }
        for (label, cells) in self.capture_lines() {
            let line = format!("{label}: {}", legend::names(cells));
            push(legend::wrap(&line, WRAP), Line::Plain);
        }
        if self.highlight.any() {
            let line = format!("Differs: {}", legend::names(self.highlight));
            push(legend::wrap(&line, WRAP), Line::Plain);
        }
        if self.cause.any() {
            let line = format!("Makes the result: {}", legend::names(self.cause));
            push(legend::wrap(&line, WRAP), Line::Plain);
        }
        if !self.faults.is_empty() {
            push(vec!["Not a valid position:".to_owned()], Line::FaultHead);
            for f in &self.faults {
                push(legend::wrap(&format!("• {f}"), WRAP), Line::Fault);
            }
        }
        let told = self.kinds.captured();
        let key = legend::key(&legend::Drawn {
            stones: self.setup.cells.iter().any(|c| c.stone.is_some()),
            raised: self.setup.cells.iter().any(|c| c.tier > 0),
            locked: self.setup.cells.iter().any(|c| c.locked),
            cooldown: Player::BOTH.map(|p| self.setup.cooldown(p).any()),
            turn: self.turn,
            captured: (self.captured - told).any(),
            encircled: self.kinds.encircled.any(),
            echo_captured: (self.kinds.echo_captured - self.kinds.encircled).any(),
            move_capture: self.kinds.move_capture.is_some(),
            highlight: self.highlight.any(),
            cause: self.cause.any(),
        });
        push(legend::wrap(&key, WRAP + WRAP / 10), Line::Muted);
        out
    }
}

impl BoardPicture {
    /// The captured cells by kind, as lines under the board.
    fn capture_lines(&self) -> Vec<(&'static str, CellSet)> {
        let told = self.kinds.captured();
        let mut by_move = CellSet::EMPTY;
        if let Some(c) = self.kinds.move_capture {
            by_move.insert(c);
        }
        [
            ("Captured", self.captured - told),
            ("Captured by encirclement (C1)", self.kinds.encircled),
            (
                "Captured by Echo-Capture (E4)",
                self.kinds.echo_captured - self.kinds.encircled,
            ),
            ("Captured by the Move (T6)", by_move),
        ]
        .into_iter()
        .filter(|(_, cells)| cells.any())
        .collect()
    }
}

/// One line of text under the board.
struct TextLine {
    text: String,
    kind: Line,
    /// A continuation of the line before, set indented.
    continued: bool,
}

/// How a line of text under the board is set.
#[derive(Clone, Copy)]
enum Line {
    Strong,
    Plain,
    FaultHead,
    Fault,
    Muted,
}

fn text_block(svg: &mut Svg, lines: &[TextLine]) {
    svg.tag("g")
        .attr("class", "hx-legend")
        .attr("font-size", TEXT_SIZE)
        .attr("fill", INK)
        .open();
    for (i, line) in lines.iter().enumerate() {
        let x = if line.continued {
            TEXT_LEFT + 12.0
        } else {
            TEXT_LEFT
        };
        let y = BOARD_BOTTOM + LINE_HEIGHT * (i as f64 + 1.0);
        let tag = svg.tag("text").attr("x", x).attr("y", y);
        let tag = match line.kind {
            Line::Strong => tag.attr("font-weight", "bold"),
            Line::Plain => tag,
            Line::FaultHead => tag.attr("font-weight", "bold").attr("fill", FAULT),
            Line::Fault => tag.attr("fill", FAULT),
            Line::Muted => tag.attr("fill", MUTED),
        };
        tag.text(&line.text);
    }
    svg.close("g");
}

/// Row letters left of each row, cell numbers along the lower right rim.
fn rim_labels(svg: &mut Svg) {
    svg.tag("g")
        .attr("font-size", RIM_SIZE)
        .attr("font-weight", "bold")
        .attr("fill", MUTED)
        .attr("text-anchor", "middle")
        .open();
    for (label, (x, y)) in row_labels().chain(number_labels()) {
        svg.tag("text")
            .attr("x", x)
            .attr("y", y + baseline(RIM_SIZE))
            .text(&label.to_string());
    }
    svg.close("g");
}
