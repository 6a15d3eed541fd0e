//! Which rules a difference implicates, derived from what differs (never
//! from the fixture's own citations): the rules behind the differing turns'
//! reason codes, the rules that govern the differing fields, the capture
//! rule of the kind of capture that differs, the end rules of both results.

use hexodic_report::{
    CaptureKind, Counter, Difference, Divergence, FieldDiff, ListedTurn, TurnVerdict,
};
use hexodic_rules::{
    Cell, CellSet, Echo, EndRule, FaultCode, Outcome, Project, ReasonSet, Setup, Turn,
};

/// Rules in order of first mention, without repeats.
#[derive(Default)]
struct Rules(Vec<&'static str>);

impl Rules {
    fn add(&mut self, r: &'static str) {
        if !self.0.contains(&r) {
            self.0.push(r);
        }
    }
    fn extend(&mut self, rs: impl IntoIterator<Item = &'static str>) {
        for r in rs {
            self.add(r);
        }
    }
}

fn reason_rules(r: ReasonSet) -> Vec<&'static str> {
    let mut out = Rules::default();
    for reason in r.iter() {
        out.extend(reason.rules().iter().copied());
    }
    out.0
}

/// The rules a turn's parts bring into play, beyond its reasons: a Skip
/// (T5), an Echo whose conditions the Shape changed (E1: judged after the
/// Shape), a Move onto a locked cell (T7).
pub fn context_rules(before: Option<&Setup>, turn: Turn) -> Vec<&'static str> {
    let mut out = Rules::default();
    if turn.project == Project::Skip {
        // A Skip exists only where the cooldown distance (T4) leaves no cell;
        // an Echo on it is the ruling of E1.
        out.add("T5");
        if turn.echo.is_some() {
            out.add("E1");
        }
        out.add("T4");
    }
    if let (Some(shape), Some(echo)) = (turn.shape, turn.echo) {
        let e = echo.cell();
        let near = CellSet::neighbours(e);
        let anchor = match turn.project {
            Project::Place(c) | Project::Move { to: c, .. } => Some(c),
            Project::Skip => None,
        };
        if shape.cell() == e
            || near.contains(shape.cell())
            || anchor.is_some_and(|a| a == e || near.contains(a))
        {
            out.add("E1");
        }
    }
    if let (Project::Move { to, .. }, Some(b)) = (turn.project, before) {
        if b.cell(to).locked {
            out.add("T7");
        }
    }
    out.0
}

/// The rules of the parts of a turn (for a turn rejected without a reason).
fn part_rules(turn: Turn) -> Vec<&'static str> {
    let mut out = Rules::default();
    match turn.project {
        Project::Place(_) => out.extend(["T3", "T4"]),
        Project::Move { .. } => out.add("T6"),
        Project::Skip => out.add("T5"),
    }
    if turn.shape.is_some() {
        out.extend(["S2", "S3"]);
    } else if turn.project != Project::Skip {
        out.add("S3");
    }
    match turn.echo {
        Some(Echo::Lock(_)) => out.extend(["E1", "E2"]),
        Some(Echo::Capture(_)) => out.extend(["E1", "E3"]),
        None => {}
    }
    out.0
}

fn verdict_rules(v: TurnVerdict) -> Vec<&'static str> {
    match v {
        TurnVerdict::Illegal(r) => reason_rules(r),
        TurnVerdict::Legal => Vec::new(),
    }
}

/// The rules of a turn in a differing list: the reference's reasons for a
/// turn it rejects; the engine's for a turn it rejects; else the turn's parts.
fn listed_rules(t: &ListedTurn, before: Option<&Setup>) -> Vec<&'static str> {
    let mut out = Rules::default();
    if t.engine == Some(TurnVerdict::Legal) && t.reference == TurnVerdict::Legal {
        // The engine plays a turn it does not list: its list and its play
        // disagree (I6), whatever the rules say.
        out.add("I6");
        return out.0;
    }
    let theirs = t.engine.map(verdict_rules).unwrap_or_default();
    let ours = verdict_rules(t.reference);
    out.extend(context_rules(before, t.turn));
    if ours.is_empty() && theirs.is_empty() {
        out.extend(part_rules(t.turn));
    }
    out.extend(ours);
    out.extend(theirs);
    out.0
}

