//! [`RepetitionKey`]: what the repetition rule compares (G5, G6).

use crate::cellset::CellSet;
use crate::player::Player;
use crate::position::{Counters, Position};

/// Everything of a position that the repetition rule compares (G5): the
/// contents, tier and lock state of every cell, each player's reserve,
/// charges, captures, raises, lowers left, first-Place and Echo-Lock flags,
/// and the player to move. The cooldown sets and the half-move count are
/// left out (G5). Two keys are equal exactly when the positions agree on all
/// of these: the key is the state itself, not a hash of it, so no two
/// different positions can be taken for a repetition.
///
/// # Examples
///
/// ```
/// use hexodic_rules::{Game, Turn};
/// let mut game = Game::new();
/// let start = game.position().key();
/// game.play(Turn::parse("c3 +d4").unwrap()).unwrap();
/// assert_ne!(game.position().key(), start);
/// assert_eq!(game.history(), &[start, game.position().key()]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RepetitionKey {
    stones: [CellSet; 2],
    raised: CellSet,
    top: CellSet,
    locked: CellSet,
    counters: [Counters; 2],
    to_move: Player,
}

impl Position {
    /// The repetition key (G5): this position without its cooldown sets, its
    /// half-move count and its result (a key is recorded only while the game
    /// goes on).
    pub fn key(&self) -> RepetitionKey {
        RepetitionKey {
            stones: self.stones,
            raised: self.raised,
            top: self.top,
            locked: self.locked,
            counters: self.counters.map(|c| Counters {
                cooldown: CellSet::EMPTY,
                ..c
            }),
            to_move: self.to_move,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cell::Cell;
    use crate::cellset::CellSet;
    use crate::player::Player;
    use crate::setup::Setup;

    /// A valid middle-game setup: X on a raised d4 (tier 2, locked by X's
    /// Echo-Lock), O on a tier-1 c3, both with some counters spent.
    fn base() -> Setup {
        let mut s = Setup::from(&crate::position::Position::start());
        let d4 = Cell::CENTRE;
        let c3 = Cell::from_name("c3").expect("a cell");
        *s.cell_mut(d4) = crate::setup::SetupCell {
            stone: Some(Player::X),
            tier: 2,
            locked: true,
        };
        *s.cell_mut(c3) = crate::setup::SetupCell {
            stone: Some(Player::O),
            tier: 1,
            locked: false,
        };
        for c in &mut s.counters {
            c.reserve -= 1;
            c.first_placed = true;
        }
        s.counters[0].raises = 2;
        s.counters[0].lock_used = true;
        s.counters[0].charges -= 1;
        s.counters[1].raises = 1;
        s.half_moves = 6;
        s
    }

    fn key(s: &Setup) -> super::RepetitionKey {
        match s.validate() {
            Ok(p) => p.key(),
            Err(e) => panic!("{e}: {s:?}"),
        }
    }

    /// G5: the cooldown sets and the half-move count are not part of the key.
    #[test]
    fn cooldown_and_half_moves_are_left_out() {
        let k = key(&base());
        let mut s = base();
        s.half_moves = 10;
        assert_eq!(key(&s), k, "half-move count");
        let mut s = base();
        s.counters[1].cooldown = CellSet::from(Cell::from_name("a1").expect("a cell"));
        assert_eq!(key(&s), k, "O's cooldown");
    }

    /// G5: every other part of the position is: each stone, tier and lock,
    /// each of both players' counters and flags, and the player to move. (A
    /// reserve changes only with the stones on the board, I1.)
    #[test]
    fn every_other_part_changes_the_key() {
        let k = key(&base());
        type Change = (&'static str, fn(&mut Setup));
        let changes: [Change; 8] = [
            ("the player to move", |s| s.to_move = Player::O),
            ("a stone", |s| {
                s.cell_mut(Cell::from_name("c3").expect("a cell")).stone = Some(Player::X);
                s.counters[0].reserve -= 1;
                s.counters[1].reserve += 1;
            }),
            ("a tier", |s| {
                s.cell_mut(Cell::from_name("c3").expect("a cell")).tier = 2;
                s.counters[1].raises += 1;
            }),
            ("a Lower spent", |s| {
                s.cell_mut(Cell::from_name("c3").expect("a cell")).tier = 0;
                s.counters[1].lowers_left -= 1;
            }),
            ("a charge", |s| s.counters[1].charges -= 1),
            ("a capture", |s| s.counters[1].captures += 1),
            ("a lock and the Echo-Lock flag", |s| {
                s.cell_mut(Cell::CENTRE).locked = false;
                s.counters[0].lock_used = false;
            }),
            ("X's raises against O's", |s| {
                s.counters[0].raises = 1;
                s.counters[1].raises = 2;
            }),
        ];
        for (what, change) in changes {
            let mut s = base();
            change(&mut s);
            assert_ne!(key(&s), k, "{what}");
        }
        // The first-Place flag alone: O's one stone was captured and went
        // back to its reserve; O has placed before, or it has not.
        let mut placed = base();
        placed
            .cell_mut(Cell::from_name("c3").expect("a cell"))
            .stone = None;
        placed.counters[1].reserve += 1;
        let mut never = placed;
        never.counters[1].first_placed = false;
        assert_ne!(key(&placed), key(&never), "the first-Place flag");
    }
}
