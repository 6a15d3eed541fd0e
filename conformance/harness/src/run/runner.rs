//! Running one fixture against an engine, variant by variant: every check
//! of the fixture and of its golden trace is judged by the oracle, in step
//! order. The first divergence is the cause; the run goes on to collect
//! what follows from it (its consequences) until the engine's game can no
//! longer be compared. Then, as a step of its own, diagnosis asks the
//! engine more about what differed (its verdict on the turns its list
//! misses, perft bisected), from a fresh game brought to each point.
//!
//! A reference game is played in lockstep: it gives the boards before and
//! after each step, and the verdicts that explain a differing legal list.

use crate::corpus::{Checks, Fixture, Trace, TraceStep};
use crate::diagnose;
use crate::oracle::{self, Judgement, KindsCheck};
use hexodic_engine::{
    Capabilities, Capability, CaptureKinds, Engine, EngineResult, Incident, PlayReply,
    PositionReply,
};
use hexodic_report::{Difference, Divergence, Failure, Source, TurnVerdict};
use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::{Game, Setup, Turn};

/// At most this many consequences are kept below a cause.
pub const MAX_CONSEQUENCES: usize = 8;

/// Where an engine incident happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IncidentAt {
    /// The variant.
    pub variant: Symmetry,
    /// 0 for the setup and `expect`; 1, 2, ... for the steps.
    pub step: usize,
    /// The line in the fixture file.
    pub line: u32,
    /// The turn being played, if any.
    pub turn: Option<Turn>,
    /// What happened.
    pub incident: Incident,
}

/// How a fixture run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunOutcome {
    /// Every check that ran agreed, in every variant.
    Pass,
    /// A check differed.
    Fail(Box<Failure>),
    /// The engine had an incident; a failure found before it, if any.
    Incident(Box<IncidentAt>, Option<Box<Failure>>),
}

/// The result of running one fixture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixtureRun {
    /// How it ended.
    pub outcome: RunOutcome,
    /// Variants run.
    pub variants_run: usize,
    /// Capabilities whose checks were skipped.
    pub skipped: Capabilities,
}

/// The turns sent to the engine so far, to bring a fresh engine game back to
/// the same point.
#[derive(Clone, Debug)]
struct Line {
    start: Setup,
    turns: Vec<Turn>,
}

impl Line {
    /// Bring `engine`'s game to this point, then play `extra`.
    fn replay(&self, engine: &mut dyn Engine, extra: &[Turn]) -> EngineResult<()> {
        engine.set_position(&self.start)?;
        for t in self.turns.iter().chain(extra) {
            engine.play(*t)?;
        }
        Ok(())
    }
}

struct VariantRun<'a> {
    engine: &'a mut dyn Engine,
    caps: Capabilities,
    sym: Symmetry,
    fx: &'a Fixture,
    trace: Option<Trace>,
    reference: Game,
    engine_pos: Setup,
    line: Line,
    /// Each divergence found, with the line that reached it (for diagnosis).
    found: Vec<(Divergence, Line)>,
    skipped: Capabilities,
    /// The engine's game can no longer be compared (a verdict differed).
    lost: bool,
    /// Where the run is: step, line, turn (for an incident).
    cur: (usize, u32, Option<Turn>),
}

/// Where a check stands.
struct At {
    step: usize,
    line: u32,
    turn: Option<Turn>,
    before: Setup,
}

