//! The fuzz logic under plain `cargo test`: every file of the committed seed
//! corpora (`fuzz/corpus/TARGET/`) and of `fuzz/regressions/TARGET/` is
//! replayed through the same check the fuzz target calls, and every check
//! runs on a few hundred seeded pseudo-random inputs. CI needs neither
//! nightly Rust nor cargo-fuzz for this. (The differential check through
//! the protocol runs in the end-to-end tests, `e2e/tests/e2e/fuzz_checks.rs`.)

use hexodic_engine::{Engine, EngineInfo, EngineResult, PlayReply, PositionReply, ReferenceEngine};
use hexodic_fuzzing::generators::script::{apply_script, Edit};
use hexodic_fuzzing::{self as checks, Check};
use hexodic_rules::random::Rng;
use hexodic_rules::{Cell, Player, Position, Project, Turn};
use hexodic_rules::{Reason, ReasonSet, Setup};
use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

/// Every file under `fuzz/corpus/TARGET/` and `fuzz/regressions/TARGET/`.
fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for kind in ["corpus", "regressions"] {
        let dir = fuzz_dir().join(kind).join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries {
            let path = e.unwrap().path();
            if path.is_file() {
                let data = std::fs::read(&path).unwrap();
                out.push((path, data));
            }
        }
    }
    out.sort();
    out
}

/// Replay a target's files; returns how many there were.
fn replay(target: &str, mut check: impl FnMut(&[u8]) -> Check) -> usize {
    let files = inputs(target);
    for (path, data) in &files {
        if let Err(f) = check(data) {
            panic!("{}: {f}", path.display());
        }
    }
    files.len()
}

/// `n` seeded pseudo-random inputs of 0 to `max_len` bytes.
fn seeded(seed: u64, n: usize, max_len: u64) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let len = rng.below(max_len + 1) as usize;
            (0..len).map(|_| rng.next_u64() as u8).collect()
        })
        .collect()
}

fn run_seeded(
    name: &str,
    seed: u64,
    n: usize,
    max_len: u64,
    mut check: impl FnMut(&[u8]) -> Check,
) {
    for (i, data) in seeded(seed, n, max_len).iter().enumerate() {
        if let Err(f) = check(data) {
            panic!("{name}, seeded input {i} ({data:02x?}): {f}");
        }
    }
}

#[test]
fn committed_corpora_replay_cleanly() {
    let mut total = 0;
    total += replay("random_game", checks::random_game);
    total += replay("turn_legality", checks::turn_legality);
    total += replay("parsers", checks::parsers);
    total += replay("symmetry", checks::symmetry);
    let mut reference = ReferenceEngine::new();
    total += replay("differential", |d| checks::differential(&mut reference, d));
    assert!(
        total >= 20,
        "expected committed seed corpora under {}, found {total} files",
        fuzz_dir().display()
    );
}

#[test]
fn random_game_on_seeded_inputs() {
    run_seeded("random_game", 1, 300, 160, checks::random_game);
    // The strict form: the whole position check after every turn and the
    // legal list check at the end.
    run_seeded("random_game_strict", 2, 40, 160, checks::random_game_strict);
}

#[test]
fn turn_legality_on_seeded_inputs() {
    run_seeded("turn_legality", 3, 200, 200, checks::turn_legality);
}

#[test]
fn parsers_on_seeded_inputs() {
    run_seeded("parsers", 4, 300, 200, checks::parsers);
    // Near-valid text: real position strings with one character changed.
    let mut rng = Rng::new(5);
    for seed in 0..100u64 {
        let mut game = hexodic_rules::Game::new();
        let mut g = Rng::new(seed);
        for _ in 0..g.below(40) {
            let p = *game.position();
            if p.is_over() {
                break;
            }
            game.play_legal(p.nth_legal(g.below(p.count_legal())).unwrap());
        }
        let text = game.position().to_notation();
        checks::parsers(text.as_bytes()).unwrap();
        let mut bytes = text.into_bytes();
        let i = rng.below(bytes.len() as u64) as usize;
        bytes[i] = b"x.o0123456789*/ [],:=PLrckulabcdefg-"[rng.below(36) as usize];
        if let Err(f) = checks::parsers(&bytes) {
            panic!("mutated position text: {f}");
        }
    }
}

