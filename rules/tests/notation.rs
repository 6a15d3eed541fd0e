//! I9: the position, turn and diagram notations round-trip; parse errors
//! name the column (and line, for diagrams).
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::diagram::{diagram, parse_board, parse_diagram};
use hexodic_rules::random::Rng;
use hexodic_rules::{
    Game, Position, PositionError, PositionParseErrorKind, Setup, Turn, TurnParseErrorKind,
    MAX_POSITION_LEN,
};

fn positions() -> Vec<Position> {
    let mut out = vec![pos(START)];
    out.push(
        Spec::new(O)
            .at("d4 x2*, c3 o2, e5 o1, a1 x1")
            .cooldown(O, "b2 f6")
            .captures(X, 3)
            .half_moves(33)
            .pos(),
    );
    let mut rng = Rng::new(11);
    let mut g = Game::new();
    while !g.position().is_over() {
        out.push(*g.position());
        let p = *g.position();
        g.play(p.nth_legal(rng.below(p.count_legal())).unwrap())
            .unwrap();
    }
    out.push(*g.position());
    out
}

#[test]
fn i9_positions_round_trip_through_both_notations() {
    for p in positions() {
        let s = p.to_notation();
        assert_eq!(Position::from_notation(&s).unwrap(), p, "{s}");
        assert_eq!(s.parse::<Position>().unwrap(), p);
        assert_eq!(p.to_string(), s);
        let d = p.diagram();
        assert_eq!(parse_diagram(&d).unwrap(), Setup::from(&p), "{d}");
        assert_eq!(parse_diagram(&d).unwrap().validate().unwrap(), p);
    }
}

#[test]
fn i9_turns_round_trip() {
    for p in positions().iter().step_by(7) {
        for t in p.legal_turns() {
            let s = t.to_string();
            assert_eq!(Turn::parse(&s).unwrap(), t, "{s}");
        }
    }
    for s in [
        "skip",
        "skip =b5",
        "skip @c3",
        "a1-a2",
        "a1-a2 -a2",
        "d4 +d4 =d4",
        "g7 +e5 @f6",
    ] {
        assert_eq!(Turn::parse(s).unwrap().to_string(), s);
    }
}

#[test]
fn i9_the_position_notation_is_canonical() {
    let good = "x2*.../...../....../...x1.../..o1.../...../.... o 17 x:r5c2k1u4l5PL o:r6c3k0u0l6P[c3,e5] =x:cap2";
    assert_eq!(Setup::from_notation(good).unwrap().to_notation(), good);
    // Variants that denote the same state in another spelling are refused.
    for bad in [
        good.replace("o 17", "o 017"),
        good.replace("x:r5", "x:r05"),
        good.replace("PL", "LP"),
        good.replace("[c3,e5]", "[e5,c3]"),
        good.replace("[c3,e5]", "[c3,c3,e5]"),
        good.replace("[c3,e5]", "[]"),
        good.replace(".x1", ".x01"),
        good.replace("x1", "x0"),
        good.replace(" o 17", "  o 17"),
        good.replace("=x:cap2", "=X:cap2"),
        format!("{good} "),
    ] {
        assert!(Setup::from_notation(&bad).is_err(), "{bad}");
    }
}

