//! One test per fixture in an engine crate's `cargo test` (a `[[test]]`
//! with `harness = false`), through the test harness's command line
//! ([`super::libtest`]).

use super::libtest::{self, Arguments, Trial};
use super::{UPDATE_VARIABLE, VARIANT_VARIABLE};
use crate::corpus::{embedded, fixture_files, id_for, load_file, Corpus, LoadError};
use crate::engine::{Engine, InProcess};
use crate::run::{run_corpus, Expectations, Rerun, RunOptions};
use hexodic_printer::text::{failure_block, Hints, TextOptions};
use hexodic_printer::Styles;
use hexodic_report::{
    CorpusFolder, CorpusReport, EngineReport, Expected, FixtureReport, RunReport, Settings, Status,
};
use hexodic_rules::symmetry::Symmetry;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Why a suite could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SuiteError {
    /// The expectations file could not be read.
    #[error("{0}")]
    Expectations(LoadError),
    /// A fixtures folder does not exist.
    #[error("{}: no such fixtures folder", hexodic_io::paths::shown(.0))]
    NoFolder(PathBuf),
    /// `HEXODIC_VARIANT` is not a variant.
    #[error("{VARIANT_VARIABLE}=`{0}` is not a variant (r0 to r5, then m, then s: `r2ms`)")]
    Variant(String),
    /// What the tests write could not be written.
    #[error("the tests' output could not be written: {0}")]
    Output(String),
}

/// A folder of fixtures the suite runs, with every fixture file in it.
#[derive(Clone, Debug)]
struct Folder {
    root: PathBuf,
    files: Vec<(String, PathBuf)>,
    version: String,
}

impl Folder {
    fn new(root: PathBuf) -> Folder {
        let mut files: Vec<(String, PathBuf)> = fixture_files(&root, &root)
            .into_iter()
            .map(|f| {
                (
                    id_for(&root, &f).unwrap_or_else(|| f.display().to_string()),
                    f,
                )
            })
            .collect();
        // In id order, as every report lists fixtures: file order differs
        // (`a-b.yaml` sorts before `a.yaml`, the id `a` before `a-b`).
        files.sort();
        let version = crate::corpus::folder_version(&root).0;
        Folder {
            root,
            files,
            version,
        }
    }
}

/// The corpus as one test per fixture, named by fixture id
/// (`capture/tier2-interior-immune`, labelled with the rules it cites), for
/// an engine crate's own test binary. See the [module documentation](super).
pub struct Suite<F> {
    make: Arc<F>,
    harness_corpus: bool,
    folders: Vec<PathBuf>,
    expectations: Option<PathBuf>,
    test: Option<String>,
}

/// What every trial shares.
struct Shared {
    folders: Vec<Folder>,
    /// The engine, as the closing report and the expectations file name it.
    engine: EngineReport,
    corpus: CorpusReport,
    expected: BTreeMap<String, Expected>,
    variant: Option<Symmetry>,
    update: bool,
    rerun: Rerun,
    results: Mutex<Vec<FixtureReport>>,
}

/// The variant the suite runs, from `HEXODIC_VARIANT`.
fn variant_from_env() -> Result<Option<Symmetry>, SuiteError> {
    match std::env::var(VARIANT_VARIABLE) {
        Ok(v) if !v.trim().is_empty() => v
            .trim()
            .parse::<Symmetry>()
            .map(Some)
            .map_err(|_| SuiteError::Variant(v)),
        _ => Ok(None),
    }
}

/// The test target's name from the running binary (`conformance-0a1b2c` is
/// `conformance`).
fn test_name() -> String {
    let exe = std::env::current_exe().ok();
    let stem = exe
        .as_deref()
        .and_then(Path::file_stem)
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "conformance".into());
    match stem.rsplit_once('-') {
        Some((name, hash)) if hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()) => {
            name.to_owned()
        }
        _ => stem,
    }
}

