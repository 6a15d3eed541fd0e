//! Bad fixture files never panic: each gives an error with file, line and
//! column, and the rest of the corpus still loads and runs.

use crate::common::{self, TempCorpus};
use hexodic_harness::corpus::{load_file, LoadError};
use hexodic_harness::engine::{InProcess, ReferenceEngine};
use hexodic_harness::report::Exit;
use hexodic_harness::run::{run_corpus, RunOptions};

/// Words that belong to the libraries, not to the project, besides
/// [`common::RUST_WORDS`]: a message holding one leaks an implementation
/// detail (issue: human messages).
const LIBRARY_WORDS: [&str; 6] = [
    " { ",
    "String",
    "Vec<",
    "budget breached",
    "Documents",
    "Error(",
];

/// Assert a message is in the project's words.
fn assert_human(msg: &str) {
    common::assert_no_words("a corpus error", msg, &LIBRARY_WORDS);
}

const GOOD: &str = r#"id: good/one
description: X places and raises; the turn passes to O.
rules: [T4, S4]
basis: documented
setup: {start: true}
steps:
  - turn: "c3 +c3"
    state: {to_move: o, tiers: {c3: 1}, x: {reserve: 6, raises: 1}}
"#;

const BOARD: &str = "    g       .   .   .   .
    f     .   .   .   .   .
    e   .   .   .   .   .   .
    d .   .   .   .   .   .   .
    c   .   .   .   .   .   .
    b     .   .   .   .   .
    a       .   .   .   .
";

fn header(id: &str) -> String {
    format!("id: {id}\ndescription: a bad file\nrules: [T4]\nbasis: documented\n")
}

/// Load a corpus holding the good fixture and one bad file; return the bad file's error.
fn one_error(rel: &str, bytes: &[u8]) -> LoadError {
    let c = TempCorpus::new();
    c.write("good/one.yaml", GOOD.as_bytes());
    c.write(rel, bytes);
    let corpus = c.load();
    assert_eq!(corpus.fixtures.len(), 1, "the good fixture still loads");
    assert_eq!(corpus.fixtures[0].id, "good/one");
    assert_eq!(corpus.errors.len(), 1, "{:?}", corpus.errors);
    let mut engine = ReferenceEngine::new();
    let report = run_corpus(
        &mut InProcess::new(&mut engine),
        &corpus,
        &RunOptions::default(),
        &mut |_| {},
    )
    .report;
    let s = &report.summary;
    assert_eq!(
        (s.passed, s.errors, Exit::of_run(&report).code()),
        (1, 1, 2)
    );
    assert_eq!(report.exit_code, 2);
    let e = corpus.errors[0].clone();
    assert!(e.file.ends_with(rel), "{e}");
    assert!(e
        .to_string()
        .contains(&format!(":{}:{}: ", e.line, e.column)));
    let lines = String::from_utf8_lossy(bytes).lines().count() as u32 + 1;
    assert!(
        e.line <= lines.max(1),
        "line {} of a {lines}-line file: {e}",
        e.line
    );
    assert_human(&e.message);
    e
}

#[test]
fn malformed_yaml() {
    let text = format!("{}setup: {{start: true\nsteps: []\n", header("bad/yaml"));
    let e = one_error("bad/yaml.yaml", text.as_bytes());
    assert!(e.line >= 5, "{e}");
    assert!(
        !e.message.contains(" at line "),
        "the position is not repeated: {e}"
    );
}

#[test]
fn unknown_field() {
    let text = format!(
        "{}setup: {{start: true}}\nsteps:\n  - turn: c3 +c3\n    frobnicate: 1\n",
        header("bad/unknown")
    );
    let e = one_error("bad/unknown.yaml", text.as_bytes());
    assert_eq!((e.line, e.column), (8, 5), "{e}");
    assert!(e.message.contains("frobnicate"), "{e}");
}

#[test]
fn bad_cell_name_in_a_turn_points_inside_the_string() {
    let text = format!(
        "{}setup: {{start: true}}\nsteps:\n  - turn: \"c3 +z9\"\n",
        header("bad/cell")
    );
    let e = one_error("bad/cell.yaml", text.as_bytes());
    // `  - turn: "c3 +z9"`: the quote is column 11, `z9` starts at column 16.
    assert_eq!((e.line, e.column), (7, 16), "{e}");
    assert!(e.message.contains("z9"), "{e}");
}

#[test]
fn wrong_row_length_in_a_board() {
    let board = BOARD.replace(
        "    c   .   .   .   .   .   .\n",
        "    c   .   .   .   .   .\n",
    );
    let text = format!(
        "{}setup:\n  board: |\n{board}steps:\n  - turn: c3 +c3\n",
        header("bad/row")
    );
    let e = one_error("bad/row.yaml", text.as_bytes());
    // Row c is the fifth board line, on line 11 of the file.
    assert_eq!(e.line, 11, "{e}");
    assert!(e.message.contains("row c"), "{e}");
}

