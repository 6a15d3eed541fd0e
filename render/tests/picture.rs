//! What a picture holds: parsed back with an XML parser and counted.

mod common;

use common::*;
use hexodic_render::{fault_lines, BoardPicture};
use hexodic_rules::random::Rng;
use hexodic_rules::{Cell, CellSet, Counters, EndRule, Game, Outcome, Player, Setup, Turn};

fn cells(names: &[&str]) -> CellSet {
    names.iter().map(|n| Cell::from_name(n).unwrap()).collect()
}

fn stones(setup: &Setup) -> usize {
    setup.cells.iter().filter(|c| c.stone.is_some()).count()
}

#[test]
fn start_has_37_titled_cells_and_no_stones() {
    let svg = BoardPicture::new(&Setup::default()).to_svg();
    let doc = parse(&svg);
    let polys = with_class(&doc, "hx-cell");
    assert_eq!(polys.len(), 37);
    for (poly, cell) in polys.iter().zip(Cell::ALL) {
        assert!(poly.has_tag_name("polygon"));
        let t = poly.children().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(t.text(), Some(format!("{cell}: tier 0, empty").as_str()));
    }
    assert!(with_class(&doc, "hx-stone").is_empty());
    assert_eq!(title(&doc), "Hexodic board: X to move, half-move 0");
    let texts = texts(&doc);
    // Every cell's name is printed, and the rim labels a-g, 1-7.
    for c in Cell::ALL {
        assert!(texts.contains(&c.to_string()), "{c}");
    }
    for label in [
        "a", "b", "c", "d", "e", "f", "g", "1", "2", "3", "4", "5", "6", "7",
    ] {
        assert!(texts.iter().any(|t| t == label), "{label}");
    }
    assert!(texts.contains(&"X to move · half-move 0".to_owned()));
    assert!(legend(&doc).contains("X: reserve 7, charges 3, captures 0, raises 0, lowers left 6"));
    // No Move, so no arrow marker and no ids at all.
    assert!(doc.descendants().all(|n| n.attribute("id").is_none()));
}

#[test]
fn cells_show_tier_lock_stone_and_cooldown() {
    let mut s = setup(MID_BEFORE);
    s.counters[Player::X.index()].cooldown = cells(&["a1", "a3"]);
    s.counters[Player::O.index()].cooldown = cells(&["a3", "b5", "c6"]);
    let svg = BoardPicture::new(&s).to_svg();
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "hx-stone").len(), stones(&s));
    assert_eq!(with_class(&doc, "hx-cooldown-x").len(), 2);
    assert_eq!(with_class(&doc, "hx-cooldown-o").len(), 3);
    let locked = s.cells.iter().filter(|c| c.locked).count();
    assert_eq!(locked, 2);
    assert_eq!(with_class(&doc, "hx-locked").len(), locked);
    assert_eq!(with_class(&doc, "hx-padlock").len(), locked);
    // The tier digits, in board order, are the tiers above 0; tier 0 prints none.
    let digits: Vec<String> = with_class(&doc, "hx-tier")
        .iter()
        .map(|n| n.text().unwrap().to_owned())
        .collect();
    let tiers: Vec<String> = s
        .cells
        .iter()
        .filter(|c| c.tier > 0)
        .map(|c| c.tier.to_string())
        .collect();
    assert_eq!(digits, tiers);
    assert!(!digits.contains(&"0".to_owned()));
    // Shades: tier 0, 1, 2 are three different fills.
    let fill = |name: &str| {
        let i = Cell::from_name(name).unwrap().index();
        with_class(&doc, "hx-cell")[i]
            .attribute("fill")
            .unwrap()
            .to_owned()
    };
    let (t0, t1, t2) = (fill("d1"), fill("d2"), fill("e6"));
    assert!(t0 != t1 && t1 != t2 && t0 != t2);
    // Stones carry their letter, X and O filled differently.
    let letters: Vec<String> = texts(&doc)
        .into_iter()
        .filter(|t| t == "X" || t == "O")
        .collect();
    assert_eq!(letters.len(), stones(&s));
    let stone_fills: std::collections::BTreeSet<&str> = with_class(&doc, "hx-stone")
        .iter()
        .map(|n| n.attribute("fill").unwrap())
        .collect();
    assert_eq!(stone_fills.len(), 2);
    // The titles say it all.
    let d4 = with_class(&doc, "hx-cell")[Cell::CENTRE.index()];
    let title = d4.children().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("d4: tier 2, locked, X stone"));
    let a3 = with_class(&doc, "hx-cell")[Cell::from_name("a3").unwrap().index()];
    let title = a3.children().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(
        title.text(),
        Some("a3: tier 0, empty, in X's cooldown, in O's cooldown")
    );
}

