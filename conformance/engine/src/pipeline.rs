//! Several requests answered in one exchange: what the harness asks of an
//! engine for a whole fixture or fuzz game at once. An engine in another
//! process that declares `pipelining` in its handshake is sent them
//! together and read back in order (PROTOCOL.md); every other engine
//! answers them one at a time, as if asked separately.

use super::{Engine, EngineResult, PlayReply, PositionReply};
use hexodic_rules::{Setup, Turn};

/// One request of a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Start a fresh game from this position ([`Engine::set_position`]).
    Position(Setup),
    /// Play this turn ([`Engine::play`]).
    Play(Turn),
    /// List the legal turns ([`Engine::legal_turns`]).
    Legal,
    /// Count the turn sequences of this depth ([`Engine::perft`]).
    Perft(u32),
}

/// The answer to one [`Ask`], of the same kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The answer to [`Ask::Position`].
    Position(PositionReply),
    /// The answer to [`Ask::Play`].
    Play(PlayReply),
    /// The answer to [`Ask::Legal`].
    Legal(Vec<Turn>),
    /// The answer to [`Ask::Perft`].
    Perft(u64),
}

impl Ask {
    /// Ask `engine` this one request.
    ///
    /// ```
    /// use hexodic_engine::{Answer, Ask, PositionReply, ReferenceEngine};
    /// use hexodic_rules::Setup;
    /// let mut engine = ReferenceEngine::new();
    /// let answer = Ask::Position(Setup::default()).ask(&mut engine).unwrap();
    /// assert_eq!(answer, Answer::Position(PositionReply::Accepted));
    /// ```
    pub fn ask(&self, engine: &mut (impl Engine + ?Sized)) -> EngineResult<Answer> {
        Ok(match self {
            Ask::Position(p) => Answer::Position(engine.set_position(p)?),
            Ask::Play(t) => Answer::Play(engine.play(*t)?),
            Ask::Legal => Answer::Legal(engine.legal_turns()?),
            Ask::Perft(depth) => Answer::Perft(engine.perft(*depth)?),
        })
    }
}

/// Ask `engine` each request in turn, stopping at the first incident: what
/// [`Transport::pipeline`](crate::Transport::pipeline) does unless an engine sends them together.
pub fn one_at_a_time(
    engine: &mut (impl Engine + ?Sized),
    asks: &[Ask],
) -> EngineResult<Vec<Answer>> {
    asks.iter().map(|a| a.ask(engine)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ReferenceEngine;

    #[test]
    fn one_at_a_time_answers_in_order_from_the_game_so_far() {
        let mut engine = ReferenceEngine::new();
        let first = Turn::parse("c3 +d4").unwrap();
        let asks = [
            Ask::Position(Setup::default()),
            Ask::Play(first),
            Ask::Play(first),
            Ask::Legal,
        ];
        let answers = one_at_a_time(&mut engine, &asks).unwrap();
        assert_eq!(answers.len(), 4);
        assert!(matches!(answers[1], Answer::Play(PlayReply::Legal(_))));
        // The same turn again is judged on the position after the first.
        assert!(matches!(answers[2], Answer::Play(PlayReply::Illegal(_))));
        let mut game = hexodic_rules::Game::new();
        game.play(first).unwrap();
        assert_eq!(answers[3], Answer::Legal(game.position().legal_turns()));
    }
}
