//! Helpers shared by the rule-by-rule integration tests: short names for
//! cells, turns and positions, a position builder with the fixture defaults,
//! and a brute-force legal-turn generator that does not use the engine's
//! move generator. The independent model of the rules lives in
//! `hexodic-testkit` (a dev-dependency).
#![allow(dead_code, clippy::unwrap_used)]

use hexodic_rules::{
    Cell, CellSet, Counters, Echo, Game, Player, Position, Project, Reason, Setup, SetupCell,
    Shape, Turn, TurnReport,
};
use std::collections::HashSet;

pub use hexodic_rules::Player::{O, X};

/// The starting position in the one-line notation.
pub const START: &str = "..../...../....../......./....../...../.... x 0 x:r7c3k0u0l6 o:r7c3k0u0l6";

/// A cell by name.
pub fn cell(name: &str) -> Cell {
    Cell::from_name(name).unwrap_or_else(|| panic!("`{name}` is not a cell"))
}

/// A set of cells from space-separated names.
pub fn cells(names: &str) -> CellSet {
    names.split_whitespace().map(cell).collect()
}

/// A turn from its notation.
pub fn turn(s: &str) -> Turn {
    Turn::parse(s).unwrap_or_else(|e| panic!("`{s}`: {e}"))
}

/// A valid position from the one-line notation.
pub fn pos(s: &str) -> Position {
    Position::from_notation(s).unwrap_or_else(|e| panic!("`{s}`: {e}"))
}

/// The reason codes of a turn, in code order.
pub fn reasons(p: &Position, t: &str) -> Vec<&'static str> {
    p.illegal_reasons(turn(t))
        .iter()
        .map(Reason::code)
        .collect()
}

/// Play `t` from `p` as a fresh game (history holding only `p`); panics when illegal.
pub fn play(p: &Position, t: &str) -> (Position, TurnReport) {
    let mut g = Game::from_position(*p);
    let r = g
        .play(turn(t))
        .unwrap_or_else(|e| panic!("`{t}` rejected: {e}\n{}", p.diagram()));
    (*g.position(), r)
}

/// Play several turns in one game; returns the game.
pub fn play_all(p: &Position, turns: &[&str]) -> Game {
    let mut g = Game::from_position(*p);
    for t in turns {
        g.play(turn(t))
            .unwrap_or_else(|e| panic!("`{t}` rejected: {e}\n{}", g.position().diagram()));
    }
    g
}

/// Whether a turn is in the legal list.
pub fn listed(p: &Position, t: &str) -> bool {
    p.legal_turns().contains(&turn(t))
}

/// A position builder with the defaults of the fixture format: reserve is 7
/// minus the stones on the board, first Place made when the player has a
/// stone out, lock used by whoever stands on a locked cell (charges 2 then),
/// and X's raises whatever makes I3 hold.
#[derive(Clone)]
pub struct Spec {
    pub setup: Setup,
    /// Counters given explicitly, left alone by the defaults.
    fixed_reserve: [bool; 2],
    fixed_first: [bool; 2],
    fixed_lock: [bool; 2],
    fixed_charges: [bool; 2],
}

impl Spec {
    /// An empty board with `to_move` to move.
    pub fn new(to_move: Player) -> Spec {
        let setup = Setup {
            to_move,
            ..Setup::default()
        };
        Spec {
            setup,
            fixed_reserve: [false; 2],
            fixed_first: [false; 2],
            fixed_lock: [false; 2],
            fixed_charges: [false; 2],
        }
    }