/// The rules most of the differing turns share, most common first.
fn common(lists: Vec<Vec<&'static str>>) -> Vec<&'static str> {
    let n = lists.len();
    let mut counts: Vec<(&'static str, usize, usize)> = Vec::new();
    for (i, l) in lists.iter().enumerate() {
        for (j, r) in l.iter().enumerate() {
            match counts.iter_mut().find(|(x, _, _)| x == r) {
                Some(c) => c.1 += 1,
                None => counts.push((r, 1, i * 100 + j)),
            }
        }
    }
    counts.sort_by_key(|(_, c, first)| (std::cmp::Reverse(*c), *first));
    let top = counts.first().map_or(0, |c| c.1);
    counts
        .into_iter()
        .filter(|(_, c, _)| *c * 2 >= top.max(1) && (*c * 4 >= n || n <= 2))
        .map(|(r, _, _)| r)
        .collect()
}

fn outcome_rules(o: Outcome) -> Vec<&'static str> {
    match o.rule {
        EndRule::Cap(_) => vec!["G7"],
        r => vec![r.rule_id()],
    }
}

/// The rule of a kind of capture.
pub fn capture_rules(kind: CaptureKind) -> &'static [&'static str] {
    match kind {
        CaptureKind::Move => &["T6"],
        CaptureKind::Encircled => &["C1", "C2"],
        // E4 weighs the group as C1 does (one change): C1's weight is in play.
        CaptureKind::Echo => &["E4", "E3", "C1"],
    }
}

/// Why a stone the engine captured should have stayed, when the board says
/// so: it is the mover's own (C4), or an empty locked cell beside it saves
/// it (C0: empty means no stone, locked or not).
fn capture_context(div: &Divergence, cell: Cell) -> Option<&'static str> {
    let b = div.before?;
    let after = div.expected.unwrap_or(b);
    let mover = b.to_move;
    if b.cell(cell).stone == Some(mover) || after.cell(cell).stone == Some(mover) {
        return Some("C4");
    }
    let saved_by_lock = CellSet::neighbours(cell)
        .iter()
        .any(|n| after.cell(n).locked && after.cell(n).stone.is_none());
    saved_by_lock.then_some("C0")
}

/// The kind of a capture the reference did not make: the Move's target, a
/// stone that should have stayed (C4, C0), the Echo target's group, else
/// encirclement.
fn guess_kind(div: &Divergence, cell: Cell) -> &'static [&'static str] {
    let Some(turn) = div.turn else {
        return &["C1", "C2"];
    };
    if let Project::Move { to, .. } = turn.project {
        if to == cell {
            return &["T6"];
        }
    }
    match capture_context(div, cell) {
        Some("C4") => return &["C4", "C1"],
        Some(_) => return &["C0", "C1"],
        None => {}
    }
    if let (Some(Echo::Capture(t)), Some(b)) = (turn.echo, div.before) {
        let theirs = b
            .cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.stone == Some(b.to_move.other()))
            .filter_map(|(i, _)| Cell::from_index(i))
            .fold(CellSet::EMPTY, |mut s, c| {
                s.insert(c);
                s
            });
        if theirs.component(t).contains(cell) {
            return capture_rules(CaptureKind::Echo);
        }
    }
    &["C1", "C2"]
}

fn capture_cell_rules(div: &Divergence, cell: Cell) -> Vec<&'static str> {
    if let Some(k) = div.captures {
        if k.by_move == Some(cell) {
            return vec!["T6"];
        }
        if k.encircled.contains(cell) {
            return vec!["C1", "C2"];
        }
        if k.echo.contains(cell) {
            return capture_rules(CaptureKind::Echo).to_vec();
        }
    }
    guess_kind(div, cell).to_vec()
}

fn counter_rules(c: Counter) -> &'static [&'static str] {
    match c {
        Counter::Reserve => &["C3", "T3"],
        Counter::Charges => &["E1"],
        Counter::Captures => &["C3"],
        Counter::Raises => &["S4"],
        Counter::LowersLeft => &["S2", "S4"],
        Counter::FirstPlaced => &["T4"],
        Counter::LockUsed => &["E2"],
    }
}