#[test]
fn bad_token_in_a_board_points_at_it() {
    let board = BOARD.replace("    d .   .   .   .", "    d .   .   .   q");
    let text = format!(
        "{}setup:\n  board: |\n{board}steps:\n  - turn: c3 +c3\n",
        header("bad/token")
    );
    let e = one_error("bad/token.yaml", text.as_bytes());
    assert_eq!((e.line, e.column), (10, 19), "{e}");
}

#[test]
fn impossible_position() {
    // Seven X stones on the board and a reserve of 7 (I1).
    let text = format!(
        "{}setup:\n  position: \"xxxx/...../....../......./....../...../.... x 0 x:r7c3k0u0l6P o:r7c3k0u0l6\"\nsteps:\n  - turn: c3 +c3\n",
        header("bad/impossible")
    );
    let e = one_error("bad/impossible.yaml", text.as_bytes());
    assert_eq!((e.line, e.column), (6, 13), "{e}");
    assert!(e.message.contains("not a valid position"), "{e}");
}

#[test]
fn unreadable_position_points_inside_the_string() {
    let text = format!(
        "{}setup:\n  position: \"..../...../....../......./....../...../.... z 0 x:r7c3k0u0l6 o:r7c3k0u0l6\"\nsteps:\n  - turn: c3 +c3\n",
        header("bad/notation")
    );
    let e = one_error("bad/notation.yaml", text.as_bytes());
    // `  position: "`: the quote is column 13; `z` is column 45 of the string.
    assert_eq!((e.line, e.column), (6, 13 + 45), "{e}");
}

#[test]
fn expectation_naming_a_missing_cell() {
    let text = format!(
        "{}setup: {{start: true}}\nsteps:\n  - turn: c3 +c3\n    state: {{tiers: {{h9: 1}}}}\n",
        header("bad/expect")
    );
    let e = one_error("bad/expect.yaml", text.as_bytes());
    assert_eq!((e.line, e.column), (8, 21), "{e}");
    assert!(e.message.contains("h9"), "{e}");
}

#[test]
fn duplicate_ids() {
    // `dup/a.yaml` and `dup/a.yml` both have the id `dup/a`.
    let c = TempCorpus::new();
    c.write("good/one.yaml", GOOD.as_bytes());
    let text = GOOD.replace("good/one", "dup/a");
    c.write("dup/a.yaml", text.as_bytes());
    c.write("dup/a.yml", text.as_bytes());
    let corpus = c.load();
    assert_eq!(corpus.fixtures.len(), 2);
    assert_eq!(corpus.errors.len(), 1);
    let e = &corpus.errors[0];
    assert!(e.message.contains("duplicate id `dup/a`"), "{e}");
    assert_eq!((e.line, e.column), (1, 1));
}

#[test]
fn id_not_matching_the_path() {
    let text = GOOD.replace("good/one", "good/other");
    let e = one_error("bad/id.yaml", text.as_bytes());
    assert_eq!((e.line, e.column), (1, 5), "{e}");
}

#[test]
fn empty_file() {
    let e = one_error("bad/empty.yaml", b"");
    assert_eq!((e.line, e.column), (1, 1));
    assert!(e.message.contains("empty"), "{e}");
    let e = one_error("bad/comments.yaml", b"# only a comment\n\n");
    assert!(e.message.contains("empty"), "{e}");
}

#[test]
fn yaml_alias_bomb() {
    let mut text = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    let mut prev = 'a';
    for name in "bcdefghijk".chars() {
        text.push_str(&format!(
            "{name}: &{name} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"
        ));
        prev = name;
    }
    let e = one_error("bad/bomb.yaml", text.as_bytes());
    assert!(e.message.contains("aliases"), "{e}");
}

#[test]
fn non_utf8_file() {
    let mut bytes = header("bad/utf8").into_bytes();
    bytes.extend_from_slice(b"setup: {start: true}\n# caf\xe9\n");
    let e = one_error("bad/utf8.yaml", &bytes);
    assert_eq!((e.line, e.column), (6, 6), "{e}");
    assert!(e.message.contains("UTF-8"), "{e}");
}

#[test]
fn huge_file_is_refused_before_parsing() {
    let c = TempCorpus::new();
    c.write("good/one.yaml", GOOD.as_bytes());
    let big = c.write("bad/big.yaml", b"");
    let f = std::fs::OpenOptions::new().write(true).open(&big).unwrap();
    f.set_len(50 * 1024 * 1024).unwrap();
    let start = std::time::Instant::now();
    let corpus = c.load();
    assert!(start.elapsed().as_secs() < 2);
    assert_eq!(corpus.fixtures.len(), 1);
    assert_eq!(corpus.errors.len(), 1);
    let e = &corpus.errors[0];
    assert!(e.message.contains("more than"), "{e}");
    assert_eq!((e.line, e.column), (1, 1));
}