#[test]
fn highlights_and_captures_are_counted() {
    let s = setup(MID_BEFORE);
    let marked = cells(&["a1", "d4", "g7", "c3", "e6"]);
    let gone = cells(&["b2", "f5"]);
    let svg = BoardPicture::new(&s)
        .highlight(marked)
        .captured(gone)
        .to_svg();
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "hx-highlight").len(), 5);
    assert_eq!(with_class(&doc, "hx-captured").len(), 2);
    let texts = texts(&doc);
    assert!(texts.contains(&"Captured: b2, f5".to_owned()));
    assert!(texts.contains(&"Differs: a1, c3, d4, e6, g7".to_owned()));
    assert!(legend(&doc).contains("thick dashed outline = differs"));
    let none = BoardPicture::new(&s).to_svg();
    let doc = parse(&none);
    assert!(with_class(&doc, "hx-highlight").is_empty());
    assert!(with_class(&doc, "hx-captured").is_empty());
}

#[test]
fn text_is_escaped_everywhere() {
    let evil = "<script>alert(1)</script> & \"quotes\" 'too'";
    let svg = BoardPicture::new(&Setup::default())
        .title(evil)
        .caption(evil)
        .faults(vec![evil.to_owned()])
        .id_prefix("\"><script>x</script>")
        .turn(Turn::parse("c3-c4").unwrap())
        .to_svg();
    assert!(!svg.contains("<script"));
    let doc = parse(&svg);
    assert!(doc.descendants().all(|n| !n.has_tag_name("script")));
    assert_eq!(title(&doc), evil);
    assert!(texts(&doc).iter().any(|t| t.contains("<script>alert(1)")));
    // The prefix is cleaned to an id the marker reference can use.
    let marker = doc
        .descendants()
        .find(|n| n.has_tag_name("marker"))
        .unwrap();
    assert_eq!(marker.attribute("id"), Some("___script_x__script_arrow"));
}

#[test]
fn each_part_of_a_turn_has_its_mark() {
    let s = Setup::default();
    let draw = |turn: &str| {
        BoardPicture::new(&s)
            .id_prefix("t1-")
            .turn(Turn::parse(turn).unwrap())
            .to_svg()
    };

    let svg = draw("c3-c4 -c4 @c5");
    let doc = parse(&svg);
    let arrow = with_class(&doc, "hx-move");
    assert_eq!(arrow.len(), 1);
    assert_eq!(arrow[0].attribute("marker-end"), Some("url(#t1-arrow)"));
    let marker = doc
        .descendants()
        .find(|n| n.has_tag_name("marker"))
        .unwrap();
    assert_eq!(marker.attribute("id"), Some("t1-arrow"));
    assert_eq!(marker.parent().unwrap().tag_name().name(), "defs");
    let badge = with_class(&doc, "hx-shape");
    assert_eq!(badge.len(), 1);
    assert!(badge[0].attribute("class").unwrap().contains("hx-lower"));
    // The badge's glyph is drawn, not a digit-like text.
    assert!(badge[0].has_tag_name("path"));
    assert_eq!(with_class(&doc, "hx-echo-capture").len(), 1);
    assert!(with_class(&doc, "hx-place").is_empty());
    assert!(
        legend(&doc).contains("Turn: c3-c4 -c4 @c5 (Move c3 to c4, lower c4, Echo-Capture at c5)")
    );

    let svg = draw("d2 +d2 =d2");
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "hx-place").len(), 1);
    assert_eq!(with_class(&doc, "hx-raise").len(), 1);
    assert_eq!(with_class(&doc, "hx-echo-lock").len(), 1);
    assert!(with_class(&doc, "hx-move").is_empty());
    assert!(doc.descendants().all(|n| !n.has_tag_name("marker")));

    let svg = draw("skip @e5");
    let doc = parse(&svg);
    let skip = with_class(&doc, "hx-skip");
    assert_eq!(skip.len(), 1);
    assert!(skip[0].descendants().any(|n| n.text() == Some("skip")));
    assert_eq!(with_class(&doc, "hx-echo-capture").len(), 1);
    assert!(with_class(&doc, "hx-shape").is_empty());
    let e5 = with_class(&doc, "hx-cell")[Cell::from_name("e5").unwrap().index()];
    let title = e5.children().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("e5: tier 0, empty, Echo-Capture target"));

    // A Move from a cell to itself (no legal turn, but a Turn can hold it)
    // still draws, as a ring.
    let svg = draw("c3-c3");
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "hx-place").len(), 1);
}

