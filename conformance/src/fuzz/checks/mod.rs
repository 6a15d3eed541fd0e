//! Checking functions shared by the fuzz targets (`fuzz/`) and by the plain
//! replay test (`tests/fuzz_replay.rs`): each takes arbitrary bytes, builds a
//! game from them and checks the invariants (I1-I9, rules/RULES.md) along the way.
//! A broken invariant comes back as a [`CheckFailure`] naming the invariant,
//! the position the checked play started from and the turns that led there,
//! ready for `hexodic-conformance explain --position`.
//!
//! Positions come from play (bytes are indices into the legal-turn list) or
//! from a mutation script ([`Edit`]): edits applied to a [`Setup`], each kept
//! only when [`Setup::validate`] accepts the result. The edits aim at the
//! situations uniform play never reaches (forced Skips, empty reserves,
//! interior encirclements, turns without a Shape and repetitions, locks, few
//! charges, a half-move count near the cap).
//!
//! The checks: [`random_game`], [`turn_legality`], [`parsers`], [`symmetry`]
//! and [`differential`] (an engine under test against the reference).

use arbitrary::{Arbitrary, Unstructured};
use hexodic_rules::invariants::{self, Violation};
use hexodic_rules::random::Rng;
use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::{
    Cell, CellSet, Echo, Game, Player, Position, Project, Ruleset, Setup, Shape, Turn,
};
use std::fmt;

mod differential;
mod script;
mod text;

pub use differential::{differential, DIFFERENTIAL};
use script::cell;
pub use script::{apply_script, Edit};
pub use text::parsers;

const RS: Ruleset = Ruleset::STANDARD;

/// A broken invariant found by a check: which rule, what was seen, and how to
/// get there (a starting position and the turns played from it).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{invariant} broken: {message} (from `{start}`, turns: {})",
    TurnList(turns)
)]
pub struct CheckFailure {
    /// The rule ID of the broken invariant (`I1`-`I9`, or `G5` for the key).
    pub invariant: &'static str,
    /// What was seen.
    pub message: String,
    /// The position the checked play started from, in the one-line notation
    /// (for the parser check: the offending text).
    pub start: String,
    /// The turns played from `start` before the failure; the last one is the
    /// turn being checked when the failure concerns a turn.
    pub turns: Vec<Turn>,
}

struct TurnList<'a>(&'a [Turn]);

impl fmt::Display for TurnList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        for (i, t) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "'{t}'")?;
        }
        Ok(())
    }
}

/// The result of a check.
pub type Check = Result<(), CheckFailure>;

/// Where a check stands: the starting position and the turns played.
pub(crate) struct Trail {
    pub(crate) start: String,
    pub(crate) turns: Vec<Turn>,
}

impl Trail {
    pub(crate) fn new(p: &Position) -> Trail {
        Trail {
            start: p.to_notation(),
            turns: Vec::new(),
        }
    }

    pub(crate) fn fail(&self, invariant: &'static str, message: String) -> CheckFailure {
        CheckFailure {
            invariant,
            message,
            start: self.start.clone(),
            turns: self.turns.clone(),
        }
    }

    /// The failure for a violation seen while checking `extra` (not yet played).
    fn at(&self, v: Violation, extra: Option<Turn>) -> CheckFailure {
        let mut f = self.fail(v.invariant, v.message);
        f.turns.extend(extra);
        f
    }
}

// ---------------------------------------------------------------------------
// Building games from bytes
// ---------------------------------------------------------------------------

/// How much of a position to check after each turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Depth {
    /// [`light_check`]: the counters and the key, without the legal-turn
    /// count and the notation round trip.
    Light,
    /// `invariants::check_position`.
    Full,
}

/// The cheap part of `invariants::check_position`: I1, I2, I3, the ranges
/// of I4, the cap of I7 and the incremental key (G5). The rest (the
/// legal-turn count of I7, the notation round trip of I9) costs several
/// times more and runs on the last position of each input.
fn light_check(p: &Position, trail: &Trail) -> Check {
    let fail = |inv: &'static str, msg: String| Err(trail.fail(inv, msg));
    let mut made: i64 = 0;
    let mut used = 0;
    for pl in Player::BOTH {
        let c = p.counters(pl);
        if p.stones(pl).count() + c.reserve as u32 != RS.stones as u32 {
            return fail(
                "I1",
                format!("{pl} does not have {} stones in all", RS.stones),
            );
        }
        if c.charges > RS.charges || c.lowers_left > RS.lowers {
            return fail("I4", format!("{pl}'s counters are out of range"));
        }
        made += c.raises as i64 - (RS.lowers - c.lowers_left) as i64;
        used += c.lock_used as u32;
    }
    if (p.stones(Player::X) & p.stones(Player::O)).any() {
        return fail("I1", "a cell holds two stones".into());
    }
    if (p.locked() - p.tier_set(2)).any() || p.locked().count() != used {
        return fail("I2", "locks disagree with tiers or used Echo-Locks".into());
    }
    if p.tier_total() as i64 != made {
        return fail("I3", format!("tiers add to {}, not {made}", p.tier_total()));
    }
    if p.key() != p.key_from_scratch() {
        return fail(
            "G5",
            "incremental key differs from the key from scratch".into(),
        );
    }
    if p.half_moves() > RS.half_move_cap {
        return fail("I7", format!("half-move count {}", p.half_moves()));
    }
    Ok(())
}

