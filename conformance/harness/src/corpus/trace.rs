//! Golden traces: what the reference does on a fixture, step by step, kept
//! beside the fixture (`fixtures/<area>/<name>.snap`) so a copied corpus
//! keeps them.
//!
//! A trace holds the position after the setup turns and its number of legal
//! turns, then for every step the verdict (with every reason, V2), the
//! position after it, the captures by kind and the number of legal turns.
//! The files are insta snapshots (a `---` header, then the YAML body):
//! `cargo test` checks them, `cargo insta review` reviews changes, and
//! `hexodic-conformance bless` writes them without a Rust build. `run`
//! compares an engine with them, in every variant, through the oracle.

use super::fixture::Fixture;
use super::format::At;
use super::source::{parse_yaml, read_text, LoadError};
use hexodic_engine::CaptureKinds;
use hexodic_report::TurnVerdict;
use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::{Cell, CellSet, FaultCode, Game, Reason, ReasonSet, Setup, Turn};
use serde::Deserialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One step of a trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceStep {
    /// The turn.
    pub turn: Turn,
    /// Legal, or illegal with every reason the turn breaks.
    pub verdict: TurnVerdict,
    /// The position after the step (unchanged by an illegal turn).
    pub position: Setup,
    /// The captures, by kind.
    pub captured: CaptureKinds,
    /// Number of legal turns after the step.
    pub legal: u64,
}

/// A fixture's golden trace.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Trace {
    /// The fixture id.
    pub id: String,
    /// For an invalid setup: the fault codes, sorted.
    pub invalid: Option<Vec<FaultCode>>,
    /// The position after the setup and its turns.
    pub start: Option<Setup>,
    /// Number of legal turns there.
    pub legal: Option<u64>,
    /// The steps.
    pub steps: Vec<TraceStep>,
}

/// The header above every golden trace: insta's snapshot metadata (so that
/// `cargo insta review` reads the traces), naming the command that writes
/// them.
pub const HEADER: &str = "---\nsource: hexodic-conformance bless\n---\n";

/// The trace file of a fixture file: beside it, with the extension `.snap`.
pub fn trace_path(fixture_file: &Path) -> PathBuf {
    fixture_file.with_extension("snap")
}

fn cells_yaml(s: CellSet) -> String {
    let v: Vec<String> = s.iter().map(|c| c.to_string()).collect();
    format!("[{}]", v.join(", "))
}

impl Trace {
    /// The reference's trace of a fixture (identity variant).
    pub fn record(fx: &Fixture) -> Trace {
        let mut trace = Trace {
            id: fx.id.clone(),
            ..Trace::default()
        };
        let pos = match fx.setup.validate() {
            Ok(p) => p,
            Err(e) => {
                let mut codes: Vec<FaultCode> = e.faults.iter().map(|f| f.kind()).collect();
                codes.sort();
                codes.dedup();
                trace.invalid = Some(codes);
                return trace;
            }
        };
        let mut game = Game::from_position(pos);
        for t in &fx.prelude {
            // The loader checked that setup turns are legal.
            let _ = game.play(t.turn);
        }
        trace.start = Some(Setup::from(game.position()));
        trace.legal = Some(game.position().count_legal());
        for st in &fx.steps {
            let (verdict, captured) = match game.play(st.turn.turn) {
                Ok(r) => (TurnVerdict::Legal, CaptureKinds::from(&r)),
                Err(e) => (TurnVerdict::Illegal(e.reasons), CaptureKinds::default()),
            };
            trace.steps.push(TraceStep {
                turn: st.turn.turn,
                verdict,
                position: Setup::from(game.position()),
                captured,
                legal: game.position().count_legal(),
            });
        }
        trace
    }

    /// Whether this trace (read from a file) no longer fits its fixture as
    /// it is written now, without asking the reference: the setup's
    /// validity, the start position (for a fixture without setup turns),
    /// the number of steps and their turns. `None` when it fits. Whether it
    /// is still what the reference does is [`Trace::stale_against`]'s to
    /// say (`bless --check`, `lint`).
    pub fn misfit(&self, fx: &Fixture) -> Option<String> {
        if self.invalid.is_some() != fx.invalid.is_some() {
            return Some("its verdict on the setup differs".into());
        }
        if fx.prelude.is_empty() && self.start.is_some() && self.start != Some(fx.setup) {
            return Some("its start position differs".into());
        }
        if self.steps.len() != fx.steps.len() {
            return Some(format!(
                "it has {} steps, the fixture {}",
                self.steps.len(),
                fx.steps.len()
            ));
        }
        let moved = self
            .steps
            .iter()
            .zip(&fx.steps)
            .position(|(t, s)| t.turn != s.turn.turn);
        moved.map(|i| format!("its step {} (`{}`) differs", i + 1, fx.steps[i].turn.turn))
    }

