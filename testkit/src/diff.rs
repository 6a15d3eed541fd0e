//! Comparing the model ([`ModelGame`]) with the reference engine
//! ([`hexodic_rules::Game`]) turn by turn: the reasons a turn breaks (V2),
//! the position after a legal turn (results included) and its captures by
//! kind (C3), and the legal lists (N1, as sets). Every check returns a
//! description of the first difference instead of panicking.

use crate::model::{ModelGame, Played};
use hexodic_rules::random::Rng;
use hexodic_rules::{Cell, Echo, EndRule, Game, Project, Reason, Setup, Shape, Turn, TurnReport};
use std::collections::HashSet;

/// The reasons the reference gives for `t` (empty when legal), in code order.
pub fn reference_reasons(game: &Game, t: Turn) -> Vec<Reason> {
    game.position().illegal_reasons(t).iter().collect()
}

fn captures_agree(rep: &TurnReport, played: &Played) -> bool {
    rep.move_capture == played.by_move
        && rep.encircled == played.encircled
        && rep.echo_captured == played.echo
}

fn list(cells: hexodic_rules::CellSet) -> String {
    let v: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    format!("[{}]", v.join(" "))
}

/// Play `t` in both (each as its own rules judge it) and compare: the
/// reasons, and for a legal turn the positions after it and the captures.
/// Returns the captures of a legal turn (both games then advance), or `None`
/// for a turn both refuse with the same reasons.
pub fn play_both(
    model: &mut ModelGame,
    game: &mut Game,
    t: Turn,
) -> Result<Option<Played>, String> {
    let at = game.position().to_notation();
    let want = reference_reasons(game, t);
    let got = model.reasons(t);
    if got != want {
        return Err(format!(
            "`{t}` at {at}: reasons differ: model {:?}, reference {:?}",
            codes(&got),
            codes(&want)
        ));
    }
    if !want.is_empty() {
        return Ok(None);
    }
    let rep = game
        .play(t)
        .map_err(|e| format!("`{t}` at {at}: the reference refused a turn it judged legal: {e}"))?;
    let played = model
        .play(t)
        .map_err(|r| format!("`{t}` at {at}: the model refused a turn it judged legal: {r:?}"))?;
    let reference = Setup::from(game.position());
    if *model.position() != reference {
        return Err(format!(
            "`{t}` at {at}: positions differ:\n  model     {}\n  reference {}",
            model.position().to_notation(),
            reference.to_notation()
        ));
    }
    if !captures_agree(&rep, &played) {
        return Err(format!(
            "`{t}` at {at}: captures differ: model move {:?} encircled {} echo {}, reference move {:?} encircled {} echo {}",
            played.by_move.map(|c| c.to_string()),
            list(played.encircled),
            list(played.echo),
            rep.move_capture.map(|c| c.to_string()),
            list(rep.encircled),
            list(rep.echo_captured),
        ));
    }
    Ok(Some(played))
}

/// Compare one turn from the current state of both, without advancing them.
pub fn check_turn(model: &ModelGame, game: &Game, t: Turn) -> Result<bool, String> {
    Ok(play_both(&mut model.clone(), &mut game.clone(), t)?.is_some())
}

fn codes(r: &[Reason]) -> Vec<&'static str> {
    r.iter().map(|r| r.code()).collect()
}

/// Compare the legal lists as sets (and check the model's has no
/// duplicates). Returns the number of legal turns.
pub fn check_legal(model: &ModelGame, game: &Game) -> Result<usize, String> {
    let mine = model.legal_turns();
    let set: HashSet<Turn> = mine.iter().copied().collect();
    let at = game.position().to_notation();
    if set.len() != mine.len() {
        return Err(format!("the model's legal list at {at} has duplicates"));
    }
    let theirs: HashSet<Turn> = game.position().legal_turns().into_iter().collect();
    if set != theirs {
        let show = |a: &HashSet<Turn>, b: &HashSet<Turn>| {
            let mut v: Vec<String> = a.difference(b).map(|t| t.to_string()).collect();
            v.sort();
            v.truncate(8);
            v.join(", ")
        };
        return Err(format!(
            "legal lists differ at {at}: only the model lists [{}]; only the reference lists [{}]",
            show(&set, &theirs),
            show(&theirs, &set)
        ));
    }
    Ok(set.len())
}

fn random_cell(rng: &mut Rng) -> Cell {
    Cell::ALL[rng.below(37) as usize]
}

/// A turn with every part chosen at random (mostly illegal).
pub fn random_turn(rng: &mut Rng) -> Turn {
    let project = match rng.below(3) {
        0 => Project::Place(random_cell(rng)),
        1 => Project::Move {
            from: random_cell(rng),
            to: random_cell(rng),
        },
        _ => Project::Skip,
    };
    let shape = match rng.below(3) {
        0 => None,
        1 => Some(Shape::Raise(random_cell(rng))),
        _ => Some(Shape::Lower(random_cell(rng))),
    };
    let echo = match rng.below(3) {
        0 => None,
        1 => Some(Echo::Lock(random_cell(rng))),
        _ => Some(Echo::Capture(random_cell(rng))),
    };
    Turn {
        project,
        shape,
        echo,
    }
}