/// Play `turn`, which must be legal, and check the transition and the new
/// position (I1-I7, I9; with [`Depth::Light`], I1-I5 and the cap).
fn play_checked(game: &mut Game, trail: &mut Trail, turn: Turn, depth: Depth) -> Check {
    let before = *game.position();
    let report = game
        .play(turn)
        .map_err(|e| trail.fail("I6", format!("listed turn {turn} rejected: {e}")))?;
    trail.turns.push(turn);
    let after = game.position();
    invariants::check_transition(&before, turn, &report, after).map_err(|v| trail.at(v, None))?;
    match depth {
        Depth::Light => light_check(after, trail),
        Depth::Full => invariants::check_position(after).map_err(|v| trail.at(v, None)),
    }
}

/// Play the legal turn chosen by the next bytes (an index into the list).
fn play_chosen(u: &mut Unstructured, game: &mut Game, trail: &mut Trail, depth: Depth) -> Check {
    let n = game.position().count_legal();
    if n == 0 {
        return Err(trail.fail("I7", "an unfinished game has no legal turn".into()));
    }
    let i = u.choose_index(n as usize).unwrap_or(0) as u64;
    let Some(t) = game.position().nth_legal(i) else {
        return Err(trail.fail("I6", format!("nth_legal({i}) is none but the count is {n}")));
    };
    play_checked(game, trail, t, depth)
}

/// Read a mutation script of up to `max` edits.
fn script(u: &mut Unstructured, max: usize) -> Vec<Edit> {
    let n = u.int_in_range(0..=max).unwrap_or(0);
    (0..n).map_while(|_| Edit::arbitrary(u).ok()).collect()
}

/// The game a check starts from, chosen by the bytes: the starting position,
/// a position reached by `prefix` checked random turns, or either of those
/// edited by a mutation script (then a fresh game from the edited position).
pub(crate) fn build_game(
    u: &mut Unstructured,
    prefix: usize,
) -> Result<(Game, Trail), CheckFailure> {
    let mode: u8 = u.arbitrary().unwrap_or(0);
    let mut game = Game::new();
    let mut trail = Trail::new(game.position());
    if mode & 1 == 1 {
        let k = u.int_in_range(0..=prefix).unwrap_or(0);
        for _ in 0..k {
            if game.position().is_over() {
                break;
            }
            play_chosen(u, &mut game, &mut trail, Depth::Light)?;
        }
    }
    if mode & 2 == 2 && !game.position().is_over() {
        let edits = script(u, 24);
        let p = apply_script(game.position(), &edits);
        invariants::check_position(&p).map_err(|v| {
            let mut f = trail.at(v, None);
            f.message = format!("{} (after {} edits made `{p}`)", f.message, edits.len());
            f
        })?;
        game = Game::from_position(p);
        trail = Trail::new(&p);
    } else if mode & 1 == 1 {
        invariants::check_position(game.position()).map_err(|v| trail.at(v, None))?;
    }
    Ok((game, trail))
}

/// A hash of the whole input (FNV-1a, then the SplitMix64 finalizer so that
/// every bit depends on every byte). The slow whole-position checks run when
/// it falls in a small fraction, so that a fuzzer cannot steer its corpus
/// into them (a flag byte, or the weak low bits of plain FNV, would be found
/// at once and kept, as new coverage) and the executions per second stay high.
fn fingerprint(data: &[u8]) -> u64 {
    let h = data.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ *b as u64).wrapping_mul(0x0100_0000_01b3)
    });
    Rng::new(h).next_u64()
}

// ---------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------

