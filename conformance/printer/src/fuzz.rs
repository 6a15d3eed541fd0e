//! A fuzz campaign's report as text: the games played, incidents, the
//! known differences met, the reach of rules and questions (when nothing
//! new was found, or asked for), and the finding with the command that
//! repeats it.

use crate::style::{Role, Styles};
use hexodic_io::escape::terminal;
use hexodic_report::{count, FuzzReport};
use std::fmt::Write as _;

/// The rules' reach and the questions asked, as tables.
pub fn reach_table(r: &FuzzReport) -> String {
    let mut out =
        String::from("rule reach (games in which each rule fired, and per 1000 games):\n");
    let per = |n: u64| n as f64 * 1000.0 / r.games.max(1) as f64;
    for rule in hexodic_rules::registry::RULES
        .iter()
        .filter(|x| !x.id.starts_with('I') && x.id != "RS1")
    {
        let n = r.reach.get(rule.id).copied().unwrap_or(0);
        let _ = writeln!(out, "  {:<4} {:>8} {:>8.1}", rule.id, n, per(n));
    }
    let combos: Vec<(&String, &u64)> = r
        .reach
        .iter()
        .filter(|(k, _)| hexodic_rules::registry::lookup(k).is_none())
        .collect();
    if !combos.is_empty() {
        out.push_str("ends on the capping turn (half-move 60):\n");
        for (id, n) in combos {
            let _ = writeln!(out, "  {id:<6} {n:>6} {:>8.1}", per(*n));
        }
    }
    if !r.questions.is_empty() {
        out.push_str("questions asked (and how often):\n");
        for (q, n) in &r.questions {
            let _ = writeln!(out, "  {q:<40} {n:>8}");
        }
    }
    out
}

/// The text `fuzz` prints.
pub fn fuzz_text(r: &FuzzReport, reach: bool, styles: &Styles) -> String {
    let mut out = String::new();
    let secs = r.elapsed_seconds.max(1e-9);
    let _ = writeln!(
        out,
        "games: {} ({:.0} games/s), turns: {}",
        r.games,
        r.games as f64 / secs,
        r.turns
    );
    if let Some(i) = r.incidents.first() {
        let _ = writeln!(
            out,
            "{}",
            styles.paint(
                Role::Incident,
                &format!(
                    "engine incidents: {} (not rule differences); first, in the game with seed {}: {}",
                    r.incidents.len(),
                    i.game_seed,
                    terminal(&i.incident.message)
                )
            )
        );
    }
    for k in &r.known {
        let _ = writeln!(
            out,
            "{}",
            styles.paint(
                Role::Expected,
                &format!(
                    "known difference (the expectations file pins it): {} in {}, first in the game with seed {}",
                    k.signature,
                    count(k.games as usize, "game", "games"),
                    k.first_game_seed
                )
            )
        );
    }
    if let Some(stop) = r.stopped {
        let _ = writeln!(
            out,
            "{}",
            styles.paint(
                Role::Expected,
                &format!("campaign incomplete: {}", stop.describe())
            )
        );
    }
    let Some(f) = r.finding.as_ref().filter(|f| !f.known) else {
        out.push_str(&reach_table(r));
        out.push_str(&styles.paint(Role::Pass, "no new difference found"));
        out.push('\n');
        return out;
    };
    if reach {
        out.push_str(&reach_table(r));
    }
    let _ = writeln!(
        out,
        "{}",
        styles.paint(
            Role::Fail,
            &format!(
                "difference found (game seed {}): {}",
                f.game_seed,
                terminal(&f.divergence.summary)
            )
        )
    );
    let _ = writeln!(out, "  {}", terminal(&f.classification.heading()));
    let _ = writeln!(
        out,
        "implicated rules: {}",
        f.divergence.implicated.join(", ")
    );
    let _ = writeln!(out, "start: {}", f.start.to_notation());
    let turns: Vec<String> = f.turns.iter().map(ToString::to_string).collect();
    let turns = if turns.is_empty() {
        "(none)".to_owned()
    } else {
        turns.join(" ; ")
    };
    let _ = writeln!(out, "turns: {turns}");
    let _ = writeln!(
        out,
        "{}",
        styles.paint(Role::Rerun, &format!("repeat with: {}", f.repeat))
    );
    out
}
