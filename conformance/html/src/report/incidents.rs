//! The engine incidents, apart from the rule failures: how many of each
//! kind, then grouped by what happened (the kind and the message), each
//! group with one example in full (where, the request, the engine's reply
//! as received, the tail of its standard error, what an exit code means)
//! and its other fixtures one line each.

use super::writer::Writer;
use crate::markup::{inline, slug};
use hexodic_engine::shorten;
use hexodic_report::{count, FixtureReport, IncidentReport};
use maud::{html, Markup};
use std::collections::BTreeMap;

/// Lines of an engine's standard error shown under an incident.
const STDERR_LINES: usize = 12;

/// The fixtures whose incidents said one thing, in the report's order.
type Group<'a> = Vec<(&'a FixtureReport, &'a IncidentReport)>;

/// The incidents grouped by kind and message, the largest group first
/// (then by the order of their first fixture).
fn groups<'a>(with: &[(&'a FixtureReport, &'a IncidentReport)]) -> Vec<Group<'a>> {
    let mut order: Vec<(&str, &str)> = Vec::new();
    let mut by: BTreeMap<(&str, &str), Group<'a>> = BTreeMap::new();
    for (x, i) in with {
        let key = (i.kind.as_str(), i.message.as_str());
        if !by.contains_key(&key) {
            order.push(key);
        }
        by.entry(key).or_default().push((*x, *i));
    }
    let mut out: Vec<Group<'a>> = order.iter().filter_map(|k| by.remove(k)).collect();
    out.sort_by_key(|g| std::cmp::Reverse(g.len()));
    out
}

/// What an engine process's exit code means, when `message` says it
/// exited with one: the code is the engine's own, but some are common.
pub(crate) fn exit_code_meaning(message: &str) -> Option<String> {
    let rest = message.split("exited with code ").nth(1)?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let code: u32 = digits.parse().ok()?;
    let what = match code {
        0 => "the engine ended normally, as if it had nothing more to do: it stopped before answering".to_owned(),
        101 => "101 is what a Rust program exits with when it panics: look for `panicked at` in its standard error".to_owned(),
        134 => "134 is 128 + 6 (SIGABRT): the engine aborted, often a failed assertion or a C++ exception not caught".to_owned(),
        137 => "137 is 128 + 9 (SIGKILL): the engine was killed, often by the system for using too much memory".to_owned(),
        139 => "139 is 128 + 11 (SIGSEGV): the engine read or wrote memory it does not own".to_owned(),
        129..=192 => format!("{code} is 128 + {}: the engine was ended by signal {}", code - 128, code - 128),
        1 => "1 is the usual code of an error the engine reported itself (an exception, an error it returned from main)".to_owned(),
        c => format!("{c} is a code the engine chose itself: the harness gives it no meaning, and the engine's own documentation or its standard error says why"),
    };
    Some(format!(
        "exit code {what}; the harness counts it as an incident, not a rule failure"
    ))
}