    /// Where this trace (read from a file) parts from `fresh` (what the
    /// reference records now), in words; `None` when they agree.
    ///
    /// A trace that parts from its fixture is stale: the fixture was edited,
    /// or the reference changed, and the trace was not blessed again.
    pub fn stale_against(&self, fresh: &Trace) -> Option<String> {
        if self == fresh {
            return None;
        }
        if self.id != fresh.id {
            // The id follows the fixture's place: a fixture moved with its
            // trace to another folder keeps it.
            let moved = Trace {
                id: fresh.id.clone(),
                ..self.clone()
            };
            return moved.stale_against(fresh);
        }
        if self.invalid != fresh.invalid {
            return Some("its verdict on the setup differs".into());
        }
        if (self.start, self.legal) != (fresh.start, fresh.legal) {
            return Some("its start position or legal count differs".into());
        }
        for (i, (a, b)) in self.steps.iter().zip(&fresh.steps).enumerate() {
            if a != b {
                return Some(format!("its step {} (`{}`) differs", i + 1, b.turn));
            }
        }
        Some(format!(
            "it has {} steps, the fixture {}",
            self.steps.len(),
            fresh.steps.len()
        ))
    }

    /// The trace as it reads under variant `s` (I8).
    pub fn mapped(&self, s: Symmetry) -> Trace {
        Trace {
            id: self.id.clone(),
            invalid: self.invalid.clone(),
            start: self.start.map(|p| s.setup(&p)),
            legal: self.legal,
            steps: self
                .steps
                .iter()
                .map(|st| TraceStep {
                    turn: s.turn(st.turn),
                    verdict: st.verdict,
                    position: s.setup(&st.position),
                    captured: CaptureKinds::new(
                        st.captured.by_move.map(|c| s.cell(c)),
                        s.cells(st.captured.encircled),
                        s.cells(st.captured.echo),
                    ),
                    legal: st.legal,
                })
                .collect(),
        }
    }

