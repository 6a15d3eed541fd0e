//! The differential oracle: an engine under test against the reference,
//! every answer judged by the harness's oracle, the same judgement as a
//! corpus run. [`step`] offers one turn to both, [`lists`] compares the
//! legal lists, and [`play_game`] is the one game loop every fuzzer plays,
//! whatever feeds its choices (a seeded generator in the stable campaign,
//! libFuzzer's or proptest's bytes): a start from the generators, then
//! steered turns and probes until the end, the legal lists now and then.

use crate::choose::Choose;
use crate::generators::{
    choose_turn, position_question_of, probe_turn, probed_reasons, reason_probe, start_position,
    QUESTION_KINDS,
};
use crate::reach::{cap_combination, rules_fired};
use hexodic_engine::{
    Capabilities, Capability, CaptureKinds, Engine, Incident, PlayReply, PositionReply,
};
use hexodic_harness::diagnose;
use hexodic_harness::oracle::{self, Judgement, KindsCheck};
use hexodic_report::{Difference, Divergence, GameStats, Source, TurnVerdict};
use hexodic_rules::{Game, Position, Reason, Setup, Turn, TurnReport};
use std::collections::{BTreeMap, HashSet};

/// Longest game played (the cap ends games at 60 half-moves).
pub const MAX_TURNS: usize = 80;

/// The most turns a game offers, played or rejected (probes included), so
/// that a game whose every probe is rejected still ends.
pub const MAX_OFFERED: usize = 2 * MAX_TURNS;

/// Why differential play stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// The engine differs from the reference.
    Differs(Box<Divergence>),
    /// The engine crashed, hung or broke the protocol.
    Incident(Incident),
}

impl From<Incident> for Mismatch {
    fn from(i: Incident) -> Mismatch {
        Mismatch::Incident(i)
    }
}

/// A divergence of differential play, explained (its implicated rules and
/// words).
fn divergence(
    d: Difference,
    turn: Option<Turn>,
    before: &Position,
    after: Option<(Setup, Option<Setup>, CaptureKinds)>,
) -> Mismatch {
    let mut div = Divergence::new(0, 0, turn, Source::Trace, d);
    div.before = Some(Setup::from(before));
    div.expected = after.map(|a| a.0);
    div.got = after.and_then(|a| a.1);
    div.captures = after.map(|a| a.2);
    diagnose::explain(&mut div);
    Mismatch::Differs(Box::new(div))
}

/// Offer `turn` to both. `Ok(Some(report))` when both play it (and `game`
/// has), `Ok(None)` when both reject it.
pub fn step(
    engine: &mut dyn Engine,
    caps: Capabilities,
    game: &mut Game,
    turn: Turn,
) -> Result<Option<TurnReport>, Mismatch> {
    let before = *game.position();
    let reasons = before.illegal_reasons(turn);
    let expected = if reasons.is_empty() {
        TurnVerdict::Legal
    } else {
        TurnVerdict::Illegal(reasons)
    };
    let reply = engine.play(turn)?;
    let differs = |j: Judgement, after| match j {
        Judgement::Differs(d) => Err(divergence(d, Some(turn), &before, after)),
        _ => Ok(()),
    };
    let played = match &reply {
        PlayReply::Legal(p) if expected.is_legal() => p,
        PlayReply::Illegal(got) if !expected.is_legal() => {
            differs(oracle::reasons(turn, reasons, *got, caps), None)?;
            return Ok(None);
        }
        _ => {
            let report = if expected.is_legal() {
                game.play_legal(turn)
            } else {
                TurnReport::default()
            };
            let got = match &reply {
                PlayReply::Legal(p) => Some(p.position),
                PlayReply::Illegal(_) => None,
            };
            let after = (
                Setup::from(game.position()),
                got,
                CaptureKinds::from(&report),
            );
            differs(oracle::verdict(turn, expected, &reply), Some(after))?;
            return Ok(None);
        }
    };
    let report = game.play_legal(turn);
    let kinds = CaptureKinds::from(&report);
    let want = Setup::from(game.position());
    let after = Some((want, Some(played.position), kinds));
    differs(oracle::captures(report.captured(), played.captured), after)?;
    let full = KindsCheck {
        by_move: Some(kinds.by_move),
        encircled: Some(kinds.encircled),
        echo: Some(kinds.echo),
    };
    differs(oracle::capture_kinds(&full, played.kinds.as_ref()), after)?;
    differs(oracle::position(&want, &played.position), after)?;
    Ok(Some(report))
}