#[test]
fn symmetry_on_seeded_inputs() {
    run_seeded("symmetry", 6, 150, 120, checks::symmetry);
}

#[test]
fn differential_against_the_reference_in_process() {
    let mut reference = ReferenceEngine::new();
    run_seeded("differential", 7, 200, 200, |d| {
        checks::differential(&mut reference, d)
    });
}

#[test]
fn mutation_scripts_reach_rare_situations() {
    let start = Position::start();
    // A forced Skip (T5): X has placed, O's cooldown covers every free cell.
    let p = apply_script(
        &start,
        &[
            Edit::Place { cell: 5, x: true },
            Edit::ToMove { x: false },
            Edit::Place { cell: 30, x: false },
            Edit::ForceSkip { x: false },
        ],
    );
    assert!(p.must_skip(), "not a forced Skip: {p}");
    assert_eq!(p.legal_turns()[0].project, Project::Skip);
    // An empty reserve: only Moves.
    let p = apply_script(&start, &[Edit::EmptyReserve { x: true, seed: 9 }]);
    assert_eq!(p.counters(Player::X).reserve, 0, "{p}");
    assert!(p
        .legal_turns()
        .iter()
        .all(|t| matches!(t.project, Project::Move { .. })));
    // A lock, few charges and a count near the cap.
    let p = apply_script(
        &start,
        &[
            Edit::Lock { cell: 12, x: true },
            Edit::Charges { x: true, n: 1 },
            Edit::NearCap { n: 19 },
        ],
    );
    assert_eq!(p.locked().count(), 1, "{p}");
    assert_eq!(p.counters(Player::X).charges, 1);
    assert_eq!(p.half_moves(), 59);
    // A plateau: a Place on the centre needs no Shape (S3).
    let centre = Cell::CENTRE.index() as u8;
    let p = apply_script(
        &start,
        &[
            Edit::Place { cell: 0, x: true },
            Edit::Plateau {
                cell: centre,
                x: true,
            },
        ],
    );
    assert!(
        p.legal_turns()
            .contains(&Turn::new(Project::Place(Cell::CENTRE))),
        "{p}"
    );
    // An edit that would make an invalid position is dropped: O may not
    // hold 6 captures while X is to move (V1, G2).
    let p = apply_script(&start, &[Edit::Captures { x: false, n: 6 }]);
    assert_eq!(p, start);
}

#[test]
fn failures_name_the_invariant_and_the_way_there() {
    // A turn list that an engine rejects is reported with the start and turns.
    struct Stubborn(ReferenceEngine);
    impl Engine for Stubborn {
        fn info(&self) -> EngineInfo {
            self.0.info()
        }
        fn set_position(&mut self, p: &Setup) -> EngineResult<PositionReply> {
            self.0.set_position(p)
        }
        fn play(&mut self, _: Turn) -> EngineResult<PlayReply> {
            let mut r = ReasonSet::EMPTY;
            r.insert(Reason::PlaceOccupied);
            Ok(PlayReply::Illegal(r))
        }
        fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
            self.0.legal_turns()
        }
        fn perft(&mut self, d: u32) -> EngineResult<u64> {
            self.0.perft(d)
        }
        fn divide(&mut self, d: u32) -> EngineResult<Vec<(Turn, u64)>> {
            self.0.divide(d)
        }
    }
    let mut engine = Stubborn(ReferenceEngine::new());
    let found = seeded(11, 50, 60)
        .iter()
        .find_map(|d| checks::differential(&mut engine, d).err())
        .expect("an engine that rejects every turn is caught");
    assert_eq!(found.invariant, checks::DIFFERENTIAL);
    assert!(Position::from_notation(&found.start).is_ok());
    let text = found.to_string();
    assert!(text.contains(&found.start), "{text}");
    assert!(!found.turns.is_empty(), "{text}");
}
