//! Asking the engine more, to explain a difference: its verdict on the
//! turns its list misses, and perft bisection down to the first list that
//! differs.

use crate::oracle;
use hexodic_engine::{Capabilities, Capability, Engine, EngineResult, PlayReply};
use hexodic_report::bound::impossible_count;
use hexodic_report::{Difference, ListDiff, TurnVerdict};
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
/// turn sequence whose count differs: where the lists first differ (the
/// list difference), else the deepest count that differs, after every turn
/// whose counts agree was passed by (a [`Difference::Perft`] of the depth
/// left there, its own path empty). A divide entry no position can have
/// ([`impossible_count`]) is followed first. `goto` brings the
/// engine to the checked position followed by the given turns. Returns the
/// path and what differs at its end (none when the engine agrees after
/// all, or when it has no `divide`).
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
    // The count that differs at the end of `path`, once a turn was taken.
    let mut last: Option<Difference> = None;
    while depth >= 1 {
        goto(engine, &path)?;
        let theirs = if caps.has(Capability::Perft) {
            engine.divide(depth)?
        } else {
            return Ok((path, last));
        };
        let turns: Vec<Turn> = theirs.iter().map(|(t, _)| *t).collect();
        if let Some(d) = oracle::diff_lists(game.position(), &turns) {
            let mut d = d;
            goto(engine, &path)?;
            if ask_missing(engine, &mut d)? {
                goto(engine, &path)?;
            }
            return Ok((path, Some(Difference::LegalList { list: d })));
        }
        let ours = perft::divide(&game, depth);
        let count = |t: &Turn| theirs.iter().find(|(x, _)| x == t).map_or(0, |(_, n)| *n);
        let differs = |(t, n): &&(Turn, u64)| count(t) != *n;
        // An impossible count first, else the first count that differs.
        let first = ours
            .iter()
            .filter(differs)
            .find(|(t, _)| impossible_count(depth - 1, count(t)))
            .or_else(|| ours.iter().find(differs));
        let Some((t, n)) = first else {
            // Every count agrees here although the total above did not.
            return Ok((path, last));
        };
        last = Some(Difference::Perft {
            depth: depth - 1,
            expected: *n,
            got: count(t),
            path: Vec::new(),
            below: None,
        });
        game.play_legal(*t);
        path.push(*t);
        depth -= 1;
    }
    Ok((path, last))
}
