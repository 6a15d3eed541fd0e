//! The seeded differential fuzz campaign, in process on stable Rust: games
//! the reference plays beside the engine, every answer compared; the first
//! difference is shrunk and can be written as a fixture the suite then runs
//! (`tests/fixtures/found/`).
//!
//! A finding's repeat line sets `HEXODIC_FUZZ_SEED` to the game's seed:
//! this test then plays that one game, with the engine
//! `HEXODIC_EXAMPLE_BUG` names.

mod adapter;

use hexodic_example_engine::Bug;
use hexodic_fuzzing::finding::write_finding;
use hexodic_fuzzing::{fuzz, FuzzOptions, Repeat, SEED_VARIABLE};
use hexodic_harness::engine::InProcess;
use hexodic_harness::report::FuzzReport;
use hexodic_harness::{check_corpus_in, Engine};

/// Games per campaign. The planted bug shows in the first game of seed 1
/// (and of seeds 1001, 2001, 3001 and 4001), shrunk to one turn.
const GAMES: u64 = 200;

/// The command that reruns [`the_engine_agrees_with_the_reference`].
const TEST: &str = "cargo test -p hexodic-example-engine --test fuzz_campaign the_engine_agrees_with_the_reference";

/// Seed 1 and [`GAMES`] games, or the one game `HEXODIC_FUZZ_SEED` names.
fn options() -> FuzzOptions {
    let one = std::env::var(SEED_VARIABLE).ok().map(|s| {
        s.trim()
            .parse::<u64>()
            .unwrap_or_else(|_| panic!("{SEED_VARIABLE}=`{s}` is not a game seed"))
    });
    FuzzOptions {
        seed: one.unwrap_or(1),
        games: Some(if one.is_some() { 1 } else { GAMES }),
        jobs: 1,
        repeat: Repeat::Test {
            variable: SEED_VARIABLE.into(),
            command: TEST.into(),
        },
        ..FuzzOptions::default()
    }
}

fn campaign(engine: impl Engine) -> FuzzReport {
    fuzz(&mut InProcess::new(engine), &options(), &mut |_| {})
}

/// What a finding says: the difference, the rules, the shrunk game and the
/// line that plays it again.
fn words(r: &FuzzReport) -> String {
    match &r.finding {
        None => format!("{} games, {} turns: no difference", r.games, r.turns),
        Some(f) => format!(
            "game {} differs: {} [{}]\n  from `{}`, turns shrunk from {} to {}\n  repeat with: {}",
            f.game_seed,
            f.divergence.summary,
            f.divergence.implicated.join(" "),
            f.start.to_notation(),
            f.original_turns,
            f.turns.len(),
            f.repeat
        ),
    }
}

/// The engine of `HEXODIC_EXAMPLE_BUG` (none: the engine as shipped) plays
/// every game as the reference does.
#[test]
fn the_engine_agrees_with_the_reference() {
    let report = campaign(adapter::Adapter::new());
    assert!(report.finding.is_none(), "{}", words(&report));
    assert!(report.incidents.is_empty(), "{:?}", report.incidents);
}

/// With the bug planted the campaign finds it, shrinks it, and the finding
/// written as a fixture fails under the suite's runner for the buggy engine
/// and passes for the engine as shipped.
#[test]
fn the_campaign_finds_the_planted_bug() {
    if std::env::var_os(SEED_VARIABLE).is_some() {
        return; // one game asked for: the test above plays it
    }
    let report = campaign(adapter::Adapter::with_bug(Some(Bug::DropCaptures)));
    let finding = report.finding.as_ref().expect("the planted bug was found");
    let shown = words(&report);
    assert!(finding.divergence.summary.contains("captur"), "{shown}");
    assert!(finding.turns.len() <= 3, "not shrunk: {shown}");
    assert!(
        finding
            .repeat
            .starts_with(&format!("{SEED_VARIABLE}={} cargo test", finding.game_seed)),
        "{shown}"
    );

    let folder = tempfile::tempdir().expect("a temporary folder");
    write_finding(folder.path(), finding, "hexodic-example-engine", false)
        .expect("the finding written");
    let buggy = check_corpus_in(
        adapter::Adapter::with_bug(Some(Bug::DropCaptures)),
        folder.path(),
    );
    assert!(
        !buggy.all_passed(),
        "the finding passes on the buggy engine:\n{}",
        buggy.text()
    );
    let fixed = check_corpus_in(adapter::Adapter::with_bug(None), folder.path());
    assert!(
        fixed.all_passed(),
        "the finding fails on the engine as shipped:\n{}",
        fixed.text()
    );
}
