//! Tests written to kill the mutants that cargo-mutants found surviving the
//! rest of the rules crate's tests (docs/mutants.md lists every survivor and
//! its verdict). Each test pins one rule, or one documented behaviour of the
//! engine's API, that no other test pinned closely enough.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::diagram::{parse_board, parse_diagram, MAX_DIAGRAM_LEN};
use hexodic_rules::invariants::{check_symmetry, check_transition};
use hexodic_rules::random::{play_out, play_turn, random_game, Rng};
use hexodic_rules::registry::{lookup, Basis, RULES};
use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::{
    Cell, CellSet, FaultCode, Game, Player, Position, PositionParseError, PositionParseErrorKind,
    Project, Reason, Setup, MAX_POSITION_LEN,
};

// ---------------------------------------------------------------------------
// B1, B2: cells
// ---------------------------------------------------------------------------

/// B1, B2: the dense index runs `0..37` in the order of `Cell::ALL`; 37 and
/// beyond name no cell (and do not panic).
#[test]
fn b2_dense_index_stops_at_37() {
    for (i, c) in Cell::ALL.iter().enumerate() {
        assert_eq!(Cell::from_index(i), Some(*c));
    }
    assert_eq!(Cell::from_index(36), Some(cell("g7")));
    assert_eq!(Cell::from_index(37), None);
    assert_eq!(Cell::from_index(usize::MAX), None);
}

/// B2: a cell's debug form is its name, as in assertion messages and reports
/// (`{:?}` of a cell, a set of cells or a turn).
#[test]
fn b2_debug_form_of_a_cell_is_its_name() {
    assert_eq!(format!("{:?}", cell("d4")), "d4");
    assert_eq!(format!("{:?}", cells("a1 g7")), "{a1, g7}");
}

/// B1: a set of cells as raw bits in the padded layout (`Cell::bit`), and
/// back; bits that stand for no cell are dropped.
#[test]
fn b1_raw_bits_of_a_set_round_trip_and_off_board_bits_are_dropped() {
    for c in Cell::ALL {
        assert_eq!(CellSet::from_cell(c).bits(), 1u64 << c.bit(), "{c}");
        assert_eq!(CellSet::from_bits(1u64 << c.bit()), CellSet::from_cell(c));
    }
    let some = cells("a1 d4 g7");
    assert_eq!(CellSet::from_bits(some.bits()), some);
    assert_eq!(CellSet::from_bits(0), CellSet::EMPTY);
    assert_eq!(CellSet::from_bits(u64::MAX), CellSet::ALL);
    assert_eq!(CellSet::ALL.bits().count_ones(), 37);
}

/// B1: iterating a set gives its cells lowest index first and knows exactly
/// how many remain; a cell converts into the set holding just it.
#[test]
fn b1_a_set_iterates_its_cells_and_knows_how_many_remain() {
    let s = cells("g7 a1 d4");
    let mut it = s.iter();
    assert_eq!(it.size_hint(), (3, Some(3)));
    assert_eq!(it.len(), 3);
    assert_eq!(it.next(), Some(cell("a1")));
    assert_eq!(it.len(), 2);
    assert_eq!(it.size_hint(), (2, Some(2)));
    assert_eq!(it.by_ref().collect::<Vec<_>>(), [cell("d4"), cell("g7")]);
    assert_eq!(it.size_hint(), (0, Some(0)));
    assert_eq!(CellSet::ALL.iter().len(), 37);
    for c in [cell("a1"), Cell::CENTRE, cell("g7")] {
        assert_eq!(CellSet::from(c), CellSet::from_cell(c));
        assert_eq!(CellSet::from(c).iter().collect::<Vec<_>>(), [c]);
    }
}

// ---------------------------------------------------------------------------
// B3, I9: the board diagram
// ---------------------------------------------------------------------------

/// B3, I9: a diagram of up to 8 KiB is read (white space and blank lines
/// included); a longer text is refused at once, naming its length.
#[test]
fn b3_a_diagram_up_to_8_kib_is_read_and_a_longer_one_refused() {
    assert_eq!(MAX_DIAGRAM_LEN, 8 * 1024);
    let p = pos(START);
    let d = p.diagram();
    let pad = |len: usize| format!("{d}{}", "\n".repeat(len - d.len()));
    let exact = pad(8 * 1024);
    assert_eq!(exact.len(), 8192);
    assert_eq!(parse_diagram(&exact).unwrap(), Setup::from(&p));
    let over = pad(8 * 1024 + 1);
    let e = parse_diagram(&over).unwrap_err();
    assert_eq!((e.line, e.column), (1, 1));
    assert!(e.message.contains("8193 bytes"), "{}", e.message);
}

