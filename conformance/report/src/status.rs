//! A fixture's status and basis, and why a run ended early: the words every
//! writer counts and colours by.

/// A fixture's status, decided once by the run; every writer reads it.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every check agreed.
    Pass,
    /// No check differed, but some were skipped for a missing capability.
    Skipped,
    /// A check differed.
    Fail,
    /// A check differed, as the expectations file says it would.
    ExpectedFail,
    /// Listed as an expected failure, but failing another way: its
    /// signature is not the one the expectations file pins.
    ChangedFail,
    /// Listed as an expected failure, but every check agreed.
    UnexpectedPass,
    /// A check differed, but not when the fixture ran again one request at a
    /// time: the engine does not answer the same question the same way.
    Flaky,
    /// The engine crashed, hung or broke the protocol.
    Incident,
    /// The run ended before it reached the fixture.
    NotRun,
}

impl Status {
    /// Every status, in the order reports list them.
    pub const ALL: [Status; 9] = [
        Status::Pass,
        Status::Skipped,
        Status::Fail,
        Status::ExpectedFail,
        Status::ChangedFail,
        Status::UnexpectedPass,
        Status::Flaky,
        Status::Incident,
        Status::NotRun,
    ];

    /// The status's name in reports: `pass`, `expected-fail`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Skipped => "skipped",
            Status::Fail => "fail",
            Status::ExpectedFail => "expected-fail",
            Status::ChangedFail => "changed-fail",
            Status::UnexpectedPass => "unexpected-pass",
            Status::Flaky => "flaky",
            Status::Incident => "incident",
            Status::NotRun => "not-run",
        }
    }

    /// Whether this status fails the run on its own: a failure the
    /// expectations file does not list, a changed failure, an unexpected
    /// pass, a flaky engine or an incident (what `--fail-fast` stops at).
    pub const fn fails_run(self) -> bool {
        matches!(
            self,
            Status::Fail
                | Status::ChangedFail
                | Status::UnexpectedPass
                | Status::Flaky
                | Status::Incident
        )
    }

    /// Whether every check that ran agreed (a pass, listed as failing or
    /// not, or a fixture whose only checks were skipped).
    pub const fn agreed(self) -> bool {
        matches!(
            self,
            Status::Pass | Status::UnexpectedPass | Status::Skipped
        )
    }

    /// Whether a check differed (whatever the expectations file says).
    pub const fn differed(self) -> bool {
        matches!(
            self,
            Status::Fail | Status::ExpectedFail | Status::ChangedFail
        )
    }
}

/// The basis a fixture declares: a documented rule or a ruling.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Basis {
    /// Every cited rule is stated by a rules page.
    Documented,
    /// The fixture depends on a ruling.
    Ruling,
}

impl Basis {
    /// `documented` or `ruling`.
    pub const fn name(self) -> &'static str {
        match self {
            Basis::Documented => "documented",
            Basis::Ruling => "ruling",
        }
    }
}

/// Why a run (or a fuzz campaign) ended before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Stopped {
    /// The time limit passed.
    TimeLimit,
    /// Ctrl-C or SIGTERM.
    Interrupted,
    /// The engine became unusable.
    Unusable,
    /// `--fail-fast`: the first fixture that fails the run ended it.
    FailFast,
}

impl Stopped {
    /// In words.
    pub const fn describe(self) -> &'static str {
        match self {
            Stopped::TimeLimit => "the time limit passed",
            Stopped::Interrupted => "the run was interrupted",
            Stopped::Unusable => "the engine became unusable",
            Stopped::FailFast => "stopped at the first failure (--fail-fast)",
        }
    }

    /// A stop by the interrupt (`interrupted`) or else by the time limit.
    pub const fn by_interrupt(interrupted: bool) -> Stopped {
        if interrupted {
            Stopped::Interrupted
        } else {
            Stopped::TimeLimit
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_json_words() {
        for s in Status::ALL {
            let json = serde_json::to_string(&s).unwrap();
            assert_eq!(json, format!("\"{}\"", s.name()));
        }
    }

    #[test]
    fn a_status_that_fails_the_run_never_agreed_and_passed() {
        for s in Status::ALL {
            assert!(!(s.fails_run() && s == Status::Pass));
            assert!(!(s.agreed() && s.differed()), "{s:?}");
        }
        assert!(Status::UnexpectedPass.fails_run() && Status::UnexpectedPass.agreed());
        assert!(!Status::ExpectedFail.fails_run() && Status::ExpectedFail.differed());
    }
}
