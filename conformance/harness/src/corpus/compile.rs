//! Turning a parsed [`FixtureFile`] into a [`Fixture`]: the setup resolved
//! ([`super::setup`]), every check of `expect` and the steps parsed (codes,
//! counters, state, results), and the fixture checked playable; errors point
//! inside the value.

use super::fixture::{Checks, Fixture, LineTurn, StepCheck};
use super::format::{
    At, CountersSpec, Expect, FixtureFile, OutcomeSpec, Polarity, RuleName, StateSpec, Step,
    StoneSpec, WinnerSpec,
};
use super::setup::{cell, cells, player, resolve_setup, turn, turns, Resolved};
use super::source::{LoadError, Src};
use crate::oracle::{CounterCheck, KindsCheck, StateCheck};
use hexodic_rules::{
    EndRule, FaultCode, Game, Outcome, Player, Reason, ReasonSet, Setup, TiebreakStep,
};
use std::path::Path;

/// Deepest perft a fixture may ask for.
pub const MAX_PERFT_DEPTH: u32 = 3;

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
        id: raw.id.as_ref().map(|i| i.value.clone()).unwrap_or_default(),
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
