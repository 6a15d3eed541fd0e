//! Helpers shared by the integration tests: parse a picture and look into it.

#![allow(dead_code)]

use hexodic_rules::{Game, Setup, Turn};

/// The mid-game position of the snapshot, before its turn (seed 188, turn 15
/// of a uniformly random game).
pub const MID_BEFORE: &str =
    ".xo./x1o..x/.x.2.o2*o1/..1.x2*.xo2/..x..o/...../.o1.. x 14 x:r0c2k0u6l5PL o:r0c2k0u7l6PL";
/// Its turn: a Move with a raise and an Echo-Capture that takes two stones.
pub const MID_TURN: &str = "d4-e4 +c4 @d7";
/// A finished game: Network won with a locked cell (RULES.md, section 16).
pub const FINISHED: &str =
    "...o/o..../....../......./x2x2x2x2x2*./...../.... x 14 x:r2c2k0u6l6PL o:r5c3k0u4l6P =x:network";

pub fn setup(notation: &str) -> Setup {
    Setup::from_notation(notation).unwrap()
}

/// Play `turn` from a valid position: the setup after it and the captured cells.
pub fn after(notation: &str, turn: &str) -> (Setup, Turn, hexodic_rules::CellSet) {
    let mut game = Game::from_position(setup(notation).validate().unwrap());
    let turn = Turn::parse(turn).unwrap();
    let report = game.play(turn).unwrap();
    (Setup::from(game.position()), turn, report.captured())
}

/// Parse an SVG and check the frame every picture must have: an `<svg>` root
/// in the SVG namespace with a viewBox and `role="img"`, whose first element
/// child is a non-empty `<title>`.
pub fn parse(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert_eq!(root.attribute("role"), Some("img"));
    assert!(root.attribute("viewBox").is_some());
    let first = root.children().find(|n| n.is_element()).unwrap();
    assert_eq!(first.tag_name().name(), "title");
    assert!(!first.text().unwrap_or("").is_empty());
    doc
}

/// Elements whose class list holds `class`.
pub fn with_class<'a>(
    doc: &'a roxmltree::Document<'a>,
    class: &str,
) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split_whitespace().any(|w| w == class))
        })
        .collect()
}

/// The text of every `<text>` element, in document order.
pub fn texts(doc: &roxmltree::Document<'_>) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").to_owned())
        .collect()
}

/// The text under the board as one string: its lines joined by spaces, so
/// that a line the picture wrapped reads whole again.
pub fn legend(doc: &roxmltree::Document<'_>) -> String {
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("hx-legend"))
        .flat_map(|g| g.children().filter(|n| n.has_tag_name("text")))
        .map(|n| n.text().unwrap_or(""))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The root `<title>`.
pub fn title(doc: &roxmltree::Document<'_>) -> String {
    let first = doc
        .root_element()
        .children()
        .find(|n| n.is_element())
        .unwrap();
    first.text().unwrap_or("").to_owned()
}