/// Random play: the bytes pick a starting game ([`Edit`] scripts included)
/// and then, one after another, indices into the legal-turn list. Every turn
/// is checked with `check_transition` and the cheap position checks (I1-I5,
/// the cap of I7, the key); the last position gets the whole
/// `check_position` (I7, I9). For one input in 512 (by a hash of the whole
/// input) the last position also gets the legal list check (I6), and for one
/// in 16384 the check of all 24 symmetries (I8): both cost more than a whole
/// game (the `symmetry` check covers I8 in depth).
pub fn random_game(data: &[u8]) -> Check {
    random_game_at(data, Depth::Light)
}

/// [`random_game`] with the whole `check_position` after every turn, and the
/// legal list check (I6) on every last position: several times slower, for
/// the replay test.
pub fn random_game_strict(data: &[u8]) -> Check {
    random_game_at(data, Depth::Full)
}

fn random_game_at(data: &[u8], depth: Depth) -> Check {
    let mut u = Unstructured::new(data);
    let (mut game, mut trail) = build_game(&mut u, 0)?;
    while !u.is_empty() && !game.position().is_over() {
        play_chosen(&mut u, &mut game, &mut trail, depth)?;
    }
    let last = game.position();
    invariants::check_position(last).map_err(|v| trail.at(v, None))?;
    let h = fingerprint(data);
    if h & 511 == 0 || depth == Depth::Full {
        invariants::check_legal_list(last).map_err(|v| trail.at(v, None))?;
    }
    if h & 16383 == 0 {
        invariants::check_symmetry(&game, 2).map_err(|v| trail.at(v, None))?;
    }
    Ok(())
}

fn any_cell(u: &mut Unstructured) -> Cell {
    cell(u.arbitrary().unwrap_or(0))
}

/// A cell near `c`: itself, a neighbour, or anywhere.
fn near(u: &mut Unstructured, c: Cell) -> Cell {
    let pick: u8 = u.arbitrary().unwrap_or(0);
    match pick % 4 {
        0 => c,
        1 | 2 => {
            let around: Vec<Cell> = CellSet::neighbours(c).iter().collect();
            around[pick as usize % around.len()]
        }
        _ => any_cell(u),
    }
}

fn any_shape(u: &mut Unstructured, c: Cell) -> Option<Shape> {
    match u.int_in_range(0..=2u8).unwrap_or(0) {
        0 => None,
        1 => Some(Shape::Raise(near(u, c))),
        _ => Some(Shape::Lower(near(u, c))),
    }
}

fn any_echo(u: &mut Unstructured, c: Cell) -> Option<Echo> {
    match u.int_in_range(0..=2u8).unwrap_or(0) {
        0 => None,
        1 => Some(Echo::Lock(near(u, c))),
        _ => Some(Echo::Capture(near(u, c))),
    }
}

/// A turn read from the bytes, often illegal: either entirely arbitrary, or
/// a listed turn with one part replaced.
pub(crate) fn arbitrary_turn(u: &mut Unstructured, p: &Position) -> Turn {
    let kind: u8 = u.arbitrary().unwrap_or(0);
    let n = p.count_legal();
    let base = if n > 0 && kind & 4 == 0 {
        let i = u.choose_index(n as usize).unwrap_or(0) as u64;
        p.nth_legal(i)
    } else {
        None
    };
    let Some(mut t) = base else {
        let a = any_cell(u);
        let project = match kind % 4 {
            0 => Project::Skip,
            1 => Project::Place(a),
            _ => Project::Move {
                from: a,
                to: near(u, a),
            },
        };
        return Turn {
            project,
            shape: any_shape(u, a),
            echo: any_echo(u, a),
        };
    };
    let anchor = t.project.anchor().unwrap_or(Cell::CENTRE);
    match kind % 5 {
        0 => {
            t.project = match t.project {
                Project::Place(c) => Project::Place(near(u, c)),
                Project::Move { from, to } => Project::Move {
                    from,
                    to: near(u, to),
                },
                Project::Skip => Project::Place(any_cell(u)),
            }
        }
        1 => t.project = Project::Skip,
        2 => t.shape = any_shape(u, anchor),
        3 => t.echo = any_echo(u, anchor),
        _ => {
            if let Project::Move { from, to } = t.project {
                t.project = Project::Move { from: to, to: from };
            } else {
                t.shape = t.shape.map(|s| match s {
                    Shape::Raise(c) => Shape::Lower(c),
                    Shape::Lower(c) => Shape::Raise(c),
                });
            }
        }
    }
    t
}