impl VariantRun<'_> {
    fn judge(
        &mut self,
        at: &At,
        source: Source,
        j: Judgement,
        played: Option<(&Setup, Option<CaptureKinds>)>,
    ) {
        match j {
            Judgement::Agrees => {}
            Judgement::Skipped(c) => self.skipped = self.skipped.with(c),
            Judgement::Differs(difference) => {
                if self.found.len() > MAX_CONSEQUENCES {
                    return;
                }
                let mut d = Divergence::new(at.step, at.line, at.turn, source, difference);
                d.before = Some(at.before);
                d.expected = played.map(|(p, _)| *p);
                d.got = Some(self.engine_pos);
                d.captures = played.and_then(|(_, k)| k);
                self.found.push((d, self.line.clone()));
            }
        }
    }

    fn list(&mut self) -> EngineResult<Option<Vec<Turn>>> {
        if !self.caps.has(Capability::LegalTurns) {
            return Ok(None);
        }
        self.engine.legal_turns().map(Some)
    }

    /// The legal-turn, count and perft checks after a step (or at the start).
    /// With a golden trace the whole list is compared (which covers the
    /// fixture's own count and list checks); without one, the fixture's.
    fn position_checks(
        &mut self,
        at: &At,
        checks: Option<&Checks>,
        trace_legal: Option<u64>,
    ) -> EngineResult<()> {
        let wants_list = trace_legal.is_some() || checks.is_some_and(Checks::needs_list);
        if wants_list && !self.lost {
            match self.list()? {
                None => self.skipped = self.skipped.with(Capability::LegalTurns),
                Some(list) => {
                    let pos = *self.reference.position();
                    if let Some(n) = trace_legal {
                        // The trace's count, then the whole list against the
                        // reference (a count that differs is named by the list).
                        let j = oracle::legal_list(&pos, Some(&list));
                        let count = oracle::legal_count(n, Some(&list));
                        let j = if j == Judgement::Agrees { count } else { j };
                        self.judge(at, Source::Trace, j, None);
                    } else if let Some(c) = checks {
                        if let Some(n) = c.legal_count {
                            self.judge(
                                at,
                                Source::Fixture,
                                oracle::legal_count(n, Some(&list)),
                                None,
                            );
                        }
                        let j = oracle::listed(&pos, &c.legal, &c.not_legal, Some(&list));
                        self.judge(at, Source::Fixture, j, None);
                    }
                }
            }
        }
        if let (Some((depth, nodes)), false) = (checks.and_then(|c| c.perft), self.lost) {
            let got = match self.caps.has(Capability::Perft) {
                true => Some(self.engine.perft(depth)?),
                false => None,
            };
            self.judge(at, Source::Fixture, oracle::perft(depth, nodes, got), None);
        }
        Ok(())
    }

    /// The setup: the engine must accept a valid one and reject an invalid one
    /// with the same faults. Returns whether the run goes on.
    fn setup(&mut self, at: &At) -> EngineResult<bool> {
        self.cur = (0, at.line, None);
        let reply = self.engine.set_position(&self.line.start)?;
        let expected = match (
            &self.fx.invalid,
            self.trace.as_ref().and_then(|t| t.invalid.clone()),
        ) {
            (_, Some(t)) => t,
            (Some(f), None) => f.clone(),
            (None, None) => Vec::new(),
        };
        let j = oracle::validity(&expected, &reply, self.caps);
        let source = if self.trace.as_ref().is_some_and(|t| t.invalid.is_some()) {
            Source::Trace
        } else {
            Source::Fixture
        };
        self.judge(at, source, j, None);
        Ok(self.fx.invalid.is_none() && reply == PositionReply::Accepted)
    }

    /// A setup turn: it must be played as the reference plays it.
    fn prelude_turn(&mut self, turn: Turn, line: u32) -> EngineResult<()> {
        let before = *self.reference.position();
        let at = At {
            step: 0,
            line,
            turn: Some(turn),
            before: Setup::from(&before),
        };
        self.cur = (0, line, Some(turn));
        let reply = self.engine.play(turn)?;
        self.line.turns.push(turn);
        let report = self.reference.play_legal(turn);
        let expected = Setup::from(self.reference.position());
        self.judge(
            &at,
            Source::Fixture,
            oracle::verdict(turn, TurnVerdict::Legal, &reply),
            None,
        );
        match reply {
            PlayReply::Legal(p) => {
                self.engine_pos = p.position;
                let j = oracle::position(&expected, &p.position);
                self.judge(
                    &at,
                    Source::Fixture,
                    j,
                    Some((&expected, Some(CaptureKinds::from(&report)))),
                );
            }
            PlayReply::Illegal(_) => self.lost = true,
        }
        Ok(())
    }

    /// The captures, position and result checks of a legal step.
    fn played_checks(
        &mut self,
        at: &At,
        st_checks: &Checks,
        ts: Option<&TraceStep>,
        p: &hexodic_engine::Played,
        report: CaptureKinds,
    ) {
        let expected = Setup::from(self.reference.position());
        let ctx = Some((&expected, Some(report)));
        match ts {
            Some(ts) => {
                self.judge(
                    at,
                    Source::Trace,
                    oracle::captures(ts.captured.all(), p.captured),
                    ctx,
                );
                let full = KindsCheck {
                    by_move: Some(ts.captured.by_move),
                    encircled: Some(ts.captured.encircled),
                    echo: Some(ts.captured.echo),
                };
                self.judge(
                    at,
                    Source::Trace,
                    oracle::capture_kinds(&full, p.kinds.as_ref()),
                    ctx,
                );
                self.judge(
                    at,
                    Source::Trace,
                    oracle::position(&ts.position, &p.position),
                    ctx,
                );
            }
            None => {
                if let Some(c) = st_checks.captured {
                    self.judge(at, Source::Fixture, oracle::captures(c, p.captured), ctx);
                }
                if let Some(k) = &st_checks.captured_by {
                    self.judge(
                        at,
                        Source::Fixture,
                        oracle::capture_kinds(k, p.kinds.as_ref()),
                        ctx,
                    );
                }
                if let Some(s) = &st_checks.state {
                    self.judge(at, Source::Fixture, oracle::state(s, &p.position), ctx);
                }
                if let Some(o) = st_checks.outcome {
                    self.judge(at, Source::Fixture, oracle::outcome(o, &p.position), ctx);
                }
            }
        }
    }

    fn step(&mut self, i: usize) -> EngineResult<()> {
        let st = &self.fx.steps[i];
        let turn = self.sym.turn(st.turn.turn);
        let before = Setup::from(self.reference.position());
        let at = At {
            step: i + 1,
            line: st.turn.line,
            turn: Some(turn),
            before,
        };
        let checks = st.checks.mapped(self.sym);
        let ts = self.trace.as_ref().and_then(|t| t.steps.get(i)).cloned();
        self.cur = (i + 1, st.turn.line, Some(turn));
        let reply = self.engine.play(turn)?;
        let expected = match (&ts, st.illegal) {
            (Some(ts), _) => ts.verdict,
            (None, Some(r)) => TurnVerdict::Illegal(r),
            (None, None) => TurnVerdict::Legal,
        };
        let source = if ts.is_some() {
            Source::Trace
        } else {
            Source::Fixture
        };
        let ref_result = self.reference.play(turn);
        let expected_after = Setup::from(self.reference.position());
        let report = ref_result
            .as_ref()
            .map(CaptureKinds::from)
            .unwrap_or_default();
        if let PlayReply::Legal(p) = &reply {
            self.engine_pos = p.position;
            self.line.turns.push(turn);
        }
        let verdict = oracle::verdict(turn, expected, &reply);
        let differs = verdict != Judgement::Agrees;
        self.judge(&at, source, verdict, Some((&expected_after, Some(report))));
        if differs {
            self.lost = true;
            return Ok(());
        }
        match (&reply, expected) {
            (PlayReply::Illegal(got), TurnVerdict::Illegal(want)) => {
                let j = oracle::reasons(turn, want, *got, self.caps);
                self.judge(&at, source, j, None);
            }
            (PlayReply::Legal(p), _) => self.played_checks(&at, &checks, ts.as_ref(), p, report),
            _ => {}
        }
        let at = At {
            before: expected_after,
            ..at
        };
        self.position_checks(&at, Some(&checks), ts.as_ref().map(|t| t.legal))
    }

    fn run(&mut self) -> EngineResult<()> {
        let start = At {
            step: 0,
            line: self.fx.setup_line,
            turn: None,
            before: self.line.start,
        };
        if !self.setup(&start)? {
            return Ok(());
        }
        for t in &self.fx.prelude {
            let turn = self.sym.turn(t.turn);
            self.prelude_turn(turn, t.line)?;
            if self.lost {
                return Ok(());
            }
        }
        let start = At {
            before: Setup::from(self.reference.position()),
            ..start
        };
        let expect = self
            .fx
            .expect
            .as_ref()
            .map(|(l, c)| (*l, c.mapped(self.sym)));
        // Without setup turns the engine has reported no position, so state
        // and outcome checks would compare the fixture with itself (`lint`
        // checks those against the reference instead).
        if let Some((line, c)) = expect.as_ref().filter(|_| !self.fx.prelude.is_empty()) {
            let at = At {
                line: *line,
                ..start
            };
            if let Some(s) = &c.state {
                self.judge(
                    &at,
                    Source::Fixture,
                    oracle::state(s, &self.engine_pos),
                    None,
                );
            }
            if let Some(o) = c.outcome {
                self.judge(
                    &at,
                    Source::Fixture,
                    oracle::outcome(o, &self.engine_pos),
                    None,
                );
            }
        }
        let at = match &expect {
            Some((line, _)) => At {
                line: *line,
                ..start
            },
            None => start,
        };
        let trace_legal = self.trace.as_ref().and_then(|t| t.legal);
        self.cur = (0, at.line, None);
        self.position_checks(&at, expect.as_ref().map(|(_, c)| c), trace_legal)?;
        for i in 0..self.fx.steps.len() {
            if self.lost || self.found.len() > MAX_CONSEQUENCES {
                break;
            }
            self.step(i)?;
        }
        Ok(())
    }
}