    /// Put cells: `"d4 x2, c3 o1, e5 .2*"` (cell name, then the cell token
    /// of the one-line notation).
    pub fn at(mut self, list: &str) -> Spec {
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (name, tok) = item.split_once(' ').unwrap();
            *self.setup.cell_mut(cell(name)) = token(tok);
        }
        self
    }

    /// Put `player`'s tier-`tier` stones on every named cell.
    pub fn stones(self, player: Player, tier: u8, names: &str) -> Spec {
        let tok = format!(
            "{}{}",
            player.char(),
            if tier > 0 {
                tier.to_string()
            } else {
                String::new()
            }
        );
        let list: Vec<String> = names
            .split_whitespace()
            .map(|n| format!("{n} {tok}"))
            .collect();
        self.at(&list.join(","))
    }

    /// Set every named cell's tier, keeping stones.
    pub fn tiers(mut self, tier: u8, names: &str) -> Spec {
        for n in names.split_whitespace() {
            self.setup.cell_mut(cell(n)).tier = tier;
        }
        self
    }

    pub fn half_moves(mut self, n: u16) -> Spec {
        self.setup.half_moves = n;
        self
    }

    pub fn reserve(mut self, p: Player, n: u8) -> Spec {
        self.setup.counters[p.index()].reserve = n;
        self.fixed_reserve[p.index()] = true;
        self
    }

    pub fn first_placed(mut self, p: Player, v: bool) -> Spec {
        self.setup.counters[p.index()].first_placed = v;
        self.fixed_first[p.index()] = true;
        self
    }

    pub fn lock_used(mut self, p: Player, v: bool) -> Spec {
        self.setup.counters[p.index()].lock_used = v;
        self.fixed_lock[p.index()] = true;
        self
    }

    pub fn charges(mut self, p: Player, n: u8) -> Spec {
        self.setup.counters[p.index()].charges = n;
        self.fixed_charges[p.index()] = true;
        self
    }

    pub fn captures(mut self, p: Player, n: u8) -> Spec {
        self.setup.counters[p.index()].captures = n;
        self
    }

    pub fn lowers_left(mut self, p: Player, n: u8) -> Spec {
        self.setup.counters[p.index()].lowers_left = n;
        self
    }

    /// O's raises (X's are derived from I3).
    pub fn o_raises(mut self, n: u8) -> Spec {
        self.setup.counters[1].raises = n;
        self
    }

    pub fn cooldown(mut self, p: Player, names: &str) -> Spec {
        self.setup.counters[p.index()].cooldown = cells(names);
        self
    }

    /// Put every cell that is empty (no stone, unlocked) into `p`'s cooldown
    /// set, so that `p` has no Place left (a forced Skip when `p` has a reserve).
    pub fn cooldown_everywhere(mut self, p: Player) -> Spec {
        let free: CellSet = Cell::ALL
            .iter()
            .copied()
            .filter(|c| self.setup.cell(*c).stone.is_none() && !self.setup.cell(*c).locked)
            .collect();
        self.setup.counters[p.index()].cooldown = free;
        self
    }

    /// Apply the defaults and return the setup (not validated).
    pub fn setup(&self) -> Setup {
        let mut s = self.setup;
        for p in Player::BOTH {
            let i = p.index();
            let on_board = Cell::ALL
                .iter()
                .filter(|c| s.cell(**c).stone == Some(p))
                .count() as u8;
            if !self.fixed_reserve[i] {
                s.counters[i].reserve = 7u8.saturating_sub(on_board);
            }
            if !self.fixed_first[i] {
                s.counters[i].first_placed = on_board > 0 || s.counters[i].reserve < 7;
            }
        }
        let locked = Cell::ALL.iter().filter(|c| s.cell(**c).locked).count();
        for c in Cell::ALL {
            let used = s.counters.iter().filter(|c| c.lock_used).count();
            if s.cell(c).locked && used < locked {
                let owner = match s.cell(c).stone {
                    Some(p) if !s.counters[p.index()].lock_used => p,
                    _ if !s.counters[0].lock_used => X,
                    _ => O,
                };
                if !self.fixed_lock[owner.index()] {
                    s.counters[owner.index()].lock_used = true;
                }
            }
        }
        for p in Player::BOTH {
            let i = p.index();
            if !self.fixed_charges[i] && s.counters[i].lock_used && s.counters[i].charges == 3 {
                s.counters[i].charges = 2;
            }
        }
        let total: i64 = Cell::ALL.iter().map(|c| s.cell(*c).tier as i64).sum();
        let lowers_made: i64 = s.counters.iter().map(|c| 6 - c.lowers_left as i64).sum();
        let rx = total + lowers_made - s.counters[1].raises as i64;
        assert!(rx >= 0, "O's raises exceed the tiers");
        s.counters[0].raises = rx as u8;
        s
    }

    /// The validated position; panics with the faults.
    pub fn pos(&self) -> Position {
        let s = self.setup();
        s.validate()
            .unwrap_or_else(|e| panic!("{e}\n{}", hexodic_rules::diagram::diagram(&s)))
    }
}

/// A cell token of the one-line notation: `.`, `x1`, `o2*`, `.2*`.
pub fn token(tok: &str) -> SetupCell {
    let mut ch = tok.chars();
    let stone = match ch.next() {
        Some('x') => Some(X),
        Some('o') => Some(O),
        Some('.') => None,
        _ => panic!("bad token `{tok}`"),
    };
    let rest = ch.as_str();
    let locked = rest.ends_with('*');
    let digits = rest.trim_end_matches('*');
    let tier = if digits.is_empty() {
        0
    } else {
        digits.parse().unwrap()
    };
    SetupCell {
        stone,
        tier,
        locked,
    }
}

/// A cell with no stone, tier 0, unlocked.
pub const EMPTY_CELL: SetupCell = SetupCell {
    stone: None,
    tier: 0,
    locked: false,
};

