//! Running a [`Fixture`] against an [`Engine`] under its variants.
//!
//! The engine is driven only through the trait. The reference rules crate
//! is used here to map notations to a variant and to read the engine's
//! reported positions for the partial `state` checks.

use crate::engine::{Engine, EngineError, PlayReply};
use crate::model::{Checks, Fixture};
use crate::snapshot::{Trace, TraceStep};
use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::{Cell, CellSet, Player, Setup, Turn};
use std::collections::HashSet;

/// Why a fixture failed: where, what was expected, what the engine did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The variant, for example `r2ms`.
    pub variant: Symmetry,
    /// 1-based step number; 0 for the setup, its turns and `expect`.
    pub step: usize,
    /// Line in the fixture file.
    pub line: u32,
    /// The turn as played in this variant (and as written, when different).
    pub turn: Option<String>,
    /// What was checked.
    pub what: String,
    /// Expected.
    pub expected: String,
    /// Actual.
    pub actual: String,
    /// The position before the step (one-line), when known.
    pub before: Option<String>,
    /// The position after the step (one-line), when known.
    pub after: Option<String>,
}

/// The verdict on one fixture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every check passed in every variant.
    Pass,
    /// A check failed.
    Fail(Box<Failure>),
    /// A check needs a capability the engine lacks.
    Skipped(String),
}

/// The result of running one fixture.
#[derive(Clone, Debug)]
pub struct FixtureResult {
    /// The verdict.
    pub verdict: Verdict,
    /// Variants run.
    pub variants_run: usize,
    /// The identity variant's trace.
    pub trace: Trace,
}

enum Stop {
    Fail(Box<Failure>),
    Engine(EngineError),
}

impl From<EngineError> for Stop {
    fn from(e: EngineError) -> Self {
        Stop::Engine(e)
    }
}

struct Ctx<'a, E: Engine + ?Sized> {
    engine: &'a mut E,
    caps: crate::engine::Capabilities,
    sym: Symmetry,
    skipped: Vec<String>,
    trace: Trace,
    record: bool,
}

fn parse_pos(text: &str) -> Option<Setup> {
    Setup::from_notation(text.trim()).ok()
}

fn cell_list(s: CellSet) -> String {
    let v: Vec<String> = s.iter().map(|c| c.to_string()).collect();
    format!("[{}]", v.join(", "))
}

fn cellset(names: &[String]) -> Result<CellSet, String> {
    let mut s = CellSet::EMPTY;
    for n in names {
        s.insert(Cell::from_name(n).ok_or_else(|| format!("`{n}` is not a cell"))?);
    }
    Ok(s)
}

