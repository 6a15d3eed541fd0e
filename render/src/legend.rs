//! The words of a picture: its default title, each cell's `<title>`, and the
//! lines of text under the board (state, counters, turn, faults, key).

use hexodic_rules::{Cell, CellSet, Echo, EndRule, Outcome, Player, Project, Setup, Shape, Turn};

/// The default `<title>`: what the picture shows.
pub(crate) fn default_title(setup: &Setup) -> String {
    match setup.outcome {
        Some(o) => format!(
            "Hexodic board: game over, {}, half-move {}",
            outcome_text(o),
            setup.half_moves
        ),
        None => format!(
            "Hexodic board: {} to move, half-move {}",
            setup.to_move, setup.half_moves
        ),
    }
}

/// A result in words: `X wins by network (G1)`, `draw at the cap (G7), full tie`.
pub(crate) fn outcome_text(o: Outcome) -> String {
    let how = match o.rule {
        EndRule::Cap(Some(step)) => {
            format!("at the cap (G7), tiebreak step {}", step.number())
        }
        EndRule::Cap(None) => "at the cap (G7), full tie".to_owned(),
        rule => format!("by {} ({})", rule.name(), rule.rule_id()),
    };
    match o.winner {
        Some(p) => format!("{p} wins {how}"),
        None => format!("draw {how}"),
    }
}

/// The first line under the board: side to move and half-moves, or the result.
pub(crate) fn state_line(setup: &Setup) -> String {
    match setup.outcome {
        Some(o) => format!(
            "Game over: {} · half-move {}",
            outcome_text(o),
            setup.half_moves
        ),
        None => format!("{} to move · half-move {}", setup.to_move, setup.half_moves),
    }
}

/// One player's counters, flags and cooldown cells.
pub(crate) fn player_line(setup: &Setup, p: Player) -> String {
    let c = &setup.counters[p.index()];
    let mut line = format!(
        "{p}: reserve {}, charges {}, captures {}, raises {}, lowers left {}",
        c.reserve, c.charges, c.captures, c.raises, c.lowers_left
    );
    line.push_str(if c.first_placed {
        ", first Place made"
    } else {
        ", no first Place yet"
    });
    if c.lock_used {
        line.push_str(", Echo-Lock used");
    }
    if c.cooldown.any() {
        line.push_str(", cooldown ");
        line.push_str(&names(c.cooldown));
    }
    line
}

/// The turn drawn, in notation and in words.
pub(crate) fn turn_line(turn: Turn) -> String {
    let mut parts = vec![match turn.project {
        Project::Place(c) => format!("Place on {c}"),
        Project::Move { from, to } => format!("Move {from} to {to}"),
        Project::Skip => "Skip".to_owned(),
    }];
    match turn.shape {
        Some(Shape::Raise(c)) => parts.push(format!("raise {c}")),
        Some(Shape::Lower(c)) => parts.push(format!("lower {c}")),
        None => {}
    }
    match turn.echo {
        Some(Echo::Lock(c)) => parts.push(format!("Echo-Lock {c}")),
        Some(Echo::Capture(c)) => parts.push(format!("Echo-Capture at {c}")),
        None => {}
    }
    format!("Turn: {turn} ({})", parts.join(", "))
}

/// Cell names in board order, comma separated.
pub(crate) fn names(cells: CellSet) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    names.join(", ")
}

/// What the picture shows on and around one cell, for its `<title>`.
pub(crate) struct CellFacts {
    pub(crate) captured: bool,
    pub(crate) highlighted: bool,
    pub(crate) cause: bool,
    pub(crate) turn: Option<Turn>,
}