/// Diagnosis, after a variant's judgement: for each divergence, the
/// engine is brought to where it was found (a fresh game replaying the
/// line) and asked more: its verdict on the turns its list misses, its
/// counts below a perft that differs. Then the rules each implicates and
/// its words.
fn diagnose_found(
    engine: &mut dyn Engine,
    caps: Capabilities,
    found: &mut [(Divergence, Line)],
) -> EngineResult<()> {
    for (d, line) in found.iter_mut() {
        match &mut d.difference {
            Difference::LegalList { list } if list.missing.iter().any(|t| t.engine.is_none()) => {
                line.replay(engine, &[])?;
                diagnose::ask_missing(engine, list)?;
            }
            Difference::Perft {
                depth, path, below, ..
            } if below.is_none() => {
                let reference = line.reference();
                let mut goto = |e: &mut dyn Engine, p: &[Turn]| line.replay(e, p);
                let (p, b) = diagnose::bisect_perft(engine, caps, &reference, *depth, &mut goto)?;
                *path = p;
                *below = b.map(Box::new);
            }
            _ => {}
        }
    }
    Ok(())
}

impl Line {
    /// The reference's game at this point.
    fn reference(&self) -> Game {
        let mut game = Game::from_position(self.start.validate().unwrap_or_default());
        for t in &self.turns {
            let _ = game.play(*t);
        }
        game
    }
}