impl<E: Engine + ?Sized> Ctx<'_, E> {
    #[allow(clippy::too_many_arguments)] // one call per check kind; a struct would only rename them
    fn fail(
        &self,
        step: usize,
        line: u32,
        turn: Option<String>,
        what: impl Into<String>,
        expected: impl Into<String>,
        actual: impl Into<String>,
        before: Option<&str>,
        after: Option<&str>,
    ) -> Stop {
        Stop::Fail(Box::new(Failure {
            variant: self.sym,
            step,
            line,
            turn,
            what: what.into(),
            expected: expected.into(),
            actual: actual.into(),
            before: before.map(str::to_owned),
            after: after.map(str::to_owned),
        }))
    }

    fn legal_set(&mut self) -> Result<Option<Vec<Turn>>, Stop> {
        if !self.caps.legal_turns {
            return Ok(None);
        }
        let list = self.engine.legal_turns()?;
        let mut out = Vec::with_capacity(list.len());
        for t in &list {
            out.push(Turn::parse(t).map_err(|e| {
                Stop::Engine(EngineError::Failure(format!(
                    "listed unreadable turn `{t}`: {e}"
                )))
            })?);
        }
        Ok(Some(out))
    }

    /// Evaluate `checks` on the engine's current position `pos`.
    fn check(
        &mut self,
        c: &Checks,
        pos: &str,
        step: usize,
        line: u32,
        turn: Option<&str>,
        before: Option<&str>,
    ) -> Result<(), Stop> {
        let after = Some(pos);
        let t = || turn.map(str::to_owned);
        let Some(setup) = parse_pos(pos) else {
            return Err(self.fail(
                step,
                line,
                t(),
                "position",
                "a readable position",
                pos,
                before,
                after,
            ));
        };
        if let Some(exp) = &c.outcome {
            if *exp != setup.outcome {
                let show = |o: &Option<hexodic_rules::Outcome>| {
                    o.map_or("ongoing".to_owned(), |o| o.to_string())
                };
                return Err(self.fail(
                    step,
                    line,
                    t(),
                    "outcome",
                    show(exp),
                    show(&setup.outcome),
                    before,
                    after,
                ));
            }
        }
        if let Some(st) = &c.state {
            if let Some((what, e, a)) = state_mismatch(st, &setup) {
                return Err(self.fail(step, line, t(), what, e, a, before, after));
            }
        }
        let needs_list = c.legal_count.is_some() || !c.legal.is_empty() || !c.not_legal.is_empty();
        if needs_list {
            match self.legal_set()? {
                None => self
                    .skipped
                    .push("legal-turn checks need `legal_turns`".into()),
                Some(list) => {
                    if let Some(n) = c.legal_count {
                        if list.len() as u64 != n {
                            return Err(self.fail(
                                step,
                                line,
                                t(),
                                "legal_count",
                                n.to_string(),
                                list.len().to_string(),
                                before,
                                after,
                            ));
                        }
                    }
                    let set: HashSet<Turn> = list.into_iter().collect();
                    if let Some(m) = c.legal.iter().find(|x| !set.contains(x)) {
                        return Err(self.fail(
                            step,
                            line,
                            t(),
                            "legal",
                            format!("`{m}` legal"),
                            "not listed",
                            before,
                            after,
                        ));
                    }
                    if let Some(m) = c.not_legal.iter().find(|x| set.contains(x)) {
                        return Err(self.fail(
                            step,
                            line,
                            t(),
                            "not_legal",
                            format!("`{m}` not legal"),
                            "listed",
                            before,
                            after,
                        ));
                    }
                }
            }
        }
        if let Some((depth, nodes)) = c.perft {
            if self.caps.perft {
                let got = self.engine.perft(depth)?;
                if got != nodes {
                    return Err(self.fail(
                        step,
                        line,
                        t(),
                        format!("perft({depth})"),
                        nodes.to_string(),
                        got.to_string(),
                        before,
                        after,
                    ));
                }
            } else {
                self.skipped.push("perft check needs `perft`".into());
            }
        }
        Ok(())
    }

    fn legal_count_for_trace(&mut self) -> Result<Option<u64>, Stop> {
        if !self.record || !self.caps.legal_turns {
            return Ok(None);
        }
        Ok(Some(self.engine.legal_turns()?.len() as u64))
    }

    fn run(&mut self, fx: &Fixture) -> Result<(), Stop> {
        let sym = self.sym;
        let setup = sym.setup(&fx.setup);
        let one_line = setup.to_notation();
        if let Some(codes) = &fx.invalid {
            match self.engine.set_position(&one_line) {
                Ok(()) => {
                    self.trace.start = Some(one_line.clone());
                    return Err(self.fail(
                        0,
                        fx.setup_line,
                        None,
                        "invalid setup",
                        format!("rejected with {codes:?}"),
                        "accepted",
                        Some(&one_line),
                        None,
                    ));
                }
                Err(EngineError::InvalidPosition { codes: got, .. }) => {
                    let mut got = got;
                    got.sort();
                    got.dedup();
                    self.trace.invalid = Some(got.clone());
                    if self.caps.error_codes && got != *codes {
                        return Err(self.fail(
                            0,
                            fx.setup_line,
                            None,
                            "fault codes",
                            format!("{codes:?}"),
                            format!("{got:?}"),
                            Some(&one_line),
                            None,
                        ));
                    }
                    if !self.caps.error_codes {
                        self.skipped.push("fault codes need `error_codes`".into());
                    }
                    return Ok(());
                }
                Err(e) => return Err(e.into()),
            }
        }
        if let Err(e) = self.engine.set_position(&one_line) {
            return Err(self.fail(
                0,
                fx.setup_line,
                None,
                "setup",
                "a valid position",
                e.to_string(),
                Some(&one_line),
                None,
            ));
        }
        let mut pos = one_line;
        for (i, lt) in fx.prelude.iter().enumerate() {
            let text = sym.turn(lt.turn).to_string();
            match self.engine.play(&text)? {
                PlayReply::Legal { position, .. } => pos = position,
                PlayReply::Illegal { codes } => {
                    return Err(self.fail(
                        0,
                        lt.line,
                        Some(text),
                        format!("setup turn {}", i + 1),
                        "legal",
                        format!("illegal {codes:?}"),
                        Some(&pos),
                        None,
                    ));
                }
            }
        }
        if self.record {
            self.trace.start = Some(pos.clone());
            self.trace.legal = self.legal_count_for_trace()?;
        }
        if let Some((line, c)) = &fx.expect {
            let c = c.mapped(sym);
            self.check(&c, &pos.clone(), 0, *line, None, None)?;
        }
        for (i, st) in fx.steps.iter().enumerate() {
            let n = i + 1;
            let turn = sym.turn(st.turn.turn);
            let text = if sym == Symmetry::IDENTITY {
                turn.to_string()
            } else {
                format!("{turn} (written `{}`)", st.turn.turn)
            };
            let line = st.turn.line;
            let before = pos.clone();
            let reply = self.engine.play(&turn.to_string())?;
            let c = st.checks.mapped(sym);
            match (&st.illegal, reply) {
                (Some(allowed), PlayReply::Illegal { codes }) => {
                    if self.caps.error_codes {
                        let ok = !codes.is_empty() && codes.iter().all(|c| allowed.contains(c));
                        if !ok {
                            return Err(self.fail(
                                n,
                                line,
                                Some(text),
                                "reason codes",
                                format!("a non-empty subset of {allowed:?}"),
                                format!("{codes:?}"),
                                Some(&before),
                                None,
                            ));
                        }
                    } else {
                        self.skipped.push("reason codes need `error_codes`".into());
                    }
                    if self.record {
                        let o = parse_pos(&pos).and_then(|s| s.outcome);
                        let legal = self.legal_count_for_trace()?;
                        self.trace.steps.push(TraceStep {
                            turn: turn.to_string(),
                            verdict: "illegal".into(),
                            position: pos.clone(),
                            captured: Vec::new(),
                            outcome: o.map_or("ongoing".into(), |o| o.to_string()),
                            legal,
                        });
                    }
                }
                (Some(allowed), PlayReply::Legal { position, .. }) => {
                    return Err(self.fail(
                        n,
                        line,
                        Some(text),
                        "verdict",
                        format!("illegal, one of {allowed:?}"),
                        "legal",
                        Some(&before),
                        Some(&position),
                    ));
                }
                (None, PlayReply::Illegal { codes }) => {
                    return Err(self.fail(
                        n,
                        line,
                        Some(text),
                        "verdict",
                        "legal",
                        format!("illegal {codes:?}"),
                        Some(&before),
                        None,
                    ));
                }
                (
                    None,
                    PlayReply::Legal {
                        position,
                        captured,
                        kinds,
                    },
                ) => {
                    pos = position;
                    let got = match cellset(&captured) {
                        Ok(s) => s,
                        Err(e) => {
                            return Err(self.fail(
                                n,
                                line,
                                Some(text),
                                "captured",
                                "cell names",
                                e,
                                Some(&before),
                                Some(&pos),
                            ))
                        }
                    };
                    if let Some(exp) = c.captured {
                        if exp != got {
                            return Err(self.fail(
                                n,
                                line,
                                Some(text),
                                "captured",
                                cell_list(exp),
                                cell_list(got),
                                Some(&before),
                                Some(&pos),
                            ));
                        }
                    }
                    if let Some(by) = c.captured_by {
                        match kinds.as_ref().filter(|_| self.caps.capture_kinds) {
                            None => self
                                .skipped
                                .push("captured_by needs `capture_kinds`".into()),
                            Some(k) => {
                                let m = k.by_move.as_ref().and_then(|c| Cell::from_name(c));
                                let enc = cellset(&k.encircled).unwrap_or_default();
                                let echo = cellset(&k.echo).unwrap_or_default();
                                let mut bad = None;
                                if by.by_move.is_some_and(|e| e != m) {
                                    bad = Some((
                                        "captured_by.move",
                                        format!("{:?}", by.by_move.flatten()),
                                        format!("{m:?}"),
                                    ));
                                } else if by.encircled.is_some_and(|e| e != enc) {
                                    bad = Some((
                                        "captured_by.encircled",
                                        cell_list(by.encircled.unwrap_or_default()),
                                        cell_list(enc),
                                    ));
                                } else if by.echo.is_some_and(|e| e != echo) {
                                    bad = Some((
                                        "captured_by.echo",
                                        cell_list(by.echo.unwrap_or_default()),
                                        cell_list(echo),
                                    ));
                                }
                                if let Some((w, e, a)) = bad {
                                    return Err(self.fail(
                                        n,
                                        line,
                                        Some(text),
                                        w,
                                        e,
                                        a,
                                        Some(&before),
                                        Some(&pos),
                                    ));
                                }
                            }
                        }
                    }
                    if self.record {
                        let o = parse_pos(&pos).and_then(|s| s.outcome);
                        let legal = self.legal_count_for_trace()?;
                        self.trace.steps.push(TraceStep {
                            turn: turn.to_string(),
                            verdict: "legal".into(),
                            position: pos.clone(),
                            captured: got.iter().map(|c| c.to_string()).collect(),
                            outcome: o.map_or("ongoing".into(), |o| o.to_string()),
                            legal,
                        });
                    }
                }
            }
            let p = pos.clone();
            self.check(&c, &p, n, line, Some(&text), Some(&before))?;
        }
        Ok(())
    }
}

