//! One test per fixture in an engine crate's `cargo test`, through
//! `libtest-mimic` (a `[[test]]` with `harness = false`).

use crate::corpus::{embedded, load_corpus, Corpus, Fixture, LoadError};
use crate::engine::{Engine, InProcess};
use crate::report::{text, Expectations};
use crate::run::{run_corpus, ExpectedFailure, RunOptions};
use libtest_mimic::{Arguments, Conclusion, Failed, Trial};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

/// Why a suite could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SuiteError {
    /// The expectations file could not be read.
    #[error("{0}")]
    Expectations(LoadError),
    /// The embedded corpus could not be written out.
    #[error("{0}")]
    Embedded(#[from] embedded::EmbeddedError),
}

/// The corpus as one test per fixture, named by fixture id
/// (`capture/tier2-interior-immune`), for an engine crate's own test
/// harness. See the [module documentation](super).
pub struct Suite<F> {
    make: Arc<F>,
    fixtures: Option<PathBuf>,
    expectations: Option<PathBuf>,
}

impl<E, F> Suite<F>
where
    E: Engine,
    F: Fn() -> E + Send + Sync + 'static,
{
    /// A suite making a fresh engine with `make` for each fixture, over the
    /// embedded corpus.
    pub fn new(make: F) -> Suite<F> {
        Suite {
            make: Arc::new(make),
            fixtures: None,
            expectations: None,
        }
    }

    /// Run the fixtures of this folder (with its golden traces) instead of
    /// the embedded corpus.
    pub fn fixtures(mut self, folder: impl Into<PathBuf>) -> Suite<F> {
        self.fixtures = Some(folder.into());
        self
    }

    /// The fixtures this engine is known to fail, in the format of
    /// `run --expectations`: a listed fixture that fails passes its test,
    /// one that passes fails it (an unexpected pass).
    pub fn expectations(mut self, file: impl Into<PathBuf>) -> Suite<F> {
        self.expectations = Some(file.into());
        self
    }

    /// One trial per fixture, in id order, and one failing trial per file
    /// that did not load (`load/<file>`).
    pub fn trials(&self) -> Result<Vec<Trial>, SuiteError> {
        let expected = match &self.expectations {
            Some(p) => Expectations::load(p).map_err(SuiteError::Expectations)?,
            None => Expectations::default(),
        };
        let root = match &self.fixtures {
            Some(f) => f.clone(),
            None => embedded::materialise()?,
        };
        let corpus = load_corpus(&root);
        let mut out: Vec<Trial> = corpus
            .errors
            .iter()
            .map(|e| {
                let msg = e.to_string();
                let name = format!("load/{}", hexodic_io::paths::shown(&e.file));
                Trial::test(name, move || Err(Failed::from(msg)))
            })
            .collect();
        for fx in corpus.fixtures {
            let make = Arc::clone(&self.make);
            let root = root.clone();
            let expected: BTreeMap<String, ExpectedFailure> = expected
                .expected_failures
                .get(&fx.id)
                .map(|why| (fx.id.clone(), why.clone()))
                .into_iter()
                .collect();
            let name = fx.id.clone();
            out.push(Trial::test(name, move || {
                one(&mut make(), root, fx, expected)
            }));
        }
        Ok(out)
    }

    /// Run the trials `args` select.
    pub fn run(&self, args: &Arguments) -> Result<Conclusion, SuiteError> {
        Ok(libtest_mimic::run(args, self.trials()?))
    }

    /// The whole test binary: read the command line as `cargo test` passes
    /// it, run, and exit with 0 when every selected test passed, 101 when
    /// one failed or the suite could not be set up (the error, with its
    /// file, line and column, on standard error).
    pub fn main(&self) -> ! {
        let args = Arguments::from_args();
        match self.run(&args) {
            Ok(conclusion) => conclusion.exit(),
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(101)
            }
        }
    }
}

/// One fixture against a fresh engine: the text report when it fails.
fn one(
    engine: &mut dyn Engine,
    root: PathBuf,
    fixture: Fixture,
    expected: BTreeMap<String, ExpectedFailure>,
) -> Result<(), Failed> {
    let corpus = Corpus {
        root,
        fixtures: vec![fixture],
        errors: Vec::new(),
    };
    let opts = RunOptions {
        traces: true,
        expected,
        ..RunOptions::default()
    };
    let report = run_corpus(&mut InProcess::new(engine), &corpus, &opts, &mut |_| {});
    match report.exit_code() {
        0 => Ok(()),
        _ => Err(Failed::from(text(&report, false))),
    }
}
