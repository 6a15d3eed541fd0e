//! [`Outcome`]: how a finished game ended (G8).

use crate::player::Player;
use std::fmt;

/// A step of the tiebreak at the half-move cap (G7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum TiebreakStep {
    /// Step 1: more stones on unlocked tier-2 cells.
    Tier2Stones = 1,
    /// Step 2: higher sum of the tiers under the player's stones.
    TierSum = 2,
    /// Step 3: more captures.
    Captures = 3,
    /// Step 4: more raises.
    Raises = 4,
}

impl TiebreakStep {
    /// All steps in order.
    pub const ALL: [TiebreakStep; 4] = [
        TiebreakStep::Tier2Stones,
        TiebreakStep::TierSum,
        TiebreakStep::Captures,
        TiebreakStep::Raises,
    ];

    /// The step number, 1 to 4.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The step with that number.
    pub const fn from_number(n: u8) -> Option<TiebreakStep> {
        match n {
            1 => Some(TiebreakStep::Tier2Stones),
            2 => Some(TiebreakStep::TierSum),
            3 => Some(TiebreakStep::Captures),
            4 => Some(TiebreakStep::Raises),
            _ => None,
        }
    }
}

/// The rule that ended a game (G8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndRule {
    /// G1: the mover has a group of tier-2 stones of the Network size.
    Network,
    /// G2: the mover reached the Takeover capture count.
    Takeover,
    /// G4: the player now to move has no legal Project.
    Strangle,
    /// G5: the mover recreated a recorded position and lost.
    Repetition,
    /// G6: a position was recorded three times (draw).
    Threefold,
    /// G7: the half-move cap; `Some(step)` is the tiebreak step that decided,
    /// `None` a full tie (draw).
    Cap(Option<TiebreakStep>),
}

impl EndRule {
    /// Stable lowercase name: `network`, `takeover`, `strangle`, `repetition`,
    /// `threefold`, `cap`.
    pub const fn name(self) -> &'static str {
        match self {
            EndRule::Network => "network",
            EndRule::Takeover => "takeover",
            EndRule::Strangle => "strangle",
            EndRule::Repetition => "repetition",
            EndRule::Threefold => "threefold",
            EndRule::Cap(_) => "cap",
        }
    }

    /// The RULINGS ID of the rule.
    pub const fn rule_id(self) -> &'static str {
        match self {
            EndRule::Network => "G1",
            EndRule::Takeover => "G2",
            EndRule::Strangle => "G4",
            EndRule::Repetition => "G5",
            EndRule::Threefold => "G6",
            EndRule::Cap(_) => "G7",
        }
    }
}

/// The result of a finished game: the winner (or a draw) and the deciding rule.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// The winner, `None` for a draw.
    pub winner: Option<Player>,
    /// The rule that decided.
    pub rule: EndRule,
}

impl Outcome {
    /// Whether winner and rule fit together (V1: the result's form): draws
    /// only by threefold or a full tie at the cap, every other rule has a winner.
    pub const fn is_well_formed(self) -> bool {
        matches!(
            (self.winner, self.rule),
            (None, EndRule::Threefold)
                | (None, EndRule::Cap(None))
                | (Some(_), EndRule::Network)
                | (Some(_), EndRule::Takeover)
                | (Some(_), EndRule::Strangle)
                | (Some(_), EndRule::Repetition)
                | (Some(_), EndRule::Cap(Some(_)))
        )
    }

    /// The colour-swapped outcome (I8).
    pub const fn swapped(self) -> Outcome {
        Outcome {
            winner: match self.winner {
                Some(p) => Some(p.other()),
                None => None,
            },
            rule: self.rule,
        }
    }
}

/// Written as in the position notation: `x:network`, `o:cap2`, `draw:cap`,
/// `draw:threefold`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(p) => write!(f, "{}:", p.char())?,
            None => f.write_str("draw:")?,
        }
        f.write_str(self.rule.name())?;
        if let EndRule::Cap(Some(step)) = self.rule {
            write!(f, "{}", step.number())?;
        }
        Ok(())
    }
}

impl Outcome {
    /// Parse the form written by `Display`. Returns `None` on any other text;
    /// the result is not checked for being well formed.
    pub fn parse(s: &str) -> Option<Outcome> {
        let (who, rule) = s.split_once(':')?;
        let winner = match who {
            "x" => Some(Player::X),
            "o" => Some(Player::O),
            "draw" => None,
            _ => return None,
        };
        let rule = match rule {
            "network" => EndRule::Network,
            "takeover" => EndRule::Takeover,
            "strangle" => EndRule::Strangle,
            "repetition" => EndRule::Repetition,
            "threefold" => EndRule::Threefold,
            "cap" => EndRule::Cap(None),
            _ => {
                let n = rule.strip_prefix("cap")?;
                if n.len() != 1 {
                    return None;
                }
                EndRule::Cap(Some(TiebreakStep::from_number(n.parse().ok()?)?))
            }
        };
        Some(Outcome { winner, rule })
    }
}
