//! The checks a fixture states, in words (captures, state fields, lists).

use crate::figure::outcome_words;
use hexodic_harness::corpus::Checks;
use hexodic_harness::oracle::StateCheck;
use hexodic_report::cell_list;
use hexodic_rules::Player;

fn cells(s: hexodic_rules::CellSet) -> String {
    cell_list(s)
}

fn player_name(p: Player) -> String {
    p.to_string()
}

/// The checks a fixture states, in words.
pub(super) fn check_words(c: &Checks) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(s) = c.captured {
        out.push(if s.is_empty() {
            "nothing is captured".to_owned()
        } else {
            format!("exactly `{}` captured", cells(s))
        });
    }
    if let Some(k) = &c.captured_by {
        let mut parts = Vec::new();
        match k.by_move {
            Some(Some(c)) => parts.push(format!("by the Move `{c}`")),
            Some(None) => parts.push("none by the Move".to_owned()),
            None => {}
        }
        if let Some(e) = k.encircled {
            parts.push(format!("by encirclement `{}`", cells(e)));
        }
        if let Some(e) = k.echo {
            parts.push(format!("by the Echo-Capture `{}`", cells(e)));
        }
        out.push(format!("captures by kind: {}", parts.join(", ")));
    }
    if let Some(s) = &c.state {
        out.extend(state_words(s));
    }
    if let Some(o) = c.outcome {
        out.push(format!("result: {}", outcome_words(o)));
    }
    if let Some(n) = c.legal_count {
        out.push(format!("exactly {n} legal turn(s)"));
    }
    if !c.legal.is_empty() {
        let v: Vec<String> = c.legal.iter().map(|t| format!("`{t}`")).collect();
        out.push(format!("legal: {}", v.join(", ")));
    }
    if !c.not_legal.is_empty() {
        let v: Vec<String> = c.not_legal.iter().map(|t| format!("`{t}`")).collect();
        out.push(format!("not legal: {}", v.join(", ")));
    }
    if let Some((d, n)) = c.perft {
        out.push(format!("perft to depth {d}: {n} line(s) of play (N1)"));
    }
    out
}

fn state_words(s: &StateCheck) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(p) = &s.position {
        out.push(format!("the whole position: `{}`", p.to_notation()));
    }
    if let Some(p) = s.to_move {
        out.push(format!("{} to move", player_name(p)));
    }
    if let Some(n) = s.half_moves {
        out.push(format!("half-move count {n}"));
    }
    for (c, t) in &s.tiers {
        out.push(format!("`{c}` on tier {t}"));
    }
    for (c, p) in &s.stones {
        out.push(match p {
            Some(p) => format!("an {p} stone on `{c}`"),
            None => format!("no stone on `{c}`"),
        });
    }
    if let Some(l) = s.locked {
        out.push(format!("locked cells exactly `{}`", cells(l)));
    }
    for p in Player::BOTH {
        let k = &s.counters[p.index()];
        let mut parts = Vec::new();
        let num = |name: &str, v: Option<u8>, parts: &mut Vec<String>| {
            if let Some(v) = v {
                parts.push(format!("{name} {v}"));
            }
        };
        num("reserve", k.reserve, &mut parts);
        num("charges", k.charges, &mut parts);
        num("captures", k.captures, &mut parts);
        num("raises", k.raises, &mut parts);
        num("lowers left", k.lowers_left, &mut parts);
        if let Some(b) = k.first_placed {
            parts.push(format!(
                "first Place made: {}",
                if b { "yes" } else { "no" }
            ));
        }
        if let Some(b) = k.lock_used {
            parts.push(format!("Echo-Lock used: {}", if b { "yes" } else { "no" }));
        }
        if let Some(cd) = k.cooldown {
            parts.push(format!("cooldown `{}`", cells(cd)));
        }
        if !parts.is_empty() {
            out.push(format!("{p}: {}", parts.join(", ")));
        }
    }
    out
}
