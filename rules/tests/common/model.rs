//! An independent, deliberately plain model of the rules (arrays of cells,
//! coordinates and loops, written from RULINGS without the engine's
//! bitboards), and helpers that compare it with the engine turn by turn.
#![allow(dead_code, clippy::unwrap_used)]

use super::{turn, O, X};
use hexodic_rules::random::Rng;
use hexodic_rules::{Cell, Echo, Game, Player, Position, Project, Setup, Shape, Turn};

const DIRS: [(i8, i8); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)];

fn dist(a: Cell, b: Cell) -> i8 {
    let (dx, dy) = (b.x() - a.x(), b.y() - a.y());
    dx.abs().max(dy.abs()).max((dx - dy).abs())
}

/// The neighbours on the board and the number of edge slots (B1, B4).
fn around(c: Cell) -> (Vec<Cell>, u32) {
    let mut n = Vec::new();
    let mut edges = 0;
    for (dx, dy) in DIRS {
        match Cell::from_xy(c.x() + dx, c.y() + dy) {
            Some(d) => n.push(d),
            None => edges += 1,
        }
    }
    (n, edges)
}

fn stone(s: &Setup, c: Cell) -> Option<Player> {
    s.cell(c).stone
}

fn tier(s: &Setup, c: Cell) -> u32 {
    s.cell(c).tier as u32
}

/// `E` of T5 for player `p`.
fn place_space(s: &Setup, p: Player) -> Vec<Cell> {
    Cell::ALL
        .iter()
        .copied()
        .filter(|c| stone(s, *c).is_none() && !s.cell(*c).locked)
        .filter(|c| s.counters[p.index()].first_placed || *c != Cell::CENTRE)
        .collect()
}

fn cooled(s: &Setup, p: Player, c: Cell) -> bool {
    s.counters[p.index()]
        .cooldown
        .iter()
        .any(|d| dist(c, d) < 2)
}

pub fn must_skip(s: &Setup, p: Player) -> bool {
    let k = &s.counters[p.index()];
    let e = place_space(s, p);
    k.reserve > 0 && k.cooldown.any() && !e.is_empty() && e.iter().all(|c| cooled(s, p, *c))
}

pub fn has_project(s: &Setup, p: Player) -> bool {
    if s.counters[p.index()].reserve > 0 {
        return !place_space(s, p).is_empty();
    }
    Cell::ALL.iter().any(|f| {
        stone(s, *f) == Some(p)
            && around(*f).0.iter().any(|t| match stone(s, *t) {
                None => true,
                Some(q) => q != p && tier(s, *t) < tier(s, *f),
            })
    })
}

