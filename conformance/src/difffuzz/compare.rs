//! Comparing an engine with the reference, one step at a time; which rules a turn exercised.

use super::{Difference, Mismatch};
use crate::engine::{Engine, EngineError, PlayReply};
use hexodic_rules::{EndRule, Game, Outcome, Position, Project, Reason, Setup, Turn, TurnReport};
use std::collections::HashSet;
use std::fmt::Write as _;

// ---------------------------------------------------------------------------
// Comparing one step
// ---------------------------------------------------------------------------

pub(super) fn engine_err(e: EngineError) -> String {
    format!("engine error: {e}")
}

/// Play `turn` on both and compare. `Ok(Some(report))` when it was legal
/// (and `game` has played it), `Ok(None)` when both rejected it.
pub(super) fn compare_turn(
    engine: &mut dyn Engine,
    game: &mut Game,
    turn: Turn,
    codes: bool,
) -> Result<Option<TurnReport>, Mismatch> {
    let reasons = game.position().illegal_reasons(turn);
    let text = turn.to_string();
    let reply = engine.play(&text).map_err(engine_err)?;
    match (reasons.is_empty(), reply) {
        (
            true,
            PlayReply::Legal {
                position, captured, ..
            },
        ) => {
            let report = game.play_legal(turn);
            let want = Setup::from(game.position());
            match Setup::from_notation(&position) {
                Ok(s) if s == want => {}
                Ok(got) => {
                    let mut what = format!(
                        "after `{text}` the engine reports `{position}`, the reference `{}`",
                        want.to_notation()
                    );
                    let mut rules = Vec::new();
                    if got.outcome != want.outcome {
                        let name =
                            |o: Option<Outcome>| o.map_or("none".to_string(), |o| o.to_string());
                        let _ = write!(
                            what,
                            " (result: engine {}, reference {})",
                            name(got.outcome),
                            name(want.outcome)
                        );
                        // Both results' rules; the cap counts half-moves (G3).
                        for o in [got.outcome, want.outcome].into_iter().flatten() {
                            rules.push(o.rule.rule_id());
                            if matches!(o.rule, EndRule::Cap(_)) {
                                rules.push("G3");
                            }
                        }
                    }
                    return Err(Mismatch {
                        what,
                        rules,
                        ..Mismatch::default()
                    });
                }
                Err(e) => {
                    return Err(format!(
                    "after `{text}` the engine reports an unreadable position `{position}`: {e}"
                )
                    .into())
                }
            }
            let mut got: Vec<String> = captured;
            got.sort();
            let mut exp: Vec<String> = report.captured().iter().map(|c| c.to_string()).collect();
            exp.sort();
            if got != exp {
                return Err(format!(
                    "`{text}` captured {got:?} in the engine, {exp:?} in the reference"
                )
                .into());
            }
            Ok(Some(report))
        }
        (true, PlayReply::Illegal { codes }) => Err(format!(
            "the engine rejects `{text}` ({}), legal in the reference",
            codes.join(", ")
        )
        .into()),
        (false, PlayReply::Legal { .. }) => Err(format!(
            "the engine accepts `{text}`, illegal in the reference ({})",
            reasons
                .iter()
                .map(|r| r.code())
                .collect::<Vec<_>>()
                .join(", ")
        )
        .into()),
        (false, PlayReply::Illegal { codes: got }) => {
            if codes {
                let ok = !got.is_empty()
                    && got
                        .iter()
                        .all(|c| Reason::from_code(c).is_some_and(|r| reasons.contains(r)));
                if !ok {
                    return Err(format!(
                        "the engine rejects `{text}` with [{}], the reference with [{}]",
                        got.join(", "),
                        reasons
                            .iter()
                            .map(|r| r.code())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                    .into());
                }
            }
            Ok(None)
        }
    }
}

pub(super) fn compare_legal(engine: &mut dyn Engine, p: &Position) -> Result<(), Mismatch> {
    let theirs = engine.legal_turns().map_err(engine_err)?;
    let mut got = HashSet::new();
    for t in &theirs {
        let turn = Turn::parse(t)
            .map_err(|e| format!("the engine lists an unreadable turn `{t}`: {e}"))?;
        if !got.insert(turn) {
            return Err(format!("the engine lists `{t}` twice").into());
        }
    }
    let want: HashSet<Turn> = p.legal_turns().into_iter().collect();
    if got != want {
        let mut missing: Vec<String> = want.difference(&got).map(|t| t.to_string()).collect();
        let mut extra: Vec<String> = got.difference(&want).map(|t| t.to_string()).collect();
        missing.sort();
        extra.sort();
        missing.truncate(8);
        extra.truncate(8);
        return Err(Mismatch {
            what: format!(
                "legal turns differ at `{}`: missing from the engine {missing:?}, extra in the engine {extra:?}",
                p.to_notation()
            ),
            missing,
            extra,
            rules: Vec::new(),
        });
    }
    Ok(())
}

/// Replay `turns` from `start` on both and return the first difference.
/// Turns illegal in the reference are compared as rejections and skipped.
/// The legal lists are compared after the last turn.
pub fn replay(engine: &mut dyn Engine, start: &Position, turns: &[Turn]) -> Option<Difference> {
    let info = engine.info();
    if let Err(e) = engine.set_position(&start.to_notation()) {
        let what = format!("the engine refuses the start position: {e}");
        return Some(Difference::at(0, what.into()));
    }
    let mut game = Game::from_position(*start);
    for (i, t) in turns.iter().enumerate() {
        if let Err(m) = compare_turn(engine, &mut game, *t, info.capabilities.error_codes) {
            return Some(Difference::at(i, m));
        }
    }
    if info.capabilities.legal_turns {
        if let Err(m) = compare_legal(engine, game.position()) {
            return Some(Difference::at(turns.len(), m));
        }
    }
    None
}

// ---------------------------------------------------------------------------
// Rule reach
// ---------------------------------------------------------------------------

/// Rules that fire on (nearly) every turn: left out of a finding's `rules`.
pub(super) const NOISE: [&str; 14] = [
    "T1", "T2", "S1", "S2", "S4", "G3", "N1", "B1", "B2", "B4", "P1", "P2", "V2", "C0",
];

/// The rule IDs a played turn exercised.
pub fn rules_fired(
    before: &Position,
    turn: Turn,
    report: &TurnReport,
    after: &Position,
) -> Vec<&'static str> {
    let mut r = vec!["T1", "T2", "S4", "G3", "N1", "B1", "B2", "B4", "P1", "V2"];
    if before.half_moves() == 0 && before.stones(hexodic_rules::Player::X).is_empty() {
        r.push("P2");
    }
    match turn.project {
        Project::Place(_) => r.extend(["T3", "T4"]),
        Project::Move { to, .. } => {
            r.push("T6");
            if before.is_locked(to) {
                r.push("T7");
            }
        }
        Project::Skip => r.push("T5"),
    }
    match turn.shape {
        Some(_) => r.extend(["S1", "S2", "S3"]),
        None if turn.project != Project::Skip => r.push("S3"),
        None => {}
    }
    if turn.echo.is_some() {
        r.push("E1");
    }
    match turn.echo {
        Some(hexodic_rules::Echo::Lock(_)) => r.push("E2"),
        Some(hexodic_rules::Echo::Capture(_)) => {
            r.push("E3");
            if report.echo_captured.any() {
                r.push("E4");
            }
        }
        None => {}
    }
    if report.encircled.any() {
        r.extend(["C1", "C2", "C4"]);
    }
    if report.captured().any() {
        r.push("C3");
    }
    if before.locked().any() {
        r.push("C0");
    }
    if let Some(o) = after.outcome() {
        r.extend(["G0", "G8", o.rule.rule_id()]);
    }
    r
}
