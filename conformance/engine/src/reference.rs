//! The reference rules (`hexodic-rules`) as an [`Engine`], in process.

use super::{
    Capabilities, CaptureKinds, Engine, EngineInfo, EngineResult, PlayReply, Played, PositionReply,
};
use hexodic_rules::{perft, Game, Setup, Turn};

/// The reference engine's name, the same in process and through `serve`.
pub const REFERENCE_NAME: &str = "hexodic-reference";

/// The reference engine: one [`Game`] of the reference rules.
#[derive(Clone, Debug, Default)]
pub struct ReferenceEngine {
    game: Game,
}

impl ReferenceEngine {
    /// A reference engine at the starting position.
    pub fn new() -> ReferenceEngine {
        ReferenceEngine::default()
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

impl Engine for ReferenceEngine {
    fn info(&self) -> EngineInfo {
        EngineInfo {
            name: REFERENCE_NAME.into(),
            version: env!("CARGO_PKG_VERSION").into(),
            capabilities: Capabilities::ALL,
        }
    }

    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        match position.validate() {
            Ok(p) => {
                self.game = Game::from_position(p);
                Ok(PositionReply::Accepted)
            }
            Err(e) => {
                let mut codes: Vec<_> = e.faults.iter().map(|f| f.kind()).collect();
                codes.sort();
                codes.dedup();
                Ok(PositionReply::Invalid(codes))
            }
        }
    }

    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        Ok(match self.game.play(turn) {
            Ok(report) => PlayReply::Legal(Played {
                position: Setup::from(self.game.position()),
                captured: Some(report.captured()),
                kinds: Some(CaptureKinds::from(&report)),
            }),
            Err(e) => PlayReply::Illegal(e.reasons),
        })
    }

    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        Ok(self.game.position().legal_turns())
    }

    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        Ok(perft::perft(&self.game, depth))
    }

    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        Ok(perft::divide(&self.game, depth))
    }
}
