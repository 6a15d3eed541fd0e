//! [`Misreport`]: engines that play by the rules but say one thing wrongly
//! in their replies, the way engine authors' bugs often look from outside:
//! the other player named as the winner, a valid position refused with a
//! fault code, a captured stone left out of the capture list. Each wraps
//! the testkit's clean model ([`MisreportEngine`]).

use crate::ModelEngine;
use hexodic_engine::{Engine, EngineInfo, EngineResult, PlayReply, PositionReply};
use hexodic_rules::{FaultCode, Project, Setup, Turn};
use std::fmt;

/// One thing a rule-abiding engine reports wrongly.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Misreport {
    /// Every won game's result names the other player as the winner (G8).
    SwappedWinner,
    /// A valid position whose player to move must Skip (T5: no cell to
    /// Place on) is refused as `already-strangled`, although a Skip is a
    /// legal Project and such a position is never a Strangle (G4).
    AlreadyStrangled,
    /// The capture list of a turn that captures leaves out one of the
    /// captured stones; the position after the turn is right (C3).
    DropsCapturedStone,
}

impl Misreport {
    /// Every misreport.
    pub const ALL: &'static [Misreport] = &[
        Misreport::SwappedWinner,
        Misreport::AlreadyStrangled,
        Misreport::DropsCapturedStone,
    ];

    /// The kebab-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Misreport::SwappedWinner => "swapped-winner",
            Misreport::AlreadyStrangled => "already-strangled",
            Misreport::DropsCapturedStone => "drops-captured-stone",
        }
    }

    /// The rule the misreport breaks (RULINGS IDs).
    pub const fn rule(self) -> &'static str {
        match self {
            Misreport::SwappedWinner => "G8",
            Misreport::AlreadyStrangled => "G4",
            Misreport::DropsCapturedStone => "C3",
        }
    }

    /// One sentence: what the engine reports wrongly.
    pub const fn describe(self) -> &'static str {
        match self {
            Misreport::SwappedWinner => "every won game names the other player as the winner",
            Misreport::AlreadyStrangled => {
                "a valid position whose player to move must Skip is refused as already-strangled"
            }
            Misreport::DropsCapturedStone => {
                "the capture list of a turn that captures leaves one captured stone out"
            }
        }
    }
}

impl fmt::Display for Misreport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The clean model with one [`Misreport`] in its replies.
pub struct MisreportEngine {
    model: ModelEngine,
    misreport: Misreport,
}

impl MisreportEngine {
    /// The clean model at the start position, misreporting one thing.
    pub fn new(misreport: Misreport) -> MisreportEngine {
        MisreportEngine {
            model: ModelEngine::new(None, None),
            misreport,
        }
    }
}

impl Engine for MisreportEngine {
    fn info(&self) -> EngineInfo {
        let mut info = self.model.info();
        info.name = format!("model+{}", self.misreport.name());
        info
    }

    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        let reply = self.model.set_position(position)?;
        if self.misreport != Misreport::AlreadyStrangled || reply != PositionReply::Accepted {
            return Ok(reply);
        }
        let turns = self.model.legal_turns()?;
        let must_skip = !turns.is_empty() && turns.iter().all(|t| t.project == Project::Skip);
        Ok(if must_skip && position.outcome.is_none() {
            PositionReply::Invalid(vec![FaultCode::AlreadyStrangled])
        } else {
            reply
        })
    }

    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        let mut reply = self.model.play(turn)?;
        if let PlayReply::Legal(played) = &mut reply {
            match self.misreport {
                Misreport::SwappedWinner => {
                    if let Some(o) = played.position.outcome.filter(|o| o.winner.is_some()) {
                        played.position.outcome = Some(o.swapped());
                    }
                }
                Misreport::DropsCapturedStone => {
                    let all = played.captured.unwrap_or_default();
                    if let Some(c) = all.iter().last() {
                        if let Some(list) = &mut played.captured {
                            list.remove(c);
                        }
                        if let Some(k) = &mut played.kinds {
                            k.encircled.remove(c);
                            k.echo.remove(c);
                            if k.by_move == Some(c) {
                                k.by_move = None;
                            }
                        }
                    }
                }
                Misreport::AlreadyStrangled => {}
            }
        }
        Ok(reply)
    }

    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        self.model.legal_turns()
    }

    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        self.model.perft(depth)
    }

    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        self.model.divide(depth)
    }
}
