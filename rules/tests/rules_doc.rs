//! Keeps `rules/RULES.md` in step with the engine: every registered rule ID is
//! labelled there and no unknown ID is cited; every reason, fault and end-rule
//! code is listed; every example string parses and round-trips; every worked
//! example replays as written.

use hexodic_rules::diagram::{diagram, parse_diagram};
use hexodic_rules::registry::RULES;
use hexodic_rules::{
    Cell, CellSet, EndRule, Fault, Game, Outcome, Player, Position, Reason, Setup, TiebreakStep,
    Turn,
};
use std::collections::{BTreeMap, BTreeSet};

const DOC: &str = include_str!("../RULES.md");

/// The fenced blocks of the document tagged `tag`, as lists of non-empty lines.
fn blocks(tag: &str) -> Vec<Vec<&'static str>> {
    let mut out = Vec::new();
    // While inside a block: whether it has the tag, and its lines.
    let mut current: Option<(bool, Vec<&'static str>)> = None;
    for line in DOC.lines() {
        match (current.take(), line.strip_prefix("```")) {
            (None, Some(info)) => current = Some((info.trim() == tag, Vec::new())),
            (Some((wanted, lines)), Some(_)) => {
                if wanted {
                    out.push(lines);
                }
            }
            (Some((wanted, mut lines)), None) => {
                if !line.trim().is_empty() {
                    lines.push(line);
                }
                current = Some((wanted, lines));
            }
            (None, None) => {}
        }
    }
    assert!(current.is_none(), "unclosed fenced block in RULES.md");
    out
}

/// Whether `tok` looks like a rule ID: one to three capitals, then one or two digits.
fn is_id_like(tok: &str) -> bool {
    let letters = tok.chars().take_while(|c| c.is_ascii_uppercase()).count();
    let digits = tok.len() - letters;
    (1..=3).contains(&letters)
        && (1..=2).contains(&digits)
        && tok[letters..].chars().all(|c| c.is_ascii_digit())
}

/// Every ID-like token of the document.
fn cited_ids() -> BTreeSet<&'static str> {
    DOC.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|t| is_id_like(t))
        .collect()
}

/// Every bold label `**ID**` of the document, with how often it occurs.
fn labels() -> BTreeMap<&'static str, usize> {
    let mut out = BTreeMap::new();
    for (i, piece) in DOC.split("**").enumerate() {
        if i % 2 == 1 && is_id_like(piece) {
            *out.entry(piece).or_insert(0) += 1;
        }
    }
    out
}

#[test]
fn every_registered_rule_is_labelled_once() {
    let labels = labels();
    for rule in RULES {
        assert_eq!(
            labels.get(rule.id),
            Some(&1),
            "rule {} must have exactly one `**{}**` label in RULES.md",
            rule.id,
            rule.id
        );
    }
    assert_eq!(labels.len(), RULES.len(), "labels: {labels:?}");
}

#[test]
fn every_cited_id_is_registered() {
    let registered: BTreeSet<&str> = RULES.iter().map(|r| r.id).collect();
    let cited = cited_ids();
    let unknown: Vec<_> = cited.difference(&registered).collect();
    assert!(unknown.is_empty(), "RULES.md cites unknown IDs {unknown:?}");
    assert!(cited.contains("G5") && cited.contains("RS1"));
}

#[test]
fn id_scanner_tells_ids_from_other_words() {
    assert!(is_id_like("RS1") && is_id_like("C0") && is_id_like("I9"));
    assert!(!is_id_like("d4") && !is_id_like("X") && !is_id_like("G") && !is_id_like("C1a"));
}

fn all_faults() -> Vec<Fault> {
    let cell = Cell::CENTRE;
    let player = Player::X;
    let outcome = Outcome {
        winner: None,
        rule: EndRule::Network,
    };
    let faults = vec![
        Fault::TierOutOfRange { cell, tier: 3 },
        Fault::LockNotOnTop { cell },
        Fault::LockCount { locked: 1, used: 0 },
        Fault::StoneCount {
            player,
            on_board: 1,
            reserve: 7,
        },
        Fault::TooManyCharges { player, charges: 4 },
        Fault::LockWithoutCharge { player },
        Fault::TooManyLowers {
            player,
            lowers_left: 7,
        },
        Fault::TierSum {
            total: 1,
            expected: 0,
        },
        Fault::StonesBeforeFirstPlace { player },
        Fault::AlreadyNetwork { player },
        Fault::AlreadyTakeover { player },
        Fault::AlreadyStrangled { player },
        Fault::AlreadyCapped { half_moves: 60 },
        Fault::MalformedOutcome { outcome },
    ];
    // A new variant breaks this match; add it to the list above too.
    for f in &faults {
        match f {
            Fault::TierOutOfRange { .. }
            | Fault::LockNotOnTop { .. }
            | Fault::LockCount { .. }
            | Fault::StoneCount { .. }
            | Fault::TooManyCharges { .. }
            | Fault::LockWithoutCharge { .. }
            | Fault::TooManyLowers { .. }
            | Fault::TierSum { .. }
            | Fault::StonesBeforeFirstPlace { .. }
            | Fault::AlreadyNetwork { .. }
            | Fault::AlreadyTakeover { .. }
            | Fault::AlreadyStrangled { .. }
            | Fault::AlreadyCapped { .. }
            | Fault::MalformedOutcome { .. } => {}
        }
    }
    faults
}

