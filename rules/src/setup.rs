//! [`Setup`]: a raw, possibly impossible description of a game state, and its
//! validation into a [`Position`] (V1) that lists every fault found.

use crate::cell::Cell;
use crate::cellset::CellSet;
use crate::fault_code::FaultCode;
use crate::outcome::Outcome;
use crate::player::Player;
use crate::position::{Counters, Position};
use crate::ruleset::RS;
use std::fmt;

/// One cell of a [`Setup`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct SetupCell {
    /// The stone on the cell, if any.
    pub stone: Option<Player>,
    /// The tier (valid: 0 to 2).
    pub tier: u8,
    /// Whether the cell is locked (valid only on tier 2).
    pub locked: bool,
}

/// A game state as written down, not yet checked. Every field is public;
/// [`Setup::validate`] turns it into a [`Position`] or lists its faults.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The cells, by [`Cell::index`].
    pub cells: [SetupCell; 37],
    /// Each player's counters, `X` first.
    pub counters: [Counters; 2],
    /// The player to move.
    pub to_move: Player,
    /// Half-moves played.
    pub half_moves: u16,
    /// The recorded result, for a finished game.
    pub outcome: Option<Outcome>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup::from(&Position::start())
    }
}

impl From<&Position> for Setup {
    fn from(p: &Position) -> Setup {
        let mut cells = [SetupCell::default(); 37];
        for c in Cell::ALL {
            cells[c.index()] = SetupCell {
                stone: p.stone_at(c),
                tier: p.tier(c),
                locked: p.is_locked(c),
            };
        }
        Setup {
            cells,
            counters: p.counters,
            to_move: p.to_move,
            half_moves: p.half_moves,
            outcome: p.outcome,
        }
    }
}

/// One reason a [`Setup`] is not a valid position, with the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A tier above 2 (I2).
    TierOutOfRange {
        /// The cell.
        cell: Cell,
        /// Its tier.
        tier: u8,
    },
    /// A locked cell that is not tier 2 (I2).
    LockNotOnTop {
        /// The cell.
        cell: Cell,
    },
    /// Locked cells differ from the number of used Echo-Locks (I2).
    LockCount {
        /// Locked cells.
        locked: u32,
        /// Players whose Echo-Lock is used.
        used: u32,
    },
    /// Stones on the board plus reserve differ from the stone count (I1).
    StoneCount {
        /// The player.
        player: Player,
        /// Stones on the board.
        on_board: u32,
        /// Reserve.
        reserve: u8,
    },
    /// More charges than the ruleset gives (I4).
    TooManyCharges {
        /// The player.
        player: Player,
        /// Charges.
        charges: u8,
    },
    /// An Echo-Lock used while all charges remain (I4).
    LockWithoutCharge {
        /// The player.
        player: Player,
    },
    /// More lowers left than the budget (I4).
    TooManyLowers {
        /// The player.
        player: Player,
        /// Lowers left.
        lowers_left: u8,
    },
    /// The sum of tiers differs from raises minus lowers made (I3).
    TierSum {
        /// Sum of all tiers.
        total: i64,
        /// Raises of both players minus lowers made by both.
        expected: i64,
    },
    /// A player with no first Place has stones out of reserve (V1).
    StonesBeforeFirstPlace {
        /// The player.
        player: Player,
    },
    /// The player not to move has a Network (V1, G1).
    AlreadyNetwork {
        /// The player.
        player: Player,
    },
    /// The player not to move has the Takeover count (V1, G2).
    AlreadyTakeover {
        /// The player.
        player: Player,
    },
    /// The player to move has no legal Project (V1, G4).
    AlreadyStrangled {
        /// The player.
        player: Player,
    },
    /// The half-move count is at or past the cap (V1, G7).
    AlreadyCapped {
        /// The count.
        half_moves: u16,
    },
    /// The recorded result is not well formed (V1, G8).
    MalformedOutcome {
        /// The result.
        outcome: Outcome,
    },
}

