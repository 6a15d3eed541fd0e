//! The JSON report of a `fuzz` run (`fuzz --json FILE`), its text, and the
//! merge of several ([`merge_fuzz`]): the parts of one partitioned campaign
//! (`fuzz --partition K/N`), or campaigns of other seeds (a CI matrix of
//! seeds), as one report.
//!
//! The merge of every part of a campaign is the report one machine playing
//! the whole campaign makes, timings apart, when no part found a
//! difference; when parts did, the finding kept is the one of the lowest
//! game seed, which is the one a single run finds (it stops there, so it
//! plays fewer games than the parts together).

use super::campaign::FuzzReport;
use super::finding::repeat_command;
use super::stats::GameStats;
use crate::corpus::LoadError;
use crate::engine::EngineInfo;
use crate::report::json::{json_error, StopReason};
use crate::report::MergeError;
use crate::run::{Exit, Partition};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The version of the fuzz report's shape.
pub const FUZZ_SCHEMA_VERSION: u32 = 1;

/// The word in `kind` that marks a fuzz report.
pub const FUZZ_KIND: &str = "fuzz";

/// The JSON report of a `fuzz` run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FuzzJson {
    /// The version of this shape ([`FUZZ_SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// `fuzz` ([`FUZZ_KIND`]): what sets this report apart from a run's.
    pub kind: String,
    /// The harness that wrote it.
    pub harness: FuzzHarness,
    /// The engine fuzzed.
    pub engine: FuzzEngine,
    /// The campaigns played: one for a run, several after a merge of
    /// campaigns of other seeds.
    pub campaigns: Vec<Campaign>,
    /// Games played.
    pub games: u64,
    /// Turns played.
    pub turns: u64,
    /// Games in which each rule ID fired.
    pub reach: BTreeMap<String, u64>,
    /// Event totals.
    pub events: GameStats,
    /// The first difference, shrunk.
    pub finding: Option<FuzzFinding>,
    /// Engine incidents, by game seed.
    pub incidents: Vec<FuzzIncident>,
    /// Why the run ended early, if it did.
    pub stopped: Option<StopReason>,
    /// The exit code of the run.
    pub exit_code: u8,
    /// Wall time in seconds (a merge: the longest part's).
    pub elapsed_seconds: f64,
}

/// The harness that wrote a fuzz report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FuzzHarness {
    /// `hexodic-conformance`.
    pub name: String,
    /// Its version.
    pub version: String,
}

/// The engine of a fuzz report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FuzzEngine {
    /// Its name, from the handshake.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The `--engine` command line (none: the reference in process).
    pub command: Option<String>,
}

/// One campaign: a base seed and how long it ran.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    /// The base seed (game i plays with seed + i).
    pub seed: u64,
    /// `--games`, if given.
    pub games: Option<u64>,
    /// `--time` in seconds, if given.
    pub time_seconds: Option<f64>,
    /// `--partition`, if only a part was played.
    pub partition: Option<Partition>,
}

/// A finding in a fuzz report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FuzzFinding {
    /// The seed of the game that found it.
    pub game_seed: u64,
    /// What differs, in words.
    pub difference: String,
    /// The rules it implicates.
    pub implicated_rules: Vec<String>,
    /// The start position, in the position notation.
    pub start: String,
    /// The turns, in the turn notation.
    pub turns: Vec<String>,
    /// The command that plays that game again.
    pub repeat: String,
    /// The fixture written for it, if one was.
    pub fixture: Option<String>,
}

/// An incident in a fuzz report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FuzzIncident {
    /// The seed of the game it happened in.
    pub game_seed: u64,
    /// What happened.
    pub incident: String,
}

