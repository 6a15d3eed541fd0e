//! Turning a parsed [`FixtureFile`] into a [`Fixture`]: resolving the setup
//! (start, position, board with defaults, include, prelude turns), parsing
//! every turn, cell, code and result, with errors pointing inside the value.

use super::fixture::{Checks, Fixture, LineTurn, StepCheck};
use super::format::{
    At, CountersSpec, Expect, FixtureFile, OutcomeSpec, Polarity, RuleName, SetupFile, SetupSpec,
    Side, StateSpec, Step, StoneSpec, WinnerSpec,
};
use super::load::{parse_yaml, read_text, LoadError};
use crate::oracle::{CounterCheck, KindsCheck, StateCheck};
use hexodic_rules::{
    Cell, CellSet, EndRule, FaultCode, Game, Outcome, Player, Reason, ReasonSet, Ruleset, Setup,
    TiebreakStep, Turn,
};
use std::path::Path;

/// Deepest perft a fixture may ask for.
pub const MAX_PERFT_DEPTH: u32 = 3;

/// A source file's text, for positions inside values.
pub struct Src<'a> {
    /// The file.
    pub file: &'a Path,
    lines: Vec<&'a str>,
}

impl<'a> Src<'a> {
    /// Wrap a file's text.
    pub fn new(file: &'a Path, text: &'a str) -> Src<'a> {
        Src {
            file,
            lines: text.lines().collect(),
        }
    }

    /// An error at a value.
    pub fn err<T>(&self, at: &At<T>, msg: impl Into<String>) -> LoadError {
        LoadError::at(self.file, at.line, at.column, msg)
    }

    fn char_at(&self, line: u32, column: u32) -> Option<char> {
        let l = self.lines.get((line as usize).checked_sub(1)?)?;
        l.chars().nth((column as usize).checked_sub(1)?)
    }

    /// An error at 1-based column `col` inside a string value (past the
    /// opening quote of a quoted scalar).
    pub fn err_in(&self, at: &At<String>, col: usize, msg: impl Into<String>) -> LoadError {
        let quoted = matches!(self.char_at(at.line, at.column), Some('"' | '\''));
        let column = at.column as usize + col.saturating_sub(1) + quoted as usize;
        LoadError::at(self.file, at.line, column as u32, msg)
    }

    /// An error at a line and column of a block scalar's content (`board: |`).
    fn err_block(&self, at: &At<String>, line: usize, col: usize, msg: String) -> LoadError {
        let is_indicator = |l: &str| {
            let t = l.trim_end();
            let t = t.trim_end_matches(['-', '+', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
            t.ends_with('|') || t.ends_with('>')
        };
        if matches!(self.char_at(at.line, at.column), Some('|' | '>')) {
            // The location is the indicator: content starts on the next line.
            let first = at.line as usize;
            let indent = self
                .lines
                .iter()
                .skip(first)
                .find(|l| !l.trim().is_empty())
                .map_or(0, |l| l.chars().take_while(|c| *c == ' ').count());
            return LoadError::at(self.file, (first + line) as u32, (indent + col) as u32, msg);
        }
        let prev = (at.line as usize)
            .checked_sub(2)
            .and_then(|i| self.lines.get(i));
        if prev.is_some_and(|l| is_indicator(l)) {
            // The location is the first content line, at its indentation.
            return LoadError::at(
                self.file,
                (at.line + line as u32).saturating_sub(1),
                (at.column + col as u32).saturating_sub(1),
                msg,
            );
        }
        self.err(at, msg)
    }
}

fn cell(src: &Src, at: &At<String>) -> Result<Cell, LoadError> {
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

fn cells(src: &Src, list: &[At<String>]) -> Result<CellSet, LoadError> {
    let mut s = CellSet::EMPTY;
    for c in list {
        s.insert(cell(src, c)?);
    }
    Ok(s)
}

fn turn(src: &Src, at: &At<String>) -> Result<Turn, LoadError> {
    Turn::parse(&at.value).map_err(|e| src.err_in(at, e.column, format!("turn: {}", e.kind)))
}

fn turns(src: &Src, list: &[At<String>]) -> Result<Vec<Turn>, LoadError> {
    list.iter().map(|t| turn(src, t)).collect()
}

fn player(s: Side) -> Player {
    match s {
        Side::X => Player::X,
        Side::O => Player::O,
    }
}

/// The setup and its prelude turns.
struct Resolved {
    setup: Setup,
    turns: Vec<LineTurn>,
}

/// The state fields that may only stand beside `board`, and whether each is given.
fn beside_board(s: &SetupSpec) -> [(bool, &'static str); 5] {
    [
        (s.to_move.is_some(), "to_move"),
        (s.half_moves.is_some(), "half_moves"),
        (s.x.is_some(), "x"),
        (s.o.is_some(), "o"),
        (s.result.is_some(), "result"),
    ]
}

/// `board:` with the state beside it, or with its own counters line.
fn board_setup(src: &Src, s: &SetupSpec, b: &At<String>) -> Result<Setup, LoadError> {
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
fn included(root: &Path, src: &Src, inc: &At<String>) -> Result<Resolved, LoadError> {
    let name = &inc.value;
    let ok = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if name.is_empty() || !name.chars().all(ok) {
        let msg = format!("`{name}` is not a setup name (letters, digits, - and _)");
        return Err(src.err(inc, msg));
    }
    let file = root.join("setups").join(format!("{name}.yaml"));
    if !file.is_file() {
        let msg = format!("no shared setup {}", crate::paths::shown(&file));
        return Err(src.err(inc, msg));
    }
    let text = read_text(&file)?;
    let sf: SetupFile = parse_yaml(&file, &text)?;
    let inner = Src::new(&file, &text);
    resolve_setup(root, &inner, &sf.setup, false)
}

fn resolve_setup(
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
fn has_state_line(text: &str) -> bool {
    text.lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.contains("x:") && l.contains("o:"))
}

fn board_defaults(src: &Src, s: &SetupSpec, setup: &mut Setup) -> Result<(), LoadError> {
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

fn counter_check(src: &Src, c: &Option<At<CountersSpec>>) -> Result<CounterCheck, LoadError> {
    let Some(c) = c else {
        return Ok(CounterCheck::default());
    };
    let v = &c.value;
    Ok(CounterCheck {
        reserve: v.reserve,
        charges: v.charges,
        captures: v.captures,
        raises: v.raises,
        lowers_left: v.lowers_left,
        first_placed: v.first_placed,
        lock_used: v.lock_used,
        cooldown: v.cooldown.as_ref().map(|l| cells(src, l)).transpose()?,
    })
}

fn state_check(src: &Src, st: &At<StateSpec>) -> Result<StateCheck, LoadError> {
    let v = &st.value;
    let mut tiers = Vec::new();
    for (c, t) in v.tiers.iter().flatten() {
        if *t > 2 {
            return Err(src.err(c, format!("tier {t} of {} is above 2", c.value)));
        }
        tiers.push((cell(src, c)?, *t));
    }
    let mut stones = Vec::new();
    for (c, s) in v.stones.iter().flatten() {
        let p = match s {
            StoneSpec::X => Some(Player::X),
            StoneSpec::O => Some(Player::O),
            StoneSpec::None => None,
        };
        stones.push((cell(src, c)?, p));
    }
    let position = match &v.position {
        Some(p) => Some(
            Setup::from_notation(p.value.trim())
                .map_err(|e| src.err_in(p, e.column, format!("position: {}", e.kind)))?,
        ),
        None => None,
    };
    Ok(StateCheck {
        to_move: v.to_move.map(player),
        half_moves: v.half_moves,
        tiers,
        stones,
        locked: v.locked.as_ref().map(|l| cells(src, l)).transpose()?,
        counters: [counter_check(src, &v.x)?, counter_check(src, &v.o)?],
        position,
    })
}

fn outcome(src: &Src, o: &At<OutcomeSpec>) -> Result<Option<Outcome>, LoadError> {
    match &o.value {
        OutcomeSpec::Word(w) if w == "ongoing" => Ok(None),
        OutcomeSpec::Word(w) => Err(src.err(
            o,
            format!("outcome `{w}`: expected `ongoing` or {{winner, rule, step}}"),
        )),
        OutcomeSpec::Finished(f) => {
            let winner = match f.winner {
                WinnerSpec::X => Some(Player::X),
                WinnerSpec::O => Some(Player::O),
                WinnerSpec::Draw => None,
            };
            let rule = match (f.rule, f.step) {
                (RuleName::Cap, None) => EndRule::Cap(None),
                (RuleName::Cap, Some(n)) => {
                    EndRule::Cap(Some(TiebreakStep::from_number(n).ok_or_else(|| {
                        src.err(o, format!("tiebreak step {n}: expected 1 to 4"))
                    })?))
                }
                (_, Some(_)) => return Err(src.err(o, "`step` is only for rule `cap`")),
                (RuleName::Network, None) => EndRule::Network,
                (RuleName::Takeover, None) => EndRule::Takeover,
                (RuleName::Strangle, None) => EndRule::Strangle,
                (RuleName::Repetition, None) => EndRule::Repetition,
                (RuleName::Threefold, None) => EndRule::Threefold,
            };
            let out = Outcome { winner, rule };
            if !out.is_well_formed() {
                return Err(src.err(o, format!("result `{out}` is not possible (G8)")));
            }
            Ok(Some(out))
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn checks(
    src: &Src,
    state: &Option<At<StateSpec>>,
    out: &Option<At<OutcomeSpec>>,
    legal_count: &Option<At<u64>>,
    legal: &Option<Vec<At<String>>>,
    not_legal: &Option<Vec<At<String>>>,
    perft: &Option<At<super::format::PerftSpec>>,
) -> Result<Checks, LoadError> {
    let perft = match perft {
        Some(p) if p.value.depth == 0 || p.value.depth > MAX_PERFT_DEPTH => {
            return Err(src.err(p, format!("perft depth must be 1 to {MAX_PERFT_DEPTH}")))
        }
        Some(p) => Some((p.value.depth, p.value.nodes)),
        None => None,
    };
    Ok(Checks {
        captured: None,
        captured_by: None,
        state: state.as_ref().map(|s| state_check(src, s)).transpose()?,
        outcome: out.as_ref().map(|o| outcome(src, o)).transpose()?,
        legal_count: legal_count.as_ref().map(|c| c.value),
        legal: turns(src, legal.as_deref().unwrap_or(&[]))?,
        not_legal: turns(src, not_legal.as_deref().unwrap_or(&[]))?,
        perft,
    })
}

fn expect_checks(src: &Src, e: &Expect) -> Result<Checks, LoadError> {
    checks(
        src,
        &e.state,
        &e.outcome,
        &e.legal_count,
        &e.legal,
        &e.not_legal,
        &e.perft,
    )
}

fn step_check(src: &Src, st: &At<Step>) -> Result<StepCheck, LoadError> {
    let s = &st.value;
    let t = turn(src, &s.turn)?;
    let mut c = checks(
        src,
        &s.state,
        &s.outcome,
        &s.legal_count,
        &s.legal,
        &s.not_legal,
        &s.perft,
    )?;
    let illegal = match &s.illegal {
        None => None,
        Some(list) => {
            if list.value.is_empty() {
                return Err(src.err(list, "illegal: list at least one reason code"));
            }
            let mut set = ReasonSet::EMPTY;
            for code in &list.value {
                match Reason::from_code(&code.value) {
                    Some(r) => set.insert(r),
                    None => {
                        return Err(src.err(
                            code,
                            format!("`{}` is not a reason code of rules/RULES.md", code.value),
                        ))
                    }
                }
            }
            if let Some(cap) = &s.captured {
                return Err(src.err(cap, "an illegal step captures nothing: drop `captured`"));
            }
            if let Some(cap) = &s.captured_by {
                return Err(src.err(cap, "an illegal step captures nothing: drop `captured_by`"));
            }
            Some(set)
        }
    };
    c.captured = s
        .captured
        .as_ref()
        .map(|l| cells(src, &l.value))
        .transpose()?;
    if let Some(by) = &s.captured_by {
        let v = &by.value;
        let by_move = match &v.by_move {
            None => None,
            Some(m) if m.value == "none" => Some(None),
            Some(m) => Some(Some(cell(src, m)?)),
        };
        c.captured_by = Some(KindsCheck {
            by_move,
            encircled: v.encircled.as_ref().map(|l| cells(src, l)).transpose()?,
            echo: v.echo.as_ref().map(|l| cells(src, l)).transpose()?,
        });
    }
    Ok(StepCheck {
        turn: LineTurn {
            turn: t,
            line: st.line,
        },
        illegal,
        checks: c,
    })
}

/// The `invalid:` fault codes, sorted; an invalid setup checks nothing else.
fn invalid_codes(
    src: &Src,
    raw: &FixtureFile,
    resolved: &Resolved,
) -> Result<Option<Vec<FaultCode>>, LoadError> {
    let Some(list) = &raw.invalid else {
        return Ok(None);
    };
    if list.value.is_empty() {
        return Err(src.err(list, "invalid: list at least one fault code"));
    }
    let mut v = Vec::new();
    for code in &list.value {
        let Some(f) = FaultCode::from_code(&code.value) else {
            let all: Vec<&str> = FaultCode::ALL.iter().map(|f| f.code()).collect();
            let msg = format!("`{}` is not a fault code ({})", code.value, all.join(", "));
            return Err(src.err(code, msg));
        };
        v.push(f);
    }
    if raw.steps.is_some() || raw.expect.is_some() || !resolved.turns.is_empty() {
        return Err(src.err(list, "an invalid setup has no `steps`, `expect` or `turns`"));
    }
    v.sort();
    v.dedup();
    Ok(Some(v))
}

/// A valid setup (V1) whose setup turns are legal under the reference.
fn check_playable(src: &Src, raw: &FixtureFile, resolved: &Resolved) -> Result<(), LoadError> {
    let pos = resolved.setup.validate().map_err(|e| {
        let msg = format!("setup is not a valid position: {e}");
        let s = &raw.setup.value;
        let form = [&s.position, &s.board, &s.include]
            .into_iter()
            .flatten()
            .next();
        match form {
            Some(a) => LoadError::at(src.file, a.line, a.column, msg),
            None => src.err(&raw.setup, msg),
        }
    })?;
    let mut game = Game::from_position(pos);
    for (i, t) in resolved.turns.iter().enumerate() {
        if let Err(e) = game.play(t.turn) {
            let msg = format!("setup turn {} `{}` is not legal: {e}", i + 1, t.turn);
            return Err(LoadError::at(src.file, t.line, 1, msg));
        }
    }
    Ok(())
}

/// The coverage sides a fixture counts for: `polarity`, else derived from
/// its checks (fixtures/README.md, Coverage).
fn sides(
    raw: &FixtureFile,
    expect: &Option<(u32, Checks)>,
    steps: &[StepCheck],
    invalid: bool,
) -> (bool, bool) {
    match raw.polarity.as_ref().map(|p| p.value) {
        Some(Polarity::Positive) => (true, false),
        Some(Polarity::Negative) => (false, true),
        Some(Polarity::Both) => (true, true),
        None => {
            let all = expect
                .iter()
                .map(|(_, c)| c)
                .chain(steps.iter().map(|s| &s.checks));
            let (mut pos, mut neg) = (false, invalid);
            for c in all {
                pos |= c.is_positive();
                neg |= c.is_negative();
            }
            pos |= steps.iter().any(|s| s.illegal.is_none());
            neg |= steps.iter().any(|s| s.illegal.is_some());
            (pos, neg)
        }
    }
}

/// Build the fixture, checking the setup and prelude with the reference rules.
pub fn compile(root: &Path, src: &Src, raw: &FixtureFile) -> Result<Fixture, LoadError> {
    let resolved = resolve_setup(root, src, &raw.setup, true)?;
    let invalid = invalid_codes(src, raw, &resolved)?;
    if invalid.is_none() {
        check_playable(src, raw, &resolved)?;
    }
    let expect = match &raw.expect {
        Some(e) => Some((e.line, expect_checks(src, &e.value)?)),
        None => None,
    };
    let steps = match &raw.steps {
        Some(s) => s
            .value
            .iter()
            .map(|st| step_check(src, st))
            .collect::<Result<Vec<_>, _>>()?,
        None => Vec::new(),
    };
    if invalid.is_none() && steps.is_empty() && expect.is_none() {
        return Err(src.err(
            &raw.setup,
            "the fixture checks nothing: add `steps` or `expect`",
        ));
    }
    Ok(Fixture {
        id: raw.id.value.clone(),
        file: src.file.to_path_buf(),
        description: raw.description.value.trim().to_owned(),
        rules: raw.rules.value.iter().map(|r| r.value.clone()).collect(),
        basis: raw.basis.value,
        variants: raw
            .variants
            .as_ref()
            .is_none_or(|v| v.value == super::format::Variants::All),
        sides: sides(raw, &expect, &steps, invalid.is_some()),
        setup_line: raw.setup.line,
        setup: resolved.setup,
        prelude: resolved.turns,
        invalid,
        expect,
        steps,
    })
}
