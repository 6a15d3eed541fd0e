//! The `run`, `coverage`, `lint` and `schema` commands.

use clap::Args;
use hexodic_conformance::engine::{Engine, ReferenceEngine};
use hexodic_conformance::export::{
    corpus_version, github_annotations, json, junit, records, EngineReport, Expectations, Status,
};
use hexodic_conformance::external::{ExternalEngine, ProtocolError};
use hexodic_conformance::fixture::{schema_json, setup_schema_json, SetupFile};
use hexodic_conformance::load::{
    fixture_files, id_for, load_corpus, load_files, parse_yaml, read_text, Corpus,
};
use hexodic_conformance::report::{coverage, run_all, summary_text, RunOptions};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

const EXIT_USAGE: u8 = 2;

/// Where the corpus is: `--fixtures`, else `fixtures/` in the current
/// folder or an ancestor, else the workspace's.
fn find_root(given: Option<&Path>) -> Option<PathBuf> {
    if let Some(g) = given {
        return g.is_dir().then(|| g.to_path_buf());
    }
    if let Ok(cwd) = std::env::current_dir() {
        for a in cwd.ancestors() {
            let f = a.join("fixtures");
            if f.join("README.md").is_file() {
                return Some(f);
            }
            if a.file_name().is_some_and(|n| n == "fixtures") && a.join("README.md").is_file() {
                return Some(a.to_path_buf());
            }
        }
    }
    let ws = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
    ws.is_dir().then_some(ws)
}

fn no_root() -> ExitCode {
    eprintln!("error: no fixtures folder found (give one with --fixtures DIR)");
    ExitCode::from(EXIT_USAGE)
}

/// Arguments of `run`.
#[derive(Args)]
pub struct RunArgs {
    /// Fixture files or folders, or substrings of fixture ids (default: the whole corpus).
    targets: Vec<String>,
    /// The fixtures folder (default: `fixtures/` here, in an ancestor, or in the workspace).
    #[arg(long)]
    fixtures: Option<PathBuf>,
    /// Compare traces with snapshots: `--snapshots` for the default folder
    /// (`conformance/tests/snapshots` beside the fixtures folder), or
    /// `--snapshots=DIR`. On by default when the default folder exists.
    #[arg(long, num_args = 0..=1, require_equals = true, value_name = "DIR")]
    snapshots: Option<Option<PathBuf>>,
    /// Do not compare traces with snapshots.
    #[arg(long, conflicts_with = "snapshots")]
    no_snapshots: bool,
    /// List passing fixtures too.
    #[arg(long, short)]
    verbose: bool,
    /// Run only this variant, for example `r2ms` (`r0`..`r5`, then `m`, then `s`).
    #[arg(long)]
    variant: Option<hexodic_rules::symmetry::Symmetry>,
    /// Run an engine in another process (conformance/PROTOCOL.md) instead of the reference.
    #[arg(long)]
    engine: Option<String>,
    /// Seconds an external engine may take to answer one request.
    #[arg(long, default_value_t = 10.0)]
    timeout: f64,
    /// Expectations file: fixtures this engine is known to fail, each with a reason.
    /// A listed fixture that passes is an unexpected pass and fails the run.
    #[arg(long, value_name = "FILE")]
    expectations: Option<PathBuf>,
    /// Write the current failures to the expectations file (keeping known reasons).
    #[arg(long, requires = "expectations")]
    update_expectations: bool,
    /// Write a JUnit XML report.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Write a JSON report (every result, engine and corpus version).
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
}

/// Exit code when the engine under test cannot be used.
const EXIT_ENGINE: u8 = 3;

/// A JUnit report holding one error: the engine could not be used.
fn unusable_junit(msg: &str) -> String {
    use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
    let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
    status.set_message(msg);
    let mut suite = TestSuite::new("engine");
    suite.add_test_case(TestCase::new("handshake", status));
    let mut report = Report::new("hexodic-conformance");
    report.add_test_suite(suite);
    report.to_string().unwrap_or_default()
}

