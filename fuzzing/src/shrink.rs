//! Shrinking a finding: a later start, fewer turns, then a simpler start
//! position (fewer stones, default counters, no cooldown, a lower half-move
//! count, the start position itself) while the same difference persists.
//!
//! A sequence may hold turns the reference rejects (the fuzzer's probes):
//! a replay offers them to the engine too, which must reject them with the
//! right reasons and leave its game as it was. A difference that shows only
//! after such a turn needs it in the sequence.
//!
//! Shrinking stops, keeping the smallest sequence found so far, when its
//! replay budget is spent, when the deadline passes, or at the first engine
//! incident while replaying a candidate.

use crate::oracles::differential::{self as compare, Mismatch};
use hexodic_engine::{Capabilities, Engine, Incident, PositionReply};
use hexodic_report::Divergence;
use hexodic_rules::{Cell, Game, Player, Position, Ruleset, Setup, Turn};
use std::fmt;
use std::time::Instant;

/// Replays a shrink may spend.
pub const BUDGET: usize = 800;

/// Replay `turns` from `start` on both and return the first divergence
/// (`None`: they agree). The legal lists are compared after the last turn.
pub fn replay(
    engine: &mut dyn Engine,
    caps: Capabilities,
    start: &Position,
    turns: &[Turn],
) -> Result<Option<Divergence>, Incident> {
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

/// The reference's verdict on each turn from `start` (`true`: it plays
/// the turn; `false`: it rejects it and the position stays as it was). A
/// turn after the end of the game is rejected (`game-over`, G8): a replay
/// offers it like any other.
fn verdicts(start: &Position, turns: &[Turn]) -> Option<Vec<bool>> {
    let mut g = Game::from_position(*start);
    Some(turns.iter().map(|t| g.play(*t).is_ok()).collect())
}

/// Whether a candidate replays like the sequence it was made from: every
/// turn but the last that the reference played there (`played`, one entry
/// per candidate turn) it still plays, so the game ends no earlier. Turns
/// the reference rejects may stand anywhere, after the end too: a replay
/// offers them (the engine must reject them as well, and the position stays).
fn plays(start: &Position, turns: &[Turn], played: &[bool]) -> bool {
    let Some(now) = verdicts(start, turns) else {
        return false;
    };
    let n = turns.len().saturating_sub(1);
    now.iter()
        .zip(played)
        .take(n)
        .all(|(now, before)| *now || !*before)
}

/// Simpler versions of a start position, simplest first, each tried once:
/// none is `s` itself, and none has a higher half-move count.
fn simpler(s: &Setup) -> Vec<Setup> {
    let rs = Ruleset::STANDARD;
    let mut out = Vec::new();
    let mut push = |c: Setup| {
        if c != *s && !out.contains(&c) && c.validate().is_ok() {
            out.push(c);
        }
    };
    push(Setup::default());
    // A lower half-move count only: a higher one is no simpler.
    for h in [0, 1, s.half_moves / 2] {
        if h < s.half_moves {
            let mut c = *s;
            c.half_moves = h;
            push(c);
        }
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

/// Why shrinking stopped before it ran out of candidates. The sequence
/// kept is the smallest one found so far that shows the difference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cut {
    /// The deadline passed.
    Deadline,
    /// The engine crashed, hung or broke the protocol replaying a candidate.
    /// Shrinking stops there: the candidate shows an incident rather than the
    /// difference, and an engine in that state would make every further
    /// replay slow or meaningless.
    Incident(Incident),
}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cut::Deadline => f.write_str("the time limit passed"),
            Cut::Incident(i) => write!(f, "while a candidate was replayed, {i}"),
        }
    }
}

/// A shrunk finding: a start and turns that show the same difference.
#[derive(Clone, Debug)]
pub struct Shrunk {
    /// The start position.
    pub start: Position,
    /// The turns, turns the reference rejects included.
    pub turns: Vec<Turn>,
    /// The difference they show.
    pub divergence: Divergence,
    /// Why shrinking stopped early, if it did.
    pub cut: Option<Cut>,
}

/// Replays of candidates, within the budget and the deadline, until the
/// first incident.
struct Trials<'a> {
    engine: &'a mut dyn Engine,
    caps: Capabilities,
    budget: usize,
    deadline: Option<Instant>,
    cut: Option<Cut>,
}

impl Trials<'_> {
    /// Whether no further candidate will be replayed.
    fn done(&self) -> bool {
        self.cut.is_some() || self.budget == 0
    }

    /// Replay a candidate: its divergence when it shows the same difference
    /// as `best`. Nothing is replayed once the budget is spent, the deadline
    /// has passed or an incident happened.
    fn attempt(&mut self, s: &Position, t: &[Turn], best: &Divergence) -> Option<Divergence> {
        if self.done() {
            return None;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.cut = Some(Cut::Deadline);
            return None;
        }
        self.budget -= 1;
        match replay(self.engine, self.caps, s, t) {
            Ok(Some(d)) if same(&d, best) => Some(d),
            Ok(_) => None,
            Err(i) => {
                self.cut = Some(Cut::Incident(i));
                None
            }
        }
    }
}