    /// The trace as YAML (the snapshot body).
    pub fn render(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "id: {}", self.id);
        if let Some(codes) = &self.invalid {
            let v: Vec<&str> = codes.iter().map(|c| c.code()).collect();
            let _ = writeln!(s, "invalid: [{}]", v.join(", "));
        }
        if let Some(p) = &self.start {
            let _ = writeln!(s, "start: \"{}\"", p.to_notation());
        }
        if let Some(n) = self.legal {
            let _ = writeln!(s, "legal: {n}");
        }
        if !self.steps.is_empty() {
            s.push_str("steps:\n");
        }
        for st in &self.steps {
            let _ = writeln!(s, "  - turn: \"{}\"", st.turn);
            match st.verdict {
                TurnVerdict::Illegal(r) => {
                    let v: Vec<&str> = r.iter().map(|r| r.code()).collect();
                    let _ = writeln!(s, "    illegal: [{}]", v.join(", "));
                    continue;
                }
                TurnVerdict::Legal => {}
            }
            let _ = writeln!(s, "    position: \"{}\"", st.position.to_notation());
            let k = st.captured;
            if k.all().any() {
                let _ = writeln!(s, "    captured:");
                if let Some(m) = k.by_move {
                    let _ = writeln!(s, "      move: {m}");
                }
                if k.encircled.any() {
                    let _ = writeln!(s, "      encircled: {}", cells_yaml(k.encircled));
                }
                if k.echo.any() {
                    let _ = writeln!(s, "      echo: {}", cells_yaml(k.echo));
                }
            }
            let _ = writeln!(s, "    legal: {}", st.legal);
        }
        s
    }

    /// The whole snapshot file: header and body.
    pub fn to_file_text(&self) -> String {
        format!("{HEADER}{}", self.render())
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCaptured {
    #[serde(default, rename = "move")]
    by_move: Option<At<String>>,
    #[serde(default)]
    encircled: Vec<At<String>>,
    #[serde(default)]
    echo: Vec<At<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStep {
    turn: At<String>,
    #[serde(default)]
    illegal: Option<Vec<At<String>>>,
    #[serde(default)]
    position: Option<At<String>>,
    #[serde(default)]
    captured: Option<RawCaptured>,
    #[serde(default)]
    legal: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrace {
    id: String,
    #[serde(default)]
    invalid: Option<Vec<At<String>>>,
    #[serde(default)]
    start: Option<At<String>>,
    #[serde(default)]
    legal: Option<u64>,
    #[serde(default)]
    steps: Vec<At<RawStep>>,
}

/// Reading a trace body, with errors at the line in the file.
struct Reader<'a> {
    file: &'a Path,
    offset: u32,
}

impl Reader<'_> {
    fn err(&self, line: u32, col: u32, msg: String) -> LoadError {
        LoadError::at(self.file, line + self.offset, col, msg)
    }

    fn position(&self, a: &At<String>) -> Result<Setup, LoadError> {
        Setup::from_notation(&a.value)
            .map_err(|e| self.err(a.line, a.column, format!("position: {}", e.kind)))
    }

    fn cell(&self, a: &At<String>) -> Result<Cell, LoadError> {
        Cell::from_name(&a.value)
            .ok_or_else(|| self.err(a.line, a.column, format!("`{}` is not a cell", a.value)))
    }

    fn cells(&self, v: &[At<String>]) -> Result<CellSet, LoadError> {
        v.iter().try_fold(CellSet::EMPTY, |mut s, a| {
            s.insert(self.cell(a)?);
            Ok(s)
        })
    }

    fn faults(&self, list: &[At<String>]) -> Result<Vec<FaultCode>, LoadError> {
        list.iter()
            .map(|a| {
                FaultCode::from_code(&a.value).ok_or_else(|| {
                    self.err(
                        a.line,
                        a.column,
                        format!("`{}` is not a fault code", a.value),
                    )
                })
            })
            .collect()
    }

    fn reasons(&self, codes: &[At<String>]) -> Result<ReasonSet, LoadError> {
        let mut set = ReasonSet::EMPTY;
        for c in codes {
            let r = Reason::from_code(&c.value).ok_or_else(|| {
                self.err(
                    c.line,
                    c.column,
                    format!("`{}` is not a reason code", c.value),
                )
            })?;
            set.insert(r);
        }
        Ok(set)
    }

    /// One step; `last` is the position before it, `legal_before` its count.
    fn step(
        &self,
        st: &At<RawStep>,
        last: Option<Setup>,
        legal_before: u64,
    ) -> Result<TraceStep, LoadError> {
        let s = &st.value;
        let turn = Turn::parse(&s.turn.value)
            .map_err(|e| self.err(s.turn.line, s.turn.column, format!("turn: {}", e.kind)))?;
        let (verdict, position, captured) = match &s.illegal {
            Some(codes) => {
                let Some(p) = last else {
                    return Err(self.err(
                        st.line,
                        st.column,
                        "an illegal step needs a position before it".into(),
                    ));
                };
                (
                    TurnVerdict::Illegal(self.reasons(codes)?),
                    p,
                    CaptureKinds::default(),
                )
            }
            None => {
                let Some(p) = &s.position else {
                    return Err(self.err(
                        st.line,
                        st.column,
                        "a legal step needs `position`".into(),
                    ));
                };
                let k = match &s.captured {
                    None => CaptureKinds::default(),
                    Some(c) => CaptureKinds::new(
                        c.by_move.as_ref().map(|m| self.cell(m)).transpose()?,
                        self.cells(&c.encircled)?,
                        self.cells(&c.echo)?,
                    ),
                };
                (TurnVerdict::Legal, self.position(p)?, k)
            }
        };
        let legal = match (&s.illegal, s.legal) {
            (_, Some(n)) => n,
            (Some(_), None) => legal_before,
            (None, None) => {
                return Err(self.err(st.line, st.column, "a legal step needs `legal`".into()))
            }
        };
        Ok(TraceStep {
            turn,
            verdict,
            position,
            captured,
            legal,
        })
    }
}

/// Parse a trace body; `offset` lines of header come before it in `file`.
fn parse_body(file: &Path, body: &str, offset: u32) -> Result<Trace, LoadError> {
    let raw: RawTrace = parse_yaml(file, body).map_err(|mut e| {
        e.line += offset;
        e
    })?;
    let r = Reader { file, offset };
    let invalid = raw
        .invalid
        .as_deref()
        .map(|l| r.faults(l))
        .transpose()?
        .map(|mut codes| {
            codes.sort();
            codes.dedup();
            codes
        });
    let start = raw.start.as_ref().map(|p| r.position(p)).transpose()?;
    let mut steps: Vec<TraceStep> = Vec::new();
    let mut last = start;
    for st in &raw.steps {
        let legal_before = steps.last().map_or(raw.legal.unwrap_or(0), |p| p.legal);
        let step = r.step(st, last, legal_before)?;
        last = Some(step.position);
        steps.push(step);
    }
    Ok(Trace {
        id: raw.id,
        invalid,
        start,
        legal: raw.legal,
        steps,
    })
}

/// Trace files below `root` without a fixture file beside them (left
/// behind when a fixture was renamed or removed).
pub fn orphans(root: &Path) -> Vec<PathBuf> {
    let orphan = |p: &Path| {
        p.extension().is_some_and(|x| x == "snap")
            && !super::source::is_file(&p.with_extension("yaml"))
            && !super::source::is_file(&p.with_extension("yml"))
    };
    super::walk::walk(root, |_, _| false, orphan).files
}

/// The body of a snapshot file and the number of header lines before it.
pub fn split_header(text: &str) -> Option<(&str, u32)> {
    let rest = text.strip_prefix("---\n")?;
    let end = rest.find("\n---\n")?;
    let header_lines = rest[..end].matches('\n').count() as u32 + 3;
    Some((&rest[end + 5..], header_lines))
}

/// Read a trace file; `Ok(None)` when there is none.
pub fn read(path: &Path) -> Result<Option<Trace>, LoadError> {
    if !super::source::is_file(path) {
        return Ok(None);
    }
    let text = read_text(path)?;
    let (body, offset) = split_header(&text).ok_or_else(|| {
        LoadError::at(
            path,
            1,
            1,
            "no snapshot header (`---` ... `---`) above the trace",
        )
    })?;
    parse_body(path, body, offset).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_codes_are_read_sorted_and_once() {
        let body = "id: a/b\ninvalid: [tier-sum, stone-count, tier-sum]\nsteps: []\n";
        let t = parse_body(Path::new("t.snap"), body, 0);
        let Ok(t) = t else {
            // The fault names above must exist; name the first that does not.
            panic!("{}", t.err().map(|e| e.to_string()).unwrap_or_default())
        };
        let codes = t.invalid.unwrap_or_default();
        let mut sorted = codes.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(codes, sorted);
        assert_eq!(codes.len(), 2);
    }

    #[test]
    fn traces_read_back() {
        let body = "id: a/b\nstart: \"..../...../....../......./....../...../.... x 0 x:r7c3k0u0l6 o:r7c3k0u0l6\"\nlegal: 480\nsteps:\n  - turn: \"d4 +d4\"\n    illegal: [place-centre-first]\n  - turn: \"c3 +d4\"\n    position: \"..../...../....../....1.../..x.../...../.... o 1 x:r6c3k0u1l6P o:r7c3k0u0l6\"\n    legal: 505\n";
        let t = parse_body(Path::new("t.snap"), body, 0).unwrap();
        assert_eq!(t.steps.len(), 2);
        assert_eq!(t.steps[0].legal, 480);
        assert!(!t.steps[0].verdict.is_legal());
        assert_eq!(t.render(), body);
        let file = t.to_file_text();
        let (b, n) = split_header(&file).unwrap();
        assert_eq!((b, n), (body, 3));
    }

    #[test]
    fn bad_traces_point_at_the_line() {
        let body = "id: a/b\nlegal: 480\nsteps:\n  - turn: \"c3 +d4\"\n    position: \"nonsense\"\n    legal: 1\n";
        let e = parse_body(Path::new("t.snap"), body, 3).unwrap_err();
        assert_eq!(e.line, 8);
        assert!(e.message.starts_with("position:"), "{}", e.message);
    }
}
