//! The symmetry check (I8).

use super::failure::{Check, Trail};
use super::fingerprint::fingerprint;
use super::game::build_game;
use crate::generators::probe_turn;
use arbitrary::Unstructured;
use hexodic_report::codes;
use hexodic_rules::invariants;
use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::{Cell, Echo, Game, Project, Setup, Shape, Turn};

/// A turn packed into 30 bits (kind and cell of each part), for sorting
/// legal lists cheaply; distinct turns get distinct keys.
fn turn_key(t: Turn) -> u32 {
    let c = |c: Cell| c.index() as u32 + 1;
    let project = match t.project {
        Project::Skip => 0,
        Project::Place(a) => 1 << 12 | c(a),
        Project::Move { from, to } => 2 << 12 | c(from) << 6 | c(to),
    };
    let shape = match t.shape {
        None => 0,
        Some(Shape::Raise(a)) => 1 << 6 | c(a),
        Some(Shape::Lower(a)) => 2 << 6 | c(a),
    };
    let echo = match t.echo {
        None => 0,
        Some(Echo::Lock(a)) => 1 << 6 | c(a),
        Some(Echo::Capture(a)) => 2 << 6 | c(a),
    };
    project << 16 | shape << 8 | echo
}

/// Symmetry: a position from play or a script, and one of the 24 variants
/// (12 board symmetries, with or without the colour swap). The variant of a
/// valid position is valid; legal turns map onto legal turns, rejection
/// reasons onto the same reasons, and playing mapped turns in both games
/// keeps them mapped, results included (I8). For one input in 256 (by a hash)
/// all 24 variants are checked at once.
pub fn symmetry(data: &[u8]) -> Check {
    let mut u = Unstructured::new(data);
    let all = Symmetry::all();
    let s = all[u.choose_index(all.len()).unwrap_or(0)];
    let (game, mut trail) = build_game(&mut u)?;
    let p = *game.position();
    let mut a = Game::from_position(p);
    if fingerprint(data) & 255 == 0 {
        invariants::check_symmetry(&a, 3).map_err(|v| trail.at(v, None))?;
    }
    let q = s
        .setup(&Setup::from(&p))
        .validate()
        .map_err(|e| trail.fail("I8", format!("variant {s} is invalid: {e}")))?;
    let mut b = Game::from_position(q);
    let prefix = trail.turns.len();
    let broken = |trail: &Trail, msg: String| trail.fail("I8", format!("variant {s}: {msg}"));
    loop {
        let (pa, pb) = (*a.position(), *b.position());
        if s.position(&pa) != pb {
            return Err(broken(&trail, format!("positions differ: `{pb}`")));
        }
        if pa.outcome().map(|o| s.outcome(o)) != pb.outcome() {
            return Err(broken(&trail, "results differ".into()));
        }
        if pa.is_over() || u.is_empty() || trail.turns.len() >= prefix + 12 {
            break;
        }
        let list = pa.legal_turns();
        let mut mapped: Vec<u32> = list.iter().map(|t| turn_key(s.turn(*t))).collect();
        let mut theirs: Vec<u32> = pb.legal_turns().into_iter().map(turn_key).collect();
        mapped.sort_unstable();
        theirs.sort_unstable();
        if mapped != theirs {
            return Err(broken(&trail, "legal lists differ".into()));
        }
        let odd = probe_turn(&pa, &mut u);
        let (ra, rb) = (pa.illegal_reasons(odd), pb.illegal_reasons(s.turn(odd)));
        if ra != rb {
            return Err(broken(
                &trail,
                format!(
                    "{odd} is rejected with [{}], its image with [{}]",
                    codes(ra),
                    codes(rb)
                ),
            ));
        }
        let t = if ra.is_empty() {
            odd
        } else {
            list[u.choose_index(list.len()).unwrap_or(0)]
        };
        a.play_legal(t);
        b.play_legal(s.turn(t));
        trail.turns.push(t);
    }
    Ok(())
}