/// Every rule the turn breaks, part by part (V2).
pub fn model_reasons(s: &Setup, t: Turn) -> Vec<&'static str> {
    let mut r = Vec::new();
    if s.outcome.is_some() {
        return vec!["game-over"];
    }
    let me = s.to_move;
    let k = s.counters[me.index()];
    let mut b = *s;
    match t.project {
        Project::Skip => {
            if !must_skip(s, me) {
                r.push("skip-not-allowed");
            }
        }
        Project::Place(c) => {
            if k.reserve == 0 {
                r.push("place-without-reserve");
            }
            if s.cell(c).locked {
                r.push("place-locked");
            }
            if stone(s, c).is_some() {
                r.push("place-occupied");
            } else {
                b.cell_mut(c).stone = Some(me);
            }
            if !k.first_placed && c == Cell::CENTRE {
                r.push("place-centre-first");
            }
            if cooled(s, me, c) {
                r.push("place-cooldown");
            }
        }
        Project::Move { from, to } => {
            if k.reserve > 0 {
                r.push("move-with-reserve");
            }
            if stone(s, from) != Some(me) {
                r.push("move-from-not-own");
            }
            if dist(from, to) != 1 {
                r.push("move-not-adjacent");
            }
            match stone(s, to) {
                Some(q) if q == me => r.push("move-onto-own"),
                Some(_) if tier(s, to) >= tier(s, from) => r.push("move-capture-not-lower"),
                _ => {}
            }
            if stone(s, from) == Some(me) && stone(s, to) != Some(me) {
                b.cell_mut(from).stone = None;
                b.cell_mut(to).stone = Some(me);
            }
        }
    }
    match (t.project.anchor(), t.shape) {
        (None, Some(_)) => r.push("shape-on-skip"),
        (None, None) => {}
        (Some(a), Some(sh)) => {
            let c = match sh {
                Shape::Raise(c) | Shape::Lower(c) => c,
            };
            let n = r.len();
            if dist(a, c) > 2 {
                r.push("shape-out-of-range");
            }
            if b.cell(c).locked {
                r.push("shape-locked");
            }
            match sh {
                Shape::Raise(_) if tier(&b, c) >= 2 => r.push("raise-at-top"),
                Shape::Lower(_) => {
                    if tier(&b, c) == 0 {
                        r.push("lower-at-bottom");
                    }
                    if k.lowers_left == 0 {
                        r.push("no-lowers-left");
                    }
                }
                _ => {}
            }
            if r.len() == n {
                let cell = b.cell_mut(c);
                match sh {
                    Shape::Raise(_) => cell.tier += 1,
                    Shape::Lower(_) => cell.tier -= 1,
                }
            }
        }
        (Some(a), None) => {
            let mandatory = Cell::ALL.iter().any(|c| {
                let sc = b.cell(*c);
                dist(a, *c) <= 2
                    && !sc.locked
                    && (sc.tier < 2 || (sc.tier > 0 && k.lowers_left > 0))
                    && sc.stone != Some(me)
            });
            if mandatory {
                r.push("shape-required");
            }
        }
    }
    if let Some(e) = t.echo {
        if k.charges == 0 {
            r.push("no-charge");
        }
        match e {
            Echo::Lock(c) => {
                if k.lock_used {
                    r.push("lock-used");
                }
                if stone(&b, c) != Some(me) {
                    r.push("lock-not-own-stone");
                }
                if tier(&b, c) != 2 {
                    r.push("lock-not-tier-2");
                }
                if b.cell(c).locked {
                    r.push("lock-already-locked");
                }
            }
            Echo::Capture(c) => {
                let (n, _) = around(c);
                if stone(&b, c) != Some(me.other()) {
                    r.push("echo-target-not-enemy");
                }
                if tier(&b, c) == 0 {
                    r.push("echo-target-tier-0");
                }
                if n.iter().any(|d| stone(&b, *d).is_none()) {
                    r.push("echo-target-empty-neighbour");
                }
                if !n.iter().any(|d| stone(&b, *d) == Some(me)) {
                    r.push("echo-target-not-adjacent");
                }
            }
        }
    }
    r
}

fn capture(s: &mut Setup, c: Cell) {
    let owner = stone(s, c).unwrap();
    s.cell_mut(c).stone = None;
    let o = &mut s.counters[owner.index()];
    o.reserve += 1;
    o.cooldown.insert(c);
    s.counters[owner.other().index()].captures += 1;
}

/// The weight of C1 / E4; `walls_include_own` for E4.
fn passes(s: &Setup, c: Cell, mover: Player, walls_include_own: bool) -> bool {
    let t = tier(s, c);
    let (n, edges) = around(c);
    if t == 0 || n.iter().any(|d| stone(s, *d).is_none()) {
        return false;
    }
    let own = n
        .iter()
        .filter(|d| stone(s, **d) == Some(mover.other()))
        .count() as u32;
    if own > 0 && !walls_include_own {
        return false;
    }
    let mine: u32 = n
        .iter()
        .filter(|d| stone(s, **d) == Some(mover))
        .map(|d| tier(s, *d))
        .sum();
    let walls = edges + if walls_include_own { own } else { 0 };
    mine + (t + 1) * walls > 6 * t
}