/// Counters of a player who has placed and spent nothing.
pub fn counters(p: &Position, pl: Player) -> Counters {
    *p.counters(pl)
}

// ---------------------------------------------------------------------------
// Brute force: every syntactically possible turn, judged by `illegal_reasons`
// alone, without the engine's move generator (I6).
// ---------------------------------------------------------------------------

/// Every Project: 37 Places, every ordered pair of cells as a Move, and Skip.
pub fn all_projects() -> Vec<Project> {
    let mut v: Vec<Project> = Cell::ALL.iter().map(|c| Project::Place(*c)).collect();
    for from in Cell::ALL {
        for to in Cell::ALL {
            v.push(Project::Move { from, to });
        }
    }
    v.push(Project::Skip);
    v
}

/// No Shape, then a raise and a lower of every cell.
pub fn all_shapes() -> Vec<Option<Shape>> {
    let mut v = vec![None];
    for c in Cell::ALL {
        v.push(Some(Shape::Raise(c)));
        v.push(Some(Shape::Lower(c)));
    }
    v
}

/// No Echo, then an Echo-Lock and an Echo-Capture of every cell.
pub fn all_echoes() -> Vec<Option<Echo>> {
    let mut v = vec![None];
    for c in Cell::ALL {
        v.push(Some(Echo::Lock(c)));
        v.push(Some(Echo::Capture(c)));
    }
    v
}

/// The legal turns found by brute force, hierarchically: a Project is legal
/// when its bare turn breaks nothing or only S3 (the missing Shape); a Shape
/// is kept when Project + Shape breaks nothing; then every Echo is tried.
pub fn brute_force_legal(p: &Position) -> HashSet<Turn> {
    let shapes = all_shapes();
    let echoes = all_echoes();
    let mut out = HashSet::new();
    for project in all_projects() {
        let bare = p.illegal_reasons(Turn::new(project));
        if bare.iter().any(|r| r != Reason::ShapeRequired) {
            continue;
        }
        for shape in &shapes {
            let t = Turn {
                project,
                shape: *shape,
                echo: None,
            };
            if !p.illegal_reasons(t).is_empty() {
                continue;
            }
            for echo in &echoes {
                let t = Turn { echo: *echo, ..t };
                if p.illegal_reasons(t).is_empty() {
                    out.insert(t);
                }
            }
        }
    }
    out
}

/// Compare the brute force with the engine's list and bulk count.
pub fn assert_generator_agrees(p: &Position) {
    let brute = brute_force_legal(p);
    let list = p.legal_turns();
    let listed: HashSet<Turn> = list.iter().copied().collect();
    assert_eq!(
        listed.len(),
        list.len(),
        "duplicates in the list\n{}",
        p.diagram()
    );
    if brute != listed {
        let missing: Vec<String> = brute
            .difference(&listed)
            .map(|t| t.to_string())
            .take(10)
            .collect();
        let extra: Vec<String> = listed
            .difference(&brute)
            .map(|t| t.to_string())
            .take(10)
            .collect();
        panic!(
            "generator and validator disagree at {}\nlegal but not listed: {missing:?}\nlisted but illegal: {extra:?}",
            p.to_notation()
        );
    }
    assert_eq!(
        p.count_legal(),
        brute.len() as u64,
        "count_legal at {}",
        p.to_notation()
    );
}

/// Every cell of the board, by name, for [`Spec::tiers`].
pub fn every_cell() -> String {
    Cell::ALL.map(|c| c.to_string()).join(" ")
}

/// Both reserves empty, so every Project is a Move, with stones on all
/// three tiers: Moves onto lower enemy stones (T6) are possible.
pub fn moves_only() -> Position {
    Spec::new(X)
        .stones(X, 2, "d4 c3")
        .stones(X, 1, "d3 e4")
        .stones(X, 0, "a1 g7 b2")
        .stones(O, 1, "d5 c4")
        .stones(O, 0, "e5 d2 f5 b4 a4")
        .pos()
}

/// The repetition arena: every cell on tier 2, no lowers and no charges
/// left, both reserves empty, so every turn is a bare Move with no Shape and
/// no Echo (G5 becomes reachable). X moves a1 <-> a2, O moves g7 <-> g6.
pub fn flat(half_moves: u16) -> Spec {
    Spec::new(X)
        .tiers(2, &every_cell())
        .stones(X, 2, "a1 a4 c1 c6 e2 e7 g4")
        .stones(O, 2, "g7 d4 b3 f4 d7 b5 f3")
        .lowers_left(X, 0)
        .lowers_left(O, 0)
        .charges(X, 0)
        .charges(O, 0)
        .half_moves(half_moves)
}
