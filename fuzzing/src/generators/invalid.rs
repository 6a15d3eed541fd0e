//! Positions given directly that V1 must judge: a valid start with exactly
//! one V1 condition broken (each fault code, the ended positions included),
//! or moved to the edge of one condition while staying valid (one half-move
//! short of the cap, one capture short of Takeover, a Network of four, ...).

use super::scenario::strangle_scenario;
use super::start::start_position;
use crate::choose::Choose;
use hexodic_rules::{
    Cell, CellSet, EndRule, FaultCode, Outcome, Player, Ruleset, Setup, TiebreakStep,
};

const RS: Ruleset = Ruleset::STANDARD;

/// How many kinds of question [`position_question`] asks: one per fault
/// code, then the valid edges.
const EDGES: u64 = 5;

/// A position to give an engine directly, and the fault codes V1 finds in
/// it (none: it must be accepted), in code order. Most break exactly one
/// condition; the codes are always the reference's own verdict.
pub fn position_question(c: &mut dyn Choose) -> (Setup, Vec<FaultCode>) {
    let which = c.below(QUESTION_KINDS as u64) as usize;
    position_question_of(which, c)
}

/// How many kinds of position [`position_question_of`] builds: one per
/// fault code, then the valid edges.
pub const QUESTION_KINDS: usize = FaultCode::ALL.len() + EDGES as usize;

/// The position question of kind `which` (below [`QUESTION_KINDS`]): a
/// fault code's condition broken, or one of the valid edges.
pub fn position_question_of(which: usize, c: &mut dyn Choose) -> (Setup, Vec<FaultCode>) {
    let base = Setup::from(&start_position(c));
    let s = match FaultCode::ALL.get(which) {
        Some(code) => broken(base, *code, c),
        None => edge(base, which - FaultCode::ALL.len(), c),
    };
    let faults = faults_of(&s);
    (s, faults)
}

/// The reference's fault codes of `s`, in code order, each once.
pub fn faults_of(s: &Setup) -> Vec<FaultCode> {
    let mut codes: Vec<FaultCode> = match s.validate() {
        Ok(_) => Vec::new(),
        Err(e) => e.faults.iter().map(|f| f.kind()).collect(),
    };
    codes.sort();
    codes.dedup();
    codes
}

fn any_player(c: &mut dyn Choose) -> Player {
    Player::BOTH[c.below(2) as usize]
}

/// A cell chosen among those `keep` allows, if any.
fn cell_where(s: &Setup, c: &mut dyn Choose, keep: impl Fn(Cell, &Setup) -> bool) -> Option<Cell> {
    let cells: Vec<Cell> = Cell::ALL.iter().copied().filter(|x| keep(*x, s)).collect();
    crate::choose::pick(c, &cells)
}

/// Raise `cell` to `tier`, the raises of `p` rising as much (I3 kept).
fn set_tier(s: &mut Setup, cell: Cell, tier: u8, p: Player) {
    let old = s.cell(cell).tier;
    s.cell_mut(cell).tier = tier;
    let k = &mut s.counters[p.index()];
    k.raises = (k.raises as i16 + tier as i16 - old as i16).clamp(0, 255) as u8;
}

