//! `coverage`, `lint`, `schema` and `bless`: commands about the corpus itself.

use super::common::{fail, out, outln};
use super::root::find_root;
use hexodic_harness::corpus::{
    coverage, lint, load_corpus, schema_json, select, setup_schema_json,
};
use hexodic_harness::record::{bless, line_diff, orphans};
use hexodic_io::paths;
use hexodic_report::Exit;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `coverage` and `lint`.
#[derive(clap::Args)]
pub struct CorpusArgs {
    /// The fixtures folder (default: `fixtures/` here or above).
    #[arg(long, value_name = "DIR")]
    fixtures: Option<PathBuf>,
}

/// `coverage`.
pub fn coverage_cmd(a: CorpusArgs) -> ExitCode {
    let root = match find_root(a.fixtures.as_deref(), &[]) {
        Ok(r) => r,
        Err(e) => return fail(Exit::Usage, e),
    };
    let corpus = load_corpus(&root);
    for e in &corpus.errors {
        outln(&format!("ERROR {e}"));
    }
    let mut missing = 0;
    for rc in coverage(&corpus.fixtures) {
        let flag = if rc.passing.is_empty() || rc.failing.is_empty() {
            missing += 1;
            "  MISSING"
        } else {
            ""
        };
        outln(&format!(
            "{} ({}) {}{flag}",
            rc.rule.id,
            rc.rule.basis.name(),
            rc.rule.title
        ));
        let show = |v: &[String]| {
            if v.is_empty() {
                "(none)".to_owned()
            } else {
                v.join(", ")
            }
        };
        outln(&format!("  fires/permits: {}", show(&rc.passing)));
        outln(&format!("  rejects/does not fire: {}", show(&rc.failing)));
    }
    outln(&format!(
        "{} fixtures; {missing} rule IDs lack a fixture on one side or both",
        corpus.fixtures.len()
    ));
    if !corpus.errors.is_empty() {
        ExitCode::from(Exit::Usage)
    } else if missing > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// `lint`.
pub fn lint_cmd(a: CorpusArgs) -> ExitCode {
    let root = match find_root(a.fixtures.as_deref(), &[]) {
        Ok(r) => r,
        Err(e) => return fail(Exit::Usage, e),
    };
    let r = lint(&root);
    for p in &r.problems {
        outln(&format!("ERROR {p}"));
    }
    for w in &r.warnings {
        outln(&format!("warning: {w}"));
    }
    outln(&format!(
        "{} fixtures checked, {} problems",
        r.fixtures,
        r.problems.len()
    ));
    if r.problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Arguments of `schema`.
#[derive(clap::Args)]
pub struct SchemaArgs {
    /// Print the schema of shared setup files (`fixtures/setups/*.yaml`) instead.
    #[arg(long, conflicts_with = "report")]
    setup: bool,
    /// Print the schema of the JSON report (`run --json FILE`) instead.
    #[arg(long)]
    report: bool,
}

/// `schema`.
pub fn schema(a: SchemaArgs) -> ExitCode {
    out(&if a.report {
        hexodic_report::schema::report_schema()
    } else if a.setup {
        setup_schema_json()
    } else {
        schema_json()
    });
    ExitCode::SUCCESS
}

/// Arguments of `bless`.
#[derive(clap::Args)]
pub struct BlessArgs {
    /// Fixture files or folders, or parts of fixture ids (default: the whole corpus).
    targets: Vec<String>,
    /// The fixtures folder (default: the one the targets are in, else `fixtures/` here or above).
    #[arg(long, value_name = "DIR")]
    fixtures: Option<PathBuf>,
    /// Change nothing; exit with 1 when a trace is missing or would change (for CI).
    #[arg(long)]
    check: bool,
}

/// `bless`.
pub fn bless_cmd(a: BlessArgs) -> ExitCode {
    let found = if a.check {
        find_root(a.fixtures.as_deref(), &a.targets).map_err(|e| e.to_string())
    } else {
        super::root::writable_root(a.fixtures.as_deref(), &a.targets, "bless")
    };
    let root = match found {
        Ok(r) => r,
        Err(e) => return fail(Exit::Usage, e),
    };
    let corpus = match select(&root, &a.targets) {
        Ok(c) => c,
        Err(e) => return fail(Exit::Usage, e),
    };
    for e in &corpus.errors {
        outln(&format!("ERROR {e}"));
    }
    let changes = match bless(&corpus, a.check) {
        Ok(c) => c,
        Err(e) => {
            return fail(
                Exit::Usage,
                format!("cannot write a trace: {}", hexodic_io::paths::io_words(&e)),
            )
        }
    };
    for c in &changes {
        let what = if c.old.is_some() { "changed" } else { "new" };
        outln(&format!(
            "{what} trace: {} ({})",
            paths::shown(&c.path),
            c.id
        ));
        let diff = line_diff(c.old.as_deref().unwrap_or(""), &c.new);
        for l in diff.lines() {
            outln(&format!("  {l}"));
        }
    }
    let orphans = if a.targets.is_empty() {
        orphans(&root)
    } else {
        Vec::new()
    };
    for o in &orphans {
        if a.check {
            outln(&format!(
                "orphan trace: {} (its fixture is gone; `bless` removes it)",
                paths::shown(o)
            ));
        } else {
            match std::fs::remove_file(o) {
                Ok(()) => outln(&format!("orphan trace removed: {}", paths::shown(o))),
                Err(e) => {
                    return fail(
                        Exit::Usage,
                        format!(
                            "cannot remove {}: {}",
                            paths::shown(o),
                            hexodic_io::paths::io_words(&e)
                        ),
                    )
                }
            }
        }
    }
    let verb = if a.check { "would change" } else { "written" };
    outln(&format!(
        "{} fixtures, {} trace(s) {verb}",
        corpus.fixtures.len(),
        changes.len()
    ));
    if !corpus.errors.is_empty() {
        ExitCode::from(Exit::Usage)
    } else if a.check && !(changes.is_empty() && orphans.is_empty()) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
