//! A finding as a fixture: the shrunk start and turns, the rules the
//! difference implicates, every check from the reference (written by the
//! same code as `record`).

use super::Finding;
use crate::oracle::Difference;
use crate::record::{ListChecks, Planned, Recording};
use hexodic_rules::registry;

/// `1 turn`, `3 turns`.
fn turn_count(n: usize) -> String {
    if n == 1 {
        "1 turn".into()
    } else {
        format!("{n} turns")
    }
}

/// The command that finds the same difference again: the game that found
/// it alone (`--seed <game seed> --games 1`, the same on any `--partition`
/// and `--jobs`), on the same engine, quoted for a POSIX shell.
pub fn repeat_command(engine: Option<&str>, game_seed: u64) -> String {
    let mut words: Vec<String> = vec!["hexodic-conformance".into(), "fuzz".into()];
    if let Some(e) = engine {
        words.push("--engine".into());
        words.push(e.to_owned());
    }
    words.extend([
        "--seed".into(),
        game_seed.to_string(),
        "--games".into(),
        "1".into(),
    ]);
    shell_words::join(words)
}

/// The recording of a finding with id `id`; `engine` names the engine it was
/// found on and `command` the fuzz command that repeats it.
pub fn recording(f: &Finding, id: &str, engine: &str, command: &str) -> Recording {
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
    let mut game = hexodic_rules::Game::from_position(f.start);
    let turns: Vec<Planned> = f
        .turns
        .iter()
        .map(|t| Planned {
            turn: *t,
            illegal: game.play(*t).is_err(),
        })
        .collect();
    let mut lists = ListChecks::default();
    if let Difference::LegalList(l) = &f.divergence.difference {
        lists.legal = l.missing.iter().take(8).map(|t| t.turn).collect();
        lists.not_legal = l.extra.iter().take(8).map(|t| t.turn).collect();
    }
    let cut = match &f.cut {
        Some(c) => format!(" (shrinking stopped early: {c})"),
        None => String::new(),
    };
    let description = format!(
        "Found by `{command}` against {engine}: {}. Shrunk from {} at half-move {} to {} at half-move {}{cut}; the expectations are the reference engine's.",
        f.divergence.difference.summary(),
        turn_count(f.original_len),
        f.original_half_moves,
        turn_count(f.turns.len()),
        f.start.half_moves()
    );
    Recording {
        id: id.to_owned(),
        rules,
        basis: None,
        description,
        start: f.start,
        turns,
        lists,
    }
}