impl Writer<'_> {
    /// The incidents section, when there are any.
    pub(super) fn incidents(&self) -> Markup {
        let with: Vec<(&FixtureReport, &IncidentReport)> = self
            .r
            .results
            .iter()
            .filter_map(|x| x.incident.as_ref().map(|i| (x, i)))
            .collect();
        if with.is_empty() {
            return html! {};
        }
        let groups = groups(&with);
        html! {
            section #incidents {
                h2 { "Engine incidents" }
                p {
                    "engine incidents: " (count(self.r.summary.incidents, "fixture", "fixtures"))
                    " (" (kinds(&with)) "); they are not rule failures. "
                    (count(groups.len(), "kind of message", "kinds of message")) ", each with one example in full:"
                }
                @for g in &groups { (self.group(g)) }
            }
        }
    }

    /// One group: its message, how many fixtures, one example in full and
    /// the others one line each.
    fn group(&self, g: &Group<'_>) -> Markup {
        let (x, i) = g[0];
        let rest: Vec<&FixtureReport> = g.iter().skip(1).map(|(x, _)| *x).collect();
        let summary = format!(
            "{} with this message, one line each",
            count(rest.len(), "other fixture", "other fixtures")
        );
        html! {
            article.incident id={ "incident-" (slug(&x.id)) } {
                h3 { span.badge { (i.kind) } " " (inline(&i.message)) }
                p { (count(g.len(), "fixture", "fixtures")) "; the first, " (x.id) ", in full:" }
                (self.incident(x, i))
                (self.folded_lines(&summary, &rest, &[]))
            }
        }
    }

    /// One incident in full: where, the request and the reply, and the
    /// engine's last words.
    fn incident(&self, x: &FixtureReport, i: &IncidentReport) -> Markup {
        let tail: Vec<String> = {
            let mut last: Vec<&str> = i.stderr_tail.lines().rev().take(STDERR_LINES).collect();
            last.reverse();
            last.into_iter().map(|l| shorten(l, 200)).collect()
        };
        html! {
            div id=(self.anchor(&x.id)) {
                dl.facts {
                    dt { "What" }
                    dd { (inline(&i.message)) }
                    @if let Some(meaning) = exit_code_meaning(&i.message) {
                        dt { "Exit code" }
                        dd { (inline(&meaning)) }
                    }
                    dt { "Where" }
                    dd {
                        (x.id) ": " code { (x.file) ":" (i.line) } ", " (inline(&i.place()))
                        ", variant " (i.variant)
                    }
                    @if !i.request.is_empty() {
                        dt { "Request" }
                        dd { code { (shorten(&i.request, 300)) } }
                    }
                    dt { "Reply as received" }
                    dd {
                        @match &i.reply {
                            Some(reply) => code { (shorten(reply, 300)) },
                            None => span.muted { "none: " (reply_missing(&i.kind)) },
                        }
                    }
                    @if let Some(f) = &x.failure {
                        dt { "Before it" }
                        dd {
                            "a check had already differed: " (inline(&f.cause.place()))
                            ": " (inline(&f.cause.summary))
                        }
                    }
                    (Self::rerun_fact(x))
                }
                @if tail.is_empty() {
                    p.muted { "The engine wrote nothing to its standard error." }
                } @else {
                    p { "standard error of that engine process (last lines):" }
                    pre { (tail.join("\n")) }
                }
            }
        }
    }
}

/// Why an incident of `kind` has no reply to show.
fn reply_missing(kind: &str) -> &'static str {
    match kind {
        "crash" => "the engine ended before it replied",
        "timeout" => "no reply came within the time limit",
        "spawn" => "the engine did not start",
        "panic" => "the engine panicked while it answered",
        "stopped" => "the run was stopped while the engine worked",
        _ => "the engine's reply was not kept",
    }
}

/// How many of these fixtures had each kind of incident, as `kind: n`, by
/// kind name.
fn kinds(with: &[(&FixtureReport, &IncidentReport)]) -> String {
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, i) in with {
        *kinds.entry(i.kind.as_str()).or_insert(0) += 1;
    }
    let list: Vec<String> = kinds.iter().map(|(k, n)| format!("{k}: {n}")).collect();
    list.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exit_code_is_explained() {
        let four = exit_code_meaning("the engine exited with code 4").unwrap();
        assert!(
            four.starts_with("exit code 4 is a code the engine chose itself"),
            "{four}"
        );
        assert!(exit_code_meaning("the engine exited with code 101")
            .unwrap()
            .contains("panics"));
        assert!(exit_code_meaning("the engine exited with code 137")
            .unwrap()
            .contains("SIGKILL"));
        assert!(exit_code_meaning("the engine exited with code 130")
            .unwrap()
            .contains("signal 2"));
        assert_eq!(exit_code_meaning("no reply within 5s"), None);
    }
}