#[test]
fn an_invalid_setup_draws_and_lists_its_faults() {
    let mut s = Setup::default();
    s.cells[Cell::from_name("g4").unwrap().index()].tier = 7;
    let d4 = s.cell_mut(Cell::CENTRE);
    d4.stone = Some(Player::O);
    d4.locked = true; // on tier 0
    let faults = fault_lines(&s);
    assert!(faults.len() >= 3, "{faults:?}");
    let svg = BoardPicture::new(&s).faults(faults.clone()).to_svg();
    let doc = parse(&svg);
    assert!(title(&doc).ends_with("(not a valid position)"));
    let texts = texts(&doc);
    assert!(texts.contains(&"Not a valid position:".to_owned()));
    assert!(texts
        .iter()
        .any(|t| t.starts_with("• g4 has tier 7, above 2 (I2,")));
    assert!(texts
        .iter()
        .any(|t| t.starts_with("• d4 is locked but not tier 2")));
    let digits: Vec<&str> = with_class(&doc, "hx-tier")
        .iter()
        .map(|n| n.text().unwrap())
        .collect();
    assert_eq!(digits, ["7"]);
    let d4 = with_class(&doc, "hx-cell")[Cell::CENTRE.index()];
    let title = d4.children().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("d4: tier 0, locked, O stone"));
    // A tier above 2 gets the darkest shade.
    let fill = |c: &str| {
        with_class(&doc, "hx-cell")[Cell::from_name(c).unwrap().index()]
            .attribute("fill")
            .unwrap()
            .to_owned()
    };
    let mut dark = Setup::default();
    dark.cells[0].tier = 2;
    let dark_svg = BoardPicture::new(&dark).to_svg();
    let dark_doc = parse(&dark_svg);
    assert_eq!(
        fill("g4"),
        with_class(&dark_doc, "hx-cell")[0]
            .attribute("fill")
            .unwrap()
    );
}

#[test]
fn any_setup_draws_without_panicking() {
    let mut s = Setup::default();
    for (i, c) in s.cells.iter_mut().enumerate() {
        c.tier = u8::MAX - i as u8;
        c.locked = true;
        c.stone = [None, Some(Player::X), Some(Player::O)][i % 3];
    }
    s.counters = [Counters {
        reserve: u8::MAX,
        charges: u8::MAX,
        captures: u8::MAX,
        raises: u8::MAX,
        lowers_left: u8::MAX,
        first_placed: true,
        lock_used: true,
        cooldown: CellSet::ALL,
    }; 2];
    s.half_moves = u16::MAX;
    s.outcome = Some(Outcome {
        winner: None,
        rule: EndRule::Network,
    });
    let everything = BoardPicture::new(&s)
        .turn(Turn::parse("g7-a1 -d4 =g4").unwrap())
        .captured(CellSet::ALL)
        .highlight(CellSet::ALL)
        .faults(fault_lines(&s))
        .caption("x".repeat(500));
    let svg = everything.to_svg();
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "hx-cell").len(), 37);
    assert_eq!(with_class(&doc, "hx-stone").len(), stones(&s));
    assert_eq!(with_class(&doc, "hx-highlight").len(), 37);
    assert_eq!(with_class(&doc, "hx-cooldown-x").len(), 37);
    assert!(title(&doc).contains("draw by network (G1)"));
    assert!(svg.len() < 100_000, "{}", svg.len());
    assert!(!svg.contains("NaN") && !svg.contains("inf"));
}

