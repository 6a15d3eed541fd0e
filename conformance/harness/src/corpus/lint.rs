//! `lint`: checks of the corpus beyond loading: every file loads, shared
//! setups read, each fixture's folder matches its rules, the schema files
//! are current, every `illegal:` list names exactly the reasons the
//! reference finds (V2: a fixture lists every rule a turn breaks), and every
//! `expect` of state and outcome holds for the start position.

use super::fixture::Fixture;
use super::format::SetupFile;
use super::load::load_corpus;
use super::source::{parse_yaml, read_text};
use crate::oracle::{self, Judgement};
use hexodic_io::paths;
use hexodic_report::codes;
use hexodic_rules::{Game, Setup};
use std::path::{Path, PathBuf};

/// Corpus folders and the rule group each is about (fixtures/README.md).
pub const AREAS: &[(&str, char)] = &[
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

/// What `lint` found.
#[derive(Clone, Debug, Default)]
pub struct LintReport {
    /// Fixtures checked.
    pub fixtures: usize,
    /// Problems (the corpus is not in order).
    pub problems: Vec<String>,
    /// Warnings (worth a look).
    pub warnings: Vec<String>,
}

/// The steps whose `illegal:` list is not the reference's full reason set.
pub fn reason_lists(fx: &Fixture) -> Vec<String> {
    let Ok(pos) = fx.setup.validate() else {
        return Vec::new();
    };
    let mut game = Game::from_position(pos);
    for t in &fx.prelude {
        let _ = game.play(t.turn);
    }
    let mut out = Vec::new();
    for (i, st) in fx.steps.iter().enumerate() {
        let want = game.position().illegal_reasons(st.turn.turn);
        match (st.illegal, game.play(st.turn.turn)) {
            (Some(listed), Err(_)) if listed != want => out.push(format!(
                "{}:{}: step {}: `illegal:` lists [{}], but `{}` breaks [{}]; list every reason (V2)",
                paths::shown(&fx.file),
                st.turn.line,
                i + 1,
                codes(listed),
                st.turn.turn,
                codes(want)
            )),
            (Some(_), Ok(_)) => out.push(format!(
                "{}:{}: step {}: `{}` is legal, but the step says `illegal:`",
                paths::shown(&fx.file),
                st.turn.line,
                i + 1,
                st.turn.turn
            )),
            (None, Err(e)) => out.push(format!(
                "{}:{}: step {}: `{}` is illegal ({}); mark it `illegal: [{}]`",
                paths::shown(&fx.file),
                st.turn.line,
                i + 1,
                st.turn.turn,
                codes(e.reasons),
                codes(e.reasons)
            )),
            _ => {}
        }
    }
    out
}

/// The `expect` checks of state and outcome that the reference's position
/// after the setup turns does not meet. A run cannot find these: without
/// setup turns the engine reports no position of its own, so the checks
/// would only compare the fixture with itself.
pub fn expect_checks(fx: &Fixture) -> Vec<String> {
    let (Some((line, checks)), Ok(pos)) = (&fx.expect, fx.setup.validate()) else {
        return Vec::new();
    };
    let mut game = Game::from_position(pos);
    for t in &fx.prelude {
        let _ = game.play(t.turn);
    }
    let at = Setup::from(game.position());
    let mut judged = Vec::new();
    if let Some(s) = &checks.state {
        judged.push(oracle::state(s, &at));
    }
    if let Some(o) = checks.outcome {
        judged.push(oracle::outcome(o, &at));
    }
    judged
        .into_iter()
        .filter_map(|j| match j {
            Judgement::Differs(d) => Some(format!(
                "{}:{line}: `expect` does not hold for the start position: {}",
                paths::shown(&fx.file),
                d.summary()
            )),
            _ => None,
        })
        .collect()
}

/// The metadata checks of one loaded fixture (folder, schema comment).
pub fn metadata_warnings(fx: &Fixture) -> Vec<String> {
    let mut out = Vec::new();
    let folder = fx.area();
    if let Some((_, group)) = AREAS.iter().find(|(f, _)| *f == folder) {
        if !fx
            .rules
            .iter()
            .any(|r| r.starts_with(*group) && r.len() == 2)
        {
            out.push(format!(
                "{}: a fixture under {folder}/ cites no {group} rule ({})",
                paths::shown(&fx.file),
                fx.rules.join(", ")
            ));
        }
    }
    match std::fs::read_to_string(&fx.file) {
        Ok(t) if t.starts_with("# yaml-language-server: $schema=") => {}
        _ => out.push(format!(
            "{}:1:1: the first line should be `# yaml-language-server: $schema=<path to schema/fixture.schema.json>`",
            paths::shown(&fx.file)
        )),
    }
    out
}

/// The schema file's path below the fixtures folder.
pub fn schema_path(root: &Path) -> PathBuf {
    root.join("schema").join("fixture.schema.json")
}

/// Lint the corpus below `root`.
pub fn lint(root: &Path) -> LintReport {
    let corpus = load_corpus(root);
    let mut r = LintReport {
        fixtures: corpus.fixtures.len(),
        ..LintReport::default()
    };
    r.problems
        .extend(corpus.errors.iter().map(|e| e.to_string()));
    if let Ok(rd) = std::fs::read_dir(root.join("setups")) {
        let mut files: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
        files.sort();
        for f in files
            .iter()
            .filter(|f| f.extension().is_some_and(|e| e == "yaml"))
        {
            if let Err(e) = read_text(f).and_then(|t| parse_yaml::<SetupFile>(f, &t)) {
                r.problems.push(e.to_string());
            }
        }
    }
    for fx in &corpus.fixtures {
        r.warnings.extend(metadata_warnings(fx));
        r.problems.extend(reason_lists(fx));
        r.problems.extend(expect_checks(fx));
    }
    for o in super::trace::orphans(root) {
        r.problems.push(format!(
            "{}: a trace without its fixture; remove it (`hexodic-conformance bless` does)",
            paths::shown(&o)
        ));
    }
    // The schema files are checked where the folder keeps them (the
    // harness's corpus); a team's own folder of fixtures needs no copy.
    #[cfg(feature = "schema")]
    for (path, want, flag) in [
        (schema_path(root), super::format::schema_json(), ""),
        (
            root.join("schema").join("setup.schema.json"),
            super::format::setup_schema_json(),
            " --setup",
        ),
    ]
    .into_iter()
    .filter(|_| root.join("schema").is_dir())
    {
        if std::fs::read_to_string(&path).ok().as_deref() != Some(want.as_str()) {
            r.problems.push(format!(
                "{}: stale or missing; regenerate it with `hexodic-conformance schema{flag} > {}`",
                paths::shown(&path),
                paths::shown(&path)
            ));
        }
    }
    r
}