impl Fault {
    /// The kind of fault, as its stable code.
    pub const fn kind(&self) -> FaultCode {
        match self {
            Fault::TierOutOfRange { .. } => FaultCode::TierOutOfRange,
            Fault::LockNotOnTop { .. } => FaultCode::LockNotOnTop,
            Fault::LockCount { .. } => FaultCode::LockCount,
            Fault::StoneCount { .. } => FaultCode::StoneCount,
            Fault::TooManyCharges { .. } => FaultCode::TooManyCharges,
            Fault::LockWithoutCharge { .. } => FaultCode::LockWithoutCharge,
            Fault::TooManyLowers { .. } => FaultCode::TooManyLowers,
            Fault::TierSum { .. } => FaultCode::TierSum,
            Fault::StonesBeforeFirstPlace { .. } => FaultCode::StonesBeforeFirstPlace,
            Fault::AlreadyNetwork { .. } => FaultCode::AlreadyNetwork,
            Fault::AlreadyTakeover { .. } => FaultCode::AlreadyTakeover,
            Fault::AlreadyStrangled { .. } => FaultCode::AlreadyStrangled,
            Fault::AlreadyCapped { .. } => FaultCode::AlreadyCapped,
            Fault::MalformedOutcome { .. } => FaultCode::MalformedOutcome,
        }
    }

    /// The RULINGS ID the fault breaks.
    pub const fn rule(&self) -> &'static str {
        self.kind().rule()
    }

    /// A stable kebab-case code for the fault.
    pub const fn code(&self) -> &'static str {
        self.kind().code()
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::TierOutOfRange { cell, tier } => write!(f, "{cell} has tier {tier}, above 2"),
            Fault::LockNotOnTop { cell } => write!(f, "{cell} is locked but not tier 2"),
            Fault::LockCount { locked, used } => write!(
                f,
                "{locked} locked cell(s) but {used} player(s) have used their Echo-Lock"
            ),
            Fault::StoneCount {
                player,
                on_board,
                reserve,
            } => write!(
                f,
                "{player} has {on_board} stone(s) on the board and {reserve} in reserve, not {} in all",
                RS.stones
            ),
            Fault::TooManyCharges { player, charges } => {
                write!(f, "{player} has {charges} charges, more than {}", RS.charges)
            }
            Fault::LockWithoutCharge { player } => write!(
                f,
                "{player} has used its Echo-Lock but still has all {} charges",
                RS.charges
            ),
            Fault::TooManyLowers {
                player,
                lowers_left,
            } => write!(f, "{player} has {lowers_left} lowers left, more than {}", RS.lowers),
            Fault::TierSum { total, expected } => write!(
                f,
                "the tiers add up to {total} but raises minus lowers made is {expected}"
            ),
            Fault::StonesBeforeFirstPlace { player } => write!(
                f,
                "{player} has not made a first Place but has stones out of reserve"
            ),
            Fault::AlreadyNetwork { player } => {
                write!(f, "the game is already over: {player} (not to move) has a Network")
            }
            Fault::AlreadyTakeover { player } => write!(
                f,
                "the game is already over: {player} (not to move) has {} or more captures",
                RS.takeover_captures
            ),
            Fault::AlreadyStrangled { player } => write!(
                f,
                "the game is already over: {player} (to move) has no legal Project"
            ),
            Fault::AlreadyCapped { half_moves } => write!(
                f,
                "the game is already over: half-move count {half_moves} is at or past the cap of {}",
                RS.half_move_cap
            ),
            Fault::MalformedOutcome { outcome } => {
                write!(f, "the result `{outcome}` does not fit its rule")
            }
        }
    }
}

/// A [`Setup`] that is not a valid position, with every fault found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid position: {}", self.faults.iter().map(|f| format!("{f} ({})", f.rule())).collect::<Vec<_>>().join("; "))]
pub struct InvalidSetup {
    /// The faults, never empty.
    pub faults: Vec<Fault>,
}