/// The repetition key (G5) as plain data.
pub fn key(s: &Setup) -> String {
    let mut k = Setup { ..*s };
    k.counters[0].cooldown = Default::default();
    k.counters[1].cooldown = Default::default();
    k.half_moves = 0;
    k.outcome = None;
    k.to_notation()
}

fn largest_top_group(s: &Setup, p: Player) -> usize {
    let on = |c: Cell| stone(s, c) == Some(p) && tier(s, c) == 2;
    let mut seen = Vec::new();
    let mut best = 0;
    for c in Cell::ALL.iter().copied().filter(|c| on(*c)) {
        if seen.contains(&c) {
            continue;
        }
        let mut stack = vec![c];
        seen.push(c);
        let mut size = 0;
        while let Some(x) = stack.pop() {
            size += 1;
            for y in around(x).0 {
                if on(y) && !seen.contains(&y) {
                    seen.push(y);
                    stack.push(y);
                }
            }
        }
        best = best.max(size);
    }
    best
}

fn tiebreak(s: &Setup) -> String {
    let measure = |p: Player, step: usize| -> u32 {
        let mine = Cell::ALL.iter().filter(|c| stone(s, **c) == Some(p));
        let k = &s.counters[p.index()];
        match step {
            1 => mine
                .filter(|c| tier(s, **c) == 2 && !s.cell(**c).locked)
                .count() as u32,
            2 => mine.map(|c| tier(s, *c)).sum(),
            3 => k.captures as u32,
            _ => k.raises as u32,
        }
    };
    for step in 1..=4 {
        let (x, o) = (measure(X, step), measure(O, step));
        if x != o {
            return format!("{}:cap{step}", if x > o { 'x' } else { 'o' });
        }
    }
    "draw:cap".into()
}

/// Apply a legal turn to the model; `history` holds the recorded keys.
pub fn model_apply(s: &Setup, t: Turn, history: &mut Vec<String>) -> (Setup, Option<String>) {
    let mut s = *s;
    let me = s.to_move;
    let mi = me.index();
    match t.project {
        Project::Place(c) => {
            s.cell_mut(c).stone = Some(me);
            let k = &mut s.counters[mi];
            k.reserve -= 1;
            k.first_placed = true;
            k.cooldown = Default::default();
        }
        Project::Move { from, to } => {
            if stone(&s, to).is_some() {
                capture(&mut s, to);
            }
            s.cell_mut(from).stone = None;
            s.cell_mut(to).stone = Some(me);
        }
        Project::Skip => s.counters[mi].cooldown = Default::default(),
    }
    match t.shape {
        Some(Shape::Raise(c)) => {
            s.cell_mut(c).tier += 1;
            s.counters[mi].raises += 1;
        }
        Some(Shape::Lower(c)) => {
            s.cell_mut(c).tier -= 1;
            s.counters[mi].lowers_left -= 1;
        }
        None => {}
    }
    let mut target = None;
    match t.echo {
        Some(Echo::Lock(c)) => {
            s.counters[mi].charges -= 1;
            s.cell_mut(c).locked = true;
            s.counters[mi].lock_used = true;
        }
        Some(Echo::Capture(c)) => {
            s.counters[mi].charges -= 1;
            target = Some(c);
        }
        None => {}
    }
    let c1: Vec<Cell> = Cell::ALL
        .iter()
        .copied()
        .filter(|c| stone(&s, *c) == Some(me.other()) && passes(&s, *c, me, false))
        .collect();
    for c in c1 {
        capture(&mut s, c);
    }
    if let Some(t) = target.filter(|t| stone(&s, *t) == Some(me.other())) {
        let mut group = vec![t];
        let mut i = 0;
        while i < group.len() {
            for d in around(group[i]).0 {
                if stone(&s, d) == Some(me.other()) && !group.contains(&d) {
                    group.push(d);
                }
            }
            i += 1;
        }
        let e4: Vec<Cell> = group
            .into_iter()
            .filter(|c| passes(&s, *c, me, true))
            .collect();
        for c in e4 {
            capture(&mut s, c);
        }
    }
    let mover = me.char();
    if largest_top_group(&s, me) >= 5 {
        return (s, Some(format!("{mover}:network")));
    }
    if s.counters[mi].captures >= 6 {
        return (s, Some(format!("{mover}:takeover")));
    }
    s.half_moves += 1;
    s.to_move = me.other();
    if !has_project(&s, me.other()) {
        return (s, Some(format!("{mover}:strangle")));
    }
    if t.project != Project::Skip {
        let k = key(&s);
        let seen = history.iter().filter(|h| **h == k).count();
        history.push(k);
        if seen >= 1 {
            return (s, Some(format!("{}:repetition", me.other().char())));
        }
    }
    if s.half_moves >= 60 {
        return (s, Some(tiebreak(&s)));
    }
    (s, None)
}