impl FuzzJson {
    /// The report of a fuzz run of `campaign` on the engine `info`
    /// (`command`: its `--engine` line).
    pub fn new(
        report: &FuzzReport,
        info: &EngineInfo,
        command: Option<&str>,
        campaign: Campaign,
    ) -> FuzzJson {
        let finding = report.finding.as_ref().map(|f| FuzzFinding {
            game_seed: f.game_seed,
            difference: f.divergence.difference.summary(),
            implicated_rules: f
                .divergence
                .implicated
                .iter()
                .map(|r| (*r).to_owned())
                .collect(),
            start: f.start.to_notation(),
            turns: f.turns.iter().map(ToString::to_string).collect(),
            repeat: repeat_command(command, f.game_seed),
            fixture: None,
        });
        let mut incidents: Vec<FuzzIncident> = report
            .incidents
            .iter()
            .map(|(s, i)| FuzzIncident {
                game_seed: *s,
                incident: i.kind.to_string(),
            })
            .collect();
        incidents.sort_by_key(|i| i.game_seed);
        let mut j = FuzzJson {
            schema_version: FUZZ_SCHEMA_VERSION,
            kind: FUZZ_KIND.to_owned(),
            harness: FuzzHarness {
                name: "hexodic-conformance".to_owned(),
                version: env!("CARGO_PKG_VERSION").to_owned(),
            },
            engine: FuzzEngine {
                name: info.name.clone(),
                version: info.version.clone(),
                command: command.map(str::to_owned),
            },
            campaigns: vec![campaign],
            games: report.games,
            turns: report.turns,
            reach: report
                .reach
                .iter()
                .map(|(k, v)| ((*k).to_owned(), *v))
                .collect(),
            events: report.events,
            finding,
            incidents,
            stopped: report.stopped.map(StopReason::from),
            exit_code: 0,
            elapsed_seconds: report.elapsed.as_secs_f64(),
        };
        j.exit_code = j.exit().code();
        j
    }

    /// How the run ends: 1 on a finding, else as [`Exit::of`] says.
    pub fn exit(&self) -> Exit {
        if self.finding.is_some() {
            return Exit::Differs;
        }
        let stopped = self.stopped.map(crate::run::Stopped::from);
        Exit::of(stopped, 0, self.incidents.len(), 0)
    }

    /// The report as JSON text.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }

    /// Read a fuzz report from its text; `path` names it in errors.
    pub fn parse(path: &Path, text: &str) -> Result<FuzzJson, LoadError> {
        let at = |e: &serde_json::Error, what: &str| json_error(path, text, e, what);
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            if e.is_eof() {
                at(&e, "truncated: the file ends inside the report")
            } else {
                at(&e, "not valid JSON")
            }
        })?;
        if !is_fuzz_report(&value) {
            return Err(LoadError::at(
                path,
                1,
                1,
                "not a fuzz report of hexodic-conformance: expected `kind: \"fuzz\"` and `harness`",
            ));
        }
        let version = value.get("schema_version").and_then(|v| v.as_u64());
        if version != Some(u64::from(FUZZ_SCHEMA_VERSION)) {
            return Err(LoadError::at(
                path,
                1,
                1,
                format!(
                    "a fuzz report of schema version {}, this harness reads version {FUZZ_SCHEMA_VERSION}",
                    version.map_or_else(|| "(none)".to_owned(), |v| v.to_string())
                ),
            ));
        }
        serde_json::from_str(text).map_err(|e| at(&e, "not a fuzz report of this shape"))
    }

    /// The text `fuzz` prints: the games played, incidents, the rule reach
    /// table (when nothing was found, or `reach`), and the finding.
    pub fn text(&self, reach: bool) -> String {
        let mut out = String::new();
        let secs = self.elapsed_seconds.max(1e-9);
        let _ = writeln!(
            out,
            "games: {} ({:.0} games/s), turns: {}",
            self.games,
            self.games as f64 / secs,
            self.turns
        );
        if let Some(i) = self.incidents.first() {
            let _ = writeln!(
                out,
                "engine incidents: {} (not rule differences); first, in the game with seed {}: {}",
                self.incidents.len(),
                i.game_seed,
                crate::report::text::visible(&i.incident)
            );
        }
        let Some(f) = &self.finding else {
            out.push_str(&self.reach_table());
            out.push_str("no difference found\n");
            return out;
        };
        if reach {
            out.push_str(&self.reach_table());
        }
        let _ = writeln!(
            out,
            "difference found (game seed {}): {}",
            f.game_seed, f.difference
        );
        let _ = writeln!(out, "implicated rules: {}", f.implicated_rules.join(", "));
        let _ = writeln!(out, "start: {}", f.start);
        let turns = if f.turns.is_empty() {
            "(none)".to_owned()
        } else {
            f.turns.join(" ; ")
        };
        let _ = writeln!(out, "turns: {turns}");
        let _ = writeln!(out, "repeat with: {}", f.repeat);
        out
    }

    /// Games in which each rule fired, and per 1000 games.
    fn reach_table(&self) -> String {
        let mut out =
            String::from("rule reach (games in which each rule fired, and per 1000 games):\n");
        let per = |n: u64| n as f64 * 1000.0 / self.games.max(1) as f64;
        for r in hexodic_rules::registry::RULES
            .iter()
            .filter(|r| !r.id.starts_with('I') && r.id != "RS1")
        {
            let n = self.reach.get(r.id).copied().unwrap_or(0);
            let _ = writeln!(out, "  {:<4} {:>8} {:>8.1}", r.id, n, per(n));
        }
        out.push_str("ends on the capping turn (half-move 60):\n");
        for id in super::reach::CAP_COMBINATIONS {
            let n = self.reach.get(id).copied().unwrap_or(0);
            let _ = writeln!(out, "  {id:<6} {n:>6} {:>8.1}", per(n));
        }
        out
    }
}

