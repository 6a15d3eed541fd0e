//! Shrinking a finding: fewer turns, a later start, then a simpler start
//! position (fewer stones, default counters, no cooldown, a lower half-move
//! count, the start position itself) while the same difference persists.

use super::compare::{self, Mismatch};
use crate::diagnose::Divergence;
use crate::engine::{Capabilities, Engine, PositionReply};
use hexodic_rules::{Cell, Game, Player, Position, Ruleset, Setup, Turn};

/// Replays a shrink may spend.
pub const BUDGET: usize = 800;

/// Replay `turns` from `start` on both and return the first divergence
/// (`None`: they agree). The legal lists are compared after the last turn.
pub fn replay(
    engine: &mut dyn Engine,
    caps: Capabilities,
    start: &Position,
    turns: &[Turn],
) -> Result<Option<Divergence>, crate::engine::Incident> {
    match engine.set_position(&Setup::from(start))? {
        PositionReply::Accepted => {}
        PositionReply::Invalid(_) => return Ok(None),
    }
    let mut game = Game::from_position(*start);
    for t in turns {
        match compare::step(engine, caps, &mut game, *t) {
            Ok(_) => {}
            Err(Mismatch::Differs(d)) => return Ok(Some(*d)),
            Err(Mismatch::Incident(i)) => return Err(i),
        }
        if game.position().is_over() {
            break;
        }
    }
    match compare::lists(engine, caps, game.position()) {
        Ok(()) => Ok(None),
        Err(Mismatch::Differs(d)) => Ok(Some(*d)),
        Err(Mismatch::Incident(i)) => Err(i),
    }
}

/// Whether two divergences are the same difference (kind and first rule).
pub fn same(a: &Divergence, b: &Divergence) -> bool {
    a.difference.kind() == b.difference.kind() && a.implicated.first() == b.implicated.first()
}

/// Every turn but the last is legal from `start` in the reference.
fn plays(start: &Position, turns: &[Turn]) -> bool {
    let mut g = Game::from_position(*start);
    let n = turns.len().saturating_sub(1);
    turns[..n]
        .iter()
        .all(|t| !g.position().is_over() && g.play(*t).is_ok())
}

/// Simpler versions of a start position, simplest first.
fn simpler(s: &Setup) -> Vec<Setup> {
    let rs = Ruleset::STANDARD;
    let mut out = vec![Setup::default()];
    let mut push = |c: Setup| {
        if c != *s && c.validate().is_ok() {
            out.push(c);
        }
    };
    for h in [0, 1, s.half_moves / 2] {
        let mut c = *s;
        c.half_moves = h;
        push(c);
    }
    for p in Player::BOTH {
        let i = p.index();
        let mut c = *s;
        c.counters[i].cooldown = hexodic_rules::CellSet::EMPTY;
        push(c);
        let mut c = *s;
        c.counters[i].captures = 0;
        push(c);
        let mut c = *s;
        c.counters[i].charges = if c.counters[i].lock_used {
            rs.charges - 1
        } else {
            rs.charges
        };
        push(c);
    }
    for cell in Cell::ALL {
        let sc = *s.cell(cell);
        if let Some(p) = sc.stone {
            let mut c = *s;
            c.cell_mut(cell).stone = None;
            c.counters[p.index()].reserve = c.counters[p.index()].reserve.saturating_add(1);
            push(c);
        }
        if sc.tier > 0 && !sc.locked {
            for p in Player::BOTH {
                let mut c = *s;
                c.cell_mut(cell).tier -= 1;
                if c.counters[p.index()].raises > 0 {
                    c.counters[p.index()].raises -= 1;
                    push(c);
                }
            }
        }
    }
    out
}

/// Shrink a failing sequence from `start`, keeping the same difference.
pub fn shrink(
    engine: &mut dyn Engine,
    caps: Capabilities,
    start: Position,
    turns: Vec<Turn>,
    found: Divergence,
) -> (Position, Vec<Turn>, Divergence) {
    let mut budget = BUDGET;
    let mut best = (start, turns, found);
    let attempt = |engine: &mut dyn Engine,
                   s: &Position,
                   t: &[Turn],
                   best: &Divergence,
                   budget: &mut usize| {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        match replay(engine, caps, s, t) {
            Ok(Some(d)) if same(&d, best) => Some(d),
            _ => None,
        }
    };
    // Later starts (a fresh history from a position reached), shortest first.
    let mut positions = vec![best.0];
    let mut g = Game::from_position(best.0);
    for t in &best.1 {
        if g.play(*t).is_err() || g.position().is_over() {
            break;
        }
        positions.push(*g.position());
    }
    for i in (1..positions.len()).rev() {
        let rest = best.1[i..].to_vec();
        if let Some(d) = attempt(engine, &positions[i], &rest, &best.2, &mut budget) {
            best = (positions[i], rest, d);
            break;
        }
    }
    loop {
        let before = (best.0, best.1.len());
        // Drop single turns.
        let mut j = 0;
        while j + 1 < best.1.len() {
            let mut cand = best.1.clone();
            cand.remove(j);
            if plays(&best.0, &cand) {
                if let Some(d) = attempt(engine, &best.0, &cand, &best.2, &mut budget) {
                    best = (best.0, cand, d);
                    continue;
                }
            }
            j += 1;
        }
        // A simpler start.
        for s in simpler(&Setup::from(&best.0)) {
            let Ok(p) = s.validate() else { continue };
            if !plays(&p, &best.1) {
                continue;
            }
            if let Some(d) = attempt(engine, &p, &best.1, &best.2, &mut budget) {
                best = (p, best.1.clone(), d);
                break;
            }
        }
        if (best.0, best.1.len()) == before || budget == 0 {
            break;
        }
    }
    best
}
