//! The differential fuzzer's generators reach the rules uniform play from
//! the start never does: Strangle (G4) and repetition (G5) through the built
//! scenarios, Skips (T5), interior positions; and the diagram round trip (B3).

use hexodic_engine::{InProcess, ReferenceEngine};
use hexodic_fuzzing::{fuzz, FuzzOptions};

#[test]
fn seeded_fuzzing_reaches_the_rare_rules_and_finds_no_difference_in_the_reference() {
    let opts = FuzzOptions {
        seed: 1,
        games: Some(300),
        ..FuzzOptions::default()
    };
    let report = fuzz(
        &mut InProcess::new(ReferenceEngine::new()),
        &opts,
        &mut |_| {},
    );
    assert!(
        report.finding.is_none(),
        "the reference differs from itself"
    );
    assert!(report.incidents.is_empty(), "{:?}", report.incidents);
    assert_eq!(report.games, 300);
    let reach = |id: &str| report.reach.get(id).copied().unwrap_or(0);
    for id in ["G4", "G5", "T5", "C1", "E4", "G1", "G2", "G7"] {
        assert!(
            reach(id) >= 1,
            "{id} never fired in 300 games: {:?}",
            report.reach
        );
    }
    assert_eq!(reach("B3"), 300);
    assert_eq!(reach("G6"), 0, "threefold cannot happen while G5 stands");
}
