//! A fixture's setup resolved: the values it is written in (cells, turns,
//! sides), start, position, board with defaults, a shared setup included,
//! prelude turns; errors point inside the value.

use super::fixture::LineTurn;
use super::format::{At, CountersSpec, SetupFile, SetupSpec, Side};
use super::source::{parse_yaml, read_text, LoadError, Src};
use hexodic_rules::{Cell, CellSet, Outcome, Player, Ruleset, Setup, Turn};
use std::path::Path;

pub(super) fn cell(src: &Src, at: &At<String>) -> Result<Cell, LoadError> {
    Cell::from_name(at.value.trim()).ok_or_else(|| {
        src.err(
            at,
            format!(
                "`{}` is not a cell name (rows a-g, numbers 1-7, for example d4)",
                at.value
            ),
        )
    })
}

pub(super) fn cells(src: &Src, list: &[At<String>]) -> Result<CellSet, LoadError> {
    let mut s = CellSet::EMPTY;
    for c in list {
        s.insert(cell(src, c)?);
    }
    Ok(s)
}

pub(super) fn turn(src: &Src, at: &At<String>) -> Result<Turn, LoadError> {
    Turn::parse(&at.value).map_err(|e| src.err_in(at, e.column, format!("turn: {}", e.kind)))
}

pub(super) fn turns(src: &Src, list: &[At<String>]) -> Result<Vec<Turn>, LoadError> {
    list.iter().map(|t| turn(src, t)).collect()
}

pub(super) fn player(s: Side) -> Player {
    match s {
        Side::X => Player::X,
        Side::O => Player::O,
    }
}

/// The setup and its prelude turns.
pub(super) struct Resolved {
    /// The start position.
    pub(super) setup: Setup,
    /// The prelude turns, with their lines.
    pub(super) turns: Vec<LineTurn>,
}

/// The state fields that may only stand beside `board`, and whether each is given.
pub(super) fn beside_board(s: &SetupSpec) -> [(bool, &'static str); 5] {
    [
        (s.to_move.is_some(), "to_move"),
        (s.half_moves.is_some(), "half_moves"),
        (s.x.is_some(), "x"),
        (s.o.is_some(), "o"),
        (s.result.is_some(), "result"),
    ]
}

/// `board:` with the state beside it, or with its own counters line.
pub(super) fn board_setup(src: &Src, s: &SetupSpec, b: &At<String>) -> Result<Setup, LoadError> {
    let with_state = has_state_line(&b.value);
    let parsed = if with_state {
        hexodic_rules::diagram::parse_diagram(&b.value)
    } else {
        hexodic_rules::diagram::parse_board(&b.value)
    };
    let mut setup =
        parsed.map_err(|e| src.err_block(b, e.line, e.column, format!("board: {}", e.message)))?;
    if !with_state {
        board_defaults(src, s, &mut setup)?;
    } else if let Some((_, name)) = beside_board(s).iter().find(|(b, _)| *b) {
        let msg = format!("the board's counters line already gives the state: drop `{name}`");
        return Err(src.err(b, msg));
    }
    Ok(setup)
}

/// `include:` a shared setup from `setups/`.
pub(super) fn included(root: &Path, src: &Src, inc: &At<String>) -> Result<Resolved, LoadError> {
    let name = &inc.value;
    let ok = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if name.is_empty() || !name.chars().all(ok) {
        let msg = format!("`{name}` is not a setup name (letters, digits, - and _)");
        return Err(src.err(inc, msg));
    }
    let file = root.join("setups").join(format!("{name}.yaml"));
    if !super::source::is_file(&file) {
        let msg = format!("no shared setup {}", hexodic_io::paths::shown(&file));
        return Err(src.err(inc, msg));
    }
    let text = read_text(&file)?;
    let sf: SetupFile = parse_yaml(&file, &text)?;
    let inner = Src::new(&file, &text);
    resolve_setup(root, &inner, &sf.setup, false)
}

pub(super) fn resolve_setup(
    root: &Path,
    src: &Src,
    spec: &At<SetupSpec>,
    allow_include: bool,
) -> Result<Resolved, LoadError> {
    let s = &spec.value;
    let forms = [
        s.start.is_some(),
        s.position.is_some(),
        s.board.is_some(),
        s.include.is_some(),
    ];
    if forms.iter().filter(|f| **f).count() != 1 {
        let msg = "setup needs exactly one of `start`, `position`, `board`, `include`";
        return Err(src.err(spec, msg));
    }
    if let (None, Some((_, name))) = (&s.board, beside_board(s).iter().find(|(b, _)| *b)) {
        return Err(src.err(
            spec,
            format!("setup: `{name}` is only allowed beside `board`"),
        ));
    }
    let plain = |setup| Resolved {
        setup,
        turns: Vec::new(),
    };
    let mut resolved = if let Some(st) = &s.start {
        if !st.value {
            return Err(src.err(st, "`start` must be `true`"));
        }
        plain(Setup::default())
    } else if let Some(p) = &s.position {
        let setup = Setup::from_notation(p.value.trim())
            .map_err(|e| src.err_in(p, e.column, format!("position: {}", e.kind)))?;
        plain(setup)
    } else if let Some(b) = &s.board {
        plain(board_setup(src, s, b)?)
    } else if let Some(inc) = &s.include {
        if !allow_include {
            return Err(src.err(inc, "a shared setup may not include another"));
        }
        included(root, src, inc)?
    } else {
        return Err(src.err(spec, "empty setup"));
    };
    for t in s.turns.iter().flatten() {
        resolved.turns.push(LineTurn {
            turn: turn(src, t)?,
            line: t.line,
        });
    }
    Ok(resolved)
}

/// Whether a board diagram ends with the counters line (`x 0 x:... o:...`).
pub(super) fn has_state_line(text: &str) -> bool {
    text.lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.contains("x:") && l.contains("o:"))
}