/// The document's table rows: `| `code` | rules | ...`, as (code, rules column).
fn table_rows() -> BTreeMap<&'static str, &'static str> {
    let mut out = BTreeMap::new();
    for line in DOC.lines() {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        if cols.len() >= 4 && cols[0].is_empty() {
            if let Some(code) = cols[1].strip_prefix('`').and_then(|c| c.strip_suffix('`')) {
                out.insert(code, cols[2]);
            }
        }
    }
    out
}

fn listed_ids(column: &str) -> BTreeSet<&str> {
    column
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|t| is_id_like(t))
        .collect()
}

#[test]
fn every_reason_code_is_listed_with_its_rules() {
    let rows = table_rows();
    for r in Reason::ALL {
        let column = rows
            .get(r.code())
            .unwrap_or_else(|| panic!("reason `{}` missing from RULES.md", r.code()));
        let expected: BTreeSet<&str> = r.rules().iter().copied().collect();
        assert_eq!(listed_ids(column), expected, "rules of `{}`", r.code());
    }
}

#[test]
fn every_fault_code_is_listed_with_its_rule() {
    let rows = table_rows();
    let faults = all_faults();
    assert_eq!(faults.len(), 14);
    for f in faults {
        let column = rows
            .get(f.code())
            .unwrap_or_else(|| panic!("fault `{}` missing from RULES.md", f.code()));
        assert_eq!(
            listed_ids(column),
            BTreeSet::from([f.rule()]),
            "{}",
            f.code()
        );
    }
}

#[test]
fn every_end_rule_is_listed_with_its_rule() {
    let rows = table_rows();
    let rules = [
        EndRule::Network,
        EndRule::Takeover,
        EndRule::Strangle,
        EndRule::Repetition,
        EndRule::Threefold,
        EndRule::Cap(Some(TiebreakStep::TierSum)),
    ];
    for rule in rules {
        let column = rows
            .get(rule.name())
            .unwrap_or_else(|| panic!("end rule `{}` missing from RULES.md", rule.name()));
        assert_eq!(listed_ids(column), BTreeSet::from([rule.rule_id()]));
    }
    for text in [
        "x:cap1",
        "o:cap4",
        "draw:cap",
        "draw:threefold",
        "o:repetition",
    ] {
        let o = Outcome::parse(text).expect("result form");
        assert!(o.is_well_formed(), "{text}");
        assert_eq!(o.to_string(), text);
    }
}

fn check_position(s: &str) -> Position {
    let p = Position::from_notation(s).unwrap_or_else(|e| panic!("`{s}`: {e}"));
    assert_eq!(p.to_notation(), s, "position does not round-trip");
    p
}

fn check_turn(s: &str) -> Turn {
    let t = Turn::parse(s).unwrap_or_else(|e| panic!("`{s}`: {e}"));
    assert_eq!(t.to_string(), s, "turn does not round-trip");
    t
}

#[test]
fn position_examples_parse_and_round_trip() {
    let all = blocks("position");
    let lines: Vec<_> = all.iter().flatten().collect();
    assert!(
        lines.len() >= 7,
        "too few position examples: {}",
        lines.len()
    );
    let start = Position::start().to_notation();
    assert!(lines.iter().any(|l| **l == start), "no starting position");
    let mut finished = 0;
    for line in lines {
        let p = check_position(line);
        finished += usize::from(p.is_over());
    }
    assert!(finished >= 2, "need finished-game examples");
}

#[test]
fn turn_examples_parse_and_round_trip() {
    let lines: Vec<_> = blocks("turn").into_iter().flatten().collect();
    assert!(lines.len() >= 6, "too few turn examples");
    for line in lines {
        check_turn(line);
    }
}

