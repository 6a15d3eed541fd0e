//! The one classification of a difference ([`classify`]): the engine
//! behaviour it shows, whatever end rule, reason code or kind of check it
//! shows under, the rules heading it (the broken rule first, where the
//! difference tells it), and what the engine does, in words. An engine
//! that names the other player as the winner does so under every end
//! rule; an engine that gives a code wrongly does so for a turn it
//! rejects, a turn its list leaves out and a turn both reject alike. The
//! root causes group by it and an expectations file pins it: they agree by
//! construction.

use super::implicate::fault_rule;
use hexodic_engine::PositionReply;
use hexodic_report::{
    cell_list, Behaviour, CaptureKind, Classification, Difference, Divergence, FieldDiff,
    TurnVerdict,
};
use hexodic_rules::{Cell, CellSet, EndRule, Outcome, Project, ReasonSet};

/// Rules no classification is headed by: every list or reason difference
/// names them.
const GENERIC: [&str; 2] = ["N1", "V2"];

/// The contexts a turn brings into play that a code may not name: an Echo
/// (E1), a Skip (T5), a Move (T7). A code given or allowed wrongly in such
/// a turn is headed by the context too, after the code's own rules and
/// before the mechanism (V1, V2): the engine may well read the code right
/// and the context wrong.
const CONTEXTS: [&str; 3] = ["E1", "T5", "T7"];

/// A reason or fault code behind a difference, and whether the engine gives
/// it where it does not apply (`true`) or allows what it forbids (`false`).
struct Code {
    code: &'static str,
    /// The rules the code stands for (the registry's), then the mechanism:
    /// V2 for a turn's reasons, V1 for a position's faults.
    rules: Vec<&'static str>,
    fault: bool,
    gives: bool,
}

fn reason(r: hexodic_rules::Reason, gives: bool) -> Code {
    let mut rules = r.rules().to_vec();
    if !rules.contains(&"V2") {
        rules.push("V2");
    }
    Code {
        code: r.code(),
        rules,
        fault: false,
        gives,
    }
}

fn fault(f: hexodic_rules::FaultCode, gives: bool) -> Code {
    let mut rules = vec![fault_rule(f)];
    if !rules.contains(&"V1") {
        rules.push("V1");
    }
    Code {
        code: f.code(),
        rules,
        fault: true,
        gives,
    }
}

fn first_reason(r: ReasonSet, gives: bool) -> Option<Code> {
    r.iter().next().map(|r| reason(r, gives))
}

/// The code behind a difference. In a legal list, turns the engine lists
/// but should not say more than those it leaves out: a rule read too
/// loosely also leaves out the turns it would have forced.
fn code_of(d: &Difference) -> Option<Code> {
    match d {
        Difference::Verdict { expected, got, .. } => match (expected, got) {
            (TurnVerdict::Legal, TurnVerdict::Illegal(r)) => first_reason(*r, true),
            (TurnVerdict::Illegal(r), TurnVerdict::Legal) => first_reason(*r, false),
            _ => None,
        },
        Difference::Reasons { expected, got, .. } => got
            .iter()
            .find(|r| !expected.contains(*r))
            .map(|r| reason(r, true)),
        Difference::LegalList { list: l } => {
            let gives = l.missing.iter().find_map(|t| match t.engine {
                Some(TurnVerdict::Illegal(r)) => first_reason(r, true),
                _ => None,
            });
            let allows = l.extra.iter().find_map(|t| match t.reference {
                TurnVerdict::Illegal(r) => first_reason(r, false),
                TurnVerdict::Legal => None,
            });
            allows.or(gives)
        }
        Difference::Perft { below: Some(b), .. } => code_of(b),
        Difference::Validity { expected, got } => match got {
            PositionReply::Invalid(codes) if expected.is_empty() => {
                codes.first().map(|f| fault(*f, true))
            }
            PositionReply::Accepted => expected.first().map(|f| fault(*f, false)),
            PositionReply::Invalid(_) => None,
        },
        Difference::Faults { expected, got } => got
            .iter()
            .find(|f| !expected.contains(f))
            .map(|f| fault(*f, true)),
        _ => None,
    }
}