/// Shrink a failing sequence from `start`, keeping the same difference:
/// a later start, fewer turns, a simpler start position. Turns the
/// reference rejects may stand anywhere in `turns`. Shrinking stops, keeping
/// the smallest sequence found so far, when [`BUDGET`] replays are spent,
/// when `deadline` passes, or at the first engine incident ([`Cut`]).
pub fn shrink(
    engine: &mut dyn Engine,
    caps: Capabilities,
    start: Position,
    turns: Vec<Turn>,
    found: Divergence,
    deadline: Option<Instant>,
) -> Shrunk {
    let mut trials = Trials {
        engine,
        caps,
        budget: BUDGET,
        deadline,
        cut: None,
    };
    let mut best = (start, turns, found);
    later_start(&mut trials, &mut best);
    while !trials.done() {
        let before = (best.0, best.1.len());
        drop_turns(&mut trials, &mut best);
        simpler_start(&mut trials, &mut best);
        if (best.0, best.1.len()) == before {
            break;
        }
    }
    Shrunk {
        start: best.0,
        turns: best.1,
        divergence: best.2,
        cut: trials.cut,
    }
}

/// Simpler versions of a position given directly, simplest first: the
/// empty board, each stone taken back to its reserve, the cooldowns, the
/// captures and the half-move count cleared. Whether they are valid is for
/// the caller to judge.
fn simpler_given(s: &Setup) -> Vec<Setup> {
    let mut out = Vec::new();
    let mut push = |c: Setup| {
        if c != *s && !out.contains(&c) {
            out.push(c);
        }
    };
    for p in Player::BOTH {
        let mut c = *s;
        c.counters[p.index()].cooldown = hexodic_rules::CellSet::EMPTY;
        push(c);
        let mut c = *s;
        c.counters[p.index()].captures = 0;
        push(c);
    }
    for h in [0, s.half_moves / 2] {
        let mut c = *s;
        c.half_moves = h;
        push(c);
    }
    for cell in Cell::ALL {
        if let Some(p) = s.cell(cell).stone {
            let mut c = *s;
            c.cell_mut(cell).stone = None;
            c.counters[p.index()].reserve = c.counters[p.index()].reserve.saturating_add(1);
            push(c);
        }
    }
    out
}

/// Shrink a difference in the verdict on a position given directly
/// (`given`, with the reference's fault codes `faults`): simpler positions
/// with the same fault codes on which the engine still differs the same
/// way, within [`BUDGET`] and `deadline`. Returns the position, the
/// difference and why shrinking stopped early, if it did.
pub fn shrink_given(
    engine: &mut dyn Engine,
    caps: Capabilities,
    given: Setup,
    found: Divergence,
    deadline: Option<Instant>,
) -> (Setup, Divergence, Option<Cut>) {
    let faults = crate::generators::faults_of(&given);
    let mut best = (given, found);
    let mut budget = BUDGET;
    loop {
        let mut better = None;
        for cand in simpler_given(&best.0) {
            if budget == 0 {
                return (best.0, best.1, None);
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return (best.0, best.1, Some(Cut::Deadline));
            }
            if crate::generators::faults_of(&cand) != faults {
                continue;
            }
            budget -= 1;
            let reply = match engine.set_position(&cand) {
                Ok(r) => r,
                Err(i) => return (best.0, best.1, Some(Cut::Incident(i))),
            };
            if let hexodic_harness::oracle::Judgement::Differs(d) =
                hexodic_harness::oracle::validity(&faults, &reply, caps)
            {
                let d = compare::position_divergence(d, cand);
                if same(&d, &best.1) {
                    better = Some((cand, d));
                    break;
                }
            }
        }
        match better {
            Some(b) => best = b,
            None => return (best.0, best.1, None),
        }
    }
}

/// A start position, its turns and the difference they show.
type Best = (Position, Vec<Turn>, Divergence);

/// The latest start (a fresh history from a position reached) from which
/// the rest of the turns still show the difference.
fn later_start(trials: &mut Trials<'_>, best: &mut Best) {
    let mut positions = vec![best.0];
    let mut g = Game::from_position(best.0);
    for t in &best.1 {
        // A rejected turn leaves the position as it was.
        let _ = g.play(*t);
        if g.position().is_over() {
            break;
        }
        positions.push(*g.position());
    }
    for i in (1..positions.len()).rev() {
        let rest = best.1[i..].to_vec();
        if let Some(d) = trials.attempt(&positions[i], &rest, &best.2) {
            *best = (positions[i], rest, d);
            return;
        }
    }
}