/// A cell next to `c` (or `c` itself when the step leaves the board).
fn nudge(rng: &mut Rng, c: Cell) -> Cell {
    c.step(rng.below(6) as usize).unwrap_or(c)
}

/// `t` with one part changed a little: a Project, Shape or Echo moved one
/// step, switched to the other kind, dropped or added. Such turns are often
/// illegal for a single reason, and sometimes legal.
pub fn near_turn(rng: &mut Rng, t: Turn) -> Turn {
    let mut t = t;
    match rng.below(3) {
        0 => {
            t.project = match (t.project, rng.below(3)) {
                (Project::Place(c), 0) => Project::Place(nudge(rng, c)),
                (Project::Place(c), 1) => Project::Move {
                    from: nudge(rng, c),
                    to: c,
                },
                (Project::Move { from, to }, 0) => Project::Move {
                    from,
                    to: nudge(rng, to),
                },
                (Project::Move { to, .. }, 1) => Project::Place(to),
                (Project::Skip, 0) => Project::Place(random_cell(rng)),
                _ => Project::Skip,
            }
        }
        1 => {
            t.shape = match (t.shape, rng.below(3)) {
                (Some(Shape::Raise(c)), 0) => Some(Shape::Lower(c)),
                (Some(Shape::Lower(c)), 0) => Some(Shape::Raise(c)),
                (Some(s), 1) => Some(match s {
                    Shape::Raise(c) => Shape::Raise(nudge(rng, c)),
                    Shape::Lower(c) => Shape::Lower(nudge(rng, c)),
                }),
                (None, _) => {
                    let c = t.project.anchor().unwrap_or_else(|| random_cell(rng));
                    Some(Shape::Lower(nudge(rng, c)))
                }
                _ => None,
            }
        }
        _ => {
            t.echo = match (t.echo, rng.below(3)) {
                (Some(Echo::Lock(c)), 0) => Some(Echo::Capture(c)),
                (Some(Echo::Capture(c)), 0) => Some(Echo::Lock(c)),
                (Some(e), 1) => Some(match e {
                    Echo::Lock(c) => Echo::Lock(nudge(rng, c)),
                    Echo::Capture(c) => Echo::Capture(nudge(rng, c)),
                }),
                (None, k) => {
                    let c = t
                        .shape
                        .map(|s| s.cell())
                        .or(t.project.anchor())
                        .unwrap_or_else(|| random_cell(rng));
                    Some(if k == 0 {
                        Echo::Lock(c)
                    } else {
                        Echo::Capture(nudge(rng, c))
                    })
                }
                _ => None,
            }
        }
    }
    t
}

/// How much one comparison run looked at.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Legal turns compared (without playing them) at each position.
    pub legal_sample: usize,
    /// Random turns compared at each position.
    pub arbitrary: usize,
    /// Near-legal turns ([`near_turn`]) compared at each position.
    pub near: usize,
    /// Whether the legal lists are compared at each position.
    pub lists: bool,
    /// Whether to steer the games: at every other position the turn played
    /// is chosen among the eventful ones (a capture or an end of the game;
    /// failing those a Skip, an Echo-Lock or a turn without a Shape) when
    /// there are any.
    pub steer: bool,
}

/// What the comparisons covered: counts of positions, turns and of the rare
/// events the games went through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u32,
    /// Positions visited.
    pub positions: u32,
    /// Legal lists compared.
    pub lists: u32,
    /// Turns compared (legal or not).
    pub turns: u32,
    /// Of those, turns both judged illegal.
    pub illegal: u32,
    /// Turns played in both.
    pub played: u32,
    /// Skip turns played (T5).
    pub skips: u32,
    /// Turns played without a Shape (S3).
    pub no_shape: u32,
    /// Move captures (T6).
    pub move_captures: u32,
    /// Stones captured by encirclement (C1).
    pub encircled: u32,
    /// Of those, stones with no edge slot (C2).
    pub interior_encircled: u32,
    /// Stones captured by the Echo-Capture group check (E4).
    pub echo_captured: u32,
    /// Echo-Locks played (E2).
    pub locks: u32,
    /// Games ended by Network (G1).
    pub network: u32,
    /// Games ended by Takeover (G2).
    pub takeover: u32,
    /// Games ended by Strangle (G4).
    pub strangle: u32,
    /// Games ended by repetition (G5).
    pub repetition: u32,
    /// Games ended at the cap (G7).
    pub cap: u32,
}