impl<E, F> Suite<F>
where
    E: Engine + 'static,
    F: Fn() -> E + Send + Sync + 'static,
{
    /// A suite making a fresh engine with `make` for each fixture, over the
    /// corpus embedded in the harness.
    pub fn new(make: F) -> Suite<F> {
        Suite {
            make: Arc::new(make),
            harness_corpus: true,
            folders: Vec::new(),
            expectations: None,
            test: None,
        }
    }

    /// Run the fixtures of this folder of your own too (with their golden
    /// traces), beside the harness's corpus: fuzz findings and the edge
    /// cases your team wrote down.
    pub fn fixtures(mut self, folder: impl Into<PathBuf>) -> Suite<F> {
        self.folders.push(folder.into());
        self
    }

    /// Run only the folders given with [`Suite::fixtures`], not the
    /// harness's corpus.
    pub fn without_harness_corpus(mut self) -> Suite<F> {
        self.harness_corpus = false;
        self
    }

    /// The fixtures this engine is known to fail, in the format of `run
    /// --expectations`: a listed fixture that fails that way passes its test
    /// (labelled `xfail`), one that passes or fails another way fails it.
    /// With `HEXODIC_UPDATE_EXPECTATIONS=1`, the file is written from the
    /// run instead, as `run --update-expectations` writes it.
    pub fn expectations(mut self, file: impl Into<PathBuf>) -> Suite<F> {
        self.expectations = Some(file.into());
        self
    }

    /// The test target's name, for the rerun lines (`cargo test --test
    /// NAME`); by default the running binary's.
    pub fn test_name(mut self, name: impl Into<String>) -> Suite<F> {
        self.test = Some(name.into());
        self
    }

    fn shared(&self, expectations: &Expectations) -> Result<Shared, SuiteError> {
        let mut roots = Vec::new();
        if self.harness_corpus {
            roots.push(embedded::root());
        }
        for f in &self.folders {
            if !f.is_dir() {
                return Err(SuiteError::NoFolder(f.clone()));
            }
            roots.push(f.clone());
        }
        let folders: Vec<Folder> = roots.into_iter().map(Folder::new).collect();
        let corpus = CorpusReport {
            version: folders
                .iter()
                .map(|f| f.version.as_str())
                .collect::<Vec<_>>()
                .join("+"),
            folders: folders
                .iter()
                .map(|f| CorpusFolder {
                    folder: hexodic_io::paths::shown(&f.root),
                    embedded: embedded::is_embedded(&f.root),
                    fixtures: f.files.len(),
                    version: f.version.clone(),
                })
                .collect(),
        };
        let info = (self.make)().info();
        Ok(Shared {
            folders,
            engine: EngineReport {
                name: info.name,
                version: info.version,
                command: None,
                capabilities: info.capabilities.iter().collect(),
                warnings: Vec::new(),
                unusable: None,
            },
            corpus,
            expected: expectations.expected(),
            variant: variant_from_env()?,
            update: std::env::var(UPDATE_VARIABLE).is_ok_and(|v| v == "1" || v == "true"),
            rerun: Rerun::CargoTest {
                test: self.test.clone().unwrap_or_else(test_name),
                package: std::env::var("CARGO_PKG_NAME").ok(),
            },
            results: Mutex::new(Vec::new()),
        })
    }

    fn load_expectations(&self) -> Result<Expectations, SuiteError> {
        match &self.expectations {
            Some(p) if p.is_file() => Expectations::load(p).map_err(SuiteError::Expectations),
            Some(p) => Ok(Expectations::missing(p)),
            None => Ok(Expectations::default()),
        }
    }

    /// One trial per fixture, in id order; one failing trial per folder
    /// file that does not load, and one (`expectations`) for ids in the
    /// expectations file that no fixture has. With `only`, just the trial
    /// of that fixture (the others are not read at all).
    fn trials(
        &self,
        shared: &Arc<Shared>,
        expectations: &Expectations,
        only: Option<&str>,
    ) -> Vec<Trial> {
        let mut out = Vec::new();
        let all_ids: Vec<&str> = shared
            .folders
            .iter()
            .flat_map(|f| f.files.iter().map(|(id, _)| id.as_str()))
            .collect();
        let unknown = expectations.unknown_ids(&all_ids);
        if !unknown.is_empty() && only.is_none_or(|o| o == "expectations") {
            let words: Vec<String> = unknown
                .iter()
                .map(|(id, near)| match near {
                    Some(n) => format!("{id} (did you mean {n}?)"),
                    None => id.clone(),
                })
                .collect();
            let msg = format!(
                "the expectations file lists ids no fixture has: {}",
                words.join(", ")
            );
            out.push(Trial::test("expectations", move || Err(msg)));
        }
        let engine_caps = (self.make)().info().capabilities;
        for folder in &shared.folders {
            for (id, file) in &folder.files {
                if only.is_some_and(|o| o != id) {
                    continue;
                }
                let fx = match load_file(&folder.root, file) {
                    Ok(fx) => fx,
                    Err(e) => {
                        let msg = e.to_string();
                        out.push(Trial::test(id.clone(), move || Err(msg)));
                        continue;
                    }
                };
                let mut kind = fx.rules.join(" ");
                if shared.expected.contains_key(&fx.id) {
                    kind.push_str(" xfail");
                }
                let traced = crate::corpus::is_file(&crate::corpus::trace_path(&fx.file));
                let missing: Vec<&str> = fx
                    .needs(traced)
                    .iter()
                    .filter(|c| !engine_caps.has(*c))
                    .map(|c| c.name())
                    .collect();
                if !missing.is_empty() {
                    kind.push_str(&format!(" skips:{}", missing.join(",")));
                }
                let (make, shared, root) = (
                    Arc::clone(&self.make),
                    Arc::clone(shared),
                    folder.root.clone(),
                );
                out.push(
                    Trial::test(id.clone(), move || one(make(), &shared, root, fx)).with_kind(kind),
                );
            }
        }
        out
    }

    /// The whole test binary: read the command line as `cargo test` (or
    /// `cargo nextest`) passes it, run the trials it selects, print the
    /// closing summary (the totals and the root causes of every failure),
    /// and exit: 0 when every selected test passed, 101 when one failed or
    /// the suite could not be set up (the error on standard error).
    pub fn main(&self) -> ! {
        let args = match Arguments::from_env() {
            Ok(a) => a,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(101)
            }
        };
        let code = match self.run(&args, &mut std::io::stdout().lock()) {
            Ok(failed) => i32::from(failed) * 101,
            Err(e) => {
                eprintln!("error: {e}");
                101
            }
        };
        std::process::exit(code)
    }

    /// Run the trials `args` select (a filter ending in `@VARIANT`, such as
    /// `capture/edge@r2ms`, runs that variant only), writing what Rust's
    /// test harness writes and the closing summary to `out`; whether one
    /// failed.
    pub fn run(&self, args: &Arguments, out: &mut dyn Write) -> Result<bool, SuiteError> {
        let expectations = self.load_expectations()?;
        let mut shared = self.shared(&expectations)?;
        let mut args = args.clone();
        for f in &mut args.filters {
            if let Some((name, v)) = f.rsplit_once('@') {
                let variant = v
                    .parse::<Symmetry>()
                    .map_err(|_| SuiteError::Variant(v.to_owned()))?;
                shared.variant = Some(variant);
                *f = name.to_owned();
            }
        }
        let shared = Arc::new(shared);
        let only = match (args.exact, args.filters.as_slice()) {
            (true, [one]) => Some(Arguments::exact_name(one).to_owned()),
            _ => None,
        };
        let trials = self.trials(&shared, &expectations, only.as_deref());
        let conclusion =
            libtest::run(&args, trials, out).map_err(|e| SuiteError::Output(e.to_string()))?;
        if args.list {
            return Ok(false);
        }
        let results =
            std::mem::take(&mut *shared.results.lock().unwrap_or_else(|p| p.into_inner()));
        let report = closing_report(&shared, results);
        if report.summary.run > 1 || report.summary.rule_failures() > 0 {
            write!(out, "{}", closing_summary(&report))
                .map_err(|e| SuiteError::Output(e.to_string()))?;
        }
        if shared.update {
            if let Some(path) = &self.expectations {
                let known: Vec<&str> = shared
                    .folders
                    .iter()
                    .flat_map(|f| f.files.iter().map(|(id, _)| id.as_str()))
                    .collect();
                let text = expectations.updated_text(&report, &known);
                match hexodic_io::files::write_whole(path, text.as_bytes()) {
                    Ok(()) => writeln!(
                        out,
                        "expectations written: {}",
                        hexodic_io::paths::shown(path)
                    )
                    .map_err(|e| SuiteError::Output(e.to_string()))?,
                    Err(e) => {
                        eprintln!("error: {e}");
                        return Ok(true);
                    }
                }
            }
        }
        Ok(conclusion.has_failed())
    }
}

