//! Setup resolution: board defaults, includes, setup turns, coverage sides.

use crate::common;
use hexodic_harness::corpus::{load_corpus, load_file, Fixture};
use hexodic_rules::{Player, Setup};
use std::path::Path;

fn write(root: &Path, rel: &str, text: &str) -> std::path::PathBuf {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, text).unwrap();
    p
}

fn fixture(setup: &str, tail: &str) -> (tempfile::TempDir, Fixture) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("fixtures");
    let text = format!(
        "id: t/one\ndescription: test\nrules: [T4]\nbasis: documented\nsetup:\n{setup}{tail}"
    );
    let f = write(&root, "t/one.yaml", &text);
    let fx = load_file(&root, &f).unwrap_or_else(|e| panic!("{e}"));
    (dir, fx)
}

const STEP: &str = "steps:\n  - turn: c5 +c5\n";

fn board(rows: [&str; 7]) -> String {
    let mut s = String::from("  board: |\n");
    for r in rows {
        s.push_str("    ");
        s.push_str(r);
        s.push('\n');
    }
    s
}

#[test]
fn board_defaults_follow_the_readme() {
    let b = board([
        "g . . . .",
        "f . . . . .",
        "e . . . . . .",
        "d . . . x2 . . .",
        "c . . o1 . . .",
        "b . . . . .",
        "a . . . .",
    ]);
    let (_d, fx) = fixture(&b, STEP);
    let s: &Setup = &fx.setup;
    assert_eq!(s.to_move, Player::X);
    assert_eq!(s.half_moves, 0);
    let (x, o) = (&s.counters[0], &s.counters[1]);
    assert_eq!((x.reserve, o.reserve), (6, 6));
    assert!(x.first_placed && o.first_placed);
    assert_eq!(
        (x.charges, x.lock_used, x.captures, x.lowers_left),
        (3, false, 0, 6)
    );
    // Tiers add up to 3: X takes the larger half.
    assert_eq!((x.raises, o.raises), (2, 1));
    assert!(s.validate().is_ok());
}

#[test]
fn one_given_raise_count_fixes_the_other() {
    let b = board([
        "g . . . .",
        "f . . . . .",
        "e . . . . . .",
        "d . . . x2* . . .",
        "c . . o1 . . .",
        "b . . . . .",
        "a . . . .",
    ]);
    let tail = format!("  to_move: o\n  half_moves: 7\n  x: {{lock_used: true, lowers_left: 5}}\n  o: {{raises: 0, cooldown: [a1]}}\n{STEP}").replace("c5 +c5", "e5 +e5");
    let (_d, fx) = fixture(&b, &tail);
    let s = &fx.setup;
    let (x, o) = (&s.counters[0], &s.counters[1]);
    assert_eq!((s.to_move, s.half_moves), (Player::O, 7));
    assert_eq!(
        (x.charges, x.lock_used),
        (2, true),
        "an Echo-Lock spent a charge"
    );
    // tiers 3 + one lower made = 4 raises in all; O gives 0.
    assert_eq!((x.raises, o.raises), (4, 0));
    assert_eq!(
        o.cooldown.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        ["a1"]
    );
    assert!(s.validate().is_ok());
}

#[test]
fn include_and_turns_are_resolved_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("fixtures");
    write(
        &root,
        "setups/opened.yaml",
        "description: X opened\nsetup:\n  start: true\n  turns: [\"c3 +c3\"]\n",
    );
    let f = write(
        &root,
        "t/inc.yaml",
        "id: t/inc\ndescription: d\nrules: [T4]\nbasis: documented\nsetup:\n  include: opened\n  turns: [\"e5 +e5\"]\nsteps:\n  - turn: \"d4 +d4\"\n",
    );
    let fx = load_file(&root, &f).unwrap();
    let turns: Vec<String> = fx.prelude.iter().map(|t| t.turn.to_string()).collect();
    assert_eq!(turns, ["c3 +c3", "e5 +e5"]);
    assert_eq!(fx.prelude[1].line, 7);
    // The shared setup is not a fixture.
    let corpus = load_corpus(&root);
    assert_eq!(corpus.fixtures.len(), 1);
    assert!(corpus.errors.is_empty());
}

#[test]
fn include_of_a_missing_setup_is_an_error_at_the_name() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("fixtures");
    let f = write(
        &root,
        "t/inc.yaml",
        "id: t/inc\ndescription: d\nrules: [T4]\nbasis: documented\nsetup: {include: nothing}\nsteps:\n  - turn: c3 +c3\n",
    );
    let e = load_file(&root, &f).unwrap_err();
    assert_eq!((e.line, e.column), (5, 18), "{e}");
}

#[test]
fn coverage_sides_are_derived_or_given() {
    let (_d, fx) = fixture("  start: true\n", STEP);
    assert_eq!(fx.sides, (true, false), "a legal step permits");
    let (_d, fx) = fixture(
        "  start: true\n",
        "steps:\n  - turn: d4 +d4\n    illegal: [place-centre-first]\n",
    );
    assert_eq!(fx.sides, (false, true), "an illegal step rejects");
    let (_d, fx) = fixture("  start: true\n", &format!("{STEP}    captured: []\n"));
    assert_eq!(fx.sides, (true, true));
    let (_d, fx) = fixture("  start: true\n", &format!("polarity: negative\n{STEP}"));
    assert_eq!(
        fx.sides,
        (false, true),
        "polarity replaces the derived sides"
    );
}

/// The fixtures `rules/RULES.md` names (as `area/name` in backticks) exist,
/// so the rules reference cannot point at a fixture that is gone.
#[test]
fn fixtures_named_in_the_rules_reference_exist() {
    let root = common::repo_root();
    let doc = std::fs::read_to_string(root.join("rules/RULES.md")).unwrap();
    let areas = [
        "board", "start", "turn", "shape", "echo", "capture", "end", "setup", "count",
    ];
    let mut named = 0;
    for quoted in doc.split('`').skip(1).step_by(2) {
        let Some((area, name)) = quoted.split_once('/') else {
            continue;
        };
        if areas.contains(&area) && !name.is_empty() && !name.contains(' ') {
            named += 1;
            let file = root.join("fixtures").join(format!("{quoted}.yaml"));
            assert!(
                file.is_file(),
                "rules/RULES.md names `{quoted}`, which is not a fixture"
            );
        }
    }
    assert!(
        named >= 8,
        "the observability notes name their fixtures ({named})"
    );
}