/// Whether a JSON value is a fuzz report (and not a run's).
pub fn is_fuzz_report(value: &serde_json::Value) -> bool {
    let harness = value
        .get("harness")
        .and_then(|h| h.get("name"))
        .and_then(|n| n.as_str());
    harness == Some("hexodic-conformance")
        && value.get("kind").and_then(|k| k.as_str()) == Some(FUZZ_KIND)
}

fn error(file: Option<&Path>, field: Option<&str>, message: String) -> MergeError {
    MergeError {
        file: file.map(Path::to_path_buf),
        field: field.map(str::to_owned),
        message,
    }
}

/// A campaign's identity: its seed and how long it was asked to run.
fn same_campaign(a: &Campaign, b: &Campaign) -> bool {
    a.seed == b.seed && a.games == b.games && a.time_seconds == b.time_seconds
}

/// The game seeds a campaign covers, `[first, last]`: from `--games`, else
/// from the games its parts played.
fn seeds_of(c: &Campaign, played: u64) -> (u64, u64) {
    let n = c.games.unwrap_or(played).max(1);
    (c.seed, c.seed.saturating_add(n - 1))
}

/// Merge fuzz reports: the parts of partitioned campaigns put together
/// (every part once, none missing) and campaigns of other seeds side by
/// side (their games may not overlap). The engine and harness must be the
/// same in all.
pub fn merge_fuzz(parts: &[(PathBuf, FuzzJson)]) -> Result<FuzzJson, MergeError> {
    let Some((first_file, first)) = parts.first() else {
        return Err(error(None, None, "no reports to merge".to_owned()));
    };
    for (file, p) in parts {
        let same = [
            (
                "harness.version",
                &p.harness.version,
                &first.harness.version,
            ),
            ("engine.name", &p.engine.name, &first.engine.name),
            ("engine.version", &p.engine.version, &first.engine.version),
        ];
        for (field, a, b) in same {
            if a != b {
                return Err(error(
                    Some(file),
                    Some(field),
                    format!(
                        "`{a}`, where {} has `{b}`: reports of other engines or harnesses are not merged",
                        hexodic_wording::paths::shown(first_file)
                    ),
                ));
            }
        }
        if p.engine.command != first.engine.command {
            return Err(error(
                Some(file),
                Some("engine.command"),
                format!(
                    "another engine command than {}: reports of other engines are not merged",
                    hexodic_wording::paths::shown(first_file)
                ),
            ));
        }
    }
    let campaigns = merged_campaigns(parts)?;
    let mut m = first.clone();
    m.campaigns = campaigns;
    m.games = 0;
    m.turns = 0;
    m.reach.clear();
    m.events = GameStats::default();
    m.finding = None;
    m.incidents.clear();
    m.stopped = None;
    m.elapsed_seconds = 0.0;
    for (_, p) in parts {
        m.games += p.games;
        m.turns += p.turns;
        for (k, v) in &p.reach {
            *m.reach.entry(k.clone()).or_insert(0) += v;
        }
        m.events.add(&p.events);
        m.incidents.extend(p.incidents.iter().cloned());
        m.stopped = m.stopped.or(p.stopped);
        m.elapsed_seconds = m.elapsed_seconds.max(p.elapsed_seconds);
        if let Some(f) = &p.finding {
            if m.finding.as_ref().is_none_or(|g| f.game_seed < g.game_seed) {
                m.finding = Some(f.clone());
            }
        }
    }
    m.incidents.sort_by_key(|i| i.game_seed);
    m.exit_code = m.exit().code();
    Ok(m)
}