fn end_rule(o: Outcome) -> &'static str {
    match o.rule {
        EndRule::Cap(_) => "G7",
        r => r.rule_id(),
    }
}

/// The behaviour of the game's result: both end alike but for the winner
/// or the tiebreak, one ends and the other does not, or they end by other
/// rules on the same turn.
fn result_behaviour(expected: Option<Outcome>, got: Option<Outcome>) -> Option<Behaviour> {
    Some(match (expected, got) {
        (Some(e), Some(g)) if end_rule(e) == end_rule(g) => match e.rule {
            EndRule::Cap(_) => Behaviour::WrongTiebreak,
            _ => Behaviour::WrongWinner,
        },
        (Some(e), Some(g)) => Behaviour::EndOrder {
            reference: end_rule(e).to_owned(),
            engine: end_rule(g).to_owned(),
        },
        (Some(e), None) => Behaviour::MissedEnd {
            rule: end_rule(e).to_owned(),
        },
        (None, Some(g)) => Behaviour::FalseEnd {
            rule: end_rule(g).to_owned(),
        },
        (None, None) => return None,
    })
}

/// The behaviour of a state difference on agreeing boards (no stone, tier
/// or lock differs): the result, a counter, a cooldown set.
fn fields_behaviour(fields: &[FieldDiff]) -> Option<Behaviour> {
    if fields.iter().any(|f| matches!(f, FieldDiff::Cell { .. })) {
        return None;
    }
    let result = fields.iter().find_map(|f| match f {
        FieldDiff::Result { expected, got } => result_behaviour(*expected, *got),
        _ => None,
    });
    // A winner named wrongly is what the engine does, whatever counters
    // led to it; otherwise a counter off comes first (an end follows from it).
    if matches!(result, Some(Behaviour::WrongWinner)) {
        return result;
    }
    let counter = fields.iter().find_map(|f| match f {
        FieldDiff::Counter { expected, got, .. } => Some(Behaviour::Counter {
            field: f.kind().to_owned(),
            more: got > expected,
        }),
        _ => None,
    });
    counter.or(result).or_else(|| {
        fields
            .iter()
            .any(|f| matches!(f, FieldDiff::Cooldown { .. }))
            .then_some(Behaviour::Cooldown)
    })
}

/// The kind of capture that took `cell` in the reference's captures (or
/// the engine's, for a stone only the engine took).
fn kind_of(cell: Cell, k: &hexodic_engine::CaptureKinds) -> Option<CaptureKind> {
    CaptureKind::ALL
        .into_iter()
        .find(|kind| kind.of(k).contains(cell))
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

/// The rules deciding whether a stone is taken this way.
fn capture_rules(kind: Option<CaptureKind>) -> Vec<&'static str> {
    match kind {
        Some(CaptureKind::Move) => vec!["T6"],
        Some(CaptureKind::Echo) => vec!["E4", "E3"],
        Some(CaptureKind::Encircled) | None => vec!["C1", "C2"],
    }
}

/// Stones taken or left otherwise than the reference: the kind of the
/// capture and the rules deciding it.
fn captures_behaviour(
    div: &Divergence,
    expected: CellSet,
    got: CellSet,
    engine: Option<&hexodic_engine::CaptureKinds>,
) -> (Behaviour, Vec<&'static str>) {
    let extra = (got - expected).any();
    let reference = div.captures.unwrap_or_default();
    let cell = if extra {
        (got - expected).iter().next()
    } else {
        (expected - got).iter().next()
    };
    let kind = cell.and_then(|c| {
        if extra {
            engine
                .and_then(|k| kind_of(c, k))
                .or_else(|| guess_kind(div, c))
        } else {
            kind_of(c, &reference)
        }
    });
    let mut rules = match cell.and_then(|c| extra.then(|| capture_context(div, c)).flatten()) {
        Some(context) => vec![context, "C1"],
        None => capture_rules(kind),
    };
    rules.dedup();
    (
        Behaviour::Captures {
            capture: kind,
            extra,
        },
        rules,
    )
}

