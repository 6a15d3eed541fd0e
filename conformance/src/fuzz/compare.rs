//! One step of differential play: a turn offered to the engine and to the
//! reference, judged by the oracle.

use crate::diagnose::{self, Divergence, Source};
use crate::engine::{Capabilities, Capability, CaptureKinds, Engine, Incident, PlayReply};
use crate::oracle::{self, Difference, Judgement, KindsCheck, TurnVerdict};
use hexodic_rules::{Game, Position, Setup, Turn, TurnReport};

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

fn divergence(
    d: Difference,
    turn: Option<Turn>,
    before: &Position,
    after: Option<(Setup, Option<Setup>, CaptureKinds)>,
) -> Mismatch {
    let mut div = Divergence {
        step: 0,
        line: 0,
        turn,
        source: Source::Trace,
        difference: d,
        before: Some(Setup::from(before)),
        expected: after.map(|a| a.0),
        got: after.and_then(|a| a.1),
        captures: after.map(|a| a.2),
        implicated: Vec::new(),
    };
    div.implicated = diagnose::implicated(&div);
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
    if let Judgement::Differs(Difference::LegalList(mut d)) = oracle::legal_list(p, Some(&list)) {
        diagnose::ask_missing(engine, &mut d)?;
        return Err(divergence(Difference::LegalList(d), None, p, None));
    }
    Ok(())
}