#[test]
fn ruling_cited_by_a_documented_fixture() {
    let text = GOOD.replace("rules: [T4, S4]", "rules: [T4, C4]");
    let text = text.replace("good/one", "bad/basis");
    let e = one_error("bad/basis.yaml", text.as_bytes());
    assert_eq!((e.line, e.column), (4, 8), "{e}");
    assert!(e.message.contains("C4"), "{e}");
}

#[test]
fn unknown_rule_and_missing_variants_reason() {
    let text = GOOD
        .replace("[T4, S4]", "[T4, Q7]")
        .replace("good/one", "bad/rule");
    let e = one_error("bad/rule.yaml", text.as_bytes());
    assert_eq!((e.line, e.column), (3, 13), "{e}");
    let text = GOOD
        .replace("good/one", "bad/variants")
        .replace("basis: documented\n", "basis: documented\nvariants: none\n");
    let e = one_error("bad/variants.yaml", text.as_bytes());
    assert!(e.message.contains("variants_reason"), "{e}");
}

#[test]
fn unknown_reason_code_and_illegal_prelude() {
    let text = format!(
        "{}setup: {{start: true}}\nsteps:\n  - turn: d4 +d4\n    illegal: [place-centre]\n",
        header("bad/code")
    );
    let e = one_error("bad/code.yaml", text.as_bytes());
    assert_eq!((e.line, e.column), (8, 15), "{e}");
    let text = format!(
        "{}setup: {{start: true, turns: [\"c3 +c3\", \"d4 +d4\"]}}\nsteps:\n  - turn: c5 +c5\n",
        header("bad/prelude")
    );
    let e = one_error("bad/prelude.yaml", text.as_bytes());
    assert_eq!(e.line, 5, "{e}");
    assert!(e.message.contains("setup turn 2"), "{e}");
}

/// Deterministic mutations of real fixtures (bytes dropped, repeated,
/// replaced, lines swapped) never panic the loader.
#[test]
fn mutated_fixtures_never_panic() {
    let fixtures = common::fixtures();
    let sources: Vec<Vec<u8>> = [
        "examples/include-closes-ring.yaml",
        "examples/illegal-then-legal.yaml",
    ]
    .iter()
    .map(|f| std::fs::read(fixtures.join(f)).unwrap())
    .collect();
    let setup = std::fs::read(fixtures.join("setups/tier1-ring-open-c4.yaml")).unwrap();
    let c = TempCorpus::new();
    c.write("setups/tier1-ring-open-c4.yaml", &setup);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n.max(1)
    };
    let alphabet = b" \n:-[]{}\"'|>&*#.,x1o2@=+abcdefg0123456789";
    let mut loaded = 0;
    const ROUNDS: usize = 600;
    for round in 0..ROUNDS {
        let src = &sources[round % sources.len()];
        let mut b = src.clone();
        for _ in 0..1 + next(4) {
            let i = next(b.len());
            match next(4) {
                0 => {
                    b.remove(i);
                }
                1 => b.insert(i, alphabet[next(alphabet.len())]),
                2 => b[i] = alphabet[next(alphabet.len())],
                _ => {
                    let j = next(b.len());
                    let (lo, hi) = (i.min(j), i.max(j));
                    let piece: Vec<u8> = b[lo..hi].to_vec();
                    b.splice(lo..lo, piece);
                }
            }
        }
        let rel = if round % 2 == 0 {
            "examples/include-closes-ring.yaml"
        } else {
            "examples/illegal-then-legal.yaml"
        };
        let file = c.write(rel, &b);
        match load_file(c.root(), &file) {
            Ok(_) => loaded += 1,
            Err(e) => {
                let lines = String::from_utf8_lossy(&b).lines().count() as u32 + 1;
                assert!(e.line <= lines, "line {} of {lines}: {e}", e.line);
                assert_human(&e.message);
            }
        }
    }
    assert!(loaded < ROUNDS, "some mutations must be rejected");
}

#[test]
fn a_word_where_a_number_belongs_is_named_in_the_projects_words() {
    let text = format!(
        "{}setup: {{start: true}}\nexpect:\n  legal_count: \"lots\"\n",
        header("bad/lots")
    );
    let e = one_error("bad/lots.yaml", text.as_bytes());
    assert_eq!(e.line, 7, "{e}");
    assert!(
        e.message
            .contains("`legal_count` must be a whole number from 0 to 18446744073709551615"),
        "{e}"
    );
    assert!(e.message.contains("lots"), "{e}");
}

#[test]
fn a_second_yaml_document_is_refused_in_words() {
    let text = format!(
        "{}setup: {{start: true}}\n---\nid: another\n",
        header("bad/two")
    );
    let e = one_error("bad/two.yaml", text.as_bytes());
    assert!(
        e.message
            .contains("found a second YAML document (`---`): a file holds one"),
        "{e}"
    );
}
