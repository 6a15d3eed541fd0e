//! Choosing a legal turn that leans toward rare events.

use crate::choose::Choose;
use hexodic_rules::{Game, Position, Project, Ruleset, Shape, Turn, TurnReport};

fn score(report: &TurnReport, turn: Turn, after: &Position) -> u32 {
    let mut s = 0;
    if after.is_over() {
        s += 10;
    }
    s += 4 * report.captured().count();
    if turn.project == Project::Skip {
        s += 4;
    }
    if turn.echo.is_some() {
        s += 2;
    }
    if turn.shape.is_none() {
        s += 3;
    }
    if matches!(turn.shape, Some(Shape::Lower(_))) {
        s += 1;
    }
    if matches!(turn.project, Project::Move { .. }) {
        s += 1;
    }
    s
}

/// A legal turn, chosen to lean toward rare events: a few uniformly sampled
/// candidates are tried on the reference and the most eventful one usually wins.
///
/// Two steers reach the rules uniform play never does: undoing the mover's
/// own previous Move (repetition, G5), and, when the opponent is nearly boxed
/// in, searching every turn for one that ends the game (Strangle, G4).
pub fn choose_turn(game: &Game, rng: &mut dyn Choose, own_last: Option<Turn>) -> Option<Turn> {
    let p = game.position();
    let n = p.count_legal();
    if n == 0 {
        return None;
    }
    if let Some(Turn {
        project: Project::Move { from, to },
        shape: None,
        ..
    }) = own_last
    {
        let undo = Turn::new(Project::Move { from: to, to: from });
        // Undoing the last Move brings positions back (G5); just before the
        // cap always, so a repetition can fall on the capping turn (G5, G7).
        let near_cap = p.half_moves() + 3 >= Ruleset::STANDARD.half_move_cap;
        if (near_cap || rng.below(2) == 0) && p.is_legal(undo) {
            return Some(undo);
        }
    }
    // Now and then, an Echo-Capture that takes nothing: it changes only the
    // charges, which the repetition key must hold (G5, E3).
    if rng.below(4) == 0 {
        if let Some(t) = missed_echo_capture(game) {
            return Some(t);
        }
    }
    // Near the cap, an ending turn (Network, Takeover, Strangle, repetition)
    // on the capping turn tests the order of the end checks (G0, G4, G5, G7).
    let cap = Ruleset::STANDARD.half_move_cap;
    if p.half_moves() + 1 == cap || (p.half_moves() + 6 >= cap && rng.below(2) == 0) {
        if let Some(t) = ending_turn(game) {
            return Some(t);
        }
    }
    let opp = p.to_move().other();
    if p.counters(opp).reserve == 0 {
        let moves: u32 = p
            .stones(opp)
            .iter()
            .map(|c| p.move_targets(opp, c).count())
            .sum();
        if moves <= 3 && rng.below(2) == 0 {
            let mut ending = None;
            p.for_each_legal_turn(|t| {
                if ending.is_none() {
                    let mut g = game.clone();
                    g.play_legal(t);
                    if g.position().is_over() {
                        ending = Some(t);
                    }
                }
            });
            if ending.is_some() {
                return ending;
            }
        }
    }
    let first = p.nth_legal(rng.below(n))?;
    if rng.below(4) == 0 {
        return Some(first);
    }
    let mut best = (0, first);
    for i in 0..10 {
        let t = if i == 0 {
            first
        } else {
            p.nth_legal(rng.below(n))?
        };
        let mut g = game.clone();
        let rep = g.play_legal(t);
        let sc = score(&rep, t, g.position()) * 16 + rng.below(16) as u32;
        if sc > best.0 {
            best = (sc, t);
        }
    }
    Some(best.1)
}

/// A legal turn without a Shape whose Echo-Capture takes nothing, if any.
fn missed_echo_capture(game: &Game) -> Option<Turn> {
    let mut found = None;
    game.position().for_each_legal_turn(|t| {
        if found.is_none()
            && t.shape.is_none()
            && matches!(t.echo, Some(hexodic_rules::Echo::Capture(_)))
        {
            let mut g = game.clone();
            if g.play_legal(t).captured().is_empty() {
                found = Some(t);
            }
        }
    });
    found
}

/// A legal turn that ends the game by another rule than the cap, if any.
fn ending_turn(game: &Game) -> Option<Turn> {
    let mut found = None;
    game.position().for_each_legal_turn(|t| {
        if found.is_none() {
            let mut g = game.clone();
            g.play_legal(t);
            if g.position()
                .outcome()
                .is_some_and(|o| !matches!(o.rule, hexodic_rules::EndRule::Cap(_)))
            {
                found = Some(t);
            }
        }
    });
    found
}
