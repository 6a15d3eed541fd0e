//! `record`: write a fixture from a position and turns, every check filled
//! in from the reference, with its golden trace.

use super::common::{fail, outln};
use hexodic_harness::corpus::Basis;
use hexodic_harness::record::{record, ListChecks, Planned, Recording};
use hexodic_io::paths;
use hexodic_report::Exit;
use hexodic_rules::{Position, Setup, Turn};
use std::path::PathBuf;
use std::process::ExitCode;

/// The basis a fixture declares.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum BasisArg {
    /// Every cited rule is stated by a rules page.
    Documented,
    /// The fixture rests on a ruling.
    Ruling,
}

/// Arguments of `record`.
#[derive(clap::Args)]
pub struct RecordArgs {
    /// The fixture id: the rule area's folder and a name, `end/cap-strangle`.
    #[arg(long)]
    id: String,
    /// The rule IDs it shows (rules/RULES.md), comma separated.
    #[arg(long, value_delimiter = ',', required = true)]
    rules: Vec<String>,
    /// Whether it rests on a documented rule or a ruling (default: ruling
    /// when a cited rule is, in whole or in part, a ruling).
    #[arg(long, value_enum)]
    basis: Option<BasisArg>,
    /// What it shows, in words (default: the position and turns in words).
    #[arg(long)]
    description: Option<String>,
    /// Start from the starting position.
    #[arg(long, conflicts_with_all = ["position", "diagram"])]
    start: bool,
    /// Start from a position in the one-line notation.
    #[arg(long, conflicts_with = "diagram")]
    position: Option<String>,
    /// Start from a diagram as `explain` prints it (a file, or `-` for standard input).
    #[arg(long, value_name = "FILE|-")]
    diagram: Option<String>,
    /// The turns, in order; `!TURN` for a turn that must be rejected.
    turns: Vec<String>,
    /// The fixtures folder (default: `fixtures/` here or above).
    #[arg(long, value_name = "DIR")]
    fixtures: Option<PathBuf>,
    /// Overwrite an existing fixture.
    #[arg(long)]
    force: bool,
}

fn start(a: &RecordArgs) -> Result<Position, String> {
    let setup = match (&a.position, &a.diagram, a.start) {
        (Some(p), _, _) => {
            Setup::from_notation(p.trim()).map_err(|e| format!("--position: {e}"))?
        }
        (None, Some(d), _) => super::common::read_diagram(d)?,
        (None, None, true) => Setup::default(),
        (None, None, false) => {
            return Err("give the start: --start, --position P or --diagram FILE".into())
        }
    };
    setup
        .validate()
        .map_err(|e| format!("the start is not a valid position: {e}"))
}

/// `record`.
pub fn run(a: RecordArgs) -> ExitCode {
    let root = match super::root::writable_root(a.fixtures.as_deref(), &[], "record") {
        Ok(r) => r,
        Err(e) => return fail(Exit::Usage, e),
    };
    let start = match start(&a) {
        Ok(p) => p,
        Err(e) => return fail(Exit::Usage, e),
    };
    let mut turns = Vec::new();
    for (i, t) in a.turns.iter().enumerate() {
        let (text, illegal) = match t.strip_prefix('!') {
            Some(rest) => (rest, true),
            None => (t.as_str(), false),
        };
        match Turn::parse(text) {
            Ok(turn) => turns.push(Planned { turn, illegal }),
            Err(e) => return fail(Exit::Usage, format!("step {}: `{text}`: {e}", i + 1)),
        }
    }
    let description = a.description.clone().unwrap_or_else(|| {
        let listed: Vec<String> = turns
            .iter()
            .map(|p| {
                if p.illegal {
                    format!("`{}` (must be rejected)", p.turn)
                } else {
                    format!("`{}`", p.turn)
                }
            })
            .collect();
        format!(
            "From {}, the turns {} as the reference plays them.",
            if start == Position::start() {
                "the start".to_string()
            } else {
                format!("`{}`", start.to_notation())
            },
            if listed.is_empty() {
                "(none)".to_string()
            } else {
                listed.join(", ")
            }
        )
    });
    let rec = Recording {
        id: a.id.clone(),
        rules: a.rules.iter().map(|r| r.trim().to_owned()).collect(),
        basis: a.basis.map(|b| match b {
            BasisArg::Documented => Basis::Documented,
            BasisArg::Ruling => Basis::Ruling,
        }),
        description,
        start,
        turns,
        lists: ListChecks::default(),
    };
    match record(&root, &rec, a.force) {
        Ok(r) => {
            outln(&format!("fixture written: {}", paths::shown(&r.fixture)));
            outln(&format!("trace written: {}", paths::shown(&r.trace)));
            outln(&format!(
                "it passes on the reference in {} variant runs",
                r.variants
            ));
            ExitCode::SUCCESS
        }
        Err(e) => fail(Exit::Usage, e),
    }
}
