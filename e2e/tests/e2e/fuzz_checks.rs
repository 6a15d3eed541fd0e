//! Every check of differential fuzzing catches some engine with one planted
//! bug: across the bug engines, each kind of difference the oracle can give
//! (verdict, reasons, captures, captures by kind, state, legal list) is the
//! first difference found at least once; and the libFuzzer `differential`
//! check fails on bug engines and passes on the reference spoken to through
//! the protocol.

use hexodic_e2e::{Bug, ModelEngine, ReplyFault};
use hexodic_engine::{
    Capability, Engine, EngineInfo, EngineResult, ExternalEngine, InProcess, Incident,
    IncidentKind, PlayReply, PositionReply, ProcessOptions,
};
use hexodic_fuzzing::{differential, fuzz, CheckFailure, FuzzOptions, DIFFERENTIAL};
use hexodic_rules::random::Rng;
use hexodic_rules::{Setup, Turn};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// How long the differential check may take on one input: one game of at
/// most a few hundred requests.
const ONE_INPUT: Duration = Duration::from_secs(20);

/// An engine that answers as `inner` until its time is up, then with an
/// incident: a check whose game does not end is stopped, and said so,
/// rather than left to run for ever.
struct Deadline<'a> {
    inner: &'a mut dyn Engine,
    until: Instant,
    passed: bool,
}

impl Deadline<'_> {
    fn check(&mut self) -> EngineResult<()> {
        if Instant::now() < self.until {
            return Ok(());
        }
        self.passed = true;
        Err(Incident::new(IncidentKind::Stopped))
    }
}

impl Engine for Deadline<'_> {
    fn info(&self) -> EngineInfo {
        self.inner.info()
    }
    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        self.check()?;
        self.inner.set_position(position)
    }
    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        self.check()?;
        self.inner.play(turn)
    }
    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        self.check()?;
        self.inner.legal_turns()
    }
    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        self.check()?;
        self.inner.perft(depth)
    }
    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        self.check()?;
        self.inner.divide(depth)
    }
}

/// The differential check of `engine` on `data`, which must end within
/// [`ONE_INPUT`] (a game of at most 80 turns, however short the input).
fn differential_within(engine: &mut dyn Engine, data: &[u8]) -> Result<(), CheckFailure> {
    let mut e = Deadline {
        inner: engine,
        until: Instant::now() + ONE_INPUT,
        passed: false,
    };
    let checked = differential(&mut e, data);
    assert!(
        !e.passed,
        "the differential check did not end within {ONE_INPUT:?} on the input {data:02x?}"
    );
    checked
}

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
            .find_map(|d| differential_within(&mut engine, d).err())
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
            differential_within(&mut clean, d).is_ok(),
            "the clean model differs"
        );
    }
}

#[test]
fn the_differential_fuzz_check_passes_through_the_protocol() {
    let cmd = format!("{} --reference", env!("CARGO_BIN_EXE_hexodic-test-engine"));
    let options = ProcessOptions::default().with_timeout(Duration::from_secs(20));
    let mut engine = ExternalEngine::start(&cmd, options).unwrap();
    assert!(engine.info().capabilities.has(Capability::LegalTurns));
    let mut rng = Rng::new(8);
    for i in 0..25 {
        let len = rng.below(121) as usize;
        let data: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        if let Err(f) = differential_within(&mut engine, &data) {
            panic!("seeded input {i} ({data:02x?}): {f}");
        }
    }
}