#[test]
fn output_is_deterministic_and_compact() {
    let (s, turn, captured) = after(MID_BEFORE, MID_TURN);
    let picture = BoardPicture::new(&s).turn(turn).captured(captured);
    let a = picture.to_svg();
    assert_eq!(a, picture.clone().to_svg());
    assert_eq!(
        a,
        BoardPicture::new(&s).turn(turn).captured(captured).to_svg()
    );
    assert!(a.len() < 40_000, "{}", a.len());
    // Numbers have at most two decimals.
    let doc = parse(&a);
    for n in doc.descendants() {
        for attr in ["x", "y", "cx", "cy", "r", "x1", "y1", "x2", "y2"] {
            if let Some(v) = n.attribute(attr) {
                let decimals = v.split('.').nth(1).map_or(0, str::len);
                assert!(decimals <= 2 && v.parse::<f64>().is_ok(), "{attr}={v}");
            }
        }
    }
}

#[test]
fn every_position_of_random_games_draws_its_stones() {
    for seed in 1..=3 {
        let mut game = Game::new();
        let mut rng = Rng::new(seed);
        while !game.position().is_over() {
            let turn = game.position().choose_legal(|n| rng.below(n)).unwrap();
            let report = game.play_legal(turn);
            let s = Setup::from(game.position());
            let svg = BoardPicture::new(&s)
                .turn(turn)
                .captured(report.captured())
                .highlight(report.captured())
                .to_svg();
            let doc = parse(&svg);
            assert_eq!(with_class(&doc, "hx-cell").len(), 37);
            assert_eq!(
                with_class(&doc, "hx-stone").len(),
                stones(&s),
                "{}",
                s.to_notation()
            );
            assert_eq!(
                with_class(&doc, "hx-captured").len(),
                report.captured().count() as usize
            );
            assert_eq!(
                with_class(&doc, "hx-highlight").len(),
                report.captured().count() as usize
            );
            assert!(svg.len() < 40_000);
        }
    }
}

#[test]
fn many_pictures_inline_without_id_clashes() {
    let turn = Turn::parse("c3-c4").unwrap();
    let page: String = (0..3)
        .map(|i| {
            BoardPicture::new(&Setup::default())
                .turn(turn)
                .id_prefix(format!("b{i}-"))
                .to_svg()
        })
        .collect();
    let page = format!("<div>{page}</div>");
    let doc = roxmltree::Document::parse(&page).unwrap();
    let ids: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    assert_eq!(ids, ["b0-arrow", "b1-arrow", "b2-arrow"]);
}

#[test]
fn every_text_is_at_least_the_least_size() {
    // A busy board: a turn with every part, captures, differences, a cause.
    let (board, turn, captured) = after(MID_BEFORE, MID_TURN);
    let svg = BoardPicture::new(&board)
        .turn(turn)
        .captured(captured)
        .highlight(cells(&["a1", "d4"]))
        .cause(cells(&["b2", "c3"]))
        .caption("A caption")
        .to_svg();
    let doc = parse(&svg);
    let mut sized = 0;
    for n in doc.descendants().filter(|n| n.has_tag_name("text")) {
        // The size set on the text or on its nearest group.
        let size = n
            .ancestors()
            .find_map(|a| a.attribute("font-size"))
            .expect("every text has a size");
        let size: f64 = size.parse().unwrap();
        assert!(
            size >= hexodic_render::MIN_TEXT_SIZE,
            "{:?} at {size}",
            n.text()
        );
        sized += 1;
    }
    assert!(sized > 50, "{sized} texts");
    assert_eq!(with_class(&doc, "hx-cause").len(), 2);
    assert!(legend(&doc).contains("Makes the result: b2, c3"));
}

