//! `pipelining`: a fuzz campaign that sends an engine the requests of a
//! whole game at once finds, counts and reports exactly what the same
//! campaign asking one request at a time does.

use crate::common::engine_cmd;
use hexodic_engine::{ExternalEngine, ProcessOptions, Transport};
use hexodic_fuzzing::{fuzz, FuzzOptions};
use hexodic_report::FuzzReport;

/// The test engine with `args`: sent whole games when it declares
/// `pipelining`.
fn engine(args: &str) -> ExternalEngine {
    ExternalEngine::start(&engine_cmd(args), ProcessOptions::default()).unwrap()
}

/// A campaign of `games` games from seed 11 on the engine with `args`, sent
/// a game at a time or not.
fn campaign(args: &str, games: u64, pipelining: bool) -> FuzzReport {
    let args = if pipelining {
        args.to_owned()
    } else {
        format!("{args} --one-at-a-time")
    };
    let mut e = engine(&args);
    assert_eq!(e.pipelines(), pipelining, "{args}");
    let opts = FuzzOptions {
        seed: 11,
        games: Some(games),
        ..FuzzOptions::default()
    };
    fuzz(&mut e, &opts, &mut |_| {})
}

/// What a campaign found and counted, timings and request ids apart.
fn summary(r: &FuzzReport) -> String {
    let finding = r.finding.as_ref().map(|f| {
        (
            f.game_seed,
            f.start,
            f.turns.clone(),
            f.divergence.implicated.clone(),
            f.divergence.difference.clone(),
        )
    });
    let incidents: Vec<(u64, &str)> = r
        .incidents
        .iter()
        .map(|i| (i.game_seed, i.incident.kind.as_str()))
        .collect();
    format!(
        "games {} turns {} reach {:?} events {:?} stopped {:?}\nfinding {finding:?}\nincidents {incidents:?}",
        r.games, r.turns, r.reach, r.events, r.stopped
    )
}

#[test]
fn games_sent_at_once_give_what_one_request_at_a_time_gives() {
    for (args, games) in [
        ("", 300),
        ("--reference", 300),
        ("--bug cap-before-repetition", 1000),
        ("--bug cap-before-strangle", 1000),
        // Fewer fields in every reply: judged by the oracle, not by equality.
        ("--reference --misbehave no-capabilities", 200),
        ("--reference --misbehave drop-captures", 200),
    ] {
        let one = campaign(args, games, false);
        let piped = campaign(args, games, true);
        assert_eq!(summary(&piped), summary(&one), "{args}");
        assert!(one.incidents.is_empty(), "{args}: {:?}", one.incidents);
        if args.contains("--bug") {
            assert!(one.finding.is_some(), "{args}: the bug is found");
        } else {
            assert!(one.finding.is_none(), "{args}");
            assert_eq!(one.games, games, "{args}");
        }
    }
}

#[test]
fn an_engine_that_crashes_on_one_turn_has_the_same_incidents_sent_a_game_at_a_time() {
    let args = "--reference --misbehave 'crash-on=c2 +c2'";
    let one = campaign(args, 400, false);
    let piped = campaign(args, 400, true);
    assert!(
        !one.incidents.is_empty(),
        "the turn is offered in some game"
    );
    assert!(one.incidents.iter().all(|i| i.incident.kind == "crash"));
    assert_eq!(summary(&piped), summary(&one));
}
