//! The differential oracle: an engine under test against the reference,
//! every answer judged by the harness's oracle, the same judgement as a
//! corpus run. [`step`] offers one turn to both, [`lists`] compares the
//! legal lists, and [`play_game`] is the one game loop every fuzzer plays,
//! whatever feeds its choices (a seeded generator in the stable campaign,
//! libFuzzer's or proptest's bytes): a start from the generators, then
//! steered turns and probes until the end, the legal lists now and then.

use crate::choose::Choose;
use crate::generators::{choose_turn, probe_turn, start_position};
use crate::reach::{cap_combination, rules_fired};
use hexodic_engine::{
    Capabilities, Capability, CaptureKinds, Engine, Incident, PlayReply, PositionReply,
};
use hexodic_harness::diagnose;
use hexodic_harness::oracle::{self, Judgement, KindsCheck};
use hexodic_report::{Difference, Divergence, GameStats, Source, TurnVerdict};
use hexodic_rules::{Game, Position, Setup, Turn, TurnReport};
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
/// the first difference.
pub type Found = (Position, Vec<Turn>, Divergence);

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
    let start = start_position(c);
    let caps = engine.info().capabilities;
    tally.reach.insert("V1");
    tally.ask("position");
    if engine.set_position(&Setup::from(&start))? != PositionReply::Accepted {
        return Ok(Some((start, Vec::new(), refused_start(start))));
    }
    let mut game = Game::from_position(start);
    let mut turns: Vec<Turn> = Vec::new();
    let mut played: Vec<Turn> = Vec::new();
    let mismatch = |m: Mismatch, turns: Vec<Turn>| match m {
        Mismatch::Differs(d) => Ok(Some((start, turns, *d))),
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
        let turn = if c.one_in(6) {
            probe_turn(game.position(), c)
        } else {
            let own_last = played.len().checked_sub(2).map(|i| played[i]);
            match choose_turn(&game, c, own_last) {
                Some(t) => t,
                None => break,
            }
        };
        let before = *game.position();
        turns.push(turn);
        let reasons = before.illegal_reasons(turn);
        match reasons.iter().next() {
            Some(r) => tally.ask(format!("reason {}", r.code())),
            None => tally.ask("play"),
        }
        match step(engine, caps, &mut game, turn) {
            Err(m) => return mismatch(m, turns),
            Ok(Some(rep)) => {
                played.push(turn);
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
    if diagram_reads_back(game.position()) {
        tally.reach.insert("B3");
    }
    Ok(None)
}