/// The kind of a capture the reference did not make, from the turn: the
/// Move's target, the Echo target's group, else encirclement.
fn guess_kind(div: &Divergence, cell: Cell) -> Option<CaptureKind> {
    let turn = div.turn?;
    if let Project::Move { to, .. } = turn.project {
        if to == cell {
            return Some(CaptureKind::Move);
        }
    }
    if let (Some(hexodic_rules::Echo::Capture(t)), Some(b)) = (turn.echo, div.before) {
        let theirs: CellSet = Cell::ALL
            .iter()
            .copied()
            .filter(|c| b.cell(*c).stone == Some(b.to_move.other()))
            .collect();
        if theirs.component(t).contains(cell) {
            return Some(CaptureKind::Echo);
        }
    }
    Some(CaptureKind::Encircled)
}

/// The same stones taken, but under another kind: the kinds of the first
/// stone whose kind differs.
fn swapped_kind(
    div: &Divergence,
    engine: &hexodic_engine::CaptureKinds,
) -> Option<(CaptureKind, CaptureKind, Cell)> {
    let reference = div.captures?;
    if reference.all() != engine.all() {
        return None;
    }
    reference.all().iter().find_map(|c| {
        let (r, e) = (kind_of(c, &reference)?, kind_of(c, engine)?);
        (r != e).then_some((r, e, c))
    })
}

/// The rules most telling of a divergence beyond the generic ones: its two
/// leading implicated rules, or the first of them when every one is generic.
fn leading(div: &Divergence) -> Vec<&str> {
    let mut rules: Vec<&str> = div
        .implicated
        .iter()
        .map(String::as_str)
        .filter(|r| !GENERIC.contains(r))
        .take(2)
        .collect();
    if rules.is_empty() {
        rules = div.implicated.iter().map(String::as_str).take(1).collect();
    }
    rules
}

/// The leading reason code or field of a difference, with the direction of
/// the difference where it has one: what tells apart differences of a kind
/// no behaviour names.
fn other_key(d: &Difference) -> String {
    let more = |e: u64, g: u64| if g > e { "more" } else { "fewer" };
    match d {
        Difference::Fields { fields } => fields
            .first()
            .map_or(String::new(), |f| f.kind().to_owned()),
        Difference::LegalList { list } if list.missing_total() > 0 => "missing".into(),
        Difference::LegalList { .. } => "extra".into(),
        Difference::LegalCount { expected, got } => more(*expected, *got).into(),
        Difference::Perft { below: Some(b), .. } => other_key(b),
        Difference::Perft { expected, got, .. } => more(*expected, *got).into(),
        Difference::Verdict { expected, .. } if expected.is_legal() => "rejects".into(),
        Difference::Verdict { .. } => "accepts".into(),
        Difference::Reasons { .. } => "no reason".into(),
        Difference::Faults { .. } => "faults".into(),
        Difference::Validity { expected, .. } if expected.is_empty() => "rejects-valid".into(),
        Difference::Validity { .. } => "accepts-invalid".into(),
        Difference::Captures { .. } | Difference::CaptureKind { .. } => String::new(),
    }
}

/// The classification of a divergence (its implicated rules filled in).
pub fn classify(div: &Divergence) -> Classification {
    let (behaviour, rules, words): (Behaviour, Vec<String>, String) = classify_parts(div);
    Classification {
        behaviour,
        rules,
        words,
    }
}

fn owned(rules: &[&str]) -> Vec<String> {
    rules.iter().map(|r| (*r).to_owned()).collect()
}