#[test]
fn diagram_examples_match_the_engine() {
    let all = blocks("diagram");
    assert!(!all.is_empty());
    for lines in all {
        let text = lines.join("\n") + "\n";
        let setup = parse_diagram(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let p = setup.validate().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(
            diagram(&Setup::from(&p)),
            text,
            "not the engine's rendering"
        );
        assert_eq!(p.diagram(), text);
    }
}

#[test]
fn cell_name_diagram_matches_the_board() {
    let all = blocks("cells");
    assert_eq!(all.len(), 1, "one `cells` block");
    let lines = &all[0];
    assert_eq!(lines.len(), 7);
    let mut seen = 0;
    for (line, row) in lines.iter().zip("gfedcba".chars()) {
        let mut toks = line.split_whitespace();
        assert_eq!(toks.next(), Some(row.to_string().as_str()), "{line}");
        let names: Vec<&str> = toks.collect();
        let y = row as i8 - b'd' as i8;
        let expected: Vec<String> = Cell::ALL
            .iter()
            .filter(|c| c.y() == y)
            .map(|c| c.to_string())
            .collect();
        assert_eq!(names, expected, "row {row}");
        seen += names.len();
        // Shorter rows are indented two columns per missing cell (B3).
        let first = line.find(names[0]).expect("first cell");
        assert_eq!(first, 5 + 2 * (7 - names.len()), "indentation of row {row}");
    }
    assert_eq!(seen, 37);
    // B3: `e4`, `e5` sit diagonally above `d4`, `c3`, `c4` below it.
    let col = |row: usize, name: &str| lines[row].find(name).expect("cell in row");
    let d4 = col(3, "d4");
    assert_eq!((col(2, "e4"), col(2, "e5")), (d4 - 2, d4 + 2));
    assert_eq!((col(4, "c3"), col(4, "c4")), (d4 - 2, d4 + 2));
    let centre = Cell::CENTRE;
    for n in ["e4", "e5", "c3", "c4", "d3", "d5"] {
        let c = Cell::from_name(n).expect("cell name");
        assert_eq!(c.distance(centre), 1, "{n} touches d4");
    }
}

#[test]
fn edge_slot_counts_are_as_stated() {
    let corners = cells("a1 a4 d1 d7 g4 g7");
    let mut twos = 0;
    for c in Cell::ALL {
        match c.edge_slots() {
            3 => assert!(corners.contains(c), "{c}"),
            2 => twos += 1,
            0 => assert!(c.distance(Cell::CENTRE) <= 2, "{c}"),
            n => panic!("{c} has {n} edge slots"),
        }
    }
    assert_eq!((corners.count(), twos), (6, 12));
}

fn cells(list: &str) -> CellSet {
    let mut s = CellSet::EMPTY;
    for name in list.split_whitespace() {
        s.insert(Cell::from_name(name).unwrap_or_else(|| panic!("bad cell `{name}`")));
    }
    s
}

#[test]
fn worked_examples_replay() {
    let all = blocks("replay");
    assert!(all.len() >= 6, "too few worked examples");
    let mut steps = 0;
    for lines in all {
        let mut game: Option<Game> = None;
        let mut last = None;
        for line in lines {
            let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
            if verb == "from" {
                let p = if rest == "start" {
                    Position::start()
                } else {
                    check_position(rest)
                };
                game = Some(Game::from_position(p));
                continue;
            }
            let g = game
                .as_mut()
                .unwrap_or_else(|| panic!("`{line}` before `from`"));
            steps += 1;
            match verb {
                "play" => {
                    let t = check_turn(rest);
                    let report = g
                        .play(t)
                        .unwrap_or_else(|e| panic!("`{rest}` rejected: {e}"));
                    last = Some(report);
                }
                "reject" => {
                    let (turn, codes) = rest.split_once(" : ").expect("`reject TURN : CODES`");
                    let before = g.position().to_notation();
                    let err = g
                        .play(check_turn(turn))
                        .expect_err(&format!("`{turn}` accepted"));
                    let got: BTreeSet<&str> = err.reasons.iter().map(|r| r.code()).collect();
                    let want: BTreeSet<&str> = codes.split_whitespace().collect();
                    assert_eq!(got, want, "reasons for `{turn}`");
                    assert_eq!(g.position().to_notation(), before);
                }
                "captured" => {
                    let rep = last.expect("`captured` after a `play`");
                    assert_eq!(rep.captured(), cells(rest), "captures of the last turn");
                }
                "gives" => {
                    check_position(rest);
                    assert_eq!(g.position().to_notation(), rest);
                }
                other => panic!("unknown replay verb `{other}`"),
            }
        }
    }
    assert!(steps >= 20);
}
