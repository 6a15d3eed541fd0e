//! A fuzz campaign's report (`fuzz --json FILE`): the games played, the
//! rules and questions they reached, the first new difference (shrunk) and
//! the known ones, the incidents. Its merge is in [`crate::merge`].

use super::divergence::Divergence;
use super::incident::IncidentReport;
use super::partition::Partition;
use super::run::{EngineReport, Harness, SCHEMA_VERSION};
use super::signature::{Classification, Signature};
use super::stats::GameStats;
use super::status::Stopped;
use hexodic_rules::{Setup, Turn};
use std::collections::BTreeMap;

/// The word in `kind` of a fuzz campaign's report.
pub const FUZZ_KIND: &str = "fuzz";

/// The report of a fuzz campaign, or of several merged.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FuzzReport {
    /// The version of this shape ([`SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// `fuzz`: what sets this report apart from a run's.
    pub kind: String,
    /// The harness that wrote it.
    pub harness: Harness,
    /// The engine fuzzed.
    pub engine: EngineReport,
    /// The campaigns played: one for a run, several after a merge of
    /// campaigns of other seeds.
    pub campaigns: Vec<Campaign>,
    /// Games played.
    pub games: u64,
    /// Turns played.
    pub turns: u64,
    /// Games in which each rule ID fired.
    pub reach: BTreeMap<String, u64>,
    /// How often each kind of question was asked of the engine (`reason
    /// place-occupied`, `fault stone-count`, `after the end: legal`, ...).
    #[serde(default)]
    pub questions: BTreeMap<String, u64>,
    /// Event totals.
    pub events: GameStats,
    /// The first new difference (one the expectations file does not pin),
    /// shrunk; or, when every difference found was known, the first known.
    pub finding: Option<FuzzFinding>,
    /// Differences found whose signature the expectations file pins: how
    /// often each was met.
    #[serde(default)]
    pub known: Vec<KnownDifference>,
    /// Engine incidents, by game seed.
    pub incidents: Vec<FuzzIncident>,
    /// Why the campaign ended early, if it did.
    pub stopped: Option<Stopped>,
    /// The exit code ([`crate::Exit::of_fuzz`]).
    pub exit_code: u8,
    /// Wall time in seconds (a merge: the longest part's).
    pub elapsed_seconds: f64,
}

/// One campaign: a base seed and how long it ran.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    /// The base seed (game i plays with seed + i).
    pub seed: u64,
    /// `--games`, if given.
    pub games: Option<u64>,
    /// `--time` in seconds, if given.
    pub time_seconds: Option<f64>,
    /// `--partition`, if only a part was played.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub partition: Option<Partition>,
}

/// A difference found and shrunk.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FuzzFinding {
    /// The seed of the game that found it.
    pub game_seed: u64,
    /// The start position, after shrinking.
    #[serde(with = "hexodic_engine::notation::one")]
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub start: Setup,
    /// The turns, after shrinking (turns the reference rejects included).
    #[serde(with = "hexodic_engine::notation::vec")]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub turns: Vec<Turn>,
    /// The difference on them, with its implicated rules and words.
    pub divergence: Divergence,
    /// Its classification.
    pub classification: Classification,
    /// Whether the expectations file pins its signature (a known failure).
    pub known: bool,
    /// Turns before shrinking.
    pub original_turns: usize,
    /// The half-move count of the start before shrinking.
    pub original_half_moves: u16,
    /// Why shrinking stopped early, if it did.
    pub cut: Option<String>,
    /// The command that plays that game again.
    pub repeat: String,
    /// The fixture written for it, if one was.
    pub fixture: Option<String>,
}

impl FuzzFinding {
    /// Its signature (the step of the difference in the shrunk game).
    pub fn signature(&self) -> Signature {
        self.classification.signature(self.divergence.step)
    }
}

/// A known difference met by a campaign: its signature without the step,
/// how many games met it, the first of them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct KnownDifference {
    /// The signature pinned (its step is the first game's).
    pub signature: Signature,
    /// The games that met it.
    pub games: u64,
    /// The seed of the first.
    pub first_game_seed: u64,
}

/// An incident in a fuzz game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FuzzIncident {
    /// The seed of the game it happened in.
    pub game_seed: u64,
    /// What happened.
    pub incident: IncidentReport,
}

impl FuzzReport {
    /// A report of `games` games on `engine` in `campaigns`, its exit code
    /// made from it.
    pub fn new(engine: EngineReport, campaigns: Vec<Campaign>) -> FuzzReport {
        FuzzReport {
            schema_version: SCHEMA_VERSION,
            kind: FUZZ_KIND.to_owned(),
            harness: Harness::this(),
            engine,
            campaigns,
            games: 0,
            turns: 0,
            reach: BTreeMap::new(),
            questions: BTreeMap::new(),
            events: GameStats::default(),
            finding: None,
            known: Vec::new(),
            incidents: Vec::new(),
            stopped: None,
            exit_code: 0,
            elapsed_seconds: 0.0,
        }
    }

    /// The report as the JSON file `fuzz --json` writes.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }

    /// Add the tallies of `other` (games, turns, reach, questions, events,
    /// known differences) to these.
    pub fn add_tallies(&mut self, other: &FuzzReport) {
        self.games = self.games.saturating_add(other.games);
        self.turns = self.turns.saturating_add(other.turns);
        for (k, v) in &other.reach {
            let n = self.reach.entry(k.clone()).or_insert(0);
            *n = n.saturating_add(*v);
        }
        for (k, v) in &other.questions {
            let n = self.questions.entry(k.clone()).or_insert(0);
            *n = n.saturating_add(*v);
        }
        self.events.add(&other.events);
        for k in &other.known {
            self.note_known(&k.signature, k.games, k.first_game_seed);
        }
    }

    /// Count `games` more games meeting the known difference `signature`,
    /// the first of them with seed `seed`.
    pub fn note_known(&mut self, signature: &Signature, games: u64, seed: u64) {
        let same = |k: &&mut KnownDifference| k.signature.same_difference(signature);
        match self.known.iter_mut().find(same) {
            Some(k) => {
                k.games = k.games.saturating_add(games);
                if seed < k.first_game_seed {
                    k.first_game_seed = seed;
                    k.signature.step = signature.step;
                }
            }
            None => self.known.push(KnownDifference {
                signature: signature.clone(),
                games,
                first_game_seed: seed,
            }),
        }
    }
}