fn select(root: &Path, targets: &[String]) -> Result<Corpus, String> {
    if targets.is_empty() {
        return Ok(load_corpus(root));
    }
    let all = fixture_files(root, root);
    let mut files: Vec<PathBuf> = Vec::new();
    for t in targets {
        let p = Path::new(t);
        if p.is_dir() {
            files.extend(fixture_files(root, p));
        } else if p.is_file() {
            files.push(p.to_path_buf());
        } else {
            let before = files.len();
            files.extend(
                all.iter()
                    .filter(|f| id_for(root, f).is_some_and(|id| id.contains(t.as_str())))
                    .cloned(),
            );
            if files.len() == before {
                return Err(format!("no fixture file or id matches `{t}`"));
            }
        }
    }
    files.sort();
    files.dedup();
    Ok(load_files(root, &files))
}

pub fn run(a: RunArgs) -> ExitCode {
    let Some(root) = find_root(a.fixtures.as_deref()) else {
        return no_root();
    };
    let corpus = match select(&root, &a.targets) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let default_snaps = root.join("../conformance/tests/snapshots");
    let snaps = if a.no_snapshots {
        None
    } else if let Some(s) = a.snapshots {
        let dir = s.unwrap_or(default_snaps);
        if !dir.is_dir() {
            eprintln!("error: no snapshot folder {}", dir.display());
            return ExitCode::from(EXIT_USAGE);
        }
        Some(dir)
    } else {
        default_snaps.is_dir().then_some(default_snaps)
    };
    let mut reference = ReferenceEngine::new();
    let mut external = match &a.engine {
        None => None,
        Some(cmd) => {
            let timeout = Duration::from_secs_f64(a.timeout.clamp(0.001, 3600.0));
            match ExternalEngine::start(cmd, timeout) {
                Ok(e) => Some(e),
                Err(e) => {
                    eprintln!("error: engine `{cmd}` unusable: {e}");
                    let msg = format!("engine `{cmd}` unusable: {e}");
                    if let Some(path) = &a.junit {
                        let _ = std::fs::write(path, unusable_junit(&msg));
                    }
                    if let Some(path) = &a.json {
                        let v = serde_json::json!({
                            "harness": {"name": "hexodic-conformance", "version": env!("CARGO_PKG_VERSION")},
                            "engine": {"command": cmd, "unusable": msg},
                            "corpus": {"version": corpus_version(&corpus.fixtures), "fixtures": corpus.fixtures.len()},
                            "results": [],
                        });
                        let _ = std::fs::write(
                            path,
                            serde_json::to_string_pretty(&v).unwrap_or_default(),
                        );
                    }
                    return ExitCode::from(EXIT_ENGINE);
                }
            }
        }
    };
    let engine: &mut dyn Engine = match external.as_mut() {
        Some(e) => e,
        None => &mut reference,
    };
    let info = engine.info();
    let engine_name = format!("{} {}", info.name, info.version);
    let mut expected = Expectations::default();
    if let Some(path) = &a.expectations {
        if path.is_file() {
            match Expectations::load(path) {
                Ok(e) => expected = e,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(EXIT_USAGE);
                }
            }
        } else if !a.update_expectations {
            eprintln!("error: no expectations file {}", path.display());
            return ExitCode::from(EXIT_USAGE);
        }
    }
    let opts = RunOptions {
        snapshots: snaps.as_deref(),
        verbose: a.verbose,
        variant: a.variant,
        expected: Some(&expected.expected_failures),
    };
    let mut out = String::new();
    let (sum, results) = run_all(engine, &corpus.fixtures, &corpus.errors, &opts, &mut out);
    print!("{out}");
    print!("{}", summary_text(&engine_name, &sum));
    let recs = records(&corpus.fixtures, &results, &expected);
    if std::env::var("GITHUB_ACTIONS").is_ok_and(|v| v == "true") {
        print!("{}", github_annotations(&recs, &corpus.errors));
    }
    let (incidents, stderr_tail, unusable) = match &external {
        Some(e) => {
            let p = e.process();
            let unusable = p.incidents.iter().any(|i| {
                matches!(
                    i.error,
                    ProtocolError::Spawn(_)
                        | ProtocolError::Unusable(_)
                        | ProtocolError::BadCommand(_)
                )
            });
            for i in &p.incidents {
                println!("engine incident: {} (request {})", i.error, i.request);
            }
            (
                p.incidents
                    .iter()
                    .map(|i| format!("{} (request {})", i.error, i.request))
                    .collect(),
                p.stderr_tail(),
                unusable,
            )
        }
        None => (Vec::new(), String::new(), false),
    };
    let mut write_failed = false;
    if let Some(path) = &a.junit {
        if let Err(e) = std::fs::write(path, junit(&recs, &corpus.errors, &engine_name)) {
            eprintln!("error: cannot write {}: {e}", path.display());
            write_failed = true;
        }
    }
    if let Some(path) = &a.json {
        let caps = info.capabilities;
        let mut names = Vec::new();
        for (on, name) in [
            (caps.legal_turns, "legal_turns"),
            (caps.error_codes, "error_codes"),
            (caps.perft, "perft"),
            (caps.capture_kinds, "capture_kinds"),
        ] {
            if on {
                names.push(name.to_owned());
            }
        }
        let report = EngineReport {
            name: info.name.clone(),
            version: info.version.clone(),
            capabilities: names,
            incidents,
            stderr_tail,
        };
        let text = json(
            &recs,
            &corpus.errors,
            &report,
            &corpus_version(&corpus.fixtures),
            &sum,
        );
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("error: cannot write {}: {e}", path.display());
            write_failed = true;
        }
    }
    if a.update_expectations {
        if let Some(path) = &a.expectations {
            let mut next = Expectations {
                engine: engine_name.clone(),
                expected_failures: Default::default(),
            };
            for r in &recs {
                if matches!(r.status, Status::Fail | Status::ExpectedFail(_)) {
                    let reason = expected
                        .expected_failures
                        .get(&r.id)
                        .cloned()
                        .unwrap_or_else(|| {
                            r.failure.as_ref().map_or("fails".to_owned(), |f| {
                                format!("{}: expected {}, got {}", f.what, f.expected, f.actual)
                            })
                        });
                    next.expected_failures.insert(r.id.clone(), reason);
                }
            }
            match std::fs::write(path, next.to_yaml()) {
                Ok(()) => println!(
                    "expectations written: {} ({} expected failures)",
                    path.display(),
                    next.expected_failures.len()
                ),
                Err(e) => {
                    eprintln!("error: cannot write {}: {e}", path.display());
                    write_failed = true;
                }
            }
            return ExitCode::from(if write_failed { EXIT_USAGE } else { 0 });
        }
    }
    if unusable {
        return ExitCode::from(EXIT_ENGINE);
    }
    if write_failed {
        return ExitCode::from(EXIT_USAGE);
    }
    ExitCode::from(sum.exit_code())
}