pub(super) fn board_defaults(src: &Src, s: &SetupSpec, setup: &mut Setup) -> Result<(), LoadError> {
    let rs = Ruleset::STANDARD;
    setup.to_move = s.to_move.as_ref().map_or(Player::X, |p| player(p.value));
    setup.half_moves = s.half_moves.as_ref().map_or(0, |h| h.value);
    let specs = [s.x.as_ref(), s.o.as_ref()];
    let default = At::new(CountersSpec::default(), 0, 0);
    for p in Player::BOTH {
        let spec = specs[p.index()].unwrap_or(&default);
        let cs = &spec.value;
        let on_board = setup.cells.iter().filter(|c| c.stone == Some(p)).count() as u8;
        let c = &mut setup.counters[p.index()];
        c.reserve = cs.reserve.unwrap_or(rs.stones.saturating_sub(on_board));
        c.first_placed = cs
            .first_placed
            .unwrap_or(on_board > 0 || c.reserve < rs.stones);
        c.lock_used = cs.lock_used.unwrap_or(false);
        c.charges = cs.charges.unwrap_or(if c.lock_used {
            rs.charges.saturating_sub(1)
        } else {
            rs.charges
        });
        c.captures = cs.captures.unwrap_or(0);
        c.lowers_left = cs.lowers_left.unwrap_or(rs.lowers);
        c.cooldown = match &cs.cooldown {
            Some(list) => cells(src, list)?,
            None => CellSet::EMPTY,
        };
    }
    let tiers: i64 = setup.cells.iter().map(|c| c.tier as i64).sum();
    let made = |p: Player| rs.lowers as i64 - setup.counters[p.index()].lowers_left as i64;
    let total = tiers + made(Player::X) + made(Player::O);
    let clamp = |v: i64| v.clamp(0, u8::MAX as i64) as u8;
    let (gx, go) = (
        s.x.as_ref().and_then(|c| c.value.raises),
        s.o.as_ref().and_then(|c| c.value.raises),
    );
    let (rx, ro) = match (gx, go) {
        (Some(x), Some(o)) => (x, o),
        (Some(x), None) => (x, clamp(total - x as i64)),
        (None, Some(o)) => (clamp(total - o as i64), o),
        (None, None) => (clamp((total + 1) / 2), clamp(total / 2)),
    };
    setup.counters[0].raises = rx;
    setup.counters[1].raises = ro;
    if let Some(r) = &s.result {
        setup.outcome = Some(Outcome::parse(r.value.trim()).ok_or_else(|| {
            src.err(
                r,
                format!(
                    "`{}` is not a result such as `x:network`, `o:cap2`, `draw:cap`",
                    r.value
                ),
            )
        })?);
    }
    Ok(())
}
