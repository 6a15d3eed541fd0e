//! From an edge case to a committed fixture: `record` writes a fixture with
//! every check from the reference and its golden trace, refuses bad input
//! without writing anything; `explain` prints diagrams that `board:` and
//! `--diagram` read back; `bless --check` notices a stale trace; a copied
//! corpus keeps its traces.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::BIN;

/// One half-move before the cap (X to move at half-move 59).
const NEAR_CAP: &str =
    "x2.x2./...../....../......./....../...../o2.o. x 59 x:r5c3k0u3l6P o:r5c3k0u3l6P";

fn shipped() -> PathBuf {
    crate::repo().join("fixtures")
}

/// A fresh corpus folder holding the schema files (and nothing else).
fn corpus(dir: &Path) -> PathBuf {
    let root = dir.join("fixtures");
    std::fs::create_dir_all(root.join("schema")).unwrap();
    for f in ["fixture.schema.json", "setup.schema.json"] {
        std::fs::copy(
            shipped().join("schema").join(f),
            root.join("schema").join(f),
        )
        .unwrap();
    }
    root
}

fn cli(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn said(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn files(root: &Path) -> usize {
    walk(root).len()
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out.sort();
    out
}

#[test]
fn a_recorded_fixture_passes_in_every_variant_lints_and_has_its_trace() {
    let dir = tempfile::tempdir().unwrap();
    let root = corpus(dir.path());
    let r = root.to_str().unwrap();
    let o = cli(
        dir.path(),
        &[
            "record",
            "--fixtures",
            r,
            "--id",
            "end/record-demo",
            "--rules",
            "G7",
            "--position",
            NEAR_CAP,
            "c3 +c3",
        ],
    );
    assert!(o.status.success(), "{}", said(&o));
    let yaml = std::fs::read_to_string(root.join("end/record-demo.yaml")).unwrap();
    assert!(yaml.contains("rule: cap"), "{yaml}");
    assert!(
        yaml.contains("board: |"),
        "the setup is a readable board:\n{yaml}"
    );
    assert!(root.join("end/record-demo.snap").is_file());
    let o = cli(dir.path(), &["run", "--fixtures", r, "--json", "r.json"]);
    assert!(o.status.success(), "{}", said(&o));
    let j: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("r.json")).unwrap()).unwrap();
    assert_eq!(j["summary"]["passed"], 1);
    assert_eq!(j["results"][0]["variants_run"], 24);
    assert_eq!(j["results"][0]["traced"], true);
    let o = cli(dir.path(), &["lint", "--fixtures", r]);
    assert!(o.status.success(), "{}", said(&o));
    // Recording again needs --force.
    let again = [
        "record",
        "--fixtures",
        r,
        "--id",
        "end/record-demo",
        "--rules",
        "G7",
        "--position",
        NEAR_CAP,
        "c3 +c3",
    ];
    let o = cli(dir.path(), &again);
    assert_eq!(o.status.code(), Some(2));
    assert!(said(&o).contains("--force"), "{}", said(&o));
    let mut forced = again.to_vec();
    forced.push("--force");
    assert!(cli(dir.path(), &forced).status.success());
}

#[test]
fn lint_checks_an_expect_the_run_cannot_judge() {
    // Without setup turns the engine reports no start position of its own:
    // a wrong `expect: state` is for `lint` to find.
    let dir = tempfile::tempdir().unwrap();
    let root = corpus(dir.path());
    let r = root.to_str().unwrap();
    std::fs::create_dir_all(root.join("end")).unwrap();
    let fixture = "# yaml-language-server: $schema=../schema/fixture.schema.json\nid: end/wrong-expect\ndescription: The start position is at half-move 0.\nrules: [G7]\nbasis: documented\nruleset: standard\nsetup:\n  start: true\nexpect:\n  state: {half_moves: HALF}\nsteps:\n  - turn: \"c3 +c3\"\n";
    for (half, lints) in [("0", true), ("12", false)] {
        std::fs::write(
            root.join("end/wrong-expect.yaml"),
            fixture.replace("HALF", half),
        )
        .unwrap();
        let _ = std::fs::remove_file(root.join("end/wrong-expect.snap"));
        assert!(cli(dir.path(), &["bless", "--fixtures", r])
            .status
            .success());
        let o = cli(dir.path(), &["lint", "--fixtures", r]);
        assert_eq!(o.status.success(), lints, "{}", said(&o));
        if !lints {
            assert!(
                said(&o).contains("wrong-expect.yaml:10: `expect` does not hold"),
                "{}",
                said(&o)
            );
        }
    }
}

