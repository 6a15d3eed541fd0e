//! perft (N1): the number of distinct legal turn sequences of a given length.
//! A line on which the game ends early counts nothing; the last ply is
//! counted in bulk.

use crate::game::Game;
use crate::position::Position;
use crate::repetition::RepetitionKey;
use crate::turn::Turn;

fn inner(pos: &Position, history: &mut Vec<RepetitionKey>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal();
    }
    let mut total = 0;
    pos.for_each_legal_turn(|t| {
        let mut next = *pos;
        let len = history.len();
        next.apply(t, history);
        total += inner(&next, history, depth - 1);
        history.truncate(len);
    });
    total
}

/// perft from a game (its history counts for repetition).
pub fn perft(game: &Game, depth: u32) -> u64 {
    let mut history = game.history().to_vec();
    inner(game.position(), &mut history, depth)
}

/// perft split by first turn ("divide"), in list order. For depth 0 the list is empty.
pub fn divide(game: &Game, depth: u32) -> Vec<(Turn, u64)> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    let mut history = game.history().to_vec();
    let pos = game.position();
    pos.for_each_legal_turn(|t| {
        let mut next = *pos;
        let len = history.len();
        next.apply(t, &mut history);
        out.push((t, inner(&next, &mut history, depth - 1)));
        history.truncate(len);
    });
    out
}
