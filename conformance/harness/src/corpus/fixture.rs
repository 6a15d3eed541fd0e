//! A loaded fixture: the setup resolved into a [`Setup`], every turn, cell
//! and code parsed, every check in the oracle's terms, each with the line it
//! came from. [`Checks::mapped`] maps the checks to a variant (I8).

use super::format::Basis;
use crate::oracle::{KindsCheck, StateCheck};
use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::{CellSet, FaultCode, Outcome, ReasonSet, Setup, Turn};
use std::path::PathBuf;

/// A fixture ready to run.
#[derive(Clone, Debug)]
pub struct Fixture {
    /// The id (path below the fixtures folder without the extension).
    pub id: String,
    /// The file it was read from.
    pub file: PathBuf,
    /// What it shows.
    pub description: String,
    /// Cited rule IDs.
    pub rules: Vec<String>,
    /// Declared basis.
    pub basis: Basis,
    /// Whether it runs under all 24 variants.
    pub variants: bool,
    /// The coverage sides it counts for: (fires or permits, rejects or does not fire).
    pub sides: (bool, bool),
    /// Line of `setup`.
    pub setup_line: u32,
    /// The start position (before the setup turns), not yet validated.
    pub setup: Setup,
    /// Turns played from the setup before the fixture starts.
    pub prelude: Vec<LineTurn>,
    /// For an invalid-setup fixture: the expected fault codes, sorted.
    pub invalid: Option<Vec<FaultCode>>,
    /// Checks on the start position (line of `expect`).
    pub expect: Option<(u32, Checks)>,
    /// The steps.
    pub steps: Vec<StepCheck>,
}

impl Fixture {
    /// The variants this fixture runs under, the identity first.
    pub fn symmetries(&self) -> Vec<Symmetry> {
        if self.variants {
            Symmetry::all().to_vec()
        } else {
            vec![Symmetry::IDENTITY]
        }
    }

    /// The rule area: the first part of the id.
    pub fn area(&self) -> &str {
        self.id.split('/').next().unwrap_or(&self.id)
    }

    /// The capabilities its checks need (`traced`: with its golden trace,
    /// which counts the legal turns and lists the captures of every step):
    /// an engine lacking one of them has those checks skipped.
    pub fn needs(&self, traced: bool) -> hexodic_engine::Capabilities {
        use hexodic_engine::{Capabilities, Capability};
        let mut c = Capabilities::NONE;
        let checks = self
            .expect
            .iter()
            .map(|(_, c)| c)
            .chain(self.steps.iter().map(|s| &s.checks));
        for k in checks {
            if k.needs_list() {
                c = c.with(Capability::LegalTurns);
            }
            if k.perft.is_some() {
                c = c.with(Capability::Perft);
            }
            if k.captured.is_some() {
                c = c.with(Capability::Captures);
            }
            if k.captured_by.is_some() {
                c = c.with(Capability::CaptureKinds);
            }
        }
        if self.invalid.is_some() || self.steps.iter().any(|s| s.illegal.is_some()) {
            c = c.with(Capability::ErrorCodes);
        }
        if traced && self.invalid.is_none() {
            c = c.with(Capability::LegalTurns);
            if self.steps.iter().any(|s| s.illegal.is_none()) {
                c = c.with(Capability::Captures).with(Capability::CaptureKinds);
            }
        }
        c
    }

    /// Whether a difference on this fixture breaks a documented rule (else it
    /// differs on a ruling).
    pub fn is_documented(&self) -> bool {
        self.basis == Basis::Documented
    }
}

/// A turn with the line it is written on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineTurn {
    /// The turn.
    pub turn: Turn,
    /// 1-based line in the fixture (or setup) file.
    pub line: u32,
}

/// One step.
#[derive(Clone, Debug)]
pub struct StepCheck {
    /// The turn and its line.
    pub turn: LineTurn,
    /// `Some(reasons)` when the turn must be rejected: every rule it breaks (V2).
    pub illegal: Option<ReasonSet>,
    /// The checks after the step.
    pub checks: Checks,
}

/// The checks of `expect` or of a step.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Checks {
    /// Exactly these cells captured on the step.
    pub captured: Option<CellSet>,
    /// Captures by kind.
    pub captured_by: Option<KindsCheck>,
    /// Partial state.
    pub state: Option<StateCheck>,
    /// `Some(None)`: ongoing; `Some(Some(o))`: finished with `o`.
    pub outcome: Option<Option<Outcome>>,
    /// Number of legal turns.
    pub legal_count: Option<u64>,
    /// Turns that must be legal.
    pub legal: Vec<Turn>,
    /// Turns that must not be legal.
    pub not_legal: Vec<Turn>,
    /// `(depth, nodes)`.
    pub perft: Option<(u32, u64)>,
}

impl Checks {
    /// The checks as they read under variant `s`: cells, turns, players and
    /// winners mapped; counts unchanged.
    pub fn mapped(&self, s: Symmetry) -> Checks {
        Checks {
            captured: self.captured.map(|c| s.cells(c)),
            captured_by: self.captured_by.map(|b| b.mapped(s)),
            state: self.state.as_ref().map(|st| st.mapped(s)),
            outcome: self.outcome.map(|o| o.map(|o| s.outcome(o))),
            legal_count: self.legal_count,
            legal: self.legal.iter().map(|t| s.turn(*t)).collect(),
            not_legal: self.not_legal.iter().map(|t| s.turn(*t)).collect(),
            perft: self.perft,
        }
    }

    /// Whether the checks hold a negative expectation (fixtures/README.md, Coverage).
    pub fn is_negative(&self) -> bool {
        !self.not_legal.is_empty()
            || self.outcome == Some(None)
            || self.captured.is_some_and(|c| c.is_empty())
    }

    /// Whether the checks hold a positive expectation besides playing a turn.
    pub fn is_positive(&self) -> bool {
        !self.legal.is_empty()
            || self.legal_count.is_some()
            || self.perft.is_some()
            || matches!(self.outcome, Some(Some(_)))
            || self.captured.is_some_and(|c| c.any())
    }

    /// Whether any legal-turn check is asked for.
    pub fn needs_list(&self) -> bool {
        self.legal_count.is_some() || !self.legal.is_empty() || !self.not_legal.is_empty()
    }
}
