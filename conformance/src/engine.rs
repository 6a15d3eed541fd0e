//! What the runner needs from an engine, with strings at the boundary (the
//! one-line position notation, the turn notation, reason and fault codes), so
//! that an engine in another process maps onto it one call for one message.
//! [`ReferenceEngine`] implements it with `hexodic-rules`.

use hexodic_rules::{Game, Position, Turn};

/// What an engine can do besides setting positions and playing turns. A
/// fixture step that needs a missing capability is skipped, never passed
/// or failed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Capabilities {
    /// [`Engine::legal_turns`] works (`legal`, `not_legal`, `legal_count`).
    pub legal_turns: bool,
    /// Illegal turns and invalid positions come with reason or fault codes.
    pub error_codes: bool,
    /// [`Engine::perft`] works.
    pub perft: bool,
    /// [`PlayReply::Legal`] says which captures were of which kind (`captured_by`).
    pub capture_kinds: bool,
}

/// Who the engine is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineInfo {
    /// Name.
    pub name: String,
    /// Version.
    pub version: String,
    /// Capabilities.
    pub capabilities: Capabilities,
}

/// Captures of one turn, split by kind (cell names).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CaptureKinds {
    /// The cell whose stone the Move captured (T6).
    pub by_move: Option<String>,
    /// Cells captured by encirclement (C1).
    pub encircled: Vec<String>,
    /// Cells captured by the Echo-Capture group check (E4).
    pub echo: Vec<String>,
}

/// The answer to [`Engine::play`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayReply {
    /// The turn was played.
    Legal {
        /// The position after it, one-line notation, with `=result` when over.
        position: String,
        /// Cells that lost a stone to capture on this turn.
        captured: Vec<String>,
        /// The same split by kind, when the engine has `capture_kinds`.
        kinds: Option<CaptureKinds>,
    },
    /// The turn was rejected; the position is unchanged.
    Illegal {
        /// Reason codes (empty without `error_codes`).
        codes: Vec<String>,
    },
}

/// An engine could not do what was asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The position text is not in the notation.
    #[error("unreadable position: {0}")]
    BadPosition(String),
    /// The position is not valid (V1), with fault codes (empty without `error_codes`).
    #[error("invalid position: {}", .codes.join(", "))]
    InvalidPosition {
        /// Fault codes.
        codes: Vec<String>,
        /// Explanation.
        message: String,
    },
    /// The turn text is not in the notation.
    #[error("unreadable turn: {0}")]
    BadTurn(String),
    /// The engine lacks a capability.
    #[error("not supported: {0}")]
    Unsupported(&'static str),
    /// Anything else (a crash, a protocol error).
    #[error("engine failure: {0}")]
    Failure(String),
}

/// A Hexodic engine as the runner drives it.
pub trait Engine {
    /// Name, version and capabilities.
    fn info(&self) -> EngineInfo;
    /// Start a fresh game whose history holds just this position (V1).
    fn set_position(&mut self, one_line: &str) -> Result<(), EngineError>;
    /// Play a turn from the current position.
    fn play(&mut self, turn: &str) -> Result<PlayReply, EngineError>;
    /// Every legal turn from the current position.
    fn legal_turns(&mut self) -> Result<Vec<String>, EngineError>;
    /// Perft (N1) from the current position.
    fn perft(&mut self, depth: u32) -> Result<u64, EngineError>;
}

/// The reference engine (`hexodic-rules`), in process.
#[derive(Clone, Debug, Default)]
pub struct ReferenceEngine {
    game: Game,
}

impl ReferenceEngine {
    /// A reference engine at the starting position.
    pub fn new() -> ReferenceEngine {
        ReferenceEngine::default()
    }
}

impl Engine for ReferenceEngine {
    fn info(&self) -> EngineInfo {
        EngineInfo {
            name: "hexodic-rules".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            capabilities: Capabilities {
                legal_turns: true,
                error_codes: true,
                perft: true,
                capture_kinds: true,
            },
        }
    }

    fn set_position(&mut self, one_line: &str) -> Result<(), EngineError> {
        let setup = hexodic_rules::Setup::from_notation(one_line)
            .map_err(|e| EngineError::BadPosition(e.to_string()))?;
        let pos: Position = setup.validate().map_err(|e| EngineError::InvalidPosition {
            codes: e.faults.iter().map(|f| f.code().to_owned()).collect(),
            message: e.to_string(),
        })?;
        self.game = Game::from_position(pos);
        Ok(())
    }

    fn play(&mut self, turn: &str) -> Result<PlayReply, EngineError> {
        let t = Turn::parse(turn).map_err(|e| EngineError::BadTurn(e.to_string()))?;
        match self.game.play(t) {
            Ok(rep) => Ok(PlayReply::Legal {
                position: self.game.position().to_notation(),
                captured: rep.captured().iter().map(|c| c.to_string()).collect(),
                kinds: Some(CaptureKinds {
                    by_move: rep.move_capture.map(|c| c.to_string()),
                    encircled: rep.encircled.iter().map(|c| c.to_string()).collect(),
                    echo: rep.echo_captured.iter().map(|c| c.to_string()).collect(),
                }),
            }),
            Err(e) => Ok(PlayReply::Illegal {
                codes: e.reasons.iter().map(|r| r.code().to_owned()).collect(),
            }),
        }
    }

    fn legal_turns(&mut self) -> Result<Vec<String>, EngineError> {
        Ok(self
            .game
            .position()
            .legal_turns()
            .iter()
            .map(|t| t.to_string())
            .collect())
    }

    fn perft(&mut self, depth: u32) -> Result<u64, EngineError> {
        Ok(hexodic_rules::perft::perft(&self.game, depth))
    }
}