/// B3: a row with too few cells is refused, pointing past the end of its line.
#[test]
fn b3_a_diagram_row_with_too_few_cells_is_refused() {
    let text = "g . . . .\nf . . . .\ne . . . . . .\nd . . . . . . .\nc . . . . . .\nb . . . . .\na . . . .\n";
    let e = parse_board(text).unwrap_err();
    assert_eq!((e.line, e.column), (2, 10));
    assert_eq!(e.message, "row f has 4 cells, expected 5");
    // The same rows with the missing cell read as an empty board.
    let full = text.replacen("f . . . .\n", "f . . . . .\n", 1);
    assert_eq!(parse_board(&full).unwrap(), Setup::default());
}

// ---------------------------------------------------------------------------
// V1, V2: reason and fault codes
// ---------------------------------------------------------------------------

/// V2: a reason prints as its stable code (the code fixtures, the protocol
/// and reports use).
#[test]
fn v2_a_reason_prints_as_its_code() {
    for r in Reason::ALL {
        assert_eq!(r.to_string(), r.code());
    }
    assert_eq!(Reason::PlaceCentreFirst.to_string(), "place-centre-first");
}

/// V1: a setup fault code prints as its stable code.
#[test]
fn v1_a_fault_code_prints_as_its_code() {
    for f in FaultCode::ALL {
        assert_eq!(f.to_string(), f.code());
    }
    assert_eq!(FaultCode::StoneCount.to_string(), "stone-count");
}

/// V1: a setup fault says in words what is wrong and where, for the
/// messages of `explain`, the loader and the protocol.
#[test]
fn v1_a_setup_fault_says_what_is_wrong_in_words() {
    let mut s = Setup::default();
    s.cell_mut(cell("d4")).tier = 3;
    let faults = s.validate().unwrap_err().faults;
    let words: Vec<String> = faults.iter().map(|f| f.to_string()).collect();
    assert!(
        words.iter().any(|w| w == "d4 has tier 3, above 2"),
        "{words:?}"
    );
}

/// V2: a rejected turn names every rule it breaks, in code order, both in its
/// message and in the debug form of its reason set.
#[test]
fn v2_a_rejected_turn_lists_its_codes_in_its_message() {
    let p = pos(START);
    let mut g = Game::from_position(p);
    g.play(turn("c3 +d4")).unwrap();
    let e = g.play(turn("c3 +c3")).unwrap_err();
    assert_eq!(e.to_string(), "illegal turn: place-occupied");
    let e = g.play(turn("d4 +g7 =a1")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "illegal turn: place-centre-first, shape-out-of-range, lock-not-own-stone, lock-not-tier-2"
    );
    assert_eq!(
        format!("{:?}", e.reasons),
        r#"{"place-centre-first", "shape-out-of-range", "lock-not-own-stone", "lock-not-tier-2"}"#
    );
}

// ---------------------------------------------------------------------------
// I1-I9: the invariant checkers
// ---------------------------------------------------------------------------

/// I4: the transition checker flags a report of a turn that changed nothing
/// (the raise of `c3 +d4` did not happen).
#[test]
fn i4_transition_checker_flags_a_turn_whose_raise_did_not_happen() {
    let before = pos(START);
    let t = turn("c3 +d4");
    let (after, rep) = play(&before, "c3 +d4");
    assert_eq!(check_transition(&before, t, &rep, &after), Ok(()));
    let v = check_transition(&before, t, &rep, &before).unwrap_err();
    assert_eq!(v.invariant, "I4");
}

/// I8, G5: the symmetry check compares a turn's result with the mapped
/// turn's result from the mapped position, except when a repetition decided
/// the game: a repetition depends on the game's history, which the mapped
/// position, starting a fresh history (V1), does not share.
#[test]
fn i8_symmetry_check_leaves_out_a_turn_decided_by_repetition() {
    let g = play_all(&flat(10).pos(), &["a1-a2", "g7-g6", "a2-a1"]);
    let list = g.position().legal_turns();
    assert!(list.contains(&turn("g6-g7")), "O may recreate the start");
    let mut again = g.clone();
    again.play(turn("g6-g7")).unwrap();
    assert_eq!(again.outcome().unwrap().to_string(), "x:repetition");
    assert_eq!(check_symmetry(&g, list.len()), Ok(()));
}