impl Setup {
    /// The setup's cell.
    pub fn cell(&self, c: Cell) -> &SetupCell {
        &self.cells[c.index()]
    }

    /// The setup's cell, to change.
    pub fn cell_mut(&mut self, c: Cell) -> &mut SetupCell {
        &mut self.cells[c.index()]
    }

    /// Check the setup (V1) and build the position, or list every fault.
    pub fn validate(&self) -> Result<Position, InvalidSetup> {
        let mut faults = Vec::new();
        let mut p = Position::start();
        p.counters = self.counters;
        p.to_move = self.to_move;
        p.half_moves = self.half_moves;
        p.outcome = self.outcome;
        let mut total: i64 = 0;
        for c in Cell::ALL {
            let sc = self.cells[c.index()];
            if let Some(s) = sc.stone {
                p.stones[s.index()].insert(c);
            }
            if sc.tier > RS.max_tier {
                faults.push(Fault::TierOutOfRange {
                    cell: c,
                    tier: sc.tier,
                });
            }
            total += sc.tier as i64;
            if sc.tier >= 1 {
                p.raised.insert(c);
            }
            if sc.tier >= 2 {
                p.top.insert(c);
            }
            if sc.locked {
                p.locked.insert(c);
                if sc.tier != RS.max_tier {
                    faults.push(Fault::LockNotOnTop { cell: c });
                }
            }
        }
        let used = self.counters.iter().filter(|c| c.lock_used).count() as u32;
        if p.locked.count() != used {
            faults.push(Fault::LockCount {
                locked: p.locked.count(),
                used,
            });
        }
        let mut expected: i64 = 0;
        for player in Player::BOTH {
            let c = &self.counters[player.index()];
            let on_board = p.stones[player.index()].count();
            if on_board + c.reserve as u32 != RS.stones as u32 {
                faults.push(Fault::StoneCount {
                    player,
                    on_board,
                    reserve: c.reserve,
                });
            }
            if c.charges > RS.charges {
                faults.push(Fault::TooManyCharges {
                    player,
                    charges: c.charges,
                });
            } else if c.lock_used && c.charges == RS.charges {
                faults.push(Fault::LockWithoutCharge { player });
            }
            if c.lowers_left > RS.lowers {
                faults.push(Fault::TooManyLowers {
                    player,
                    lowers_left: c.lowers_left,
                });
            }
            expected += c.raises as i64 - (RS.lowers as i64 - c.lowers_left as i64);
            if !c.first_placed && on_board > 0 {
                faults.push(Fault::StonesBeforeFirstPlace { player });
            }
        }
        if total != expected {
            faults.push(Fault::TierSum { total, expected });
        }
        match self.outcome {
            Some(outcome) => {
                if !outcome.is_well_formed() {
                    faults.push(Fault::MalformedOutcome { outcome });
                }
            }
            None => {
                let waiting = self.to_move.other();
                if p.network_size(waiting) >= RS.network_size as u32 {
                    faults.push(Fault::AlreadyNetwork { player: waiting });
                }
                if self.counters[waiting.index()].captures >= RS.takeover_captures {
                    faults.push(Fault::AlreadyTakeover { player: waiting });
                }
                if !p.has_legal_project(self.to_move) {
                    faults.push(Fault::AlreadyStrangled {
                        player: self.to_move,
                    });
                }
                if self.half_moves >= RS.half_move_cap {
                    faults.push(Fault::AlreadyCapped {
                        half_moves: self.half_moves,
                    });
                }
            }
        }
        if faults.is_empty() {
            Ok(p)
        } else {
            Err(InvalidSetup { faults })
        }
    }

    /// The cooldown set of a player.
    pub fn cooldown(&self, p: Player) -> CellSet {
        self.counters[p.index()].cooldown
    }
}