#[test]
fn locks_and_cooldowns_are_corner_shapes_apart_from_digits_and_stones() {
    // A locked tier-2 cell with a stone, in both players' cooldowns.
    let mut s = setup(MID_BEFORE);
    let d4 = Cell::CENTRE;
    s.counters[Player::X.index()].cooldown = cells(&["d4"]);
    s.counters[Player::O.index()].cooldown = cells(&["d4"]);
    assert!(s.cell(d4).locked && s.cell(d4).tier == 2);
    let doc_text = BoardPicture::new(&s).to_svg();
    let doc = parse(&doc_text);
    let (cx, cy) = hexodic_render::centre(d4);
    // The padlock is a drawing (no text), in the upper right corner, away
    // from the tier digit below the stone.
    let lock = with_class(&doc, "hx-padlock");
    let lock = lock
        .iter()
        .find(|g| {
            let r = g.children().find(|n| n.has_tag_name("rect")).unwrap();
            let x: f64 = r.attribute("x").unwrap().parse().unwrap();
            (x - cx).abs() < 32.0
                && (r.attribute("y").unwrap().parse::<f64>().unwrap() - cy).abs() < 32.0
        })
        .expect("d4's padlock");
    assert!(lock.descendants().all(|n| !n.has_tag_name("text")));
    let rect = lock.children().find(|n| n.has_tag_name("rect")).unwrap();
    let (lx, ly): (f64, f64) = (
        rect.attribute("x").unwrap().parse().unwrap(),
        rect.attribute("y").unwrap().parse().unwrap(),
    );
    assert!(lx > cx + 10.0 && ly < cy, "padlock at {lx},{ly}");
    let digit = with_class(&doc, "hx-tier")
        .into_iter()
        .find(|t| {
            (t.attribute("x").unwrap().parse::<f64>().unwrap() - cx).abs() < 1.0
                && (t.attribute("y").unwrap().parse::<f64>().unwrap() - cy).abs() < 32.0
        })
        .expect("d4's digit");
    assert_eq!(digit.attribute("x").unwrap().parse::<f64>().unwrap(), cx);
    assert!(digit.attribute("y").unwrap().parse::<f64>().unwrap() > cy + 15.0);
    // Cooldowns are hourglass paths, never a disc or a letter, one per
    // player in its own lower corner.
    let x_cd = with_class(&doc, "hx-cooldown-x");
    let o_cd = with_class(&doc, "hx-cooldown-o");
    assert_eq!((x_cd.len(), o_cd.len()), (1, 1));
    for n in x_cd.iter().chain(&o_cd) {
        assert!(n.has_tag_name("path"), "{:?}", n.tag_name());
        assert!(n
            .descendants()
            .all(|d| !d.has_tag_name("circle") && !d.has_tag_name("text")));
    }
    assert_ne!(x_cd[0].attribute("d"), o_cd[0].attribute("d"));
    assert_ne!(x_cd[0].attribute("fill"), o_cd[0].attribute("fill"));
    // The key names both, and no disc for cooldown.
    let key = legend(&doc);
    assert!(key.contains("padlock = locked"), "{key}");
    assert!(key.contains("hourglass = cooldown"), "{key}");
    assert!(!key.contains("x/o disc"), "{key}");
}