// ---------------------------------------------------------------------------
// N1: the legal-turn list, counted and indexed
// ---------------------------------------------------------------------------

/// N1, S3: the n-th legal turn, found by counting, is the n-th turn of the
/// list also where a Project's turns open with the turns without a Shape
/// (every legal Shape of the Place on `a1` is on X's own stones, so the Shape
/// may be left out). Random play from the start never reaches such a Project.
#[test]
fn n1_nth_legal_follows_the_list_where_the_shape_is_optional() {
    let p = Spec::new(X)
        .stones(X, 0, "a2 a3 b1 b2 b3 c1")
        .at("c2 .2, c3 .2, g7 o")
        .lowers_left(X, 0)
        .pos();
    let list = p.legal_turns();
    let first = list.iter().position(|t| *t == turn("a1")).unwrap();
    assert_eq!(
        list[first + 1],
        turn("a1 +a1"),
        "no Shape first, then the raises"
    );
    assert_eq!(p.count_legal(), list.len() as u64);
    for (i, t) in list.iter().enumerate() {
        assert_eq!(p.nth_legal(i as u64), Some(*t), "nth_legal({i})");
        assert_eq!(p.choose_legal(|_| i as u64), Some(*t), "choose_legal({i})");
    }
    assert_eq!(p.nth_legal(list.len() as u64), None);
}

/// N1: the legal Projects with their counts: each Project once, in list
/// order, with the number of listed turns that share it.
#[test]
fn n1_projects_with_counts_split_the_list_by_project() {
    for p in [pos(START), moves_only()] {
        let list = p.legal_turns();
        let mut want: Vec<(hexodic_rules::Project, u64)> = Vec::new();
        for t in &list {
            match want.last_mut() {
                Some((project, n)) if *project == t.project => *n += 1,
                _ => want.push((t.project, 1)),
            }
        }
        assert!(want.len() > 1);
        assert_eq!(p.projects_with_counts(), want);
    }
}

// ---------------------------------------------------------------------------
// I9: the one-line position notation, errors
// ---------------------------------------------------------------------------

const BOARD: &str = "..../...../....../......./....../...../....";

fn parse_error(s: &str) -> PositionParseError {
    Setup::from_notation(s).unwrap_err()
}

/// I9: a counters field must open with its own player's letter, and the
/// error says which one it expected.
#[test]
fn i9_counters_open_with_their_players_letter() {
    let e = parse_error(&format!("{BOARD} x 0 o:r7c3k0u0l6 o:r7c3k0u0l6"));
    assert_eq!(e.column, 49);
    assert_eq!(
        e.kind,
        PositionParseErrorKind::Expected {
            expected: "`x:`",
            found: "`o`".into()
        }
    );
    let e = parse_error(&format!("{BOARD} x 0 x:r7c3k0u0l6 x:r7c3k0u0l6"));
    assert_eq!(e.column, 62);
    assert_eq!(
        e.kind,
        PositionParseErrorKind::Expected {
            expected: "`o:`",
            found: "`x`".into()
        }
    );
}

/// I9: reading a number stops after 21 digits (more than any `u64` has), so
/// an absurdly long count is refused as too large, quoting those 21 digits.
#[test]
fn i9_a_huge_number_is_refused_quoting_its_first_21_digits() {
    let long = "9".repeat(40);
    let e = parse_error(&format!("{BOARD} x {long} x:r7c3k0u0l6 o:r7c3k0u0l6"));
    assert_eq!(e.column, 47);
    assert_eq!(
        e.kind,
        PositionParseErrorKind::NumberTooLarge("9".repeat(21))
    );
    let e = parse_error(&format!("{BOARD} x 0 x:r{long}c3k0u0l6 o:r7c3k0u0l6"));
    assert_eq!(
        e.kind,
        PositionParseErrorKind::NumberTooLarge("9".repeat(21))
    );
}

