//! Writing a fixture file from a start position and turns, with every check
//! filled in from the reference: captures by kind, the state after each
//! step, the result, the number of legal turns, and for a turn that must be
//! rejected the full set of reasons (V2).

use hexodic_report::{cell_list, codes};
use hexodic_rules::diagram::board_diagram;
use hexodic_rules::registry::{self, Basis as RuleBasis};
use hexodic_rules::{EndRule, Game, Outcome, Position, Setup, Turn};
use std::fmt::Write as _;

/// One turn to record: the turn and whether it must be rejected (`!TURN`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Planned {
    /// The turn.
    pub turn: Turn,
    /// It must be rejected.
    pub illegal: bool,
}

/// Extra checks at the end of a recording: turns that must (or must not) be
/// listed, for a difference in legal lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListChecks {
    /// Turns that must be legal.
    pub legal: Vec<Turn>,
    /// Turns that must not be legal.
    pub not_legal: Vec<Turn>,
}

/// What to record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recording {
    /// The fixture id, `area/name`.
    pub id: String,
    /// The rule IDs it cites.
    pub rules: Vec<String>,
    /// `documented` or `ruling` (default: from the cited rules).
    pub basis: Option<crate::corpus::Basis>,
    /// What it shows, in words.
    pub description: String,
    /// The start position (must be valid, V1).
    pub start: Position,
    /// The turns.
    pub turns: Vec<Planned>,
    /// Extra list checks after the last turn.
    pub lists: ListChecks,
}

/// The basis the cited rules call for: `ruling` when one is (partly) a ruling.
pub fn basis_for(rules: &[String]) -> crate::corpus::Basis {
    let ruling = rules.iter().any(|r| {
        registry::lookup(r).is_some_and(|i| matches!(i.basis, RuleBasis::Ruling | RuleBasis::Both))
    });
    if ruling {
        crate::corpus::Basis::Ruling
    } else {
        crate::corpus::Basis::Documented
    }
}

fn outcome_yaml(o: Option<Outcome>) -> String {
    match o {
        None => "ongoing".into(),
        Some(o) => {
            let who = o
                .winner
                .map_or("draw".to_string(), |p| p.char().to_string());
            match o.rule {
                EndRule::Cap(Some(step)) => {
                    format!("{{winner: {who}, rule: cap, step: {}}}", step.number())
                }
                r => format!("{{winner: {who}, rule: {}}}", r.name()),
            }
        }
    }
}

fn quoted(list: &[Turn]) -> String {
    list.iter()
        .map(|t| format!("\"{t}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The setup block: `start: true`, or the board with its counters line.
fn setup_yaml(p: &Position) -> String {
    if *p == Position::start() {
        return "setup:\n  start: true\n".into();
    }
    let s = Setup::from(p);
    let mut out = String::from("setup:\n  board: |\n");
    for l in board_diagram(&s).lines() {
        let _ = writeln!(out, "    {l}");
    }
    let full = hexodic_rules::diagram::diagram(&s);
    if let Some(state) = full.lines().last() {
        let _ = writeln!(out, "    {state}");
    }
    out
}

fn folded(text: &str) -> String {
    let mut out = String::from(">\n");
    let mut line = String::from(" ");
    for w in text.split_whitespace() {
        if line.len() + w.len() + 1 > 90 && !line.trim().is_empty() {
            let _ = writeln!(out, "  {}", line.trim());
            line = String::from(" ");
        }
        line.push(' ');
        line.push_str(w);
    }
    let _ = writeln!(out, "  {}", line.trim());
    out
}

/// The fixture file's text. Turns must follow the plan: a turn marked
/// illegal must be rejected by the reference and every other turn accepted
/// (checked by [`super::check_plan`] first).
pub fn fixture_yaml(rec: &Recording) -> String {
    // `area/name` lies one folder below the fixtures folder, which holds `schema/`.
    let depth = rec.id.matches('/').count();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# yaml-language-server: $schema={}schema/fixture.schema.json",
        "../".repeat(depth)
    );
    // No `id`: the file's place is its id, wherever the file is moved.
    let _ = write!(out, "description: {}", folded(&rec.description));
    let _ = writeln!(out, "rules: [{}]", rec.rules.join(", "));
    let basis = rec.basis.unwrap_or_else(|| basis_for(&rec.rules));
    let _ = writeln!(out, "basis: {}", basis.name());
    out.push_str(&setup_yaml(&rec.start));
    let mut game = Game::from_position(rec.start);
    let mut steps = String::new();
    for p in &rec.turns {
        let _ = writeln!(steps, "  - turn: \"{}\"", p.turn);
        match game.play(p.turn) {
            Err(e) => {
                let _ = writeln!(steps, "    illegal: [{}]", codes(e.reasons));
            }
            Ok(rep) => {
                let by_move = rep
                    .move_capture
                    .map_or("none".to_string(), |c| c.to_string());
                let _ = writeln!(
                    steps,
                    "    captured_by: {{move: {by_move}, encircled: {}, echo: {}}}",
                    cell_list(rep.encircled),
                    cell_list(rep.echo_captured)
                );
                let pos = game.position();
                let _ = writeln!(steps, "    state: {{position: \"{}\"}}", pos.to_notation());
                let _ = writeln!(steps, "    outcome: {}", outcome_yaml(pos.outcome()));
                if !pos.is_over() {
                    let _ = writeln!(steps, "    legal_count: {}", pos.count_legal());
                }
            }
        }
    }
    let mut lists = String::new();
    if !rec.lists.legal.is_empty() || !rec.lists.not_legal.is_empty() {
        let _ = writeln!(lists, "legal_count: {}", game.position().count_legal());
        if !rec.lists.legal.is_empty() {
            let _ = writeln!(lists, "legal: [{}]", quoted(&rec.lists.legal));
        }
        if !rec.lists.not_legal.is_empty() {
            let _ = writeln!(lists, "not_legal: [{}]", quoted(&rec.lists.not_legal));
        }
    }
    if rec.turns.is_empty() {
        out.push_str("expect:\n");
        if lists.is_empty() {
            let pos = game.position();
            let _ = writeln!(out, "  outcome: {}", outcome_yaml(pos.outcome()));
            if !pos.is_over() {
                let _ = writeln!(out, "  legal_count: {}", pos.count_legal());
            }
        }
        for l in lists.lines() {
            let _ = writeln!(out, "  {l}");
        }
        return out;
    }
    if let Some(last) = rec.turns.last() {
        for l in lists
            .lines()
            .filter(|l| last.illegal || !l.starts_with("legal_count"))
        {
            let _ = writeln!(steps, "    {l}");
        }
    }
    out.push_str("steps:\n");
    out.push_str(&steps);
    out
}