fn state_mismatch(st: &crate::model::StateCheck, s: &Setup) -> Option<(String, String, String)> {
    let m = |w: &str, e: String, a: String| Some((format!("state.{w}"), e, a));
    if let Some(p) = st.to_move {
        if p != s.to_move {
            return m("to_move", p.to_string(), s.to_move.to_string());
        }
    }
    if let Some(h) = st.half_moves {
        if h != s.half_moves {
            return m("half_moves", h.to_string(), s.half_moves.to_string());
        }
    }
    for (c, t) in &st.tiers {
        let a = s.cell(*c).tier;
        if a != *t {
            return m(&format!("tiers.{c}"), t.to_string(), a.to_string());
        }
    }
    let who = |p: Option<Player>| p.map_or("none".to_owned(), |p| p.char().to_string());
    for (c, p) in &st.stones {
        let a = s.cell(*c).stone;
        if a != *p {
            return m(&format!("stones.{c}"), who(*p), who(a));
        }
    }
    if let Some(l) = st.locked {
        let a: CellSet = Cell::ALL
            .iter()
            .copied()
            .filter(|c| s.cell(*c).locked)
            .collect();
        if a != l {
            return m("locked", cell_list(l), cell_list(a));
        }
    }
    for p in Player::BOTH {
        let e = &st.counters[p.index()];
        let a = &s.counters[p.index()];
        let name = p.char();
        macro_rules! field {
            ($f:ident) => {
                if let Some(v) = e.$f {
                    if v != a.$f {
                        return m(
                            &format!("{name}.{}", stringify!($f)),
                            v.to_string(),
                            a.$f.to_string(),
                        );
                    }
                }
            };
        }
        field!(reserve);
        field!(charges);
        field!(captures);
        field!(raises);
        field!(lowers_left);
        field!(first_placed);
        field!(lock_used);
        if let Some(cd) = e.cooldown {
            if cd != a.cooldown {
                return m(
                    &format!("{name}.cooldown"),
                    cell_list(cd),
                    cell_list(a.cooldown),
                );
            }
        }
    }
    if let Some(p) = &st.position {
        let (e, a) = (p.to_notation(), s.to_notation());
        if e != a {
            return m("position", e, a);
        }
    }
    None
}