/// I9, G8: reading a result stops after 33 characters, so an absurdly long
/// result is refused quoting those 33.
#[test]
fn i9_a_huge_result_is_refused_quoting_its_first_33_characters() {
    let long = format!("x:{}", "n".repeat(60));
    let e = parse_error(&format!("{BOARD} x 0 x:r7c3k0u0l6 o:r7c3k0u0l6 ={long}"));
    assert_eq!(e.column, 76);
    assert_eq!(
        e.kind,
        PositionParseErrorKind::Expected {
            expected: "a result such as `x:network`, `o:cap2` or `draw:cap`",
            found: format!("`{}`", &long[..33]),
        }
    );
}

/// I9: position text of up to 1024 bytes is read (here, the start followed
/// by stray text, refused where the stray text begins); longer text is
/// refused at once, naming its length.
#[test]
fn i9_position_text_up_to_1024_bytes_is_read_and_longer_refused() {
    assert_eq!(MAX_POSITION_LEN, 1024);
    let text = |len: usize| format!("{START}{}", "?".repeat(len - START.len()));
    let e = parse_error(&text(1024));
    assert_eq!(e.column, START.len() + 1);
    assert!(matches!(e.kind, PositionParseErrorKind::Expected { .. }));
    let e = parse_error(&text(1025));
    assert_eq!(e.column, 1);
    assert_eq!(e.kind, PositionParseErrorKind::TooLong(1025));
}

// ---------------------------------------------------------------------------
// T5: the cooldown Skip
// ---------------------------------------------------------------------------

/// T5, V1: the Skip is forced only on a player with stones in reserve. A
/// position given directly may give a player with an empty reserve a cooldown
/// over every free cell (V1 accepts it); that player Moves, and may not Skip.
#[test]
fn t5_no_forced_skip_with_an_empty_reserve_whatever_the_cooldown() {
    let p = Spec::new(X)
        .stones(X, 0, "a1 a2 a3 a4 b1 b2 b3")
        .stones(O, 0, "g7")
        .cooldown_everywhere(X)
        .pos();
    assert_eq!(counters(&p, X).reserve, 0);
    assert!(counters(&p, X).cooldown.any());
    assert!(!p.must_skip());
    assert_eq!(reasons(&p, "skip"), ["skip-not-allowed"]);
    assert!(listed(&p, "b3-c4 +c4"));
    assert!(p.legal_turns().iter().all(|t| t.project != Project::Skip));
}

// ---------------------------------------------------------------------------
// P1, I2: players and tiers
// ---------------------------------------------------------------------------

/// P1: the players read from `x`/`X` and `o`/`O` and print as `X` and `O`.
#[test]
fn p1_players_read_from_either_case_and_print_in_capitals() {
    assert_eq!(Player::from_char('x'), Some(X));
    assert_eq!(Player::from_char('X'), Some(X));
    assert_eq!(Player::from_char('o'), Some(O));
    assert_eq!(Player::from_char('O'), Some(O));
    for c in ['.', '0', 'y', ' '] {
        assert_eq!(Player::from_char(c), None, "{c:?}");
    }
    assert_eq!((X.to_string(), O.to_string()), ("X".into(), "O".into()));
}

/// I2: the cells of each tier, 0 to 2, split the board; there is no tier 3.
#[test]
fn i2_the_cells_of_each_tier_split_the_board() {
    let p = Spec::new(X).at("a1 x1, d4 .2*, g7 o2, c3 .1").pos();
    assert_eq!(p.tier_set(1), cells("a1 c3"));
    assert_eq!(p.tier_set(2), cells("d4 g7"));
    assert_eq!(p.tier_set(0), CellSet::ALL - cells("a1 c3 d4 g7"));
    assert_eq!(p.tier_set(3), CellSet::EMPTY);
    for c in Cell::ALL {
        assert!(p.tier_set(p.tier(c)).contains(c), "{c}");
    }
}

// ---------------------------------------------------------------------------
// I8: the board symmetries and their names
// ---------------------------------------------------------------------------