/// Compare the engine's legal list at `p` with the reference's; on a
/// difference, ask the engine about the turns it misses (its game may change).
pub fn lists(engine: &mut dyn Engine, caps: Capabilities, p: &Position) -> Result<(), Mismatch> {
    if !caps.has(Capability::LegalTurns) {
        return Ok(());
    }
    let list = engine.legal_turns()?;
    if let Judgement::Differs(Difference::LegalList { list: mut d }) =
        oracle::legal_list(p, Some(&list))
    {
        diagnose::ask_missing(engine, &mut d)?;
        return Err(divergence(Difference::LegalList { list: d }, None, p, None));
    }
    Ok(())
}

/// What one game did: its turns, the rules it reached, its events, the
/// questions it asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameTally {
    /// Turns played.
    pub turns: u64,
    /// The rule IDs it fired (each once).
    pub reach: HashSet<&'static str>,
    /// Its events.
    pub events: GameStats,
    /// The questions it asked the engine, by kind, and how often.
    pub questions: BTreeMap<String, u64>,
}

impl GameTally {
    fn ask(&mut self, question: impl Into<String>) {
        *self.questions.entry(question.into()).or_insert(0) += 1;
    }
}

/// A game's start, the turns offered (probes both rejected included) and
/// the first difference. The start is a position given directly: one V1
/// must refuse when the difference is in its verdict.
pub type Found = (Setup, Vec<Turn>, Divergence);

/// The difference when the engine refuses a start position the reference accepts.
fn refused_start(start: Position) -> Divergence {
    let d = Difference::Validity {
        expected: Vec::new(),
        got: PositionReply::Invalid(Vec::new()),
    };
    let mut div = Divergence::new(0, 0, None, Source::Trace, d);
    div.before = Some(Setup::from(&start));
    diagnose::explain(&mut div);
    div
}

/// The difference in the verdict on a position given directly.
pub fn position_divergence(d: Difference, given: Setup) -> Divergence {
    let mut div = Divergence::new(0, 0, None, Source::Trace, d);
    div.before = Some(given);
    diagnose::explain(&mut div);
    div
}

/// One game in this many first gives the engine a position V1 must judge
/// of each kind: invalid, each breaking one condition (one per fault
/// code), and valid at the edge of one.
pub const POSITION_SHARE: u64 = 4;

/// Ask the engine's verdict on a position V1 must judge, chosen by `c`:
/// the difference when its verdict or fault codes differ.
fn position_probe(
    engine: &mut dyn Engine,
    caps: Capabilities,
    which: usize,
    c: &mut dyn Choose,
    tally: &mut GameTally,
) -> Result<Option<Found>, Incident> {
    let (given, faults) = position_question_of(which, c);
    tally.reach.insert("V1");
    match faults.is_empty() {
        true => tally.ask(POSITION_VALID),
        false => tally.ask(POSITION_INVALID),
    }
    for f in &faults {
        tally.ask(format!("fault {}", f.code()));
    }
    let reply = engine.set_position(&given)?;
    Ok(match oracle::validity(&faults, &reply, caps) {
        Judgement::Differs(d) => Some((given, Vec::new(), position_divergence(d, given))),
        _ => None,
    })
}

/// The question of a position V1 accepts, as the reach counts it.
pub const POSITION_VALID: &str = "position valid";
/// The question of a position V1 refuses, as the reach counts it.
pub const POSITION_INVALID: &str = "position invalid";

/// One turn in this many is a probe steered to break one chosen rule, one
/// in as many a random probe.
pub const PROBE_SHARE: u64 = 12;

/// Whether the diagram of a position reads back as the same state (B3).
fn diagram_reads_back(position: &Position) -> bool {
    let end = Setup::from(position);
    let d = hexodic_rules::diagram::diagram(&end);
    hexodic_rules::diagram::parse_diagram(&d).ok() == Some(end)
}