#[test]
fn each_kind_of_capture_has_its_own_shape_and_key() {
    let s = setup(MID_BEFORE);
    let report = hexodic_rules::TurnReport {
        move_capture: Cell::from_name("c3"),
        encircled: cells(&["b2"]),
        echo_captured: cells(&["f5"]),
    };
    let svg = BoardPicture::new(&s).captures(report).to_svg();
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "hx-captured").len(), 3);
    let shape = |class: &str| {
        let g = with_class(&doc, class);
        assert_eq!(g.len(), 1, "{class}");
        g[0].descendants()
            .find(|n| n.has_tag_name("path"))
            .and_then(|n| n.attribute("d"))
            .unwrap()
            .to_owned()
    };
    let (cross, burst, chevron) = (
        shape("hx-capture-encircled"),
        shape("hx-capture-echo"),
        shape("hx-capture-move"),
    );
    // A cross is two strokes, a starburst eight, a chevron's two strokes bend.
    assert_eq!(cross.matches('M').count(), 2);
    assert_eq!(burst.matches('M').count(), 8);
    assert_eq!(chevron.matches('M').count(), 2);
    assert_eq!(chevron.matches('L').count(), 4);
    let key = legend(&doc);
    for words in [
        "cross = captured by encirclement",
        "starburst = captured by Echo-Capture",
        "downward chevron = captured by the Move",
    ] {
        assert!(key.contains(words), "{words} not in {key}");
    }
    let texts = texts(&doc).join("\n");
    assert!(
        texts.contains("Captured by encirclement (C1): b2"),
        "{texts}"
    );
    assert!(
        texts.contains("Captured by Echo-Capture (E4): f5"),
        "{texts}"
    );
    assert!(texts.contains("Captured by the Move (T6): c3"), "{texts}");
}

#[test]
fn one_cell_carries_lock_cooldown_capture_and_difference_legibly() {
    let mut s = setup(MID_BEFORE);
    let d4 = Cell::CENTRE;
    s.counters[Player::X.index()].cooldown = cells(&["d4"]);
    s.counters[Player::O.index()].cooldown = cells(&["d4"]);
    let report = hexodic_rules::TurnReport {
        move_capture: Some(d4),
        ..Default::default()
    };
    let svg = BoardPicture::new(&s)
        .captures(report)
        .highlight(cells(&["d4"]))
        .to_svg();
    let doc = parse(&svg);
    let (cx, cy) = hexodic_render::centre(d4);
    // Every mark of d4 is there, each in its own corner: the chevron upper
    // left, the padlock upper right, the hourglasses lower left and right.
    let start = |d: &str| -> (f64, f64) {
        let first = d
            .trim_start_matches('M')
            .split(['H', 'L', 'V', 'M'])
            .next()
            .unwrap();
        let mut it = first.split(',').map(|v| v.parse::<f64>().unwrap());
        (it.next().unwrap(), it.next().unwrap())
    };
    let chevron = with_class(&doc, "hx-capture-move")[0]
        .descendants()
        .find(|n| n.has_tag_name("path"))
        .unwrap();
    let (x, y) = start(chevron.attribute("d").unwrap());
    assert!(x < cx - 8.0 && y < cy, "chevron at {x},{y}");
    let (x, y) = start(with_class(&doc, "hx-cooldown-x")[0].attribute("d").unwrap());
    assert!(x < cx - 8.0 && y > cy, "X's hourglass at {x},{y}");
    let (x, y) = start(with_class(&doc, "hx-cooldown-o")[0].attribute("d").unwrap());
    assert!(x > cx + 8.0 && y > cy, "O's hourglass at {x},{y}");
    assert_eq!(with_class(&doc, "hx-highlight").len(), 1);
    let title = with_class(&doc, "hx-cell")[d4.index()]
        .children()
        .find(|n| n.has_tag_name("title"))
        .unwrap();
    assert_eq!(
        title.text(),
        Some("d4: tier 2, locked, X stone, in X's cooldown, in O's cooldown, stone captured, differs")
    );
}

#[test]
fn the_key_lists_only_the_marks_on_the_board() {
    let key_of = |svg: &str| {
        let all = legend(&parse(svg));
        all[all.find("Key:").unwrap()..].to_owned()
    };
    let start = key_of(&BoardPicture::new(&Setup::default()).to_svg());
    assert_eq!(start, "Key: light shade = tier 0");
    let mid = key_of(&BoardPicture::new(&setup(MID_BEFORE)).to_svg());
    for words in ["digit = tier", "X/O stone", "padlock = locked"] {
        assert!(mid.contains(words), "{words} not in {mid}");
    }
    for absent in [
        "hourglass",
        "captured",
        "differs",
        "blue",
        "makes the result",
    ] {
        assert!(!mid.contains(absent), "{absent} in {mid}");
    }
}
