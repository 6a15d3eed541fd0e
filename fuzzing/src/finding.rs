//! A finding as a fixture: the shrunk start and turns, the rules the
//! difference implicates, every check from the reference (written by the
//! same code as `record`), in a folder of the team's own fixtures
//! (`<folder>/found/seed-<game seed>.yaml`) the suite and `run --fixtures`
//! then run.

use hexodic_harness::record::{record, ListChecks, Planned, RecordError, Recorded, Recording};
use hexodic_report::{Difference, FuzzFinding};
use hexodic_rules::{registry, Position};
use std::path::Path;

/// `1 turn`, `3 turns`.
fn turn_count(n: usize) -> String {
    if n == 1 {
        "1 turn".into()
    } else {
        format!("{n} turns")
    }
}

/// The recording of a finding with id `id`; `engine` names the engine it was
/// found on and `command` the fuzz command that repeats it.
pub fn recording(f: &FuzzFinding, id: &str, engine: &str, command: &str) -> Recording {
    let mut rules: Vec<String> = f
        .divergence
        .implicated
        .iter()
        .filter(|r| !r.starts_with('I') && registry::lookup(r).is_some())
        .map(|r| r.to_string())
        .collect();
    if rules.is_empty() {
        rules.push("T1".into());
    }
    // A turn the reference rejects (a probe) becomes a step that must be
    // rejected, with the reference's reasons; the position stays for the next.
    let start: Position = f.start.validate().unwrap_or_default();
    let mut game = hexodic_rules::Game::from_position(start);
    let turns: Vec<Planned> = f
        .turns
        .iter()
        .map(|t| Planned {
            turn: *t,
            illegal: game.play(*t).is_err(),
        })
        .collect();
    let mut lists = ListChecks::default();
    if let Difference::LegalList { list: l } = &f.divergence.difference {
        lists.legal = l.missing.iter().take(8).map(|t| t.turn).collect();
        lists.not_legal = l.extra.iter().take(8).map(|t| t.turn).collect();
    }
    let cut = match &f.cut {
        Some(c) => format!(" (shrinking stopped early: {c})"),
        None => String::new(),
    };
    let summary = &f.divergence.summary;
    let description = format!(
        "Found by `{command}` against {engine}: {}. Shrunk from {} at half-move {} to {} at half-move {}{cut}; the expectations are the reference engine's.",
        summary,
        turn_count(f.original_turns),
        f.original_half_moves,
        turn_count(f.turns.len()),
        f.start.half_moves
    );
    Recording {
        id: id.to_owned(),
        rules,
        basis: None,
        description,
        start,
        turns,
        lists,
    }
}

/// How many names [`write_finding`] tries for one finding.
const MAX_NAMES: u32 = 100;

/// Write a finding as a fixture of the folder `folder` (a folder of the
/// team's own fixtures, made when missing): `found/seed-<game
/// seed>.yaml` with its golden trace, checked on the reference in every
/// variant. `engine` names the engine it was found on. An existing fixture
/// is never replaced without `force`: the next free name is taken instead
/// (`seed-S-2`, ...).
pub fn write_finding(
    folder: &Path,
    f: &FuzzFinding,
    engine: &str,
    force: bool,
) -> Result<Recorded, RecordError> {
    let mut written = Err(RecordError::Check("no free fixture name".into()));
    for n in 1..=MAX_NAMES {
        let id = match n {
            1 => format!("found/seed-{}", f.game_seed),
            n => format!("found/seed-{}-{n}", f.game_seed),
        };
        written = record(folder, &recording(f, &id, engine, &f.repeat), force);
        if !matches!(written, Err(RecordError::Exists(_))) {
            break;
        }
    }
    written
}