#[test]
fn illegal_turns_must_be_marked_and_get_every_reason() {
    let dir = tempfile::tempdir().unwrap();
    let root = corpus(dir.path());
    let r = root.to_str().unwrap();
    let o = cli(
        dir.path(),
        &[
            "record",
            "--fixtures",
            r,
            "--id",
            "turn/centre",
            "--rules",
            "T4",
            "--start",
            "d4 +d4",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        said(&o).contains("step 1: `d4 +d4` is illegal (place-centre-first); mark it `!d4 +d4`"),
        "{}",
        said(&o)
    );
    let o = cli(
        dir.path(),
        &[
            "record",
            "--fixtures",
            r,
            "--id",
            "turn/centre",
            "--rules",
            "T4",
            "--start",
            "!d4 +d4",
            "c3 +d4",
        ],
    );
    assert!(o.status.success(), "{}", said(&o));
    let yaml = std::fs::read_to_string(root.join("turn/centre.yaml")).unwrap();
    assert!(yaml.contains("illegal: [place-centre-first]"), "{yaml}");
    assert!(yaml.contains("start: true"), "{yaml}");
}

#[test]
fn bad_input_names_the_item_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let root = corpus(dir.path());
    let r = root.to_str().unwrap();
    let before = files(&root);
    let cases: [(&[&str], &str); 6] = [
        (
            &[
                "--id",
                "end/x",
                "--rules",
                "G7",
                "--position",
                "..../nonsense",
            ],
            "--position",
        ),
        (
            &["--id", "end/x", "--rules", "Z9", "--start", "c3 +c3"],
            "`Z9` is not a rule ID",
        ),
        (
            &["--id", "../x", "--rules", "G7", "--start", "c3 +c3"],
            "`../x` is not a fixture id",
        ),
        (
            &["--id", "end/../../x", "--rules", "G7", "--start", "c3 +c3"],
            "is not a fixture id",
        ),
        (
            &["--id", "x", "--rules", "G7", "--start", "c3 +c3"],
            "`x` is not a fixture id",
        ),
        (
            &[
                "--id", "end/x", "--rules", "T4", "--start", "c3 +c3", "d4 +d4",
            ],
            "step 2: `d4 +d4` is illegal",
        ),
    ];
    for (args, want) in cases {
        let mut all = vec!["record", "--fixtures", r];
        all.extend_from_slice(args);
        let o = cli(dir.path(), &all);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", said(&o));
        assert!(said(&o).contains(want), "{args:?}: {}", said(&o));
        assert_eq!(files(&root), before, "{args:?} wrote something");
    }
}