/// I8: `r0` is the identity and comes first; six `r1` steps and two
/// reflections come back to it; no rotation is a reflection; every
/// variant is named `r0`..`r5`, then `m`, then `s`, and reads back.
#[test]
fn i8_variants_are_named_and_the_first_is_the_identity() {
    let all = Symmetry::all();
    assert_eq!(all[0], Symmetry::IDENTITY);
    assert_eq!(Symmetry::IDENTITY.to_string(), "r0");
    for c in Cell::ALL {
        assert_eq!(Symmetry::IDENTITY.cell(c), c);
    }
    let r1: Symmetry = "r1".parse().unwrap();
    let m: Symmetry = "r0m".parse().unwrap();
    let moved = |s: Symmetry| Cell::ALL.iter().any(|c| s.cell(*c) != *c);
    assert!(moved(r1) && moved(m));
    for c in Cell::ALL {
        let mut d = c;
        for _ in 0..6 {
            d = r1.cell(d);
        }
        assert_eq!(d, c, "six turns of 60 degrees");
        assert_eq!(m.cell(m.cell(c)), c, "a reflection twice");
    }
    // A reflection is no rotation.
    for k in 0..6 {
        let r: Symmetry = format!("r{k}").parse().unwrap();
        assert!(Cell::ALL.iter().any(|c| r.cell(*c) != m.cell(*c)), "r{k}");
    }
    for (i, s) in all.iter().enumerate() {
        let name = s.to_string();
        let expect = format!(
            "r{}{}{}",
            i % 6,
            if (i / 6) % 2 == 1 { "m" } else { "" },
            if i >= 12 { "s" } else { "" }
        );
        assert_eq!(name, expect);
        assert_eq!(name.parse::<Symmetry>(), Ok(*s));
    }
    assert!("r6".parse::<Symmetry>().is_err());
}

/// V1: a setup tells each player's cooldown cells.
#[test]
fn v1_a_setup_tells_each_players_cooldown() {
    let s = Spec::new(X).cooldown(O, "a1 b2").setup();
    assert_eq!(s.cooldown(O), cells("a1 b2"));
    assert_eq!(s.cooldown(X), CellSet::EMPTY);
}

// ---------------------------------------------------------------------------
// G5: what the repetition key holds
// ---------------------------------------------------------------------------

/// The game from `p` is not over and came back to `p`'s board: the same
/// stones, tiers and locks, with the same player to move.
fn assert_board_came_back(g: &Game, p: &Position) {
    let q = g.position();
    assert!(!q.is_over(), "{:?}", q.outcome());
    assert_eq!((q.stones(X), q.stones(O)), (p.stones(X), p.stones(O)));
    assert_eq!(
        (q.to_move(), q.raised(), q.tier_set(2), q.locked()),
        (X, p.raised(), p.tier_set(2), p.locked())
    );
}

/// G5: the key holds each player's charges. An Echo-Capture that captures
/// nothing (E3: the charge is spent all the same) changes no cell, so the
/// board, the side to move and every other counter come back after two
/// Moves each way, and only X's charges differ: no repetition.
///
/// O's tier-2 stone on b3 is ringed by six of X's stones on tier 1: neither
/// C1 nor the Echo-Capture's weighing (E4) reaches 12. No Shape is legal
/// near g4-g7 (every cell there is on tier 2 and nobody has lowers left).
#[test]
fn g5_the_key_holds_the_charges() {
    let p = Spec::new(X)
        .tiers(2, &every_cell())
        .stones(X, 1, "a2 a3 b2 b4 c3 c4")
        .stones(X, 2, "g4")
        .stones(O, 2, "b3 g7 d7 d1 c6 e3 f3")
        .lowers_left(X, 0)
        .lowers_left(O, 0)
        .charges(X, 1)
        .charges(O, 0)
        .half_moves(10)
        .pos();
    let g = play_all(&p, &["g4-g5 @b3", "g7-g6", "g5-g4", "g6-g7"]);
    assert_board_came_back(&g, &p);
    let q = g.position();
    assert_eq!(counters(q, X).charges, 0);
    let mut rest = counters(q, X);
    rest.charges = 1;
    assert_eq!(rest, counters(&p, X), "only the charges differ");
    assert_eq!(counters(q, O), counters(&p, O));
}

/// G5: the key holds each player's captures. X takes O's corner stone on
/// a1 (C1: three edge slots and three tier-2 neighbours weigh 15 > 12); O
/// places it again two cells away (T4: outside the cooldown) and walks it
/// back while X steps aside and back. Only X's captures differ: no repetition.
#[test]
fn g5_the_key_holds_the_captures() {
    let p = Spec::new(X)
        .tiers(2, &every_cell())
        .stones(X, 2, "a2 b1 c2 d4 c6 e7 g4")
        .stones(O, 2, "a1 g7 d7 b5 f3 e3 f5")
        .lowers_left(X, 0)
        .lowers_left(O, 0)
        .charges(X, 0)
        .charges(O, 0)
        .half_moves(10)
        .pos();
    let turns = [
        "c2-b2", "a3", "b2-c2", "a3-b3", "d4-d5", "b3-b2", "d5-d4", "b2-a1",
    ];
    let mut g = Game::from_position(p);
    let rep = g.play(turn(turns[0])).unwrap();
    assert_eq!(rep.encircled, cells("a1"));
    let g = {
        for t in &turns[1..] {
            g.play(turn(t)).unwrap();
        }
        g
    };
    assert_board_came_back(&g, &p);
    let q = g.position();
    assert_eq!(counters(q, X).captures, 1);
    let mut rest = counters(q, X);
    rest.captures = 0;
    assert_eq!(rest, counters(&p, X), "only the captures differ");
    assert_eq!(counters(q, O), counters(&p, O));
}

