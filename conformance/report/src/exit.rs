//! The exit codes, one [`Exit`] per documented code, and the one place
//! that decides them: from a run's report ([`Exit::of_run`], the
//! comparison with a baseline and an updated expectations file included),
//! from a fuzz campaign's ([`Exit::of_fuzz`]), and what a report that
//! could not be written makes of either ([`Exit::after_writing`]).

use super::fuzz::FuzzReport;
use super::run::RunReport;
use super::status::Stopped;
use super::totals::count;
use hexodic_engine::IncidentKind;

/// How a command ended, as its exit code says (README, "Exit codes").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Exit {
    /// 0: every fixture passed (expected failures included).
    Pass,
    /// 1: the engine differs from the reference (or a listed failure passed).
    Differs,
    /// 2: a fixture, a file read or written, or the command line has an error.
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

    /// What the code means, in words.
    pub const fn meaning(self) -> &'static str {
        match self {
            Exit::Pass => "every fixture passed (expected failures included)",
            Exit::Differs => "the engine differs from the reference",
            Exit::Usage => "an input, an output or the command line has an error",
            Exit::Unusable => "the engine cannot be used",
            Exit::Incidents => {
                "the engine crashed, hung or broke the protocol (incidents, not rule failures)"
            }
            Exit::Incomplete => "the time limit ended the run before its end",
            Exit::Interrupted => "the run was interrupted",
        }
    }

    /// How a run ends: why it stopped early, if it did; then load errors;
    /// then incidents; then rule failures, which an expectations file
    /// rewritten by the run (`--update-expectations`) makes expected, and
    /// which, with a baseline, fail the run only when the comparison shows
    /// a fixture newly failing or failing differently (an unexpected pass
    /// fails it always: the expectations file must say so). See
    /// [`Exit::words_of_run`] for the same decision in words.
    pub fn of_run(report: &RunReport) -> Exit {
        Exit::decide(report).0
    }

    /// The exit code of a run and the sentence saying what decided it:
    /// `exit 1: 3 fixtures newly failing against the baseline`.
    pub fn words_of_run(report: &RunReport) -> String {
        let (exit, why) = Exit::decide(report);
        format!("exit {}: {why}", exit.code())
    }

    fn decide(report: &RunReport) -> (Exit, String) {
        let t = &report.summary;
        match report.stopped {
            Some(s) if s != Stopped::FailFast => {
                return (Exit::from(s), format!("run incomplete: {}", s.describe()))
            }
            _ => {}
        }
        if t.errors > 0 {
            let files = count(t.errors, "file", "files");
            return (Exit::Usage, format!("{files} could not be loaded"));
        }
        if t.incidents > 0 {
            let n = count(t.incidents, "fixture", "fixtures");
            return (
                Exit::Incidents,
                format!("engine incidents on {n} (not rule failures)"),
            );
        }
        let failing = t.rule_failures();
        if failing == 0 {
            let expected = match t.expected_failures {
                0 => String::new(),
                n => format!(
                    ", {} as the expectations file says",
                    count(n, "fixture fails", "fixtures fail")
                ),
            };
            return (Exit::Pass, format!("no rule failure{expected}"));
        }
        let updated = report
            .settings
            .expectations
            .as_ref()
            .is_some_and(|e| e.updated);
        if updated {
            return (
                Exit::Pass,
                format!(
                    "the expectations file was rewritten: its {} now expected",
                    count(failing, "failure is", "failures are")
                ),
            );
        }
        if let Some(c) = &report.comparison {
            let newly = c.newly_failing.len() + c.changed.len();
            if newly == 0 && t.unexpected_passes == 0 {
                return (
                    Exit::Pass,
                    format!(
                        "{} as in the baseline, none newly failing or failing differently",
                        count(failing, "fixture fails", "fixtures fail")
                    ),
                );
            }
            if newly > 0 {
                return (
                    Exit::Differs,
                    format!(
                        "{} newly failing or failing differently against the baseline",
                        count(newly, "fixture", "fixtures")
                    ),
                );
            }
        }
        let mut parts = Vec::new();
        for (n, one, many) in [
            (
                t.failed,
                "failure not in the expectations file",
                "failures not in the expectations file",
            ),
            (t.changed_failures, "changed failure", "changed failures"),
            (t.unexpected_passes, "unexpected pass", "unexpected passes"),
            (t.flaky, "flaky fixture", "flaky fixtures"),
        ] {
            if n > 0 {
                parts.push(count(n, one, many));
            }
        }
        (Exit::Differs, parts.join(", "))
    }

    /// How `compare` ends: 1 when the later build has a fixture newly
    /// failing, failing differently or with a new incident; 0 otherwise
    /// (fixes alone included).
    pub fn of_comparison(c: &super::comparison::Comparison) -> Exit {
        if c.regressed() {
            Exit::Differs
        } else {
            Exit::Pass
        }
    }

    /// How `perft --engine` ends on counts that differ: 0 when the
    /// expectations file pins the difference's signature (`known`), 1
    /// otherwise.
    pub const fn of_perft_difference(known: bool) -> Exit {
        if known {
            Exit::Pass
        } else {
            Exit::Differs
        }
    }

    /// How a fuzz campaign ends: why it stopped early, if it did; then a
    /// new difference (one whose signature the expectations file does not
    /// pin); then incidents.
    pub fn of_fuzz(report: &FuzzReport) -> Exit {
        match report.stopped {
            Some(s) if s != Stopped::FailFast => return Exit::from(s),
            _ => {}
        }
        if report.finding.as_ref().is_some_and(|f| !f.known) {
            return Exit::Differs;
        }
        if !report.incidents.is_empty() {
            return Exit::Incidents;
        }
        Exit::Pass
    }

    /// The exit of a command whose reports were written (`ok`) or not: a
    /// report that could not be written is exit 2, whatever the run found.
    pub fn after_writing(self, ok: bool) -> Exit {
        if ok {
            self
        } else {
            Exit::Usage
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
    fn a_report_not_written_is_a_usage_error_whatever_the_run_found() {
        for e in [Exit::Pass, Exit::Differs, Exit::Incidents] {
            assert_eq!(e.after_writing(false), Exit::Usage);
            assert_eq!(e.after_writing(true), e);
        }
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
