//! The exit codes of the commands that drive an engine (`run`, `fuzz`,
//! `perft --engine`, `bench-protocol`), one [`Exit`] per documented code,
//! and the one mapping from how a run ended to its code.

use super::summary::Stopped;
use crate::engine::IncidentKind;

/// How a command ended, as its exit code says (README, "Exit codes").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exit {
    /// 0: every fixture passed (expected failures included).
    Pass,
    /// 1: the engine differs from the reference (or a listed failure passed).
    Differs,
    /// 2: a fixture or the command line has an error.
    Usage,
    /// 3: the engine cannot be used (does not start, fails its handshake,
    /// or fails the same way fixture after fixture).
    Unusable,
    /// 4: the engine crashed, hung or broke the protocol on some fixtures.
    Incidents,
    /// 5: the time limit (`--max-time`) ended the run before the end.
    Incomplete,
    /// 130: interrupted (Ctrl-C or SIGTERM).
    Interrupted,
}

impl Exit {
    /// The code's number.
    pub const fn code(self) -> u8 {
        match self {
            Exit::Pass => 0,
            Exit::Differs => 1,
            Exit::Usage => 2,
            Exit::Unusable => 3,
            Exit::Incidents => 4,
            Exit::Incomplete => 5,
            Exit::Interrupted => 130,
        }
    }

    /// The one mapping from how a run ended to its code: why it stopped
    /// early, if it did, then load errors, then incidents, then rule
    /// failures. A run that `--fail-fast` stopped ends as what it found.
    pub fn of(stopped: Option<Stopped>, errors: usize, incidents: usize, failed: usize) -> Exit {
        match stopped {
            Some(s) if s != Stopped::FailFast => Exit::from(s),
            _ if errors > 0 => Exit::Usage,
            _ if incidents > 0 => Exit::Incidents,
            _ if failed > 0 => Exit::Differs,
            _ => Exit::Pass,
        }
    }

    /// A command cut short by an engine's incident: stopped by the
    /// interrupt or the time limit (`interrupted` saying which), or an
    /// engine that cannot be used.
    pub fn after_incident(kind: &IncidentKind, interrupted: bool) -> Exit {
        match kind {
            IncidentKind::Stopped => Exit::from(Stopped::by_interrupt(interrupted)),
            _ => Exit::Unusable,
        }
    }
}

impl From<Stopped> for Exit {
    fn from(s: Stopped) -> Exit {
        match s {
            Stopped::Unusable => Exit::Unusable,
            Stopped::Interrupted => Exit::Interrupted,
            Stopped::TimeLimit => Exit::Incomplete,
            Stopped::FailFast => Exit::Differs,
        }
    }
}

impl From<Exit> for std::process::ExitCode {
    fn from(e: Exit) -> std::process::ExitCode {
        std::process::ExitCode::from(e.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_the_documented_ones() {
        let all = [
            Exit::Pass,
            Exit::Differs,
            Exit::Usage,
            Exit::Unusable,
            Exit::Incidents,
            Exit::Incomplete,
            Exit::Interrupted,
        ];
        assert_eq!(all.map(Exit::code), [0, 1, 2, 3, 4, 5, 130]);
    }

    #[test]
    fn a_stop_outranks_errors_which_outrank_incidents_and_failures() {
        assert_eq!(
            Exit::of(Some(Stopped::TimeLimit), 1, 1, 1),
            Exit::Incomplete
        );
        assert_eq!(
            Exit::of(Some(Stopped::Interrupted), 0, 0, 0),
            Exit::Interrupted
        );
        assert_eq!(Exit::of(Some(Stopped::Unusable), 0, 0, 0), Exit::Unusable);
        assert_eq!(Exit::of(None, 1, 1, 1), Exit::Usage);
        assert_eq!(Exit::of(None, 0, 1, 1), Exit::Incidents);
        assert_eq!(Exit::of(None, 0, 0, 1), Exit::Differs);
        assert_eq!(Exit::of(None, 0, 0, 0), Exit::Pass);
    }

    #[test]
    fn a_fail_fast_stop_ends_as_what_it_found() {
        let ff = Some(Stopped::FailFast);
        assert_eq!(Exit::of(ff, 0, 1, 0), Exit::Incidents);
        assert_eq!(Exit::of(ff, 0, 0, 1), Exit::Differs);
        assert_eq!(Exit::of(ff, 1, 0, 1), Exit::Usage);
    }

    #[test]
    fn a_stopped_request_is_an_interrupt_or_the_time_limit() {
        let stopped = IncidentKind::Stopped;
        assert_eq!(Exit::after_incident(&stopped, true), Exit::Interrupted);
        assert_eq!(Exit::after_incident(&stopped, false), Exit::Incomplete);
        let gave_up = IncidentKind::GaveUp { reason: "x".into() };
        assert_eq!(Exit::after_incident(&gave_up, true), Exit::Unusable);
    }
}