/// Turn legality: on positions reached by play or built by a script, offer
/// arbitrary, mostly illegal turns. A turn is accepted exactly when it is in
/// the legal list, a rejected turn leaves the game unchanged (I6), and a
/// rejected turn always names at least one reason with a rule ID (V2).
pub fn turn_legality(data: &[u8]) -> Check {
    let mut u = Unstructured::new(data);
    let (mut game, mut trail) = build_game(&mut u, 30)?;
    while !u.is_empty() && !game.position().is_over() {
        let t = arbitrary_turn(&mut u, game.position());
        invariants::check_turn_agreement(&game, t).map_err(|v| trail.at(v, Some(t)))?;
        let reasons = game.position().illegal_reasons(t);
        if reasons.iter().any(|r| r.rules().is_empty()) {
            return Err(trail.fail("I6", format!("{t}: a reason without a rule")));
        }
        if reasons.is_empty() {
            play_checked(&mut game, &mut trail, t, Depth::Full)?;
        } else if u.arbitrary::<bool>().unwrap_or(false) {
            play_chosen(&mut u, &mut game, &mut trail, Depth::Full)?;
        }
    }
    Ok(())
}

/// A turn packed into 30 bits (kind and cell of each part), for sorting
/// legal lists cheaply; distinct turns get distinct keys.
fn turn_key(t: Turn) -> u32 {
    let c = |c: Cell| c.index() as u32 + 1;
    let project = match t.project {
        Project::Skip => 0,
        Project::Place(a) => 1 << 12 | c(a),
        Project::Move { from, to } => 2 << 12 | c(from) << 6 | c(to),
    };
    let shape = match t.shape {
        None => 0,
        Some(Shape::Raise(a)) => 1 << 6 | c(a),
        Some(Shape::Lower(a)) => 2 << 6 | c(a),
    };
    let echo = match t.echo {
        None => 0,
        Some(Echo::Lock(a)) => 1 << 6 | c(a),
        Some(Echo::Capture(a)) => 2 << 6 | c(a),
    };
    project << 16 | shape << 8 | echo
}

/// Symmetry: a position from play or a script, and one of the 24 variants
/// (12 board symmetries, with or without the colour swap). The variant of a
/// valid position is valid; legal turns map onto legal turns, rejection
/// reasons onto the same reasons, and playing mapped turns in both games
/// keeps them mapped, results included (I8). For one input in 256 (by a hash)
/// all 24 variants are checked at once.
pub fn symmetry(data: &[u8]) -> Check {
    let mut u = Unstructured::new(data);
    let all = Symmetry::all();
    let s = all[u.choose_index(all.len()).unwrap_or(0)];
    let (game, mut trail) = build_game(&mut u, 40)?;
    let p = *game.position();
    let mut a = Game::from_position(p);
    if fingerprint(data) & 255 == 0 {
        invariants::check_symmetry(&a, 3).map_err(|v| trail.at(v, None))?;
    }
    let q = s
        .setup(&Setup::from(&p))
        .validate()
        .map_err(|e| trail.fail("I8", format!("variant {s} is invalid: {e}")))?;
    let mut b = Game::from_position(q);
    let prefix = trail.turns.len();
    let broken = |trail: &Trail, msg: String| trail.fail("I8", format!("variant {s}: {msg}"));
    loop {
        let (pa, pb) = (*a.position(), *b.position());
        if s.position(&pa) != pb {
            return Err(broken(&trail, format!("positions differ: `{pb}`")));
        }
        if pa.outcome().map(|o| s.outcome(o)) != pb.outcome() {
            return Err(broken(&trail, "results differ".into()));
        }
        if pa.is_over() || u.is_empty() || trail.turns.len() >= prefix + 12 {
            break;
        }
        let list = pa.legal_turns();
        let mut mapped: Vec<u32> = list.iter().map(|t| turn_key(s.turn(*t))).collect();
        let mut theirs: Vec<u32> = pb.legal_turns().into_iter().map(turn_key).collect();
        mapped.sort_unstable();
        theirs.sort_unstable();
        if mapped != theirs {
            return Err(broken(&trail, "legal lists differ".into()));
        }
        let odd = arbitrary_turn(&mut u, &pa);
        let (ra, rb) = (pa.illegal_reasons(odd), pb.illegal_reasons(s.turn(odd)));
        if ra != rb {
            return Err(broken(
                &trail,
                format!(
                    "{odd} is rejected with [{}], its image with [{}]",
                    crate::oracle::codes(ra),
                    crate::oracle::codes(rb)
                ),
            ));
        }
        let t = if ra.is_empty() {
            odd
        } else {
            list[u.choose_index(list.len()).unwrap_or(0)]
        };
        a.play_legal(t);
        b.play_legal(s.turn(t));
        trail.turns.push(t);
    }
    Ok(())
}