/// Drop the turns the reference rejects (all at once), then single turns
/// (never the last: it shows the difference).
fn drop_turns(trials: &mut Trials<'_>, best: &mut Best) {
    let Some(played) = verdicts(&best.0, &best.1) else {
        return;
    };
    // Dropping rejected turns moves no position: the rest plays as before.
    let last = best.1.len().saturating_sub(1);
    let kept: Vec<Turn> = (0..best.1.len())
        .filter(|i| played[*i] || *i == last)
        .map(|i| best.1[i])
        .collect();
    if kept.len() < best.1.len() {
        if let Some(d) = trials.attempt(&best.0, &kept, &best.2) {
            *best = (best.0, kept, d);
        }
    }
    let mut j = 0;
    while j + 1 < best.1.len() && !trials.done() {
        let Some(played) = verdicts(&best.0, &best.1) else {
            return;
        };
        let mut cand = best.1.clone();
        cand.remove(j);
        let mut cand_played = played;
        cand_played.remove(j);
        if plays(&best.0, &cand, &cand_played) {
            if let Some(d) = trials.attempt(&best.0, &cand, &best.2) {
                *best = (best.0, cand, d);
                continue;
            }
        }
        j += 1;
    }
}

/// The first simpler start from which the turns still show the difference.
fn simpler_start(trials: &mut Trials<'_>, best: &mut Best) {
    let Some(played) = verdicts(&best.0, &best.1) else {
        return;
    };
    for s in simpler(&Setup::from(&best.0)) {
        if trials.done() {
            return;
        }
        let Ok(p) = s.validate() else { continue };
        if !plays(&p, &best.1, &played) {
            continue;
        }
        if let Some(d) = trials.attempt(&p, &best.1, &best.2) {
            *best = (p, best.1.clone(), d);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A start position with a stone on the board, at half-move `h`.
    fn with_stone(h: u16) -> Setup {
        let mut s = Setup::default();
        let cell = Cell::ALL[3];
        s.cell_mut(cell).stone = Some(Player::X);
        s.counters[Player::X.index()].reserve -= 1;
        s.counters[Player::X.index()].first_placed = true;
        s.half_moves = h;
        s
    }

    #[test]
    fn simpler_starts_never_raise_the_half_move_count() {
        for h in 0..=6 {
            let s = with_stone(h);
            assert!(s.validate().is_ok(), "half-move {h}: not a valid start");
            let out = simpler(&s);
            assert!(!out.is_empty(), "half-move {h}: no simpler start");
            for c in &out {
                assert!(
                    c.half_moves <= h,
                    "half-move {h}: a candidate at half-move {}",
                    c.half_moves
                );
            }
            // Only the count lowered: the same board and counters.
            let lowered = out
                .iter()
                .any(|c| c.half_moves < h && c.cells == s.cells && c.counters == s.counters);
            assert_eq!(lowered, h > 0, "half-move {h}");
        }
    }

    #[test]
    fn simpler_starts_are_each_tried_once_and_never_the_start_itself() {
        for h in [0, 1, 2, 3, 10] {
            let s = with_stone(h);
            let out = simpler(&s);
            assert!(!out.contains(&s), "half-move {h}: the start itself");
            for (i, c) in out.iter().enumerate() {
                assert!(
                    !out[..i].contains(c),
                    "half-move {h}: candidate {i} comes twice"
                );
            }
        }
        assert!(simpler(&Setup::default())
            .iter()
            .all(|c| *c != Setup::default()));
    }

    fn turn(text: &str) -> Turn {
        Turn::parse(text).expect("a turn in the notation")
    }

    #[test]
    fn rejected_turns_may_stand_anywhere_but_played_ones_must_stay_played() {
        let start = Position::start();
        let (first, again, reply) = (turn("c3 +d4"), turn("c3 +d4"), turn("e5 +e4"));
        // The second `c3` Place is rejected (the cell is taken) and moves nothing.
        let turns = [first, again, reply];
        assert_eq!(verdicts(&start, &turns), Some(vec![true, false, true]));
        assert!(plays(&start, &turns, &[true, false, true]));
        // A turn the reference played in the sequence shrunk from must still be played...
        assert!(!plays(&start, &turns, &[true, true, true]));
        // ...but the last turn may be anything.
        assert!(plays(&start, &[first, again], &[true, true]));
    }

    #[test]
    fn a_turn_after_the_end_is_a_rejected_turn() {
        let s = Setup {
            half_moves: Ruleset::STANDARD.half_move_cap - 1,
            ..Setup::default()
        };
        let near_cap = s.validate().expect("a valid start near the cap");
        let (a, b) = (turn("c3 +d4"), turn("e5 +e4"));
        assert_eq!(verdicts(&near_cap, &[a]), Some(vec![true]));
        // After the capping turn, `e5 +e4` is refused (game-over) and may stay.
        assert_eq!(verdicts(&near_cap, &[a, b]), Some(vec![true, false]));
        assert!(plays(&near_cap, &[a, b], &[true, false]));
        // A turn played in the sequence shrunk from may not come after the end.
        assert!(!plays(&near_cap, &[a, b, a], &[true, true, false]));
    }
}