/// A report of a campaign: its file and its part, if a part.
type Member<'a> = (&'a Path, Option<Partition>);

/// The campaigns of all parts, each partitioned one put together; an
/// error for a part given twice, parts that overlap, or a missing part.
fn merged_campaigns(parts: &[(PathBuf, FuzzJson)]) -> Result<Vec<Campaign>, MergeError> {
    // Every campaign of every part, with its file and the games it played.
    let mut groups: Vec<(Campaign, Vec<Member>, u64)> = Vec::new();
    for (file, p) in parts {
        for c in &p.campaigns {
            let played = if p.campaigns.len() == 1 { p.games } else { 0 };
            match groups.iter_mut().find(|(g, _, _)| same_campaign(g, c)) {
                Some((_, members, games)) => {
                    members.push((file, c.partition));
                    *games += played;
                }
                None => {
                    let whole = Campaign {
                        partition: None,
                        ..c.clone()
                    };
                    groups.push((whole, vec![(file, c.partition)], played));
                }
            }
        }
    }
    for (c, members, _) in &groups {
        check_parts(c, members)?;
    }
    groups.sort_by_key(|(c, _, _)| c.seed);
    for w in groups.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        let (_, a1) = seeds_of(&a.0, a.2);
        let (b0, _) = seeds_of(&b.0, b.2);
        if b0 <= a1 {
            return Err(error(
                b.1.first().map(|(f, _)| *f),
                Some("campaigns.seed"),
                format!(
                    "the campaign with seed {} plays games the campaign with seed {} plays too (game seeds {b0}..={}): they overlap",
                    b.0.seed,
                    a.0.seed,
                    a1.min(seeds_of(&b.0, b.2).1)
                ),
            ));
        }
    }
    Ok(groups.into_iter().map(|(c, _, _)| c).collect())
}

/// The parts of one campaign: either one whole run, or every part of one
/// partition once.
fn check_parts(c: &Campaign, members: &[Member]) -> Result<(), MergeError> {
    let whole: Vec<&Path> = members
        .iter()
        .filter(|(_, p)| p.is_none())
        .map(|(f, _)| *f)
        .collect();
    if let (Some(f), true) = (whole.first(), members.len() > 1) {
        return Err(error(
            Some(f),
            Some("campaigns.partition"),
            format!(
                "the whole campaign with seed {} is given beside another report of it: the same games twice",
                c.seed
            ),
        ));
    }
    let Some(n) = members.iter().find_map(|(_, p)| p.map(|p| p.count())) else {
        return Ok(());
    };
    let mut seen: BTreeMap<u64, &Path> = BTreeMap::new();
    for (f, p) in members {
        let Some(p) = p else { continue };
        if p.count() != n {
            return Err(error(
                Some(f),
                Some("campaigns.partition"),
                format!(
                    "part {p} of the campaign with seed {}, where other parts are of {n}: the parts overlap",
                    c.seed
                ),
            ));
        }
        if let Some(before) = seen.insert(p.index(), f) {
            return Err(error(
                Some(f),
                Some("campaigns.partition"),
                format!(
                    "part {p} of the campaign with seed {} is given twice (also {})",
                    c.seed,
                    hexodic_wording::paths::shown(before)
                ),
            ));
        }
    }
    if let Some(k) = (1..=n).find(|k| !seen.contains_key(k)) {
        return Err(error(
            None,
            None,
            format!(
                "part {k}/{n} of the campaign with seed {} is missing",
                c.seed
            ),
        ));
    }
    Ok(())
}
