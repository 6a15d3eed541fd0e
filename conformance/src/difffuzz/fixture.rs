//! Writing a finding as a ready-to-commit fixture.

use super::compare::{rules_fired, NOISE};
use super::Finding;
use hexodic_rules::registry::{self, Basis};
use hexodic_rules::{EndRule, Game, Outcome, Position, Turn};
use std::fmt::Write as _;

// ---------------------------------------------------------------------------
// Writing the finding as a fixture
// ---------------------------------------------------------------------------

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

/// The finding as a fixture file (YAML) with id `id`, expectations from the
/// reference engine. `engine` names the engine it was found on.
pub fn fixture_yaml(f: &Finding, id: &str, engine: &str, seed_cmd: &str) -> String {
    let mut rules: Vec<&'static str> = Vec::new();
    let start = Position::from_notation(&f.start).unwrap_or_default();
    let mut game = Game::from_position(start);
    let mut steps = String::new();
    for (i, text) in f.turns.iter().enumerate() {
        let Ok(turn) = Turn::parse(text) else {
            continue;
        };
        let before = *game.position();
        let _ = writeln!(steps, "  - turn: \"{text}\"");
        match game.play(turn) {
            Ok(rep) => {
                let caps: Vec<String> = rep.captured().iter().map(|c| c.to_string()).collect();
                let _ = writeln!(steps, "    captured: [{}]", caps.join(", "));
                let _ = writeln!(
                    steps,
                    "    state: {{position: \"{}\"}}",
                    game.position().to_notation()
                );
                let _ = writeln!(steps, "    outcome: {}", outcome_yaml(game.outcome()));
                if i + 1 == f.turns.len() {
                    rules.extend(
                        rules_fired(&before, turn, &rep, game.position())
                            .into_iter()
                            .filter(|r| !NOISE.contains(r)),
                    );
                    let list_diff =
                        !f.difference.missing.is_empty() || !f.difference.extra.is_empty();
                    if !game.position().is_over() && !list_diff {
                        let _ =
                            writeln!(steps, "    legal_count: {}", game.position().count_legal());
                    }
                }
            }
            Err(e) => {
                let codes: Vec<&str> = e.reasons.iter().map(|r| r.code()).collect();
                let _ = writeln!(steps, "    illegal: [{}]", codes.join(", "));
                for r in e.reasons.iter() {
                    rules.extend(r.rules());
                }
            }
        }
    }
    // A difference in the result names the rules of both results.
    rules.extend(&f.difference.rules);
    let mut list_checks = String::new();
    if !f.difference.missing.is_empty() || !f.difference.extra.is_empty() {
        let p = game.position();
        let _ = writeln!(list_checks, "legal_count: {}", p.count_legal());
        let quote = |v: &[String]| {
            v.iter()
                .map(|t| format!("\"{t}\""))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !f.difference.missing.is_empty() {
            let _ = writeln!(list_checks, "legal: [{}]", quote(&f.difference.missing));
        }
        if !f.difference.extra.is_empty() {
            let _ = writeln!(list_checks, "not_legal: [{}]", quote(&f.difference.extra));
        }
        rules.push("N1");
        if let Some(r) = f
            .difference
            .extra
            .iter()
            .filter_map(|t| Turn::parse(t).ok())
            .map(|t| p.illegal_reasons(t))
            .next()
        {
            for reason in r.iter() {
                rules.extend(reason.rules());
            }
        }
    }
    rules.retain(|r| !r.starts_with('I'));
    if rules.is_empty() {
        rules.push("T1");
    }
    rules.sort();
    rules.dedup();
    let ruling = rules.iter().any(|r| {
        registry::lookup(r).is_some_and(|i| matches!(i.basis, Basis::Ruling | Basis::Both))
    });
    let depth = id.matches('/').count() + 1;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# yaml-language-server: $schema={}schema/fixture.schema.json",
        "../".repeat(depth)
    );
    let _ = writeln!(out, "id: {id}");
    let _ = writeln!(out, "description: >");
    let _ = writeln!(
        out,
        "  Found by `{seed_cmd}` against {engine}: {}.",
        f.difference.what.replace('\n', " ")
    );
    let _ = writeln!(
        out,
        "  Shrunk from {} turns to {}; the expectations are the reference engine's.",
        f.original_len,
        f.turns.len()
    );
    let _ = writeln!(out, "rules: [{}]", rules.join(", "));
    let _ = writeln!(
        out,
        "basis: {}",
        if ruling { "ruling" } else { "documented" }
    );
    let _ = writeln!(out, "ruleset: standard");
    let _ = writeln!(out, "setup:");
    let _ = writeln!(out, "  position: \"{}\"", f.start);
    if f.turns.is_empty() {
        let _ = writeln!(out, "expect:");
        for l in list_checks.lines() {
            let _ = writeln!(out, "  {l}");
        }
        return out;
    }
    for l in list_checks.lines() {
        let _ = writeln!(steps, "    {l}");
    }
    let _ = writeln!(out, "steps:");
    out.push_str(&steps);
    out
}
