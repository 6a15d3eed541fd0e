//! From an edge case to a committed fixture: [`record`] writes a fixture
//! file from a start position and turns with every check filled in from the
//! reference, loads it back, runs it in all variants and writes its golden
//! trace; [`bless`] writes or checks the golden traces of existing fixtures.
//! The fuzzer writes its findings with the same code.

mod bless;
mod write;

pub use crate::corpus::trace::orphans;
pub use bless::{bless, line_diff, Blessed};
pub use write::{basis_for, fixture_yaml, ListChecks, Planned, Recording};

use crate::corpus::{lint, load_file, trace_path, Corpus, Trace};
use crate::engine::ReferenceEngine;
use crate::run::{run_fixture, RunOutcome};
use hexodic_io::paths;
use hexodic_report::codes;
use hexodic_rules::{registry, Game};
use std::path::{Component, Path, PathBuf};

/// Why a fixture could not be recorded. Nothing is written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The id is not `area/name` inside the corpus.
    #[error("`{0}` is not a fixture id inside the corpus: use AREA/NAME with letters, digits, - and _ (no `..`, no leading `/`)")]
    BadId(String),
    /// A cited rule is not in the registry.
    #[error("`{0}` is not a rule ID of rules/RULES.md")]
    UnknownRule(String),
    /// No rule cited.
    #[error("cite at least one rule (--rules ID[,ID])")]
    NoRules,
    /// A turn not marked `!` is illegal.
    #[error(
        "step {step}: `{turn}` is illegal ({reasons}); mark it `!{turn}` if it must be rejected"
    )]
    Illegal {
        /// 1-based step.
        step: usize,
        /// The turn.
        turn: String,
        /// The reference's reasons.
        reasons: String,
    },
    /// A turn marked `!` is legal.
    #[error("step {step}: `{turn}` is legal, but it is marked `!` (must be rejected)")]
    Legal {
        /// 1-based step.
        step: usize,
        /// The turn.
        turn: String,
    },
    /// A turn after the game ended.
    #[error("step {step}: `{turn}` comes after the game is over")]
    AfterEnd {
        /// 1-based step.
        step: usize,
        /// The turn.
        turn: String,
    },
    /// The file exists.
    #[error("{0} exists; use --force to overwrite it")]
    Exists(String),
    /// Writing failed.
    #[error("cannot write {0}: {1}")]
    Io(String, String),
    /// The written fixture does not load, does not pass, or does not lint.
    #[error("the recorded fixture does not hold up ({0}); nothing was written")]
    Check(String),
}

/// The fixture file of an id below `root`, refusing ids that leave it.
pub fn fixture_path(root: &Path, id: &str) -> Result<PathBuf, RecordError> {
    let bad = || RecordError::BadId(id.to_owned());
    let rel = Path::new(id);
    let parts: Vec<&str> = id.split('/').collect();
    let ok_part = |p: &&str| {
        !p.is_empty()
            && p.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    };
    if parts.len() < 2
        || !parts.iter().all(ok_part)
        || rel.components().any(|c| !matches!(c, Component::Normal(_)))
    {
        return Err(bad());
    }
    if crate::corpus::NOT_FIXTURES.contains(&parts[0]) {
        return Err(bad());
    }
    Ok(root.join(format!("{id}.yaml")))
}

/// Check that the turns follow the plan (legal unless marked `!`, and
/// `!` turns rejected) from `rec.start`.
pub fn check_plan(rec: &Recording) -> Result<(), RecordError> {
    if rec.rules.is_empty() {
        return Err(RecordError::NoRules);
    }
    if let Some(r) = rec.rules.iter().find(|r| registry::lookup(r).is_none()) {
        return Err(RecordError::UnknownRule(r.clone()));
    }
    let mut game = Game::from_position(rec.start);
    for (i, p) in rec.turns.iter().enumerate() {
        let step = i + 1;
        let turn = p.turn.to_string();
        if game.position().is_over() && !p.illegal {
            return Err(RecordError::AfterEnd { step, turn });
        }
        match (game.play(p.turn), p.illegal) {
            (Ok(_), true) => return Err(RecordError::Legal { step, turn }),
            (Err(e), false) => {
                return Err(RecordError::Illegal {
                    step,
                    turn,
                    reasons: codes(e.reasons),
                })
            }
            _ => {}
        }
    }
    Ok(())
}

/// What [`record`] wrote.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The fixture's id.
    pub id: String,
    /// The fixture file.
    pub fixture: PathBuf,
    /// Its golden trace.
    pub trace: PathBuf,
    /// Variant runs it passed on the reference.
    pub variants: usize,
}

fn write_new(path: &Path, text: &str) -> Result<(), RecordError> {
    let io =
        |e: std::io::Error| RecordError::Io(paths::shown(path), hexodic_io::paths::io_words(&e));
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let tmp = path.with_extension("yaml.tmp");
    std::fs::write(&tmp, text).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

/// Record a fixture below `root`: write it, load it back, run it in all
/// variants on the reference, lint it and write its golden trace. On any
/// failure nothing stays written.
pub fn record(root: &Path, rec: &Recording, force: bool) -> Result<Recorded, RecordError> {
    let path = fixture_path(root, &rec.id)?;
    check_plan(rec)?;
    if path.exists() && !force {
        return Err(RecordError::Exists(paths::shown(&path)));
    }
    let old = std::fs::read(&path).ok();
    let text = fixture_yaml(rec);
    write_new(&path, &text)?;
    let undo = |why: String| {
        match &old {
            Some(bytes) => {
                let _ = std::fs::write(&path, bytes);
            }
            None => {
                let _ = std::fs::remove_file(&path);
            }
        }
        RecordError::Check(why)
    };
    let fx = load_file(root, &path).map_err(|e| undo(e.to_string()))?;
    let trace = Trace::record(&fx);
    let run = run_fixture(&mut ReferenceEngine::new(), &fx, Some(&trace), None);
    if run.outcome != RunOutcome::Pass {
        return Err(undo("the reference does not pass it".into()));
    }
    let problems: Vec<String> = lint::reason_lists(&fx)
        .into_iter()
        .chain(lint::metadata_warnings(&fx))
        .collect();
    if let Some(p) = problems.first() {
        return Err(undo(p.clone()));
    }
    let tpath = trace_path(&path);
    std::fs::write(&tpath, trace.to_file_text()).map_err(|e| {
        undo(format!(
            "cannot write {}: {}",
            paths::shown(&tpath),
            hexodic_io::paths::io_words(&e)
        ))
    })?;
    Ok(Recorded {
        id: rec.id.clone(),
        fixture: path,
        trace: tpath,
        variants: run.variants_run,
    })
}

/// The corpus's fixtures as traces recorded from the reference.
pub fn traces(corpus: &Corpus) -> Vec<(PathBuf, Trace)> {
    corpus
        .fixtures
        .iter()
        .map(|f| (trace_path(&f.file), Trace::record(f)))
        .collect()
}