/// Run a fixture in the given variants (all of the fixture's when `None`),
/// the identity first, stopping at the first variant that fails. `trace` is
/// the fixture's golden trace, if it has one. Diagnosis follows the
/// judgement of a failing variant.
pub fn run_fixture(
    engine: &mut dyn Engine,
    fx: &Fixture,
    trace: Option<&Trace>,
    only: Option<Symmetry>,
) -> FixtureRun {
    let caps = engine.info().capabilities;
    let variants = match only {
        Some(v) if fx.variants => vec![v],
        _ => fx.symmetries(),
    };
    let mut skipped = Capabilities::NONE;
    let mut run = 0;
    for sym in variants {
        let start = sym.setup(&fx.setup);
        let mut v = VariantRun {
            engine: &mut *engine,
            caps,
            sym,
            fx,
            trace: trace.map(|t| t.mapped(sym)),
            reference: Game::from_position(start.validate().unwrap_or_default()),
            engine_pos: start,
            line: Line {
                start,
                turns: Vec::new(),
            },
            found: Vec::new(),
            skipped: Capabilities::NONE,
            lost: false,
            cur: (0, fx.setup_line, None),
        };
        let mut result = v.run();
        run += 1;
        skipped = v.skipped.iter().fold(skipped, Capabilities::with);
        let mut found = std::mem::take(&mut v.found);
        let at = v.cur;
        if result.is_ok() && !found.is_empty() {
            result = diagnose_found(engine, caps, &mut found);
        }
        let mut found: Vec<Divergence> = found.into_iter().map(|(d, _)| d).collect();
        for d in &mut found {
            diagnose::explain(d);
        }
        let failure = (!found.is_empty()).then(|| {
            let cause = found.remove(0);
            Box::new(Failure {
                variant: sym,
                cause,
                consequences: found,
            })
        });
        let outcome = match (result, failure) {
            (Err(incident), f) => {
                let (step, line, turn) = at;
                let at = IncidentAt {
                    variant: sym,
                    step,
                    line,
                    turn,
                    incident,
                };
                Some(RunOutcome::Incident(Box::new(at), f))
            }
            (Ok(()), Some(f)) => Some(RunOutcome::Fail(f)),
            (Ok(()), None) => None,
        };
        if let Some(outcome) = outcome {
            return FixtureRun {
                outcome,
                variants_run: run,
                skipped,
            };
        }
    }
    FixtureRun {
        outcome: RunOutcome::Pass,
        variants_run: run,
        skipped,
    }
}
