//! Merging the reports of the parts of one run (`run --partition K/N`) or
//! of one campaign (`fuzz --partition K/N`, or campaigns of other seeds)
//! into the report a single machine would have made: the results in
//! fixture order and everything derived from them made again by the
//! functions a run uses, so every writer gives what that run gives. Parts
//! that are not of one run are refused, naming the file and the field.

use super::comparison::{Comparison, FixtureChange};
use super::fuzz::{Campaign, FuzzReport};
use super::partition::Partition;
use super::run::{FileError, RunReport};
use super::signature::Signature;
use super::stats::GameStats;
use hexodic_io::paths;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

/// Why parts cannot be merged: the file and the field at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeError {
    /// The part at fault (none when the fault is in the set of parts, such
    /// as a missing part).
    pub file: Option<PathBuf>,
    /// The field of the report at fault, as written in the file
    /// (`corpus.version`), if one is.
    pub field: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl MergeError {
    fn new(file: Option<&Path>, field: Option<&str>, message: impl Into<String>) -> MergeError {
        MergeError {
            file: file.map(Path::to_path_buf),
            field: field.map(str::to_owned),
            message: message.into(),
        }
    }
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{}: ", paths::shown(file))?;
        }
        if let Some(field) = &self.field {
            write!(f, "`{field}`: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for MergeError {}

/// A part read back: its file and its report.
#[derive(Clone, Debug)]
pub struct Part<R> {
    /// The file it was read from.
    pub file: PathBuf,
    /// Its report.
    pub report: R,
}

/// Refuse `got` unless it equals `want`, the value of the first part.
fn same(file: &Path, first: &Path, field: &str, got: &str, want: &str) -> Result<(), MergeError> {
    if got == want {
        return Ok(());
    }
    Err(MergeError::new(
        Some(file),
        Some(field),
        format!(
            "`{got}`, but {} has `{want}`: parts of one run share it",
            paths::shown(first)
        ),
    ))
}

/// The fields every part of one run shares, with their names in the file:
/// what decides a fixture's result and which fixtures were selected.
fn shared(r: &RunReport) -> Vec<(&'static str, String)> {
    let s = &r.settings;
    let joined = |v: &[String]| v.join(" ");
    vec![
        ("harness.version", r.harness.version.clone()),
        ("corpus.version", r.corpus.version.clone()),
        ("engine.name", r.engine.name.clone()),
        ("engine.version", r.engine.version.clone()),
        (
            "engine.command",
            r.engine.command.clone().unwrap_or_default(),
        ),
        (
            "engine.capabilities",
            r.engine
                .capabilities
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(" "),
        ),
        ("settings.targets", joined(&s.targets)),
        ("settings.rules", joined(&s.rules)),
        (
            "settings.variant",
            s.variant.map(|v| v.to_string()).unwrap_or_default(),
        ),
        ("settings.traces", s.traces.to_string()),
        (
            "settings.timeout_ms",
            s.timeout_ms.map(|t| t.to_string()).unwrap_or_default(),
        ),
        ("settings.fail_fast", s.fail_fast.to_string()),
        (
            "settings.expectations.hash",
            s.expectations
                .as_ref()
                .map_or_else(|| "(no expectations file)".to_owned(), |e| e.hash.clone()),
        ),
        (
            "settings.expectations.updated",
            s.expectations
                .as_ref()
                .is_some_and(|e| e.updated)
                .to_string(),
        ),
        (
            "comparison.baseline_corpus_version",
            r.comparison.as_ref().map_or_else(
                || "(no baseline)".to_owned(),
                |c| c.baseline_corpus_version.clone(),
            ),
        ),
    ]
}

/// Merge the parts of one run into the run one machine would have made.
/// Refuses parts of other corpus versions, engines, harnesses, selections,
/// variants, expectations files or baselines, a part given twice, parts
/// that overlap and a missing part, naming the file and the field.
pub fn merge_runs(parts: &[Part<RunReport>]) -> Result<RunReport, MergeError> {
    let Some(first) = parts.first() else {
        return Err(MergeError::new(None, None, "no report to merge"));
    };
    let want = shared(&first.report);
    for p in parts {
        for ((field, w), (_, got)) in want.iter().zip(shared(&p.report)) {
            same(&p.file, &first.file, field, &got, w)?;
        }
    }
    let order = part_order(parts)?;
    let mut seen: BTreeMap<&str, &PathBuf> = BTreeMap::new();
    for p in parts {
        for r in &p.report.results {
            if let Some(other) = seen.insert(&r.id, &p.file) {
                return Err(MergeError::new(
                    Some(&p.file),
                    Some("results"),
                    format!(
                        "fixture {} is also in {}: the parts overlap",
                        r.id,
                        paths::shown(other)
                    ),
                ));
            }
        }
    }
    let ordered: Vec<&RunReport> = order.iter().map(|&i| &parts[i].report).collect();
    Ok(rebuild(&ordered))
}

/// The parts' indices in part order (1/N first), after checking that they
/// are the N parts of one run, each once.
fn part_order(parts: &[Part<RunReport>]) -> Result<Vec<usize>, MergeError> {
    let partition = |i: usize| parts[i].report.settings.partition;
    if let Some(i) = (0..parts.len()).find(|&i| partition(i).is_none()) {
        if parts.len() == 1 {
            return Ok(vec![0]);
        }
        return Err(MergeError::new(
            Some(&parts[i].file),
            Some("settings.partition"),
            "a whole run (no --partition) overlaps every other part",
        ));
    }
    let count = partition(0).map_or(1, |p| p.count());
    let mut at: BTreeMap<u64, usize> = BTreeMap::new();
    for i in 0..parts.len() {
        let Some(p) = partition(i) else { continue };
        if p.count() != count {
            return Err(MergeError::new(
                Some(&parts[i].file),
                Some("settings.partition"),
                format!(
                    "part {p}, but {} is a part of {count}: the parts overlap",
                    paths::shown(&parts[0].file)
                ),
            ));
        }
        if let Some(j) = at.insert(p.index(), i) {
            return Err(MergeError::new(
                Some(&parts[i].file),
                Some("settings.partition"),
                format!(
                    "part {p} again: {} is the same part",
                    paths::shown(&parts[j].file)
                ),
            ));
        }
    }
    if let Some(k) = (1..=count).find(|k| !at.contains_key(k)) {
        return Err(MergeError::new(
            None,
            None,
            format!("part {k}/{count} is missing"),
        ));
    }
    Ok(at.into_values().collect())
}

/// The run one machine would have made from these parts (in part order):
/// the i-th fixture of the whole is the (i / N)-th of part i mod N + 1.
fn rebuild(parts: &[&RunReport]) -> RunReport {
    let n = parts.len();
    let mut results = Vec::new();
    let mut iters: Vec<_> = parts.iter().map(|p| p.results.iter()).collect();
    'dealing: loop {
        for it in iters.iter_mut() {
            match it.next() {
                Some(r) => results.push(r.clone()),
                None => break 'dealing,
            }
        }
    }
    // A part may hold one result fewer than the parts before it: the rest
    // of the later parts come after.
    for it in iters.iter_mut() {
        results.extend(it.cloned());
    }
    let mut errors: Vec<FileError> = Vec::new();
    let mut warnings: Vec<String> = Vec::new();
    for p in parts {
        for e in &p.errors {
            if !errors.contains(e) {
                errors.push(e.clone());
            }
        }
        for w in &p.engine.warnings {
            if !warnings.contains(w) {
                warnings.push(w.clone());
            }
        }
    }
    let head = parts[0];
    let mut engine = head.engine.clone();
    engine.warnings = warnings;
    engine.unusable = parts.iter().find_map(|p| p.engine.unusable.clone());
    let mut settings = head.settings.clone();
    settings.partition = None;
    let stopped = parts.iter().find_map(|p| p.stopped);
    let elapsed = parts.iter().map(|p| p.elapsed_seconds).fold(0.0, f64::max);
    let mut merged = RunReport::new(
        engine,
        head.corpus.clone(),
        settings,
        results,
        errors,
        stopped,
        elapsed,
    );
    let comparisons: Vec<&Comparison> =
        parts.iter().filter_map(|p| p.comparison.as_ref()).collect();
    if comparisons.len() == n {
        merged.comparison = Some(merge_comparisons(&comparisons, &merged));
    }
    merged.derive();
    merged
}

/// The comparisons of the parts with one baseline as the comparison of the
/// whole: the changes of every part, in the whole's fixture order.
fn merge_comparisons(parts: &[&Comparison], whole: &RunReport) -> Comparison {
    let at: BTreeMap<&str, usize> = whole
        .results
        .iter()
        .enumerate()
        .map(|(i, r)| (r.id.as_str(), i))
        .collect();
    let gather = |pick: fn(&Comparison) -> &Vec<FixtureChange>| {
        let mut all: Vec<FixtureChange> =
            parts.iter().flat_map(|c| pick(c).iter().cloned()).collect();
        all.sort_by_key(|f| at.get(f.id.as_str()).copied().unwrap_or(usize::MAX));
        all
    };
    let ran: BTreeSet<&str> = at.keys().copied().collect();
    let baseline: BTreeSet<&str> = parts
        .iter()
        .flat_map(|c| c.baseline_fixtures.iter().map(String::as_str))
        .collect();
    let mut c = Comparison {
        baseline_corpus_version: parts[0].baseline_corpus_version.clone(),
        baseline_engine: parts[0].baseline_engine.clone(),
        baseline_fixtures: parts[0].baseline_fixtures.clone(),
        same_corpus: parts.iter().all(|c| c.same_corpus),
        shared_fixtures: parts.iter().map(|c| c.shared_fixtures).sum(),
        added_fixtures: whole
            .results
            .iter()
            .filter(|r| !baseline.contains(r.id.as_str()))
            .map(|r| r.id.clone())
            .collect(),
        removed_fixtures: baseline
            .iter()
            .filter(|id| !ran.contains(*id))
            .map(|id| (*id).to_owned())
            .collect(),
        newly_failing: gather(|c| &c.newly_failing),
        fixed: gather(|c| &c.fixed),
        changed: gather(|c| &c.changed),
        still_failing: gather(|c| &c.still_failing),
        new_incidents: gather(|c| &c.new_incidents),
        by_rule: Vec::new(),
    };
    c.by_rule = super::comparison::tally_by_rule(&c);
    c
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
/// same in all. The finding kept is the one of the lowest game seed: the
/// one a single run finds.
pub fn merge_campaigns(parts: &[Part<FuzzReport>]) -> Result<FuzzReport, MergeError> {
    let Some(first) = parts.first() else {
        return Err(MergeError::new(None, None, "no report to merge"));
    };
    let f = &first.report;
    for p in parts {
        let r = &p.report;
        let command = |c: &Option<String>| c.clone().unwrap_or_else(|| "(in process)".to_owned());
        same(
            &p.file,
            &first.file,
            "harness.version",
            &r.harness.version,
            &f.harness.version,
        )?;
        same(
            &p.file,
            &first.file,
            "engine.name",
            &r.engine.name,
            &f.engine.name,
        )?;
        same(
            &p.file,
            &first.file,
            "engine.version",
            &r.engine.version,
            &f.engine.version,
        )?;
        same(
            &p.file,
            &first.file,
            "engine.command",
            &command(&r.engine.command),
            &command(&f.engine.command),
        )?;
    }
    check_sums(parts)?;
    let campaigns = merged_campaigns(parts)?;
    let mut m = FuzzReport::new(f.engine.clone(), campaigns);
    m.harness = f.harness.clone();
    for p in parts {
        let r = &p.report;
        m.add_tallies(r);
        m.incidents.extend(r.incidents.iter().cloned());
        m.stopped = m.stopped.or(r.stopped);
        m.elapsed_seconds = m.elapsed_seconds.max(r.elapsed_seconds);
        if let Some(found) = &r.finding {
            let better = match &m.finding {
                None => true,
                // A new difference before a known one; else the lowest game.
                Some(g) => (found.known, found.game_seed) < (g.known, g.game_seed),
            };
            if better {
                m.finding = Some(found.clone());
            }
        }
    }
    m.derive();
    Ok(m)
}

/// Refuse parts whose counters, added, do not fit a counter: a report
/// edited to claim more games, turns or events than can be counted. The
/// part at fault is the one whose count makes the sum overflow.
fn check_sums(parts: &[Part<FuzzReport>]) -> Result<(), MergeError> {
    let mut games = 0u64;
    let mut turns = 0u64;
    let mut reach: BTreeMap<&str, u64> = BTreeMap::new();
    let mut questions: BTreeMap<&str, u64> = BTreeMap::new();
    let mut events = GameStats::default();
    let mut known: Vec<(&Signature, u64)> = Vec::new();
    for p in parts {
        let r = &p.report;
        let over = |field: &str, max: u64| {
            MergeError::new(
                Some(&p.file),
                Some(field),
                format!(
                    "the parts together count more than a counter holds ({max}): a report was edited"
                ),
            )
        };
        let add = |sum: &mut u64, n: u64, field: &str| -> Result<(), MergeError> {
            *sum = sum.checked_add(n).ok_or_else(|| over(field, u64::MAX))?;
            Ok(())
        };
        add(&mut games, r.games, "games")?;
        add(&mut turns, r.turns, "turns")?;
        for (k, n) in &r.reach {
            add(reach.entry(k).or_insert(0), *n, &format!("reach.{k}"))?;
        }
        for (k, n) in &r.questions {
            add(
                questions.entry(k).or_insert(0),
                *n,
                &format!("questions.{k}"),
            )?;
        }
        events = events
            .checked_add(&r.events)
            .map_err(|f| over(&format!("events.{f}"), u64::from(u32::MAX)))?;
        for k in &r.known {
            let s = &k.signature;
            let i = known
                .iter()
                .position(|(o, _)| o.rules == s.rules && o.kind == s.kind && o.key == s.key)
                .unwrap_or_else(|| {
                    known.push((s, 0));
                    known.len() - 1
                });
            add(&mut known[i].1, k.games, "known.games")?;
        }
    }
    Ok(())
}

/// A report of a campaign: its file and its part, if a part.
type Member<'a> = (&'a Path, Option<Partition>);

/// The campaigns of all parts, each partitioned one put together; an
/// error for a part given twice, parts that overlap, or a missing part.
fn merged_campaigns(parts: &[Part<FuzzReport>]) -> Result<Vec<Campaign>, MergeError> {
    // Every campaign of every part, with its file and the games it played.
    let mut groups: Vec<(Campaign, Vec<Member>, u64)> = Vec::new();
    for p in parts {
        let r = &p.report;
        for c in &r.campaigns {
            let played = if r.campaigns.len() == 1 { r.games } else { 0 };
            match groups.iter_mut().find(|(g, _, _)| same_campaign(g, c)) {
                Some((_, members, games)) => {
                    members.push((&p.file, c.partition));
                    *games = games.saturating_add(played);
                }
                None => {
                    let whole = Campaign {
                        partition: None,
                        ..c.clone()
                    };
                    groups.push((whole, vec![(&p.file, c.partition)], played));
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
            return Err(MergeError::new(
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
        return Err(MergeError::new(
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
            return Err(MergeError::new(
                Some(f),
                Some("campaigns.partition"),
                format!(
                    "part {p} of the campaign with seed {}, where other parts are of {n}: the parts overlap",
                    c.seed
                ),
            ));
        }
        if let Some(before) = seen.insert(p.index(), f) {
            return Err(MergeError::new(
                Some(f),
                Some("campaigns.partition"),
                format!(
                    "part {p} of the campaign with seed {} is given twice (also {})",
                    c.seed,
                    paths::shown(before)
                ),
            ));
        }
    }
    if let Some(k) = (1..=n).find(|k| !seen.contains_key(k)) {
        return Err(MergeError::new(
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
