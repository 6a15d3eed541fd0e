//! Every check of differential fuzzing catches some engine with one planted
//! bug: across the bug engines, each kind of difference the oracle can give
//! (verdict, reasons, captures, captures by kind, state, legal list) is the
//! first difference found at least once; and the libFuzzer `differential`
//! check fails on bug engines and passes on the reference spoken to through
//! the protocol.

use hexodic_e2e::{Bug, ModelEngine, ReplyFault};
use hexodic_engine::{Capability, Engine, ExternalEngine, InProcess, ProcessOptions};
use hexodic_fuzzing::{differential, fuzz, FuzzOptions, DIFFERENTIAL};
use hexodic_rules::random::Rng;
use std::collections::BTreeMap;
use std::time::Duration;

#[test]
fn each_kind_of_difference_catches_some_bug_engine() {
    let mut kinds: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    let engines = Bug::ALL
        .iter()
        .map(|b| (Some(*b), None))
        .chain(ReplyFault::ALL.iter().map(|f| (None, Some(*f))));
    for (bug, fault) in engines {
        let opts = FuzzOptions {
            seed: 1,
            games: Some(8000),
            ..FuzzOptions::default()
        };
        let name = ModelEngine::name(bug, fault);
        let report = fuzz(
            &mut InProcess::new(ModelEngine::new(bug, fault)),
            &opts,
            &mut |_| {},
        );
        let f = report
            .finding
            .unwrap_or_else(|| panic!("{name}: nothing found in {} games", report.games));
        kinds
            .entry(f.divergence.difference.kind())
            .or_default()
            .push(name);
    }
    for kind in [
        "verdict",
        "reasons",
        "captures",
        "capture-kind",
        "state",
        "legal-list",
    ] {
        assert!(
            kinds.contains_key(kind),
            "no bug engine is caught by `{kind}`: {kinds:?}"
        );
    }
}

#[test]
fn the_differential_fuzz_check_fails_on_bug_engines() {
    let mut rng = Rng::new(5);
    let inputs: Vec<Vec<u8>> = (0..400)
        .map(|_| (0..200).map(|_| rng.below(256) as u8).collect())
        .collect();
    let mut caught = 0;
    for bug in [
        Bug::CentreFirstPlace,
        Bug::ShapeNeverMandatory,
        Bug::EdgeCountsTier,
        Bug::CapAt59,
    ] {
        let mut engine = ModelEngine::new(Some(bug), None);
        if let Some(f) = inputs
            .iter()
            .find_map(|d| differential(&mut engine, d).err())
        {
            assert_eq!(f.invariant, DIFFERENTIAL);
            caught += 1;
        }
    }
    assert!(
        caught >= 3,
        "the differential check caught {caught} of 4 bug engines"
    );
    let mut clean = ModelEngine::new(None, None);
    for d in &inputs {
        assert!(
            differential(&mut clean, d).is_ok(),
            "the clean model differs"
        );
    }
}

#[test]
fn the_differential_fuzz_check_passes_through_the_protocol() {
    let cmd = format!("{} --reference", env!("CARGO_BIN_EXE_hexodic-test-engine"));
    let options = ProcessOptions {
        timeout: Duration::from_secs(20),
        ..ProcessOptions::default()
    };
    let mut engine = ExternalEngine::start(&cmd, options).unwrap();
    assert!(engine.info().capabilities.has(Capability::LegalTurns));
    let mut rng = Rng::new(8);
    for i in 0..25 {
        let len = rng.below(121) as usize;
        let data: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        if let Err(f) = differential(&mut engine, &data) {
            panic!("seeded input {i} ({data:02x?}): {f}");
        }
    }
}