/// The report of the trials that ran, for the closing summary.
fn closing_report(shared: &Shared, mut results: Vec<FixtureReport>) -> RunReport {
    results.sort_by(|a, b| a.id.cmp(&b.id));
    RunReport::new(
        shared.engine.clone(),
        shared.corpus.clone(),
        Settings {
            traces: true,
            variant: shared.variant,
            ..Settings::default()
        },
        results,
        Vec::new(),
        None,
        0.0,
    )
}

/// The variant a failing fixture failed in (or had its incident in).
fn failing_variant(r: &FixtureReport) -> Option<Symmetry> {
    r.incident
        .as_ref()
        .map(|i| i.variant)
        .or_else(|| r.failure.as_ref().map(|f| f.variant))
}

/// What the suite prints after its tests: the totals, then the root causes
/// of the failures (each once, with its smallest example).
fn closing_summary(report: &RunReport) -> String {
    let mut out = format!("\nhexodic conformance: {}\n", report.summary.sentence());
    for (i, rc) in report.root_causes.iter().enumerate() {
        out.push_str(&format!(
            "  {}\n",
            hexodic_printer::text::cause_heading(i + 1, rc)
        ));
        out.push_str(&format!("     smallest example: {}\n", rc.example.id));
        if let Some(r) = report.result(&rc.example.id).and_then(|r| r.rerun.as_ref()) {
            out.push_str(&format!("     rerun: {r}\n"));
        }
    }
    out
}

