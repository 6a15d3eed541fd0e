//! [`Game`]: a [`Position`] with its repetition history (G5, V1).

use crate::illegal::IllegalTurn;
use crate::outcome::Outcome;
use crate::play::TurnReport;
use crate::position::Position;
use crate::repetition::RepetitionKey;
use crate::turn::Turn;

/// A position together with the repetition keys recorded so far. The
/// starting position of the game (or the position it was built from) is
/// recorded (G5 ruling, V1); Skip turns record nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    position: Position,
    history: Vec<RepetitionKey>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A game from the starting position (P2).
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game from a position given directly: a fresh history holding only it (V1).
    pub fn from_position(position: Position) -> Game {
        let mut history = Vec::with_capacity(64);
        history.push(position.key());
        Game { position, history }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The recorded repetition keys, oldest first.
    pub fn history(&self) -> &[RepetitionKey] {
        &self.history
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// Play a turn. An illegal turn is rejected with every reason it breaks
    /// (V2) and leaves the game unchanged.
    pub fn play(&mut self, turn: Turn) -> Result<TurnReport, IllegalTurn> {
        let reasons = self.position.illegal_reasons(turn);
        if !reasons.is_empty() {
            return Err(IllegalTurn { reasons });
        }
        Ok(self.position.apply(turn, &mut self.history))
    }

    /// Play a turn that the caller took from the legal list. Still checked
    /// in debug builds.
    pub fn play_legal(&mut self, turn: Turn) -> TurnReport {
        debug_assert!(self.position.is_legal(turn), "{turn} is not legal");
        self.position.apply(turn, &mut self.history)
    }
}