fn classify_parts(div: &Divergence) -> (Behaviour, Vec<String>, String) {
    let d = &div.difference;
    if let Difference::Perft { below: Some(b), .. } = d {
        // A perft count is explained by what the bisection found.
        let inner = Divergence {
            difference: (**b).clone(),
            ..div.clone()
        };
        let c = classify_parts(&inner);
        if !matches!(c.0, Behaviour::Other { .. }) {
            return c;
        }
    }
    if let Difference::Fields { fields } = d {
        if let Some(b) = fields_behaviour(fields) {
            return worded(div, b);
        }
    }
    match d {
        Difference::Captures { expected, got } if div.boards_agree() => {
            let extra = (*got - *expected).any();
            let words = if extra {
                format!(
                    "its capture list names {} its own position shows not taken",
                    cell_list(*got - *expected)
                )
            } else {
                format!(
                    "its capture list leaves out {} its own position shows taken",
                    cell_list(*expected - *got)
                )
            };
            return (Behaviour::CaptureList { extra }, owned(&["C3"]), words);
        }
        Difference::Captures { expected, got } => {
            let (b, rules) = captures_behaviour(div, *expected, *got, None);
            let words = capture_words(&b, *expected, *got);
            return (b, owned(&rules), words);
        }
        Difference::CaptureKind {
            expected,
            got,
            engine,
            ..
        } => {
            if let Some((r, e, cell)) = swapped_kind(div, engine) {
                let words = format!(
                    "took {cell} {} ({}) where the reference takes it {} ({})",
                    e.how(),
                    e.rule(),
                    r.how(),
                    r.rule()
                );
                return (
                    Behaviour::CaptureKind {
                        reference: r,
                        engine: e,
                    },
                    owned(&[r.rule(), e.rule()]),
                    words,
                );
            }
            let (b, rules) = captures_behaviour(div, *expected, *got, Some(engine));
            let words = capture_words(&b, *expected, *got);
            return (b, owned(&rules), words);
        }
        Difference::LegalList { list }
            if list.missing.is_empty() && list.extra.is_empty() && !list.repeated.is_empty() =>
        {
            let r = &list.repeated[0];
            let words = format!(
                "lists `{}` {} times (a list names each turn once)",
                r.turn, r.times
            );
            return (Behaviour::RepeatedTurn, owned(&["N1"]), words);
        }
        _ => {}
    }
    if let Some(c) = code_of(d) {
        let words = match (c.fault, c.gives) {
            (false, false) => format!("allows turns that break `{}`", c.code),
            (false, true) => format!("gives `{}` for turns that do not break it", c.code),
            (true, false) => format!("accepts positions with the fault `{}`", c.code),
            (true, true) => format!("refuses valid positions as `{}`", c.code),
        };
        let mut rules = c.rules.clone();
        let context = div
            .implicated
            .iter()
            .map(String::as_str)
            .find(|r| CONTEXTS.contains(r) && !rules.contains(r));
        if let Some(r) = context {
            let at = rules.len().saturating_sub(1);
            rules.insert(at, r);
        }
        return (
            Behaviour::Code {
                code: c.code.to_owned(),
                fault: c.fault,
            },
            owned(&rules),
            words,
        );
    }
    let b = Behaviour::Other {
        kind: d.kind().to_owned(),
        key: other_key(d),
    };
    (b, owned(&leading(div)), div.summary.clone())
}

/// A behaviour read from the fields, its rules and words.
fn worded(div: &Divergence, b: Behaviour) -> (Behaviour, Vec<String>, String) {
    let (rules, words): (Vec<String>, String) = match &b {
        Behaviour::WrongWinner => (
            owned(&["G8"]),
            "names the other player as the winner".into(),
        ),
        Behaviour::WrongTiebreak => (
            owned(&["G7"]),
            "gives another result at the cap (the tiebreak decides otherwise)".into(),
        ),
        Behaviour::MissedEnd { rule } => (
            vec![rule.clone()],
            format!("does not end the game by {rule} where it ends"),
        ),
        Behaviour::FalseEnd { rule } => (
            vec![rule.clone()],
            format!("ends the game by {rule} where it goes on"),
        ),
        Behaviour::EndOrder { reference, engine } => (
            vec![reference.clone(), engine.clone()],
            format!(
                "ends the game by {engine} where {reference} ends it first (the end checks' order)"
            ),
        ),
        Behaviour::Counter { field, more } => (
            owned(&leading(div)),
            format!(
                "counts {} {field} than the rules give",
                if *more { "more" } else { "fewer" }
            ),
        ),
        Behaviour::Cooldown => {
            let skip = div.turn.is_some_and(|t| t.project == Project::Skip);
            (
                owned(if skip { &["T5", "C3"] } else { &["T4", "C3"] }),
                "keeps other cooldown cells".into(),
            )
        }
        _ => (owned(&leading(div)), div.summary.clone()),
    };
    (b, rules, words)
}

