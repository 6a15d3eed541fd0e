//! Asking the engine more, to explain a difference: its verdict on the
//! turns its list misses, and perft bisection down to the first list that
//! differs.

use crate::engine::{Capabilities, Capability, Engine, EngineResult, PlayReply};
use crate::oracle::{self, Difference, ListDiff, TurnVerdict};
use hexodic_rules::{perft, Game, Turn};

/// Brings an engine to the checked position followed by the given turns.
pub type Goto<'a> = dyn FnMut(&mut dyn Engine, &[Turn]) -> EngineResult<()> + 'a;

/// Turns of a differing list the engine is asked about.
pub const MAX_ASKED: usize = 6;

/// Ask the engine to play the first missing turns of `list` and record its
/// verdicts. Returns whether the engine played one (its game changed and
/// must be brought back).
pub fn ask_missing(engine: &mut dyn Engine, list: &mut ListDiff) -> EngineResult<bool> {
    for t in list.missing.iter_mut().take(MAX_ASKED) {
        if t.engine.is_some() {
            continue;
        }
        match engine.play(t.turn)? {
            PlayReply::Illegal(r) => t.engine = Some(TurnVerdict::Illegal(r)),
            PlayReply::Legal(_) => {
                t.engine = Some(TurnVerdict::Legal);
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Narrow a perft difference from `reference` at `depth` down to the first
/// position (a turn sequence from it) whose lists differ. `goto` brings the
/// engine to the checked position followed by the given turns. Returns the
/// path and the list difference found there (none when the engine agrees
/// after all, or when it has no `divide`).
pub fn bisect_perft(
    engine: &mut dyn Engine,
    caps: Capabilities,
    reference: &Game,
    depth: u32,
    goto: &mut Goto,
) -> EngineResult<(Vec<Turn>, Option<Difference>)> {
    let mut path = Vec::new();
    let mut game = reference.clone();
    let mut depth = depth;
    while depth >= 1 {
        goto(engine, &path)?;
        let theirs = if caps.has(Capability::Perft) {
            engine.divide(depth)?
        } else {
            return Ok((path, None));
        };
        let turns: Vec<Turn> = theirs.iter().map(|(t, _)| *t).collect();
        if let Some(d) = oracle::diff_lists(game.position(), &turns) {
            let mut d = d;
            goto(engine, &path)?;
            if ask_missing(engine, &mut d)? {
                goto(engine, &path)?;
            }
            return Ok((path, Some(Difference::LegalList(d))));
        }
        let ours = perft::divide(&game, depth);
        let mut first = None;
        for (t, n) in &ours {
            let theirs_n = theirs.iter().find(|(x, _)| x == t).map_or(0, |(_, n)| *n);
            if theirs_n != *n {
                first = Some(*t);
                break;
            }
        }
        let Some(t) = first else {
            return Ok((path, None));
        };
        game.play_legal(t);
        path.push(t);
        depth -= 1;
    }
    Ok((path, None))
}