/// Compare one turn from `game` in the model and the engine.
pub fn compare(game: &Game, history: &[String], t: Turn) {
    let p = *game.position();
    let s = Setup::from(&p);
    let mut engine: Vec<&str> = p.illegal_reasons(t).iter().map(|r| r.code()).collect();
    let mut model = model_reasons(&s, t);
    engine.sort();
    model.sort();
    assert_eq!(model, engine, "`{t}` at {}", p.to_notation());
    if !engine.is_empty() {
        return;
    }
    let mut h = history.to_vec();
    let (want, result) = model_apply(&s, t, &mut h);
    let mut g = game.clone();
    g.play(t).unwrap();
    let mut got = Setup::from(g.position());
    let got_result = got.outcome.take().map(|o| o.to_string());
    assert_eq!(
        got.to_notation(),
        want.to_notation(),
        "`{t}` at {}",
        p.to_notation()
    );
    assert_eq!(got_result, result, "`{t}` at {}", p.to_notation());
}

pub fn random_turn(rng: &mut Rng) -> Turn {
    let cell = |rng: &mut Rng| Cell::ALL[rng.below(37) as usize];
    let project = match rng.below(3) {
        0 => Project::Place(cell(rng)),
        1 => Project::Move {
            from: cell(rng),
            to: cell(rng),
        },
        _ => Project::Skip,
    };
    let shape = match rng.below(3) {
        0 => None,
        1 => Some(Shape::Raise(cell(rng))),
        _ => Some(Shape::Lower(cell(rng))),
    };
    let echo = match rng.below(3) {
        0 => None,
        1 => Some(Echo::Lock(cell(rng))),
        _ => Some(Echo::Capture(cell(rng))),
    };
    Turn {
        project,
        shape,
        echo,
    }
}

/// Play a seeded game from `start`, comparing a sample of legal turns and
/// of arbitrary turns at every position, and the turn played.
pub fn run(start: Position, seed: u64, legal_sample: usize, arbitrary: usize) -> usize {
    let mut rng = Rng::new(seed);
    let mut game = Game::from_position(start);
    let mut history = vec![key(&Setup::from(&start))];
    let mut compared = 0;
    loop {
        let p = *game.position();
        for _ in 0..arbitrary {
            compare(&game, &history, random_turn(&mut rng));
            compared += 1;
        }
        if p.is_over() {
            return compared;
        }
        let n = p.count_legal();
        for _ in 0..legal_sample {
            compare(&game, &history, p.nth_legal(rng.below(n)).unwrap());
            compared += 1;
        }
        let t = p.nth_legal(rng.below(n)).unwrap();
        compare(&game, &history, t);
        let s = Setup::from(&p);
        model_apply(&s, t, &mut history);
        game.play(t).unwrap();
    }
}

/// Play `turns` from `start` in both, then compare every legal turn.
pub fn every_legal_turn_after(start: Position, turns: &[&str]) -> usize {
    let mut game = Game::from_position(start);
    let mut history = vec![key(&Setup::from(&start))];
    for t in turns {
        let s = Setup::from(game.position());
        model_apply(&s, turn(t), &mut history);
        game.play(turn(t)).unwrap();
    }
    let list = game.position().legal_turns();
    for t in &list {
        compare(&game, &history, *t);
    }
    list.len()
}