/// One game on `engine` and the reference, every choice from `c`: `Ok(None)`
/// when the engine agreed throughout, the start, the turns offered and the
/// first difference when it did not, the incident when it had one.
pub fn play_game(
    engine: &mut dyn Engine,
    c: &mut dyn Choose,
    tally: &mut GameTally,
) -> Result<Option<Found>, Incident> {
    let caps = engine.info().capabilities;
    if c.one_in(POSITION_SHARE) {
        for which in 0..QUESTION_KINDS {
            if let Some(found) = position_probe(engine, caps, which, c, tally)? {
                return Ok(Some(found));
            }
        }
    }
    let start = start_position(c);
    tally.reach.insert("V1");
    tally.ask("position");
    if engine.set_position(&Setup::from(&start))? != PositionReply::Accepted {
        return Ok(Some((
            Setup::from(&start),
            Vec::new(),
            refused_start(start),
        )));
    }
    let mut game = Game::from_position(start);
    let mut turns: Vec<Turn> = Vec::new();
    let mut played: Vec<Turn> = Vec::new();
    // The position before the last turn played: its legal turns are the
    // ones an after-end probe offers.
    let mut before_last = start;
    let mismatch = |m: Mismatch, turns: Vec<Turn>| match m {
        Mismatch::Differs(d) => Ok(Some((Setup::from(&start), turns, *d))),
        Mismatch::Incident(i) => Err(i),
    };
    while !game.position().is_over()
        && played.len() < MAX_TURNS
        && turns.len() < MAX_OFFERED
        && !c.exhausted()
    {
        if c.one_in(8) && caps.has(Capability::LegalTurns) {
            tally.ask("legal");
            if let Err(m) = lists(engine, caps, game.position()) {
                return mismatch(m, turns);
            }
        }
        let turn = match c.below(PROBE_SHARE) {
            0 => probe_turn(game.position(), c),
            1 => {
                let all: Vec<Reason> = probed_reasons().collect();
                let target = all[c.below(all.len() as u64) as usize];
                reason_probe(game.position(), target, c)
                    .unwrap_or_else(|| probe_turn(game.position(), c))
            }
            _ => {
                let own_last = played.len().checked_sub(2).map(|i| played[i]);
                match choose_turn(&game, c, own_last) {
                    Some(t) => t,
                    None => break,
                }
            }
        };
        let before = *game.position();
        turns.push(turn);
        let reasons = before.illegal_reasons(turn);
        ask_reasons(tally, reasons);
        match step(engine, caps, &mut game, turn) {
            Err(m) => return mismatch(m, turns),
            Ok(Some(rep)) => {
                played.push(turn);
                before_last = before;
                tally.turns += 1;
                tally.events.record(turn, &rep);
                tally
                    .reach
                    .extend(rules_fired(&before, turn, &rep, game.position()));
                tally
                    .reach
                    .extend(cap_combination(&before, turn, game.position()));
                if rep.move_capture.is_some() {
                    tally.ask("captures by move");
                }
                if rep.encircled.any() {
                    tally.ask("captures by encirclement");
                }
                if rep.echo_captured.any() {
                    tally.ask("captures by echo");
                }
            }
            // Both rejected it: it stays in the sequence.
            Ok(None) => {}
        }
    }
    if game.position().is_over() && c.one_in(AFTER_END_SHARE) {
        if let Err(m) = after_end(engine, caps, &mut game, &before_last, c, tally, &mut turns) {
            return mismatch(m, turns);
        }
    }
    if diagram_reads_back(game.position()) {
        tally.reach.insert("B3");
    }
    Ok(None)
}

/// One game in this many, once it has ended, is asked more (G8): its legal
/// list (none) and a turn that was legal just before the end (refused,
/// `game-over`).
pub const AFTER_END_SHARE: u64 = 4;

/// The after-end probes of an ended `game`: the legal list, then a turn
/// legal at `before_last` (the position before the ending turn), added to
/// `turns`.
fn after_end(
    engine: &mut dyn Engine,
    caps: Capabilities,
    game: &mut Game,
    before_last: &Position,
    c: &mut dyn Choose,
    tally: &mut GameTally,
    turns: &mut Vec<Turn>,
) -> Result<(), Mismatch> {
    tally.reach.insert("G8");
    if caps.has(Capability::LegalTurns) {
        tally.ask(AFTER_END_LEGAL);
        lists(engine, caps, game.position())?;
    }
    let Some(turn) = before_last.nth_legal(c.below(before_last.count_legal())) else {
        return Ok(());
    };
    tally.ask(AFTER_END_PLAY);
    ask_reasons(tally, game.position().illegal_reasons(turn));
    turns.push(turn);
    step(engine, caps, game, turn).map(|_| ())
}

/// Count the question a turn asks: `play` for a legal one, `reason CODE`
/// for each reason an illegal one breaks (any of them is a right answer,
/// V2).
fn ask_reasons(tally: &mut GameTally, reasons: hexodic_rules::ReasonSet) {
    if reasons.is_empty() {
        tally.ask("play");
    }
    for r in reasons.iter() {
        tally.ask(format!("reason {}", r.code()));
    }
}

/// The question of an after-end legal list, as the reach counts it.
pub const AFTER_END_LEGAL: &str = "after-end legal";
/// The question of an after-end turn, as the reach counts it.
pub const AFTER_END_PLAY: &str = "after-end play";