/// `s` with the condition of `code` broken, the rest kept as it was.
fn broken(mut s: Setup, code: FaultCode, c: &mut dyn Choose) -> Setup {
    let p = any_player(c);
    let i = p.index();
    let waiting = s.to_move.other();
    match code {
        FaultCode::TierOutOfRange => {
            if let Some(x) = cell_where(&s, c, |x, s| !s.cell(x).locked) {
                set_tier(&mut s, x, RS.max_tier + 1, p);
            }
        }
        FaultCode::LockNotOnTop => {
            let free = |s: &Setup| {
                Player::BOTH
                    .into_iter()
                    .find(|q| !s.counters[q.index()].lock_used)
            };
            if let (Some(q), Some(x)) = (free(&s), cell_where(&s, c, |x, s| !s.cell(x).locked)) {
                set_tier(&mut s, x, c.below(2) as u8, q);
                s.cell_mut(x).locked = true;
                let k = &mut s.counters[q.index()];
                k.lock_used = true;
                k.charges = k.charges.min(RS.charges - 1);
            }
        }
        FaultCode::LockCount => {
            if let Some(x) = cell_where(&s, c, |x, s| !s.cell(x).locked) {
                set_tier(&mut s, x, RS.max_tier, p);
                s.cell_mut(x).locked = true;
            }
        }
        FaultCode::StoneCount => {
            let k = &mut s.counters[i];
            k.reserve = match k.reserve {
                0 => 1,
                r if c.one_in(2) => r - 1,
                r => r + 1,
            };
        }
        FaultCode::TooManyCharges => s.counters[i].charges = RS.charges + 1 + c.below(3) as u8,
        FaultCode::LockWithoutCharge => {
            if !s.counters[i].lock_used {
                if let Some(x) = cell_where(&s, c, |x, s| !s.cell(x).locked) {
                    set_tier(&mut s, x, RS.max_tier, p);
                    s.cell_mut(x).locked = true;
                    s.counters[i].lock_used = true;
                }
            }
            s.counters[i].charges = RS.charges;
        }
        FaultCode::TooManyLowers => {
            let k = &mut s.counters[i];
            // One lower more left than the budget: the lowers made fall, so
            // the raises fall as much (I3 kept).
            let more = RS.lowers + 1 - k.lowers_left.min(RS.lowers);
            k.lowers_left = RS.lowers + 1;
            k.raises = k.raises.saturating_sub(more);
        }
        FaultCode::TierSum => {
            let k = &mut s.counters[i];
            k.raises = k.raises.wrapping_add(1 + c.below(2) as u8);
        }
        FaultCode::StonesBeforeFirstPlace => {
            if s.counters[i].reserve == RS.stones {
                if let Some(x) = cell_where(&s, c, |x, s| {
                    s.cell(x).stone.is_none() && !s.cell(x).locked && x != Cell::CENTRE
                }) {
                    s.cell_mut(x).stone = Some(p);
                    s.counters[i].reserve -= 1;
                }
            }
            s.counters[i].first_placed = false;
        }
        FaultCode::AlreadyNetwork => return network(waiting, 5, c).unwrap_or(s),
        FaultCode::AlreadyTakeover => {
            s.counters[waiting.index()].captures = RS.takeover_captures + c.below(2) as u8
        }
        FaultCode::AlreadyStrangled => {
            if let Some(mut t) = (0..20).find_map(|_| strangle_scenario(c).map(|p| Setup::from(&p)))
            {
                // The boxed player to move: no Place (empty reserve), no Move.
                t.to_move = t.to_move.other();
                return t;
            }
        }
        FaultCode::AlreadyCapped => s.half_moves = RS.half_move_cap + c.below(3) as u16,
        FaultCode::MalformedOutcome => {
            s.outcome = Some(match c.below(3) {
                0 => Outcome {
                    winner: Some(p),
                    rule: EndRule::Cap(None),
                },
                1 => Outcome {
                    winner: None,
                    rule: EndRule::Cap(Some(TiebreakStep::ALL[0])),
                },
                _ => Outcome {
                    winner: None,
                    rule: EndRule::Network,
                },
            })
        }
    }
    s
}

/// `waiting`'s Network of `size` stones on a line of tier-2 cells, the
/// other player to move, on an otherwise empty board.
fn network(waiting: Player, size: usize, c: &mut dyn Choose) -> Option<Setup> {
    let dir = c.below(6) as usize;
    let mut line = vec![Cell::ALL[c.below(Cell::COUNT as u64) as usize]];
    while line.len() < size {
        let next = line.last()?.step(dir)?;
        line.push(next);
    }
    let mut s = Setup::default();
    for x in &line {
        s.cell_mut(*x).stone = Some(waiting);
        s.cell_mut(*x).tier = RS.max_tier;
    }
    let k = &mut s.counters[waiting.index()];
    k.reserve = RS.stones - size as u8;
    k.first_placed = true;
    k.raises = (size as u8) * RS.max_tier;
    s.to_move = waiting.other();
    s.half_moves = 2 * size as u16;
    Some(s)
}

/// `s` moved to the edge of one V1 condition, still valid when the base
/// allows it.
fn edge(mut s: Setup, which: usize, c: &mut dyn Choose) -> Setup {
    let waiting = s.to_move.other();
    match which {
        0 => s.half_moves = RS.half_move_cap - 1,
        1 => s.counters[waiting.index()].captures = RS.takeover_captures - 1,
        2 => {
            // A Network of four: one stone short.
            if let Some(t) = (0..20).find_map(|_| network(waiting, 4, c)) {
                return t;
            }
        }
        3 => {
            // The mover's only Projects are a few Places: every other cell
            // in its cooldown, or a forced Skip.
            let k = &mut s.counters[s.to_move.index()];
            if k.reserve > 0 {
                let free: CellSet = Cell::ALL
                    .iter()
                    .copied()
                    .filter(|x| s.cells[x.index()].stone.is_none())
                    .collect();
                let keep = crate::choose::pick(c, &free.iter().collect::<Vec<_>>());
                k.cooldown = free - keep.map_or(CellSet::EMPTY, CellSet::from_cell);
            }
        }
        _ => {
            // Every counter at its bound: all charges, every lower left.
            for p in Player::BOTH {
                let k = &mut s.counters[p.index()];
                k.charges = if k.lock_used {
                    RS.charges - 1
                } else {
                    RS.charges
                };
            }
        }
    }
    s
}