/// G5: the key holds each player's raises and lowers left. X raises a3 to
/// tier 2 and later lowers it back (its last lower): the board comes back,
/// and only X's raises and lowers left differ: no repetition.
#[test]
fn g5_the_key_holds_the_raises_and_lowers_left() {
    let p = flat(10).tiers(1, "a3").lowers_left(X, 1).pos();
    let g = play_all(&p, &["a1-a2 +a3", "g7-g6", "a2-a1 -a3", "g6-g7"]);
    assert_board_came_back(&g, &p);
    let q = g.position();
    let (a, b) = (counters(q, X), counters(&p, X));
    assert_eq!((a.raises, a.lowers_left), (b.raises + 1, 0));
    assert_eq!(counters(q, O), counters(&p, O));
}

// ---------------------------------------------------------------------------
// Seeded play (random games, fuzzing) and its tallies
// ---------------------------------------------------------------------------

/// Seeded games are the same on every machine and every build: the
/// generator is SplitMix64, whose first outputs from seed 0 are published.
#[test]
fn seeded_generator_is_splitmix64() {
    let mut rng = Rng::new(0);
    assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
    assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    assert_eq!(rng.next_u64(), 0x06c4_5d18_8009_454f);
    // `below` scales the next output: 0x06c4... / 2^64 x 1000 = 26.
    let mut rng = Rng::new(0);
    rng.next_u64();
    rng.next_u64();
    assert_eq!(rng.below(1000), 26);
}

/// Random play: each turn is the legal turn at index
/// `rng.below(count_legal())` of the legal list (one draw per turn), played
/// with its report, until the game is over; then nothing more is played and
/// nothing drawn. `play_out` and `random_game` are that loop.
#[test]
fn random_play_takes_the_seeded_index_into_the_legal_list() {
    let mut game = Game::new();
    let mut rng = Rng::new(7);
    let mut shadow = Rng::new(7);
    let mut turns = 0;
    loop {
        let before = *game.position();
        let Some((t, report)) = play_turn(&mut game, &mut rng) else {
            break;
        };
        let want = before.nth_legal(shadow.below(before.count_legal()));
        assert_eq!(Some(t), want, "turn {turns}");
        assert_eq!(Game::from_position(before).play_legal(t), report);
        turns += 1;
    }
    assert!(game.position().is_over());
    assert!(turns > 10, "{turns} turns");
    assert!(play_turn(&mut game, &mut rng).is_none());
    assert_eq!(rng.next_u64(), shadow.next_u64(), "a draw after the end");
    let mut again = Game::new();
    let outcome = play_out(&mut again, &mut Rng::new(7));
    assert!(outcome.is_some());
    assert_eq!(outcome, game.outcome());
    assert_eq!(again.position(), game.position());
    assert_eq!(random_game(7).position(), game.position());
}

// ---------------------------------------------------------------------------
// The registry of rule IDs
// ---------------------------------------------------------------------------

/// RULINGS: every rule ID says where it comes from, in the words the rules
/// reference uses (documented, ruling, documented + ruling, invariant).
#[test]
fn registry_names_the_basis_of_each_rule() {
    let basis = |id: &str| lookup(id).unwrap().basis.name();
    assert_eq!(basis("C1"), "documented");
    assert_eq!(basis("B1"), "ruling");
    assert_eq!(basis("G5"), "documented+ruling");
    assert_eq!(basis("I3"), "invariant");
    for b in [
        Basis::Documented,
        Basis::Ruling,
        Basis::Both,
        Basis::Invariant,
    ] {
        assert!(RULES.iter().any(|r| r.basis == b), "{b:?} is used");
    }
}