fn field_rules(div: &Divergence, fields: &[FieldDiff]) -> Vec<&'static str> {
    let mut out = Rules::default();
    // The most telling field first: a stone (a capture or a placement),
    // then tiers and locks, then the result, then the count, then counters.
    let stone = fields.iter().find_map(|f| match f {
        FieldDiff::Cell {
            cell,
            expected,
            got,
        } if expected.stone != got.stone => Some(*cell),
        _ => None,
    });
    if let Some(c) = stone {
        let project_cell = div.turn.and_then(|t| match t.project {
            Project::Place(p) => Some(p),
            Project::Move { to, from } if c == from => Some(to),
            _ => None,
        });
        if project_cell == Some(c) {
            out.extend(["T4", "T6"]);
        } else {
            out.extend(capture_cell_rules(div, c));
        }
        return out.0;
    }
    for f in fields {
        match f {
            FieldDiff::Cell {
                cell,
                expected,
                got,
            } => {
                if expected.tier != got.tier {
                    out.extend(["S2", "S4"]);
                    if div.before.is_some_and(|b| b.cell(*cell).locked) {
                        out.add("T7");
                    }
                }
                if expected.locked != got.locked {
                    out.extend(["E2", "E1"]);
                }
            }
            FieldDiff::Result { expected, got } => {
                for o in [expected, got].into_iter().flatten() {
                    out.extend(outcome_rules(*o));
                }
            }
            _ => {}
        }
    }
    if !out.0.is_empty() {
        return out.0;
    }
    for f in fields {
        match f {
            FieldDiff::ToMove { .. } | FieldDiff::HalfMoves { .. } => out.extend(["G3", "G0"]),
            FieldDiff::Counter { counter, .. } => {
                out.extend(counter_rules(*counter).iter().copied());
                // A charge is spent by the Echo the turn made: its own rule too.
                if *counter == Counter::Charges {
                    match div.turn.and_then(|t| t.echo) {
                        Some(Echo::Capture(_)) => out.add("E3"),
                        Some(Echo::Lock(_)) => out.add("E2"),
                        None => {}
                    }
                }
            }
            FieldDiff::Cooldown { .. } => out.extend(cooldown_rules(div)),
            FieldDiff::Cell { .. } | FieldDiff::Result { .. } => {}
        }
    }
    out.0
}

/// The rules of a cooldown difference, by what the turn did: a Skip clears
/// the set (T5), a Place clears it (T4), a capture fills it (C3).
fn cooldown_rules(div: &Divergence) -> Vec<&'static str> {
    let captured = div.captures.is_some_and(|k| k.all().any());
    match div.turn.map(|t| t.project) {
        Some(Project::Skip) => vec!["T5", "C3"],
        Some(Project::Place(_)) if !captured => vec!["T4", "C3"],
        _ => vec!["C3", "T4"],
    }
}

/// The rule a fault code stands for: the end rule behind `already-*` and
/// `malformed-outcome` (`rules/RULES.md`, section 14), else the code's own
/// rule in the registry (an invariant, or V1).
pub fn fault_rule(c: FaultCode) -> &'static str {
    match c {
        FaultCode::AlreadyNetwork => "G1",
        FaultCode::AlreadyTakeover => "G2",
        FaultCode::AlreadyStrangled => "G4",
        FaultCode::AlreadyCapped => "G7",
        FaultCode::MalformedOutcome => "G8",
        _ => c.rule(),
    }
}

fn fault_rules(codes: &[FaultCode]) -> Vec<&'static str> {
    let mut out = Rules::default();
    for c in codes {
        out.add(c.rule());
        out.add(match c {
            FaultCode::AlreadyNetwork
            | FaultCode::AlreadyTakeover
            | FaultCode::AlreadyStrangled
            | FaultCode::AlreadyCapped
            | FaultCode::MalformedOutcome => fault_rule(*c),
            _ => "V1",
        });
    }
    out.0
}

/// The rule of a kind of capture as a capture list names it: the Move
/// (T6), encirclement (C1), the Echo-Capture group (E4).
fn kind_rule(kind: CaptureKind) -> &'static str {
    match kind {
        CaptureKind::Move => "T6",
        CaptureKind::Encircled => "C1",
        CaptureKind::Echo => "E4",
    }
}

/// The rules of a capture list that differs on agreeing boards: the
/// captured list (C3), then the rule of each kind of capture that differs
/// (the reference's kinds for the stones it captured).
fn reply_capture_rules(div: &Divergence, d: &Difference) -> Vec<&'static str> {
    let mut out = Rules::default();
    out.add("C3");
    if let Difference::Captures { expected, got } = d {
        let odd = (*expected | *got) - (*expected & *got);
        for c in odd {
            let kind = div.captures.and_then(|k| {
                if k.by_move == Some(c) {
                    Some(CaptureKind::Move)
                } else if k.encircled.contains(c) {
                    Some(CaptureKind::Encircled)
                } else if k.echo.contains(c) {
                    Some(CaptureKind::Echo)
                } else {
                    None
                }
            });
            out.extend(kind.map(kind_rule));
        }
    }
    out.0
}