#[test]
fn position_parse_errors_name_the_column() {
    let col = |s: &str| Setup::from_notation(s).unwrap_err().column;
    assert_eq!(col(&START.replace(" x 0", " z 0")), 45);
    assert_eq!(col(&START.replace(" x 0 ", " x 00 ")), 47);
    assert_eq!(col(&START.replace("x:r7", "x:q7")), 51);
    assert_eq!(col(&START.replace("o:r7c3", "o:r7c9x")), 68);
    let e = Setup::from_notation("..../....../").unwrap_err();
    assert_eq!(e.column, 6);
    assert!(matches!(
        e.kind,
        PositionParseErrorKind::RowLength {
            row: 'f',
            found: 6,
            expected: 5
        }
    ));
    let e = Setup::from_notation(&START.replace("o:r7", "o:r300")).unwrap_err();
    assert_eq!(
        (e.column, e.kind),
        (65, PositionParseErrorKind::NumberTooLarge("300".into()))
    );
    let e = Setup::from_notation(&START.replace("l6 o", "l6[d4,c3] o")).unwrap_err();
    assert_eq!(e.kind, PositionParseErrorKind::CooldownOrder);
    assert_eq!(e.column, 65);
    let long = "x".repeat(MAX_POSITION_LEN + 1);
    assert_eq!(
        Setup::from_notation(&long).unwrap_err().kind,
        PositionParseErrorKind::TooLong(MAX_POSITION_LEN + 1)
    );
    // Columns count characters, not bytes.
    assert_eq!(col(&START.replace(" x 0", " é 0")), 45);
    assert_eq!(col("é"), 1);
    assert_eq!(col(""), 1);
    // A parsed but impossible position is an Invalid error, not a Parse error.
    assert!(matches!(
        Position::from_notation(&START.replace("x:r7", "x:r6")),
        Err(PositionError::Invalid(_))
    ));
}

#[test]
fn turn_parse_errors_name_the_column() {
    let e = |s: &str| Turn::parse(s).unwrap_err();
    assert_eq!(e("").kind, TurnParseErrorKind::Empty);
    assert_eq!(e("   ").column, 1);
    assert_eq!(e("z9").kind, TurnParseErrorKind::BadCell("z9".into()));
    assert_eq!(
        e("pass").kind,
        TurnParseErrorKind::BadProject("pass".into())
    );
    assert_eq!(e("c3-q1").column, 4);
    assert_eq!(e("q3-c4").column, 1);
    assert_eq!(e("c3 +z9").column, 5);
    assert_eq!(e("c3 *d4").kind, TurnParseErrorKind::BadPart("*d4".into()));
    assert_eq!(e("c3 +d4 +d5").column, 8);
    assert!(matches!(
        e("c3 +d4 +d5").kind,
        TurnParseErrorKind::MisplacedShape(_)
    ));
    assert!(matches!(
        e("c3 =d4 +d5").kind,
        TurnParseErrorKind::MisplacedShape(_)
    ));
    assert!(matches!(
        e("c3 =d4 @d5").kind,
        TurnParseErrorKind::SecondEcho(_)
    ));
    assert_eq!(e("  c3   @zz").column, 9);
    assert_eq!(e("ü3 +c3").column, 1);
    assert_eq!(e("c3 +ü").column, 5);
    assert!(matches!(e("SKIP").kind, TurnParseErrorKind::BadProject(_)));
}

#[test]
fn diagram_parse_errors_name_line_and_column() {
    let d = pos(START).diagram();
    // Row e, third cell replaced by `q`.
    let bad = d.replacen("e   .   .   .", "e   .   .   q", 1);
    let e = parse_diagram(&bad).unwrap_err();
    assert_eq!((e.line, e.column), (3, 13));
    let e = parse_board("g . . . . .\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, 11));
    let e = parse_board("f . . . . .\n").unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.message.contains("row label"));
    let board_only: String = d.lines().take(7).map(|l| format!("{l}\n")).collect();
    let e = parse_diagram(&board_only).unwrap_err();
    assert_eq!(e.line, 8);
    assert!(e.message.contains("missing state line"));
    let e = parse_diagram(&d.replace("x 0 x:", "x 0 x:q")).unwrap_err();
    assert_eq!((e.line, e.column), (9, 7));
    assert!(parse_board(&format!("{board_only}extra\n")).is_err());
    // Nothing may follow the state line either (blank lines aside).
    let e = parse_diagram(&format!("{d}\n{}\n", d.lines().last().unwrap())).unwrap_err();
    assert_eq!((e.line, e.column), (11, 1));
    assert!(parse_diagram(&format!("{d}\n\n")).is_ok());
    // Blank lines, labels and indentation do not matter.
    let loose: String = d.lines().map(|l| format!("\n  {}\n", l.trim())).collect();
    assert_eq!(parse_diagram(&loose).unwrap(), Setup::from(&pos(START)));
    assert_eq!(diagram(&Setup::from(&pos(START))), d);
}