#[test]
fn explains_diagram_reads_back_in_board_and_in_explain() {
    let dir = tempfile::tempdir().unwrap();
    let o = cli(dir.path(), &["explain", "--position", NEAR_CAP]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let diagram: String = out.lines().take(9).map(|l| format!("{l}\n")).collect();
    assert!(
        diagram
            .lines()
            .nth(7)
            .unwrap()
            .trim_start()
            .starts_with("1   2   3   4"),
        "{diagram}"
    );
    // `--diagram FILE` reads it back.
    std::fs::write(dir.path().join("d.txt"), &diagram).unwrap();
    let o = cli(dir.path(), &["explain", "--diagram", "d.txt"]);
    assert!(
        String::from_utf8_lossy(&o.stdout).contains(&format!("position: {NEAR_CAP}")),
        "{}",
        said(&o)
    );
    // Pasted into `board:`, it is the same position.
    let root = corpus(dir.path());
    let board: String = diagram.lines().map(|l| format!("    {l}\n")).collect();
    let yaml = format!(
        "# yaml-language-server: $schema=../schema/fixture.schema.json\nid: end/pasted\ndescription: pasted from explain\nrules: [G7]\nbasis: documented\nsetup:\n  board: |\n{board}expect:\n  state: {{position: \"{NEAR_CAP}\"}}\n"
    );
    std::fs::create_dir_all(root.join("end")).unwrap();
    std::fs::write(root.join("end/pasted.yaml"), yaml).unwrap();
    let fx = hexodic_harness::corpus::load_file(&root, &root.join("end/pasted.yaml")).unwrap();
    assert_eq!(fx.setup.to_notation(), NEAR_CAP);
}

#[test]
fn bless_check_notices_a_stale_trace_and_bless_repairs_it() {
    let dir = tempfile::tempdir().unwrap();
    let root = corpus(dir.path());
    let r = root.to_str().unwrap();
    assert!(cli(
        dir.path(),
        &[
            "record",
            "--fixtures",
            r,
            "--id",
            "turn/one",
            "--rules",
            "T4",
            "--start",
            "c3 +c3"
        ]
    )
    .status
    .success());
    let snap = root.join("turn/one.snap");
    let good = std::fs::read_to_string(&snap).unwrap();
    std::fs::write(&snap, good.replace("legal: ", "legal: 1")).unwrap();
    let o = cli(dir.path(), &["bless", "--fixtures", r, "--check"]);
    assert_eq!(o.status.code(), Some(1), "{}", said(&o));
    assert!(said(&o).contains("changed trace"), "{}", said(&o));
    assert!(
        said(&o).contains("-    legal: 1"),
        "a readable diff: {}",
        said(&o)
    );
    // `run` does not judge the engine by the stale trace: it says so and
    // runs the fixture on its own checks, which the reference passes.
    let o = cli(
        dir.path(),
        &["run", "--fixtures", r, "--json", "stale.json"],
    );
    assert!(said(&o).contains("stale trace"), "{}", said(&o));
    assert!(
        said(&o).contains("step 1 (`c3 +c3`)") || said(&o).contains("start position"),
        "{}",
        said(&o)
    );
    let j: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("stale.json")).unwrap())
            .unwrap();
    assert_eq!(j["summary"]["failed"], 0, "{j}");
    assert_eq!(j["summary"]["without_trace"], 1, "{j}");
    let o = cli(dir.path(), &["bless", "--fixtures", r]);
    assert!(o.status.success());
    assert_eq!(std::fs::read_to_string(&snap).unwrap(), good);
}

#[test]
fn a_copied_corpus_keeps_its_traces_and_one_without_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("elsewhere");
    for f in walk(&shipped()) {
        let rel = f.strip_prefix(shipped()).unwrap();
        let to = copy.join(rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(&f, &to).unwrap();
    }
    let c = copy.to_str().unwrap();
    let o = cli(
        dir.path(),
        &["run", "--fixtures", c, "capture/", "--json", "r.json"],
    );
    assert!(o.status.success(), "{}", said(&o));
    let j: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("r.json")).unwrap()).unwrap();
    assert_eq!(
        j["summary"]["without_trace"], 0,
        "the copy compares its traces"
    );
    for f in walk(&copy.join("capture")) {
        if f.extension().is_some_and(|e| e == "snap") {
            std::fs::remove_file(f).unwrap();
        }
    }
    let o = cli(dir.path(), &["run", "--fixtures", c, "capture/"]);
    assert!(
        said(&o).contains("ran without a golden trace"),
        "{}",
        said(&o)
    );
}

/// A team's own folder of fixtures, without the schema files: `lint`,
/// `bless --check` and `run` take it as it is; a folder that keeps a
/// `schema/` folder has it checked.
#[test]
fn an_own_fixture_folder_needs_no_copied_schema() {
    let dir = tempfile::tempdir().unwrap();
    let own = dir.path().join("engine-fixtures");
    std::fs::create_dir_all(own.join("board")).unwrap();
    for ext in ["yaml", "snap"] {
        std::fs::copy(
            shipped().join(format!("board/anti-diagonal-not-adjacent.{ext}")),
            own.join(format!("board/anti-diagonal-not-adjacent.{ext}")),
        )
        .unwrap();
    }
    let o = cli(dir.path(), &["lint", "--fixtures", "engine-fixtures"]);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(0), "{s}");
    assert!(s.contains("0 problems"), "{s}");
    assert!(!s.contains("schema"), "{s}");
    let o = cli(
        dir.path(),
        &["bless", "--check", "--fixtures", "engine-fixtures"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", said(&o));
    let o = cli(dir.path(), &["run", "--fixtures", "engine-fixtures"]);
    assert_eq!(o.status.code(), Some(0), "{}", said(&o));

    // A folder that keeps schema files has them checked.
    std::fs::create_dir_all(own.join("schema")).unwrap();
    std::fs::write(own.join("schema/fixture.schema.json"), "{}").unwrap();
    let s = said(&cli(dir.path(), &["lint", "--fixtures", "engine-fixtures"]));
    assert!(
        s.contains("engine-fixtures/schema/fixture.schema.json: stale or missing"),
        "{s}"
    );
}
