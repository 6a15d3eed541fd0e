//! A finding as a fixture: the shrunk start and turns, the rules the
//! difference implicates, every check from the reference (written by the
//! same code as `record`), in a folder of the team's own fixtures
//! (`<folder>/found/seed-<game seed>.yaml`) the suite and `run --fixtures`
//! then run. A finding on a position V1 refuses is written as an
//! invalid-position fixture (`invalid: [codes]`).

use hexodic_harness::corpus::{load_file, trace_path, Trace};
use hexodic_harness::engine::ReferenceEngine;
use hexodic_harness::record::{
    basis_for, fixture_path, record, ListChecks, Planned, RecordError, Recorded, Recording,
};
use hexodic_harness::run::{run_fixture, RunOutcome};
use hexodic_io::files::write_whole;
use hexodic_io::paths;
use hexodic_report::{Difference, FuzzFinding};
use hexodic_rules::diagram::{board_diagram, diagram};
use hexodic_rules::{registry, Position};
use std::fmt::Write as _;
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
        // A turn listed more than once must be listed, and the count
        // (`legal_count`) catches the repeat (N1).
        lists.legal = l.missing.iter().take(8).map(|t| t.turn).collect();
        lists
            .legal
            .extend(l.repeated.iter().take(8).map(|r| r.turn));
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

/// The fixture text of a finding whose start V1 refuses: the position and
/// the reference's fault codes (`invalid:`), nothing played.
pub fn invalid_fixture_yaml(f: &FuzzFinding, id: &str, engine: &str, command: &str) -> String {
    let faults = crate::generators::faults_of(&f.start);
    let mut rules: Vec<&str> = vec!["V1"];
    for r in f
        .divergence
        .implicated
        .iter()
        .map(String::as_str)
        .chain(faults.iter().map(|c| c.rule()))
    {
        if !r.starts_with('I') && registry::lookup(r).is_some() && !rules.contains(&r) {
            rules.push(r);
        }
    }
    let description = format!(
        "Found by `{command}` against {engine}: {}. A position given directly that V1 refuses; shrunk from half-move {} to half-move {}; the expectations are the reference engine's.",
        f.divergence.summary, f.original_half_moves, f.start.half_moves
    );
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# yaml-language-server: $schema={}schema/fixture.schema.json",
        "../".repeat(id.matches('/').count())
    );
    out.push_str("description: >\n");
    let mut line = String::new();
    for w in description.split_whitespace() {
        if !line.is_empty() && line.len() + w.len() > 88 {
            let _ = writeln!(out, "  {line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    let _ = writeln!(out, "  {line}");
    let _ = writeln!(out, "rules: [{}]", rules.join(", "));
    let _ = writeln!(
        out,
        "basis: {}",
        basis_for(&rules.iter().map(|r| r.to_string()).collect::<Vec<_>>()).name()
    );
    out.push_str("setup:\n  board: |\n");
    for l in board_diagram(&f.start).lines() {
        let _ = writeln!(out, "    {l}");
    }
    if let Some(state) = diagram(&f.start).lines().last() {
        let _ = writeln!(out, "    {state}");
    }
    let codes: Vec<&str> = faults.iter().map(|c| c.code()).collect();
    let _ = writeln!(out, "invalid: [{}]", codes.join(", "));
    out
}

/// Write the fixture of a finding whose start V1 refuses, load it back,
/// run it on the reference and write its golden trace; on any failure
/// nothing stays written.
fn record_invalid(
    folder: &Path,
    f: &FuzzFinding,
    id: &str,
    engine: &str,
    force: bool,
) -> Result<Recorded, RecordError> {
    let path = fixture_path(folder, id)?;
    if path.exists() && !force {
        return Err(RecordError::Exists(paths::shown(&path)));
    }
    let io = |p: &Path, e: hexodic_io::files::WriteError| {
        RecordError::Io(paths::shown(p), e.to_string())
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| RecordError::Io(paths::shown(dir), paths::io_words(&e)))?;
    }
    let text = invalid_fixture_yaml(f, id, engine, &f.repeat);
    write_whole(&path, text.as_bytes()).map_err(|e| io(&path, e))?;
    let undo = |why: String| {
        let _ = std::fs::remove_file(&path);
        RecordError::Check(why)
    };
    let fx = load_file(folder, &path).map_err(|e| undo(e.to_string()))?;
    let trace = Trace::record(&fx);
    let run = run_fixture(&mut ReferenceEngine::new(), &fx, Some(&trace), None);
    if run.outcome != RunOutcome::Pass {
        return Err(undo("the reference does not pass it".into()));
    }
    let tpath = trace_path(&path);
    write_whole(&tpath, trace.to_file_text().as_bytes()).map_err(|e| undo(e.to_string()))?;
    Ok(Recorded {
        id: id.to_owned(),
        fixture: path,
        trace: tpath,
        variants: run.variants_run,
    })
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
        written = match f.start.validate() {
            Ok(_) => record(folder, &recording(f, &id, engine, &f.repeat), force),
            Err(_) => record_invalid(folder, f, &id, engine, force),
        };
        if !matches!(written, Err(RecordError::Exists(_))) {
            break;
        }
    }
    written
}