/// Run a fixture against an engine: the identity first (recording the
/// trace), then the other variants (unless `variants: none`), stopping at
/// the first failure.
pub fn run_fixture<E: Engine + ?Sized>(engine: &mut E, fx: &Fixture) -> FixtureResult {
    run_fixture_in(engine, fx, &fx.symmetries())
}

/// Run a fixture in the given variants only, in order, stopping at the
/// first failure; the trace is recorded when the identity is among them.
pub fn run_fixture_in<E: Engine + ?Sized>(
    engine: &mut E,
    fx: &Fixture,
    variants: &[Symmetry],
) -> FixtureResult {
    let caps = engine.info().capabilities;
    let mut skipped: Vec<String> = Vec::new();
    let mut trace = Trace {
        id: fx.id.clone(),
        ..Trace::default()
    };
    let mut run = 0;
    for &sym in variants {
        let record = sym == Symmetry::IDENTITY;
        let mut ctx = Ctx {
            engine: &mut *engine,
            caps,
            sym,
            skipped: Vec::new(),
            trace: Trace {
                id: fx.id.clone(),
                ..Trace::default()
            },
            record,
        };
        let r = ctx.run(fx);
        run += 1;
        skipped.append(&mut ctx.skipped);
        if record {
            trace = std::mem::take(&mut ctx.trace);
        }
        match r {
            Ok(()) => {}
            Err(Stop::Fail(f)) => {
                return FixtureResult {
                    verdict: Verdict::Fail(f),
                    variants_run: run,
                    trace,
                }
            }
            Err(Stop::Engine(e)) => {
                let verdict = match e {
                    EngineError::Unsupported(what) => {
                        Verdict::Skipped(format!("engine does not support {what}"))
                    }
                    e => Verdict::Fail(Box::new(Failure {
                        variant: sym,
                        step: 0,
                        line: fx.setup_line,
                        turn: None,
                        what: "engine".into(),
                        expected: "an answer".into(),
                        actual: e.to_string(),
                        before: None,
                        after: None,
                    })),
                };
                return FixtureResult {
                    verdict,
                    variants_run: run,
                    trace,
                };
            }
        }
    }
    skipped.sort();
    skipped.dedup();
    let verdict = if skipped.is_empty() {
        Verdict::Pass
    } else {
        Verdict::Skipped(skipped.join("; "))
    };
    FixtureResult {
        verdict,
        variants_run: run,
        trace,
    }
}
