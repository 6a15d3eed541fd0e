//! Merging the JSON reports of the parts of one run (`run --partition K/N`)
//! back into the run a single machine would have made: the results in
//! fixture order, the totals and root causes made again by the functions a
//! run uses, so every writer gives what that run gives.

use super::json::JsonReport;
use crate::run::{causes, FixtureResult, RunReport, Summary};
use hexodic_wording::paths;
use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

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

fn error(file: Option<&PathBuf>, field: Option<&str>, message: String) -> MergeError {
    MergeError {
        file: file.cloned(),
        field: field.map(str::to_owned),
        message,
    }
}

/// A part read back: its file and its report.
#[derive(Clone, Debug)]
pub struct Part {
    /// The file it was read from.
    pub file: PathBuf,
    /// Its report.
    pub report: JsonReport,
}

/// The merged run and the `--engine` command line its parts name.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The run, as one machine would have made it.
    pub run: RunReport,
    /// The `--engine` command line (none for the reference in process).
    pub command: Option<String>,
}

/// The fields every part of one run shares, with their names in the file.
fn shared(r: &JsonReport) -> [(&'static str, String); 8] {
    [
        ("harness.version", r.harness.version.clone()),
        ("corpus.version", r.corpus.version.clone()),
        ("corpus.folder", r.corpus.folder.clone()),
        ("engine.name", r.engine.name.clone()),
        ("engine.version", r.engine.version.clone()),
        (
            "engine.command",
            r.engine.command.clone().unwrap_or_default(),
        ),
        ("engine.capabilities", r.engine.capabilities.join(", ")),
        (
            "run.rerun.traces",
            r.run
                .as_ref()
                .map_or(String::new(), |x| x.rerun.traces.to_string()),
        ),
    ]
}

/// Merge the parts of one run. Refuses parts of different corpus versions,
/// engines or harnesses, a part given twice, parts that overlap, a missing
/// part and a report without the whole run, naming the file and field.
pub fn merge(parts: &[Part]) -> Result<Merged, MergeError> {
    let Some(first) = parts.first() else {
        return Err(error(None, None, "no report to merge".into()));
    };
    let mut runs = Vec::with_capacity(parts.len());
    for p in parts {
        let run = p.report.run.as_deref().ok_or_else(|| {
            error(
                Some(&p.file),
                Some("run"),
                "the report does not hold the whole run (an earlier harness wrote it); run that part again with this harness".into(),
            )
        })?;
        for ((field, want), (_, got)) in shared(&first.report).iter().zip(shared(&p.report)) {
            if *want != got {
                return Err(error(
                    Some(&p.file),
                    Some(field),
                    format!(
                        "`{got}`, but {} has `{want}`: parts of one run share it",
                        paths::shown(&first.file)
                    ),
                ));
            }
        }
        runs.push(run);
    }
    let order = part_order(parts, &runs)?;
    let mut seen: BTreeMap<&str, &PathBuf> = BTreeMap::new();
    for (p, run) in parts.iter().zip(&runs) {
        for r in &run.results {
            if let Some(other) = seen.insert(&r.id, &p.file) {
                return Err(error(
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
    let ordered: Vec<&RunReport> = order.iter().map(|&i| runs[i]).collect();
    Ok(Merged {
        run: rebuild(&ordered),
        command: first.report.engine.command.clone(),
    })
}

/// The parts' indices in part order (1/N first), after checking that they
/// are the N parts of one run, each once.
fn part_order(parts: &[Part], runs: &[&RunReport]) -> Result<Vec<usize>, MergeError> {
    let whole: Vec<usize> = (0..runs.len())
        .filter(|&i| runs[i].partition.is_none())
        .collect();
    if let Some(&i) = whole.first() {
        if runs.len() == 1 {
            return Ok(vec![0]);
        }
        return Err(error(
            Some(&parts[i].file),
            Some("partition"),
            "a whole run (no --partition) overlaps every other part".into(),
        ));
    }
    let count = runs[0].partition.map_or(1, |p| p.count());
    let mut at: BTreeMap<u64, usize> = BTreeMap::new();
    for (i, run) in runs.iter().enumerate() {
        let Some(p) = run.partition else { continue };
        if p.count() != count {
            return Err(error(
                Some(&parts[i].file),
                Some("partition"),
                format!(
                    "part {p}, but {} is a part of {count}: the parts overlap",
                    paths::shown(&parts[0].file)
                ),
            ));
        }
        if let Some(j) = at.insert(p.index(), i) {
            return Err(error(
                Some(&parts[i].file),
                Some("partition"),
                format!(
                    "part {p} again: {} is the same part",
                    paths::shown(&parts[j].file)
                ),
            ));
        }
    }
    if let Some(k) = (1..=count).find(|k| !at.contains_key(k)) {
        return Err(error(None, None, format!("part {k}/{count} is missing")));
    }
    Ok(at.into_values().collect())
}

/// The run one machine would have made from these parts (in part order):
/// the i-th fixture of the whole is the (i / N)-th of part i mod N + 1.
fn rebuild(parts: &[&RunReport]) -> RunReport {
    let n = parts.len();
    let total: usize = parts.iter().map(|p| p.summary.fixtures).sum();
    let mut results: Vec<FixtureResult> = Vec::with_capacity(total);
    for i in 0..total {
        if let Some(r) = parts[i % n].results.get(i / n) {
            results.push(r.clone());
        }
    }
    let mut errors = Vec::new();
    let mut warnings: Vec<String> = Vec::new();
    for p in parts {
        for e in &p.errors {
            if !errors.contains(e) {
                errors.push(e.clone());
            }
        }
        for w in &p.warnings {
            if !warnings.contains(w) {
                warnings.push(w.clone());
            }
        }
    }
    let mut summary = Summary {
        fixtures: total,
        ..Summary::default()
    };
    for r in &results {
        summary.add(r);
    }
    summary.errors = errors.len();
    summary.without_trace = parts.iter().map(|p| p.summary.without_trace).sum();
    summary.elapsed = parts
        .iter()
        .map(|p| p.summary.elapsed)
        .max()
        .unwrap_or_default();
    let head = parts[0];
    RunReport {
        engine: head.engine.clone(),
        corpus_version: head.corpus_version.clone(),
        corpus_folder: head.corpus_folder.clone(),
        corpus_embedded: head.corpus_embedded,
        root_causes: causes(&results),
        results,
        errors,
        summary,
        warnings,
        stopped: parts.iter().find_map(|p| p.stopped),
        unusable: parts.iter().find_map(|p| p.unusable.clone()),
        partition: None,
        rerun: head.rerun.clone(),
    }
}
