//! Rule reach: which rules a played turn exercised, for the reach table of
//! `fuzz` and `play`.

use hexodic_rules::{Position, Project, Turn, TurnReport};

/// Rules that fire on (nearly) every turn: left out of a finding's `rules`.
pub const NOISE: [&str; 14] = [
    "T1", "T2", "S1", "S2", "S4", "G3", "N1", "B1", "B2", "B4", "P1", "P2", "V2", "C0",
];

/// The ends that can coincide with the capping turn (half-move 60), as the
/// reach table names them: each other end, or a Skip, on that very turn.
pub const CAP_COMBINATIONS: [&str; 5] = ["G4+G7", "G5+G7", "G1+G7", "G2+G7", "T5+G7"];

/// The combination of another end (or a Skip) with the capping turn that a
/// turn from `before` to `after` shows, if any: the turn is the 60th half-move.
pub fn cap_combination(before: &Position, turn: Turn, after: &Position) -> Option<&'static str> {
    let cap = hexodic_rules::Ruleset::STANDARD.half_move_cap;
    if before.half_moves() + 1 != cap {
        return None;
    }
    if turn.project == Project::Skip {
        return Some("T5+G7");
    }
    match after.outcome()?.rule {
        hexodic_rules::EndRule::Strangle => Some("G4+G7"),
        hexodic_rules::EndRule::Repetition => Some("G5+G7"),
        hexodic_rules::EndRule::Network => Some("G1+G7"),
        hexodic_rules::EndRule::Takeover => Some("G2+G7"),
        _ => None,
    }
}

/// The rule IDs a played turn exercised.
pub fn rules_fired(
    before: &Position,
    turn: Turn,
    report: &TurnReport,
    after: &Position,
) -> Vec<&'static str> {
    let mut r = vec!["T1", "T2", "S4", "G3", "N1", "B1", "B2", "B4", "P1", "V2"];
    if before.half_moves() == 0 && before.stones(hexodic_rules::Player::X).is_empty() {
        r.push("P2");
    }
    match turn.project {
        Project::Place(_) => r.extend(["T3", "T4"]),
        Project::Move { to, .. } => {
            r.push("T6");
            if before.is_locked(to) {
                r.push("T7");
            }
        }
        Project::Skip => r.push("T5"),
    }
    match turn.shape {
        Some(_) => r.extend(["S1", "S2", "S3"]),
        None if turn.project != Project::Skip => r.push("S3"),
        None => {}
    }
    if turn.echo.is_some() {
        r.push("E1");
    }
    match turn.echo {
        Some(hexodic_rules::Echo::Lock(_)) => r.push("E2"),
        Some(hexodic_rules::Echo::Capture(_)) => {
            r.push("E3");
            if report.echo_captured.any() {
                r.push("E4");
            }
        }
        None => {}
    }
    if report.encircled.any() {
        r.extend(["C1", "C2", "C4"]);
    }
    if report.captured().any() {
        r.push("C3");
    }
    if before.locked().any() {
        r.push("C0");
    }
    if let Some(o) = after.outcome() {
        r.extend(["G0", "G8", o.rule.rule_id()]);
    }
    r
}

/// Every question a campaign can ask an engine, each with the rules it
/// tests: the verdict on a position given directly (valid, or refused with
/// each fault code), a legal turn, each reason code of an illegal one, the
/// legal list, each kind of capture, and the probes after the end.
pub fn questions() -> Vec<(String, Vec<&'static str>)> {
    use hexodic_rules::{FaultCode, Reason};
    let mut out: Vec<(String, Vec<&'static str>)> = vec![
        ("position valid".into(), vec!["V1"]),
        ("position invalid".into(), vec!["V1"]),
    ];
    for f in FaultCode::ALL {
        let mut rules = vec!["V1"];
        if f.rule() != "V1" {
            rules.push(f.rule());
        }
        out.push((format!("fault {}", f.code()), rules));
    }
    out.push(("play".into(), vec!["T1"]));
    for r in Reason::ALL {
        let mut rules = vec!["V2"];
        rules.extend(r.rules());
        out.push((format!("reason {}", r.code()), rules));
    }
    out.extend([
        ("legal".into(), vec!["N1"]),
        ("captures by move".into(), vec!["T6", "C3"]),
        ("captures by encirclement".into(), vec!["C1", "C3"]),
        ("captures by echo".into(), vec!["E4", "C3"]),
        ("after-end legal".into(), vec!["G8"]),
        ("after-end play".into(), vec!["G8"]),
    ]);
    out
}

/// The questions of [`questions`] a campaign never asked, in that order.
pub fn never_asked(r: &hexodic_report::FuzzReport) -> Vec<String> {
    questions()
        .into_iter()
        .map(|(q, _)| q)
        .filter(|q| r.questions.get(q).copied().unwrap_or(0) == 0)
        .collect()
}

/// The reach of questions as text: per rule, the games in which it fired
/// and how often each question testing it was asked; then the questions
/// never asked (or that every one was).
pub fn questions_text(r: &hexodic_report::FuzzReport) -> String {
    use std::fmt::Write as _;
    let qs = questions();
    let mut out = String::from("questions by rule (games in which it fired; questions asked):\n");
    for rule in hexodic_rules::registry::RULES {
        let asked: Vec<String> = qs
            .iter()
            .filter(|(_, rules)| rules.contains(&rule.id))
            .map(|(q, _)| format!("{q} {}", r.questions.get(q).copied().unwrap_or(0)))
            .collect();
        if asked.is_empty() {
            continue;
        }
        let fired = r.reach.get(rule.id).copied().unwrap_or(0);
        let _ = writeln!(out, "  {:<4} {:>8}  {}", rule.id, fired, asked.join(", "));
    }
    let never = never_asked(r);
    if never.is_empty() {
        out.push_str("every question was asked\n");
    } else {
        let _ = writeln!(out, "never asked ({}): {}", never.len(), never.join(", "));
    }
    out
}