impl Tally {
    fn record(&mut self, t: Turn, played: &Played) {
        self.played += 1;
        self.skips += u32::from(t.project == Project::Skip);
        self.no_shape += u32::from(t.shape.is_none() && t.project != Project::Skip);
        self.move_captures += u32::from(played.by_move.is_some());
        self.encircled += played.encircled.count();
        self.interior_encircled += played
            .encircled
            .iter()
            .filter(|c| c.edge_slots() == 0)
            .count() as u32;
        self.echo_captured += played.echo.count();
        self.locks += u32::from(matches!(t.echo, Some(Echo::Lock(_))));
    }

    fn end(&mut self, rule: EndRule) {
        match rule {
            EndRule::Network => self.network += 1,
            EndRule::Takeover => self.takeover += 1,
            EndRule::Strangle => self.strangle += 1,
            EndRule::Repetition => self.repetition += 1,
            EndRule::Threefold => {}
            EndRule::Cap(_) => self.cap += 1,
        }
    }
}

/// Play one seeded game from `start` in both engines, comparing at every
/// position: `opts.arbitrary` random turns, `opts.near` near-legal turns,
/// `opts.legal_sample` legal turns, the legal lists (when `opts.lists`), and
/// the turn played (chosen uniformly from the reference's list).
pub fn compare_game(
    start: &Setup,
    seed: u64,
    opts: &Options,
    tally: &mut Tally,
) -> Result<(), String> {
    let position = start
        .validate()
        .map_err(|e| format!("{}: {e}", start.to_notation()))?;
    let mut game = Game::from_position(position);
    let mut model = ModelGame::from_setup(start, None)
        .map_err(|f| format!("{}: the model refused it: {f:?}", start.to_notation()))?;
    let mut rng = Rng::new(seed);
    tally.games += 1;
    loop {
        tally.positions += 1;
        for _ in 0..opts.arbitrary {
            let t = random_turn(&mut rng);
            tally.illegal += u32::from(!check_turn(&model, &game, t)?);
            tally.turns += 1;
        }
        if opts.lists {
            check_legal(&model, &game)?;
            tally.lists += 1;
        }
        if let Some(o) = game.position().outcome() {
            tally.end(o.rule);
            return Ok(());
        }
        let legal = game.position().legal_turns();
        let pick = |rng: &mut Rng| legal[rng.below(legal.len() as u64) as usize];
        for _ in 0..opts.legal_sample {
            check_turn(&model, &game, pick(&mut rng))?;
            tally.turns += 1;
        }
        for _ in 0..opts.near {
            let base = pick(&mut rng);
            let t = near_turn(&mut rng, base);
            tally.illegal += u32::from(!check_turn(&model, &game, t)?);
            tally.turns += 1;
        }
        let mut t = pick(&mut rng);
        if opts.steer && rng.below(2) == 0 {
            let eventful = eventful_turns(&game, &legal);
            if !eventful.is_empty() {
                t = eventful[rng.below(eventful.len() as u64) as usize];
            }
        }
        let played = play_both(&mut model, &mut game, t)?
            .ok_or_else(|| format!("`{t}` from the reference's list is illegal in both"))?;
        tally.turns += 1;
        tally.record(t, &played);
    }
}

/// The turns of `legal` that capture or end the game (judged by the
/// reference); when there are none, those that Skip, Echo-Lock or leave out
/// the Shape.
fn eventful_turns(game: &Game, legal: &[Turn]) -> Vec<Turn> {
    let decisive: Vec<Turn> = legal
        .iter()
        .copied()
        .filter(|t| {
            let mut g = game.clone();
            match g.play(*t) {
                Ok(rep) => rep.captured().any() || g.position().is_over(),
                Err(_) => false,
            }
        })
        .collect();
    if !decisive.is_empty() {
        return decisive;
    }
    legal
        .iter()
        .copied()
        .filter(|t| {
            t.project == Project::Skip || t.shape.is_none() || matches!(t.echo, Some(Echo::Lock(_)))
        })
        .collect()
}

/// Play `turns` from `start` in both, comparing each, then compare the legal
/// lists and every listed turn. Returns the number of legal turns at the end.
pub fn every_legal_turn_after(start: &Setup, turns: &[Turn]) -> Result<usize, String> {
    let position = start
        .validate()
        .map_err(|e| format!("{}: {e}", start.to_notation()))?;
    let mut game = Game::from_position(position);
    let mut model = ModelGame::from_setup(start, None)
        .map_err(|f| format!("{}: the model refused it: {f:?}", start.to_notation()))?;
    for t in turns {
        if play_both(&mut model, &mut game, *t)?.is_none() {
            return Err(format!("`{t}` is illegal in both"));
        }
    }
    let n = check_legal(&model, &game)?;
    for t in game.position().legal_turns() {
        check_turn(&model, &game, t)?;
    }
    Ok(n)
}