/// The `<title>` of a cell: `d4: tier 2, locked, X stone, ...`.
pub(crate) fn cell_title(setup: &Setup, cell: Cell, facts: &CellFacts) -> String {
    let sc = setup.cell(cell);
    let mut t = format!("{cell}: tier {}", sc.tier);
    if sc.locked {
        t.push_str(", locked");
    }
    match sc.stone {
        Some(p) => t.push_str(&format!(", {p} stone")),
        None => t.push_str(", empty"),
    }
    for p in Player::BOTH {
        if setup.cooldown(p).contains(cell) {
            t.push_str(&format!(", in {p}'s cooldown"));
        }
    }
    if let Some(turn) = facts.turn {
        match turn.project {
            Project::Place(c) if c == cell => t.push_str(", Place here"),
            Project::Move { from, to } => {
                if from == cell {
                    t.push_str(&format!(", Move from here to {to}"));
                }
                if to == cell {
                    t.push_str(&format!(", Move to here from {from}"));
                }
            }
            _ => {}
        }
        match turn.shape {
            Some(Shape::Raise(c)) if c == cell => t.push_str(", raised (Shape +)"),
            Some(Shape::Lower(c)) if c == cell => t.push_str(", lowered (Shape −)"),
            _ => {}
        }
        match turn.echo {
            Some(Echo::Lock(c)) if c == cell => t.push_str(", Echo-Lock here"),
            Some(Echo::Capture(c)) if c == cell => t.push_str(", Echo-Capture target"),
            _ => {}
        }
    }
    if facts.captured {
        t.push_str(", stone captured");
    }
    if facts.highlighted {
        t.push_str(", differs");
    }
    if facts.cause {
        t.push_str(", makes the result");
    }
    t
}

/// Every mark a board can carry, and what it means: the full key, for a
/// page that shows many boards. A board's own key line names only the
/// marks it carries.
pub const FULL_KEY: [(&str, &str); 16] = [
    (
        "shade and digit",
        "the cell's tier: light without a digit 0, medium 1, dark 2",
    ),
    ("dark disc, light disc", "a stone of X, a stone of O"),
    ("padlock in the upper right corner", "a locked cell"),
    (
        "hourglass in a lower corner",
        "a cell in a player's cooldown: dark lower left for X, light lower right for O",
    ),
    ("blue ring", "a Place on this cell"),
    ("blue arrow", "a Move from one cell to another"),
    (
        "blue + or \u{2212} badge",
        "a Shape: the cell raised or lowered",
    ),
    ("blue padlock badge", "an Echo-Lock on this cell"),
    ("blue crosshair", "the target of an Echo-Capture"),
    ("blue skip label", "a Skip"),
    (
        "dashed circle with a cross",
        "a stone captured by encirclement (C1)",
    ),
    (
        "dashed circle with a starburst",
        "a stone captured by the Echo-Capture group check (E4)",
    ),
    (
        "dashed circle and a downward chevron",
        "a stone captured by a Move stepping down onto it (T6)",
    ),
    ("dashed circle alone", "a stone captured (its kind not told)"),
    (
        "thick dashed vermilion outline",
        "the cell differs between the reference and the engine",
    ),
    (
        "dotted outline",
        "a cell that makes the result (the Network group, a strangled stone); a bold line under the board says why the game ended",
    ),
];

/// What is drawn on a board, for its key line.
pub(crate) struct Drawn {
    pub(crate) stones: bool,
    pub(crate) raised: bool,
    pub(crate) locked: bool,
    /// Whether `X`, then `O`, has a cooldown cell.
    pub(crate) cooldown: [bool; 2],
    pub(crate) turn: Option<Turn>,
    pub(crate) captured: bool,
    pub(crate) encircled: bool,
    pub(crate) echo_captured: bool,
    pub(crate) move_capture: bool,
    pub(crate) highlight: bool,
    pub(crate) cause: bool,
}

/// The key line of a board: only the marks this board carries.
pub(crate) fn key(drawn: &Drawn) -> String {
    let mut parts = vec![if drawn.raised {
        "shade and digit = tier (no digit: 0)"
    } else {
        "light shade = tier 0"
    }];
    if drawn.stones {
        parts.push("dark/light disc = X/O stone");
    }
    if drawn.locked {
        parts.push("padlock = locked");
    }
    match drawn.cooldown {
        [true, true] => parts.push("hourglass = cooldown (dark X, light O)"),
        [true, false] => parts.push("dark hourglass = X's cooldown"),
        [false, true] => parts.push("light hourglass = O's cooldown"),
        [false, false] => {}
    }
    if let Some(t) = drawn.turn {
        parts.push(match t.project {
            Project::Place(_) => "blue ring = Place",
            Project::Move { from, to } if from == to => "blue ring = Move in place",
            Project::Move { .. } => "blue arrow = Move",
            Project::Skip => "skip label = Skip",
        });
        if t.shape.is_some() {
            parts.push("blue +/\u{2212} badge = Shape");
        }
        match t.echo {
            Some(Echo::Lock(_)) => parts.push("blue padlock badge = Echo-Lock"),
            Some(Echo::Capture(_)) => parts.push("blue crosshair = Echo-Capture target"),
            None => {}
        }
    }
    if drawn.captured {
        parts.push("dashed circle = captured");
    }
    if drawn.encircled {
        parts.push("dashed circle with cross = captured by encirclement");
    }
    if drawn.echo_captured {
        parts.push("dashed circle with starburst = captured by Echo-Capture");
    }
    if drawn.move_capture {
        parts.push("downward chevron = captured by the Move");
    }
    if drawn.highlight {
        parts.push("thick dashed outline = differs");
    }
    if drawn.cause {
        parts.push("dotted outline = makes the result");
    }
    format!("Key: {}", parts.join(" · "))
}

