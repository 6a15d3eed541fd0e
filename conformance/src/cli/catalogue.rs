//! `catalogue`: the corpus as a static site of HTML pages.

use super::common::{fail, outln};
use super::root::find_root;
use hexodic_harness::corpus::{load_corpus, read_bounded};
use hexodic_html::catalogue::write_catalogue;
use hexodic_io::paths;
use hexodic_io::paths::io_words;
use hexodic_report::Exit;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `catalogue`.
#[derive(clap::Args)]
pub struct CatalogueArgs {
    /// The fixtures folder (default: `fixtures/` here or above).
    #[arg(long, value_name = "DIR")]
    fixtures: Option<PathBuf>,
    /// The rules reference whose rule texts the index shows (default:
    /// `rules/RULES.md` beside the fixtures folder, else the one built in).
    #[arg(long, value_name = "FILE")]
    rules: Option<PathBuf>,
    /// The folder to write the site into (created if need be).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

/// Largest rules reference read, in bytes (the project's is about 42 KB).
const MAX_RULES_BYTES: u64 = 4 * 1024 * 1024;

/// `rules/RULES.md` beside the fixtures folder, if there is one.
fn rules_beside(root: &Path) -> Option<PathBuf> {
    let dir = root
        .canonicalize()
        .unwrap_or_else(|_| paths::normalize(root));
    let p = dir.parent()?.join("rules").join("RULES.md");
    p.is_file().then_some(p)
}

/// `catalogue`.
pub fn run(a: CatalogueArgs) -> ExitCode {
    let root = match find_root(a.fixtures.as_deref(), &[]) {
        Ok(r) => r,
        Err(e) => return fail(Exit::Usage, e),
    };
    let mut plan = super::outputs::Plan::default();
    plan.corpus(&root).folder("--out", Some(&a.out));
    if let Some(rules) = &a.rules {
        plan.input(rules);
    }
    if let Err(e) = plan.check() {
        return fail(Exit::Usage, e);
    }
    let rules_md = match a.rules.clone().or_else(|| rules_beside(&root)) {
        Some(p) => match read_bounded(&p, MAX_RULES_BYTES).map(String::from_utf8) {
            Ok(Ok(t)) => t,
            Ok(Err(_)) => {
                let msg = format!("{}: the file is not valid UTF-8", paths::shown(&p));
                return fail(Exit::Usage, msg);
            }
            Err(e) => return fail(Exit::Usage, e),
        },
        // The rules reference of the rules crate this harness is built with.
        None => hexodic_rules::RULES_MD.to_owned(),
    };
    let corpus = load_corpus(&root);
    for e in &corpus.errors {
        eprintln!("ERROR {e}");
    }
    match write_catalogue(&corpus, &rules_md, &a.out) {
        Ok(s) => {
            outln(&format!(
                "catalogue written to {}: {} pages ({} fixtures, {} rules, {} boards), {:.1} MB",
                paths::shown(&a.out),
                s.pages,
                s.fixtures,
                s.rules,
                s.boards,
                s.bytes as f64 / 1_000_000.0
            ));
            if corpus.errors.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(Exit::Usage)
            }
        }
        Err(e) => fail(
            Exit::Usage,
            format!("cannot write {}: {}", paths::shown(&a.out), io_words(&e)),
        ),
    }
}
