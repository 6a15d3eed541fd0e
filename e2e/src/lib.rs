//! Test engines for the harness, built outside the reference engine:
//!
//! - [`ModelEngine`]: the testkit's plain model of the rules as an
//!   [`Engine`], with one planted rule bug ([`Bug`]) or one reply fault
//!   ([`ReplyFault`]), or none;
//! - [`misreport`]: the clean model saying one thing wrongly in its replies
//!   (the other player named as the winner, a valid position refused with a
//!   fault code, a capture list short of a stone);
//! - [`wire`]: protocol peers that misbehave on the wire (a crash on one
//!   turn, a hang, a stray debug print, unknown cells, dropped or misspelled
//!   capabilities), around any engine;
//! - the binary `hexodic-test-engine`, which serves either over stdio.
//!
//! The end-to-end tests in `tests/` run the harness against them.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod misreport;
pub mod wire;

use hexodic_engine::{
    Capabilities, CaptureKinds, Engine, EngineInfo, EngineResult, PlayReply, Played, PositionReply,
};
use hexodic_rules::{ReasonSet, Setup, Turn};
pub use hexodic_testkit::{Bug, ModelGame, ReplyFault};
pub use misreport::{Misreport, MisreportEngine};

/// The testkit's model as an engine, with at most one bug and one fault.
pub struct ModelEngine {
    game: ModelGame,
    bug: Option<Bug>,
    fault: Option<ReplyFault>,
}

impl ModelEngine {
    /// A model engine at the start position.
    pub fn new(bug: Option<Bug>, fault: Option<ReplyFault>) -> ModelEngine {
        ModelEngine {
            game: ModelGame::new(bug),
            bug,
            fault,
        }
    }

    /// The engine's name: `model`, `model+BUG` or `model+FAULT`.
    pub fn name(bug: Option<Bug>, fault: Option<ReplyFault>) -> String {
        let mut n = String::from("model");
        if let Some(b) = bug {
            n.push('+');
            n.push_str(b.name());
        }
        if let Some(f) = fault {
            n.push('+');
            n.push_str(f.name());
        }
        n
    }
}

impl Engine for ModelEngine {
    fn info(&self) -> EngineInfo {
        EngineInfo::new(
            ModelEngine::name(self.bug, self.fault),
            env!("CARGO_PKG_VERSION"),
        )
        .with_capabilities(Capabilities::ALL)
    }

    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        Ok(match self.game.set_position(position) {
            Ok(()) => PositionReply::Accepted,
            Err(mut codes) => {
                codes.sort();
                codes.dedup();
                PositionReply::Invalid(codes)
            }
        })
    }

    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        // Play on a copy: a fault that turns the verdict into a rejection
        // must leave the game unchanged, as a rejection does.
        let mut next = self.game.clone();
        let mut r = next.play(turn).map(|p| (*next.position(), p));
        if let Some(f) = self.fault {
            f.apply_to_play(turn, &mut r);
        }
        if r.is_ok() {
            self.game = next;
        }
        Ok(match r {
            Ok((position, p)) => {
                let kinds = CaptureKinds::new(p.by_move, p.encircled, p.echo);
                // The capture list and the captures by kind.
                PlayReply::Legal(Played::new(position).with_kinds(kinds))
            }
            Err(reasons) => {
                let mut set = ReasonSet::EMPTY;
                for r in reasons {
                    set.insert(r);
                }
                PlayReply::Illegal(set)
            }
        })
    }

    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        let mut list = self.game.legal_turns();
        if let Some(f) = self.fault {
            f.apply_to_legal(&mut list);
        }
        Ok(list)
    }

    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        Ok(self.game.perft(depth))
    }

    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        Ok(self.game.divide(depth))
    }
}
