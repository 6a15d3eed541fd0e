//! Helpers shared by the testkit's tests: positions written in the one-line
//! notation with the counters settled (I1-I4), turns by notation, and the
//! positions the rules' worked examples and perft file use.
#![allow(dead_code)]

use hexodic_rules::{Game, Setup, Turn};
use hexodic_testkit::positions::settle;

/// A turn from its notation.
pub fn turn(s: &str) -> Turn {
    Turn::parse(s).unwrap_or_else(|e| panic!("`{s}`: {e}"))
}

/// Turns from their notations.
pub fn turns(list: &[&str]) -> Vec<Turn> {
    list.iter().map(|t| turn(t)).collect()
}

/// A position exactly as written (it must be valid).
pub fn exact(text: &str) -> Setup {
    let s = Setup::from_notation(text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    if let Err(e) = s.validate() {
        panic!("`{text}`: {e}");
    }
    s
}

/// A position from the notation with reserves, first Places, locks used,
/// charges and X's raises settled (`positions::settle`); it must then be valid.
pub fn pos(text: &str) -> Setup {
    let mut s = Setup::from_notation(text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    settle(&mut s);
    if let Err(e) = s.validate() {
        panic!("`{text}` settled to `{}`: {e}", s.to_notation());
    }
    s
}

/// The reference game from a position.
pub fn reference(s: &Setup) -> Game {
    Game::from_position(s.validate().unwrap())
}

/// The starting position.
pub const START: &str = "..../...../....../......./....../...../.... x 0 x:r7c3k0u0l6 o:r7c3k0u0l6";

/// The positions of the rules reference's worked examples (rules/RULES.md
/// section 17) and of the perft file, all valid as written.
pub fn known_positions() -> Vec<Setup> {
    let mut out: Vec<Setup> = [
        START,
        "..../...../...oo./....1o1../..x1x1../..x../.... x 6 x:r4c3k0u3l6P o:r4c3k0u2l5P",
        "..../...../..o1oo./....1o1../.x1x1x2*x./..x../.... o 9 x:r2c2k0u5l6PL o:r3c3k0u3l5P",
        "..../...../....../......./....../x..../o1x.. x 4 x:r5c3k0u0l6P o:r6c3k0u1l6P",
        "..../...../....../......./....../xxx../o1o1x. x 10 x:r3c3k0u0l6P o:r5c3k0u2l6P",
        "..../...../....../......./...x../...../.... o 10 x:r6c3k0u0l6P o:r7c3k0u0l6P[a1,a4,c3,d1,d6,f4,f6]",
        "...o2/...../....../......./...x../...../.... o 10 x:r6c3k0u0l6P o:r6c3k0u2l6P[a1,a4,c3,d1,d6,f4,f6]",
        "...o/...../....../...x1o../....../xx.../xxxx x 30 x:r0c3k5u1l6P o:r5c3k0u0l6P",
        "..../...../...oo./....1o1../..x1x1../..x../.... x 59 x:r4c3k0u3l6P o:r4c3k0u2l5P",
        "..../...../....../......./xxx.../oooxx/oooo x 20 x:r2c3k0u0l6P o:r0c3k0u0l6P",
        "..../...../....../......./xxx.../oooxx/oooo x 59 x:r2c3k0u0l6P o:r0c3k0u0l6P",
        "...o/o..../....../......./x2x2x2x2.1./...../.... x 14 x:r3c3k0u5l6P o:r5c3k0u4l6P",
        "...o/o..../....../......./x2x2x1x2.1./...../.... x 14 x:r3c3k0u5l6P o:r5c3k0u3l6P",
    ]
    .iter()
    .map(|t| exact(t))
    .collect();
    for line in include_str!("../../../rules/tests/data/perft.txt").lines() {
        if let Some(text) = line.strip_prefix("position ") {
            out.push(exact(text));
        }
    }
    out
}

/// A position from a list of cells (`"d4 x2, c3 o1, e5 .2*"`: a cell name,
/// then a cell token of the one-line notation) on a board whose other cells
/// are empty on tier `tier`, with the rest of the state as the notation
/// writes it after the board (`"x 10 x:r0c3k0u0l6P o:r0c3k0u0l6P"`); the
/// counters are then settled.
pub fn build(cells: &str, rest: &str, tier: u8) -> Setup {
    let blank = format!(
        "{} {rest}",
        ["....", ".....", "......", ".......", "......", ".....", "...."].join("/")
    );
    let mut s = Setup::from_notation(&blank).unwrap_or_else(|e| panic!("`{blank}`: {e}"));
    for c in s.cells.iter_mut() {
        c.tier = tier;
    }
    for item in cells.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let (name, tok) = item.split_once(' ').unwrap();
        let cell = hexodic_rules::Cell::from_name(name).unwrap_or_else(|| panic!("`{name}`"));
        let mut ch = tok.chars();
        let c = s.cell_mut(cell);
        c.stone = match ch.next() {
            Some('x') => Some(hexodic_rules::Player::X),
            Some('o') => Some(hexodic_rules::Player::O),
            _ => None,
        };
        let rest = ch.as_str();
        c.locked = rest.ends_with('*');
        let digits = rest.trim_end_matches('*');
        c.tier = if digits.is_empty() {
            0
        } else {
            digits.parse().unwrap()
        };
    }
    settle(&mut s);
    if let Err(e) = s.validate() {
        panic!("`{cells}` settled to `{}`: {e}", s.to_notation());
    }
    s
}