/// Arguments of `coverage` and `lint`.
#[derive(Args)]
pub struct CorpusArgs {
    /// The fixtures folder (default: `fixtures/` here, in an ancestor, or in the workspace).
    #[arg(long)]
    fixtures: Option<PathBuf>,
}

pub fn coverage_cmd(a: CorpusArgs) -> ExitCode {
    let Some(root) = find_root(a.fixtures.as_deref()) else {
        return no_root();
    };
    let corpus = load_corpus(&root);
    for e in &corpus.errors {
        println!("ERROR {e}");
    }
    let mut missing = 0;
    for rc in coverage(&corpus.fixtures) {
        let flag = if rc.passing.is_empty() || rc.failing.is_empty() {
            missing += 1;
            "  MISSING"
        } else {
            ""
        };
        println!(
            "{} ({}) {}{flag}",
            rc.rule.id,
            rc.rule.basis.name(),
            rc.rule.title
        );
        let show = |v: &[String]| {
            if v.is_empty() {
                "(none)".to_owned()
            } else {
                v.join(", ")
            }
        };
        println!("  fires/permits: {}", show(&rc.passing));
        println!("  rejects/does not fire: {}", show(&rc.failing));
    }
    println!(
        "{} fixtures; {missing} rule IDs lack a fixture on one side or both",
        corpus.fixtures.len()
    );
    if !corpus.errors.is_empty() {
        ExitCode::from(EXIT_USAGE)
    } else if missing > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Corpus folders and the rule group each is about (fixtures/README.md).
const AREAS: &[(&str, char)] = &[
    ("board", 'B'),
    ("start", 'P'),
    ("turn", 'T'),
    ("shape", 'S'),
    ("echo", 'E'),
    ("capture", 'C'),
    ("end", 'G'),
    ("setup", 'V'),
    ("count", 'N'),
];

/// The schema file's path below the fixtures folder.
pub fn schema_path(root: &Path) -> PathBuf {
    root.join("schema").join("fixture.schema.json")
}

pub fn lint(a: CorpusArgs) -> ExitCode {
    let Some(root) = find_root(a.fixtures.as_deref()) else {
        return no_root();
    };
    let mut problems = 0;
    let corpus = load_corpus(&root);
    for e in &corpus.errors {
        println!("ERROR {e}");
        problems += 1;
    }
    if let Ok(rd) = std::fs::read_dir(root.join("setups")) {
        let mut files: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
        files.sort();
        for f in files
            .iter()
            .filter(|f| f.extension().is_some_and(|e| e == "yaml"))
        {
            if let Err(e) = read_text(f).and_then(|t| parse_yaml::<SetupFile>(f, &t)) {
                println!("ERROR {e}");
                problems += 1;
            }
        }
    }
    for fx in &corpus.fixtures {
        let folder = fx.id.split('/').next().unwrap_or("");
        if let Some((_, group)) = AREAS.iter().find(|(f, _)| *f == folder) {
            if !fx
                .rules
                .iter()
                .any(|r| r.starts_with(*group) && r.len() == 2)
            {
                println!(
                    "warning: {}: a fixture under {folder}/ cites no {group} rule ({})",
                    fx.file.display(),
                    fx.rules.join(", ")
                );
            }
        }
        match std::fs::read_to_string(&fx.file) {
            Ok(t) if t.starts_with("# yaml-language-server: $schema=") => {}
            _ => println!(
                "warning: {}:1:1: first line should be `# yaml-language-server: $schema=<path to schema/fixture.schema.json>`",
                fx.file.display()
            ),
        }
    }
    for (path, want, flag) in [
        (schema_path(&root), schema_json(), ""),
        (
            root.join("schema").join("setup.schema.json"),
            setup_schema_json(),
            " --setup",
        ),
    ] {
        match std::fs::read_to_string(&path) {
            Ok(s) if s == want => {}
            _ => {
                println!(
                    "ERROR {}: stale or missing; regenerate with `hexodic-conformance schema{flag} > {}`",
                    path.display(),
                    path.display()
                );
                problems += 1;
            }
        }
    }
    println!(
        "{} fixtures checked, {problems} problems",
        corpus.fixtures.len()
    );
    if problems > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Arguments of `schema`.
#[derive(Args)]
pub struct SchemaArgs {
    /// Print the schema of shared setup files (`fixtures/setups/*.yaml`) instead.
    #[arg(long)]
    setup: bool,
}

pub fn schema(a: SchemaArgs) -> ExitCode {
    if a.setup {
        print!("{}", setup_schema_json());
    } else {
        print!("{}", schema_json());
    }
    ExitCode::SUCCESS
}