/// What the engine does with stones, in words.
fn capture_words(b: &Behaviour, expected: CellSet, got: CellSet) -> String {
    let Behaviour::Captures { capture, extra } = b else {
        return String::new();
    };
    let how = capture.map_or(String::new(), |k| format!(" {}", k.how()));
    if *extra {
        format!(
            "takes {}{how} where the reference leaves them",
            cell_list(got - expected)
        )
    } else {
        format!(
            "leaves {} the reference takes{how}",
            cell_list(expected - got)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexodic_report::Source;
    use hexodic_rules::{FaultCode, Player, Setup, TiebreakStep};

    fn div(difference: Difference) -> Divergence {
        let mut d = Divergence::new(0, 3, None, Source::Fixture, difference);
        d.before = Some(Setup::default());
        crate::diagnose::explain(&mut d);
        d
    }

    fn result(expected: Outcome, got: Outcome) -> Difference {
        Difference::Fields {
            fields: vec![FieldDiff::Result {
                expected: Some(expected),
                got: Some(got),
            }],
        }
    }

    #[test]
    fn a_swapped_winner_is_one_behaviour_under_every_end_rule() {
        let net = Outcome {
            winner: Some(Player::X),
            rule: EndRule::Network,
        };
        let strangle = Outcome {
            winner: Some(Player::O),
            rule: EndRule::Strangle,
        };
        let a = classify(&div(result(net, net.swapped())));
        let b = classify(&div(result(strangle, strangle.swapped())));
        assert_eq!(a.behaviour, Behaviour::WrongWinner);
        assert_eq!(a, b);
        assert_eq!(a.rules, ["G8"]);
    }

    #[test]
    fn another_result_at_the_cap_is_the_tiebreak() {
        let cap = |p, step| Outcome {
            winner: Some(p),
            rule: EndRule::Cap(Some(step)),
        };
        for got in [
            cap(Player::O, TiebreakStep::Tier2Stones),
            cap(Player::O, TiebreakStep::Captures),
        ] {
            let c = classify(&div(result(cap(Player::X, TiebreakStep::Tier2Stones), got)));
            assert_eq!(c.behaviour, Behaviour::WrongTiebreak);
            assert_eq!(c.rules, ["G7"]);
        }
    }

    #[test]
    fn an_end_by_another_rule_on_the_same_turn_is_the_order_of_the_checks() {
        let strangle = Outcome {
            winner: Some(Player::X),
            rule: EndRule::Strangle,
        };
        let cap = Outcome {
            winner: Some(Player::O),
            rule: EndRule::Cap(Some(TiebreakStep::Captures)),
        };
        let c = classify(&div(result(strangle, cap)));
        assert_eq!(
            c.behaviour,
            Behaviour::EndOrder {
                reference: "G4".into(),
                engine: "G7".into()
            }
        );
        assert_eq!(c.rules, ["G4", "G7"]);
        let missed = Difference::Fields {
            fields: vec![FieldDiff::Result {
                expected: Some(strangle),
                got: None,
            }],
        };
        assert_eq!(
            classify(&div(missed)).behaviour,
            Behaviour::MissedEnd { rule: "G4".into() }
        );
    }

    #[test]
    fn a_valid_position_refused_with_a_code_is_headed_by_the_codes_rule() {
        let c = classify(&div(Difference::Validity {
            expected: Vec::new(),
            got: PositionReply::Invalid(vec![FaultCode::AlreadyStrangled]),
        }));
        assert_eq!(
            c.behaviour,
            Behaviour::Code {
                code: "already-strangled".into(),
                fault: true
            }
        );
        assert_eq!(c.rules, ["G4", "V1"]);
        assert!(c.words.contains("refuses valid positions"), "{}", c.words);
    }
}