/// Break `text` into lines of at most `width` characters at spaces (a longer
/// word stands alone on its line).
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.lines() {
        lines.extend(wrap_units(para.split_whitespace(), " ", width));
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

/// Break a list written as `a, b, c` only after its commas, so that no
/// clause is split.
pub(crate) fn wrap_clauses(text: &str, width: usize) -> Vec<String> {
    wrap_units(text.split(", "), ", ", width)
}

fn wrap_units<'a>(units: impl Iterator<Item = &'a str>, sep: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for unit in units {
        if line.is_empty() {
            line.push_str(unit);
        } else if line.chars().count() + sep.chars().count() + unit.chars().count() > width {
            line.push_str(sep.trim_end());
            lines.push(std::mem::replace(&mut line, unit.to_owned()));
        } else {
            line.push_str(sep);
            line.push_str(unit);
        }
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexodic_rules::TiebreakStep;

    #[test]
    fn wrap_breaks_at_spaces() {
        assert_eq!(wrap("aa bb cc", 5), ["aa bb", "cc"]);
        assert_eq!(wrap("averylongword x", 4), ["averylongword", "x"]);
        assert_eq!(wrap("", 10), [""]);
        assert_eq!(wrap("a\nb", 10), ["a", "b"]);
        assert_eq!(
            wrap_clauses("X: reserve 1, charges 2, first Place made", 30),
            ["X: reserve 1, charges 2,", "first Place made"]
        );
        assert_eq!(wrap_clauses("a, b", 10), ["a, b"]);
    }

    #[test]
    fn outcomes_in_words() {
        let o = |winner, rule| outcome_text(Outcome { winner, rule });
        assert_eq!(
            o(Some(Player::X), EndRule::Network),
            "X wins by network (G1)"
        );
        assert_eq!(
            o(Some(Player::O), EndRule::Cap(Some(TiebreakStep::TierSum))),
            "O wins at the cap (G7), tiebreak step 2"
        );
        assert_eq!(
            o(None, EndRule::Cap(None)),
            "draw at the cap (G7), full tie"
        );
        // Malformed results still read.
        assert_eq!(o(None, EndRule::Takeover), "draw by takeover (G2)");
    }

    #[test]
    fn cell_titles_say_everything() {
        let s = Setup::from_notation(
            "x2*.../...../....../...x1.../..o1.../...../.... o 3 x:r5c2k0u3l6PL o:r6c3k0u1l6P[g4]",
        )
        .unwrap();
        let g4 = Cell::from_name("g4").unwrap();
        let facts = CellFacts {
            captured: true,
            highlighted: true,
            cause: false,
            turn: Some(Turn::parse("c3-c4 +g4 @g4").unwrap()),
        };
        assert_eq!(
            cell_title(&s, g4, &facts),
            "g4: tier 2, locked, X stone, in O's cooldown, raised (Shape +), \
             Echo-Capture target, stone captured, differs"
        );
        let none = CellFacts {
            captured: false,
            highlighted: false,
            cause: false,
            turn: None,
        };
        assert_eq!(cell_title(&s, Cell::CENTRE, &none), "d4: tier 1, X stone");
        let d1 = Cell::from_name("d1").unwrap();
        assert_eq!(cell_title(&s, d1, &none), "d1: tier 0, empty");
        assert_eq!(
            player_line(&s, Player::X),
            "X: reserve 5, charges 2, captures 0, raises 3, lowers left 6, first Place made, Echo-Lock used"
        );
        assert_eq!(
            turn_line(Turn::parse("c3-c4 -c4 @c5").unwrap()),
            "Turn: c3-c4 -c4 @c5 (Move c3 to c4, lower c4, Echo-Capture at c5)"
        );
    }
}