/// The rules of a capture list that differs with the boards: the rules
/// that decide whether each differing stone is taken.
pub fn weighing_rules(div: &Divergence, d: &Difference) -> Vec<&'static str> {
    let mut out = Rules::default();
    match d {
        Difference::Captures { expected, got } => {
            let odd = (*expected | *got) - (*expected & *got);
            for c in odd {
                out.extend(capture_cell_rules(div, c));
            }
        }
        Difference::CaptureKind {
            capture: kind,
            expected,
            got,
            ..
        } => {
            // The kind is known; a stone taken that should have stayed may
            // also say why it should have (C0, C4).
            for c in *got - *expected {
                out.extend(capture_context(div, c));
            }
            out.extend(capture_rules(*kind).iter().copied());
        }
        _ => {}
    }
    out.0
}

/// The reference's board after `path` from `start`; `None` when `start` is
/// not a valid position or a turn of `path` is illegal there.
pub fn board_after(start: &Setup, path: &[Turn]) -> Option<Setup> {
    let mut game = hexodic_rules::Game::from_position(start.validate().ok()?);
    for t in path {
        game.play(*t).ok()?;
    }
    Some(Setup::from(game.position()))
}

/// The rules a difference implicates (most telling first).
pub fn implicated(div: &Divergence) -> Vec<&'static str> {
    implicated_by(div, &div.difference)
}

fn implicated_by(div: &Divergence, d: &Difference) -> Vec<&'static str> {
    let before = div.before.as_ref();
    let mut out = Rules::default();
    match d {
        Difference::Verdict {
            turn,
            expected,
            got,
        } => {
            out.extend(context_rules(before, *turn));
            match (expected, got) {
                (TurnVerdict::Illegal(r), _) => out.extend(reason_rules(*r)),
                (TurnVerdict::Legal, TurnVerdict::Illegal(r)) if !r.is_empty() => {
                    out.extend(reason_rules(*r))
                }
                _ => out.extend(part_rules(*turn)),
            }
        }
        Difference::Reasons {
            turn,
            expected,
            got,
        } => {
            let mut wrong = ReasonSet::EMPTY;
            for r in got.iter().filter(|r| !expected.contains(*r)) {
                wrong.insert(r);
            }
            out.extend(context_rules(before, *turn));
            out.extend(reason_rules(wrong));
            out.extend(reason_rules(*expected));
            out.add("V2");
        }
        Difference::Fields { fields: f } => {
            out.extend(field_rules(div, f));
            // The turn's own context: a Skip (T5), an Echo the Shape changed (E1).
            if let Some(t) = div.turn {
                out.extend(context_rules(before, t));
            }
        }
        Difference::Captures { .. } if div.boards_agree() => {
            out.extend(reply_capture_rules(div, d));
        }
        Difference::Captures { .. } | Difference::CaptureKind { .. } => {
            out.extend(weighing_rules(div, d));
        }
        Difference::LegalList { list: l } => {
            // Missed turns the engine was asked about say most; the others
            // only by their parts.
            let asked: Vec<&ListedTurn> = l.missing.iter().filter(|t| t.engine.is_some()).collect();
            let missing: Vec<&ListedTurn> = if asked.is_empty() {
                l.missing.iter().collect()
            } else {
                asked
            };
            let lists: Vec<Vec<&'static str>> = missing
                .into_iter()
                .chain(l.extra.iter())
                .map(|t| listed_rules(t, before))
                .collect();
            out.extend(common(lists));
            if !l.repeated.is_empty() && l.missing.is_empty() && l.extra.is_empty() {
                // Only repeats: the list is a set (N1), and the engine's list
                // and its play disagree on how many turns there are (I6).
                out.extend(["N1", "I6"]);
            }
            out.add("N1");
        }
        Difference::LegalCount { .. } => out.add("N1"),
        Difference::Perft { below, path, .. } => {
            if let Some(b) = below {
                // The lists differ on the board the bisection reached.
                let at = Divergence {
                    before: before.and_then(|p| board_after(p, path)),
                    ..div.clone()
                };
                out.extend(implicated_by(&at, b));
            }
            out.add("N1");
        }
        Difference::Faults { expected, got } => {
            out.extend(fault_rules(expected));
            out.extend(fault_rules(got));
        }
        Difference::Validity { expected, .. } => {
            out.extend(fault_rules(expected));
            out.add("V1");
        }
    }
    out.0
}
