//! perft differences always bisect to the first turn sequence whose count
//! differs, a count-only difference too (the lists agree everywhere), and
//! a count no position can have is named.

use hexodic_engine::{Engine, EngineInfo, EngineResult, PlayReply, PositionReply, ReferenceEngine};
use hexodic_harness::diagnose::bisect_perft;
use hexodic_report::Difference;
use hexodic_rules::{Game, Setup, Turn};

/// The reference, except that after a turn has been played the first
/// entry of `divide 1` claims `claim` leaves instead of 1; its `perft` is
/// the sum of its `divide`, so only counts differ, never lists.
struct MiscountingEngine {
    inner: ReferenceEngine,
    played: usize,
    claim: u64,
}

impl Engine for MiscountingEngine {
    fn info(&self) -> EngineInfo {
        self.inner.info()
    }
    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        self.played = 0;
        self.inner.set_position(position)
    }
    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        let reply = self.inner.play(turn)?;
        if matches!(reply, PlayReply::Legal(_)) {
            self.played += 1;
        }
        Ok(reply)
    }
    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        Ok(self.count(&self.inner.game().clone(), depth, self.played))
    }
    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        Ok(self.entries(&self.inner.game().clone(), depth, self.played))
    }
}

impl MiscountingEngine {
    /// Its `divide` at `game`, `played` turns after the position set.
    fn entries(&self, game: &Game, depth: u32, played: usize) -> Vec<(Turn, u64)> {
        let mut all: Vec<(Turn, u64)> = game
            .position()
            .legal_turns()
            .into_iter()
            .map(|t| {
                let mut g = game.clone();
                g.play_legal(t);
                (t, self.count(&g, depth - 1, played + 1))
            })
            .collect();
        if depth == 1 && played > 0 && !all.is_empty() {
            all[0].1 = self.claim;
        }
        all
    }

    /// Its `perft`: the sum of its `divide`.
    fn count(&self, game: &Game, depth: u32, played: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.entries(game, depth, played)
            .iter()
            .fold(0u64, |s, (_, n)| s.saturating_add(*n))
    }
}

/// The difference `perft --engine --depth 2` finds from the start.
fn perft_difference(claim: u64) -> Difference {
    let game = Game::new();
    let start = Setup::from(game.position());
    let mut engine = MiscountingEngine {
        inner: ReferenceEngine::new(),
        played: 0,
        claim,
    };
    engine.set_position(&start).unwrap();
    let got = engine.perft(2).unwrap();
    let expected = hexodic_rules::perft::perft(&game, 2);
    assert_ne!(got, expected);
    let caps = engine.info().capabilities;
    let mut goto = |e: &mut dyn Engine, path: &[Turn]| {
        e.set_position(&start)?;
        for t in path {
            e.play(*t)?;
        }
        Ok(())
    };
    let (path, below) = bisect_perft(&mut engine, caps, &game, 2, &mut goto).unwrap();
    Difference::Perft {
        depth: 2,
        expected,
        got,
        path,
        below: below.map(Box::new),
    }
}

#[test]
fn a_count_only_difference_bisects_to_the_first_sequence_that_differs() {
    let d = perft_difference(2);
    let Difference::Perft { path, below, .. } = &d else {
        panic!("{d:?}")
    };
    assert_eq!(path.len(), 2, "{}", d.summary());
    let Some(b) = below else {
        panic!("no count at the end of the path: {}", d.summary())
    };
    // One turn sequence of that length is one leaf: 2 is impossible too.
    assert_eq!(
        b.summary(),
        "perft(0): expected 1, got 2, more than any position can have (at most 1)"
    );
    let s = d.summary();
    let (top, _) = s.split_once(" (after").unwrap();
    assert!(!top.contains("more than any position"), "{s}");
    assert!(
        s.contains(&format!("after `{}`, `{}`: perft(0)", path[0], path[1])),
        "{s}"
    );
}

#[test]
fn an_impossible_count_is_named() {
    let d = perft_difference(1 << 63);
    let s = d.summary();
    assert!(s.starts_with("perft(2): expected "), "{s}");
    assert!(
        s.contains("more than any position can have (at most "),
        "{s}"
    );
    assert!(
        s.contains("perft(0): expected 1, got 9223372036854775808, more than any position can have (at most 1)"),
        "{s}"
    );
}

/// `perft --expectations`: a difference whose signature the expectations
/// file pins (as `run --update-expectations` wrote it) exits 0 and says it
/// is known; without the file, or with another engine's, it exits 1.
#[cfg(unix)]
#[test]
fn perft_reports_a_pinned_difference_as_known() {
    use crate::common::{harness_in, run_shipped, TEST_ENGINE};
    let dir = tempfile::tempdir().unwrap();
    let engine = format!("{TEST_ENGINE} --bug centre-first-place");
    let o = run_shipped(
        dir.path(),
        &[
            "--engine",
            &engine,
            "--expectations",
            "x.yaml",
            "--update-expectations",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let perft = |extra: &[&str]| {
        let mut args = vec!["perft", "--engine", engine.as_str(), "--depth", "1"];
        args.extend_from_slice(extra);
        harness_in(dir.path(), &args)
    };
    let unpinned = perft(&[]);
    assert_eq!(unpinned.status.code(), Some(1), "{unpinned:?}");
    let said = String::from_utf8_lossy(&unpinned.stdout).into_owned();
    assert!(said.contains("cause: T4"), "{said}");
    let pinned = perft(&["--expectations", "x.yaml"]);
    let said = String::from_utf8_lossy(&pinned.stdout).into_owned();
    assert_eq!(pinned.status.code(), Some(0), "{said}");
    assert!(
        said.contains("known: x.yaml pins this difference"),
        "{said}"
    );

    // Another engine's file pins nothing this difference matches.
    let o = run_shipped(
        dir.path(),
        &[
            "--engine",
            &format!("{TEST_ENGINE} --bug weight-at-least"),
            "--expectations",
            "other.yaml",
            "--update-expectations",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert_eq!(
        perft(&["--expectations", "other.yaml"]).status.code(),
        Some(1)
    );
    // A missing file is a usage error naming it.
    let o = perft(&["--expectations", "missing.yaml"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("missing.yaml"));

    // A count that runs out of time names the option that gives it more.
    let slow = format!("{TEST_ENGINE} --delay-ms 300");
    let o = harness_in(
        dir.path(),
        &[
            "perft",
            "--engine",
            &slow,
            "--depth",
            "1",
            "--timeout",
            "100ms",
        ],
    );
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_ne!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("raise `--timeout`"), "{err}");
}