/// One fixture against a fresh engine: its failure in words when it fails.
fn one<E: Engine>(
    engine: E,
    shared: &Shared,
    root: PathBuf,
    fixture: crate::corpus::Fixture,
) -> Result<(), String> {
    let version = shared.corpus.version.clone();
    let corpus = Corpus {
        embedded: embedded::is_embedded(&root),
        root,
        version,
        size: 0,
        fixtures: vec![fixture],
        errors: Vec::new(),
        joined: Vec::new(),
    };
    let opts = RunOptions {
        settings: Settings {
            traces: true,
            variant: shared.variant,
            ..Settings::default()
        },
        expected: shared.expected.clone(),
        rerun: shared.rerun.clone(),
        ..RunOptions::default()
    };
    let run = run_corpus(&mut InProcess::new(engine), &corpus, &opts, &mut |_| {});
    let Some(r) = run.report.results.into_iter().next() else {
        return Err("the fixture did not run".to_owned());
    };
    let status = r.status;
    let words = trial_words(&r, &run.report.errors, &shared.rerun);
    if let Ok(mut all) = shared.results.lock() {
        all.push(r);
    }
    match status {
        _ if !run.report.errors.is_empty() => Err(words),
        Status::Pass | Status::ExpectedFail | Status::Skipped => Ok(()),
        Status::Fail | Status::ChangedFail if shared.update => Ok(()),
        _ => Err(words),
    }
}

/// A failing trial's message: its load errors, then the failure (boards,
/// consequences, rerun line), the changed signature or the incident.
fn trial_words(r: &FixtureReport, errors: &[hexodic_report::FileError], rerun: &Rerun) -> String {
    let opts = TextOptions {
        verbose: true,
        styles: Styles::PLAIN,
        hints: Hints::Suite,
    };
    let mut lines: Vec<String> = errors.iter().map(|e| format!("ERROR {e}")).collect();
    match r.status {
        Status::ChangedFail => lines.extend(hexodic_printer::text::changed_lines(r, &opts)),
        Status::UnexpectedPass => lines.push(format!(
            "XPASS {}: {} (remove it from the expectations file, or run with {UPDATE_VARIABLE}=1)",
            r.id, r.cause
        )),
        Status::Incident => {
            lines.push(format!("INCIDENT {}: {}", r.id, r.cause));
            if let Some(i) = &r.incident {
                if !i.request.is_empty() {
                    lines.push(format!(
                        "  request: {}",
                        hexodic_io::escape::terminal(&i.request)
                    ));
                }
                if let Some(rerun) = &r.rerun {
                    lines.push(format!("  rerun: {rerun}"));
                }
            }
        }
        _ => {}
    }
    lines.extend(failure_block(r, usize::MAX, &Styles::PLAIN));
    if r.status == Status::Flaky {
        lines.push(format!("FLAKY {}: {}", r.id, r.cause));
    }
    if let Some(line) = failing_variant(r).and_then(|v| rerun.nextest_line(&r.id, v)) {
        lines.push(format!("  with nextest: {line}"));
    }
    lines.join("\n")
}
