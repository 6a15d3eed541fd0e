//! [`ModelGame`]: a position of the model with its repetition history (G5,
//! V1), turns played with every reason (V2), legal turns and perft (N1).

use super::apply::{key, Key};
use super::legality::RS;
use super::{Played, Rules};
use crate::bug::Bug;
use hexodic_rules::{
    CellSet, Counters, FaultCode, Outcome, Player, Reason, Setup, SetupCell, Turn,
};

/// A game played by the model: the position, the recorded repetition keys,
/// and the planted bug, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelGame {
    setup: Setup,
    history: Vec<Key>,
    rules: Rules,
}

/// The starting position (P2), written out from the standard parameters.
fn start() -> Setup {
    let counters = Counters {
        reserve: RS.stones,
        charges: RS.charges,
        captures: 0,
        raises: 0,
        lowers_left: RS.lowers,
        first_placed: false,
        lock_used: false,
        cooldown: CellSet::EMPTY,
    };
    Setup {
        cells: [SetupCell {
            stone: None,
            tier: 0,
            locked: false,
        }; 37],
        counters: [counters; 2],
        to_move: Player::X,
        half_moves: 0,
        outcome: None,
    }
}

impl ModelGame {
    /// A game from the starting position (P2), with `bug` planted (or none).
    /// The start is recorded (G5 ruling).
    pub fn new(bug: Option<Bug>) -> ModelGame {
        let mut g = ModelGame {
            setup: start(),
            history: Vec::with_capacity(64),
            rules: Rules { bug },
        };
        g.record_start();
        g
    }

    fn record_start(&mut self) {
        self.history.clear();
        if !self.rules.has(Bug::StartNotRecorded) {
            self.history.push(key(self.rules, &self.setup));
        }
    }

    /// Start again from a position given directly (V1): it must pass
    /// [`Setup::validate`] (otherwise its fault codes are returned and the
    /// game is unchanged); the history then holds only this position.
    pub fn set_position(&mut self, s: &Setup) -> Result<(), Vec<FaultCode>> {
        if let Err(e) = s.validate() {
            let mut codes: Vec<FaultCode> = e.faults.iter().map(|f| f.kind()).collect();
            if self.rules.has(Bug::CappedPositionAccepted) {
                codes.retain(|c| *c != FaultCode::AlreadyCapped);
            }
            if !codes.is_empty() {
                return Err(codes);
            }
        }
        self.setup = *s;
        self.record_start();
        Ok(())
    }

    /// A game from a position given directly (V1), with `bug` planted.
    pub fn from_setup(s: &Setup, bug: Option<Bug>) -> Result<ModelGame, Vec<FaultCode>> {
        let mut g = ModelGame::new(bug);
        g.set_position(s)?;
        Ok(g)
    }

    /// The current position.
    pub fn position(&self) -> &Setup {
        &self.setup
    }

    /// The result, once the game is over (G8).
    pub fn outcome(&self) -> Option<Outcome> {
        self.setup.outcome
    }

    /// The planted bug, if any.
    pub fn bug(&self) -> Option<Bug> {
        self.rules.bug
    }

    /// How many repetition keys are recorded (G5).
    pub fn recorded(&self) -> usize {
        self.history.len()
    }

    /// Every reason `t` breaks here (V2), in code order; empty when legal.
    pub fn reasons(&self, t: Turn) -> Vec<Reason> {
        self.rules.reasons(&self.setup, t).to_vec()
    }

    /// Play a turn: every reason it breaks (V2; the game is unchanged), or
    /// the captures it made, with the position and history updated (T1).
    pub fn play(&mut self, t: Turn) -> Result<Played, Vec<Reason>> {
        let r = self.rules.reasons(&self.setup, t);
        if !r.is_empty() {
            return Err(r.to_vec());
        }
        Ok(self.apply(t))
    }

    /// Apply a turn known to be legal.
    fn apply(&mut self, t: Turn) -> Played {
        let played = self.rules.apply(&mut self.setup, t);
        self.rules.end_of_turn(
            &mut self.setup,
            t.project == hexodic_rules::Project::Skip,
            &mut self.history,
        );
        played
    }

    /// Every legal turn (N1), without duplicates (unless the planted bug
    /// repeats some); empty once the game is over (G8).
    pub fn legal_turns(&self) -> Vec<Turn> {
        self.rules.legal_turns(&self.setup)
    }

    /// The number of distinct legal turn sequences of exactly `depth` turns
    /// (N1); a line on which the game ends early counts nothing.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.legal_turns().len() as u64,
            _ => self.divide(depth).iter().map(|(_, n)| n).sum(),
        }
    }

    /// perft split by first turn, in the order of [`ModelGame::legal_turns`];
    /// empty for depth 0.
    pub fn divide(&self, depth: u32) -> Vec<(Turn, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        self.legal_turns()
            .into_iter()
            .map(|t| {
                let mut child = self.clone();
                child.apply(t);
                (t, child.perft(depth - 1))
            })
            .collect()
    }
}
