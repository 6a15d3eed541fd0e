//! The engine incidents, apart from the rule failures: how many of each
//! kind, then each in full (what happened, where, the request, the
//! engine's reply as received, the tail of its standard error), the rest
//! one line each.

use super::writer::Writer;
use crate::markup::inline;
use hexodic_engine::shorten;
use hexodic_report::{count, FixtureReport, IncidentReport};
use maud::{html, Markup};
use std::collections::BTreeMap;

/// Incidents shown in full (request, reply and standard error); the others
/// get one line each.
pub(crate) const INCIDENTS_IN_FULL: usize = 10;

/// Lines of an engine's standard error shown under an incident.
const STDERR_LINES: usize = 12;

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
        let brief: Vec<&FixtureReport> = with
            .iter()
            .skip(INCIDENTS_IN_FULL)
            .map(|(x, _)| *x)
            .collect();
        let summary = format!(
            "{} more, one line each",
            count(brief.len(), "incident", "incidents")
        );
        html! {
            section #incidents {
                h2 { "Engine incidents" }
                p {
                    "engine incidents: " (count(self.r.summary.incidents, "fixture", "fixtures"))
                    " (" (kinds(&with)) "); they are not rule failures"
                }
                @for (x, i) in with.iter().take(INCIDENTS_IN_FULL) {
                    (self.incident(x, i))
                }
                (self.folded_lines(&summary, &brief, &[]))
            }
        }
    }

    /// One incident in full: what happened, where, the request and the
    /// reply, and the engine's last words.
    fn incident(&self, x: &FixtureReport, i: &IncidentReport) -> Markup {
        let tail: Vec<String> = {
            let mut last: Vec<&str> = i.stderr_tail.lines().rev().take(STDERR_LINES).collect();
            last.reverse();
            last.into_iter().map(|l| shorten(l, 200)).collect()
        };
        html! {
            article.incident id=(self.anchor(&x.id)) {
                h4 { (x.id) " " span.badge { (i.kind) } }
                dl.facts {
                    dt { "What" }
                    dd { (i.message) }
                    dt { "Where" }
                    dd {
                        code { (x.file) ":" (i.line) } ": " (inline(&i.place()))
                        ", variant " (i.variant)
                    }
                    @if !i.request.is_empty() {
                        dt { "Request" }
                        dd { code { (shorten(&i.request, 300)) } }
                    }
                    @if let Some(reply) = &i.reply {
                        dt { "Reply" }
                        dd { code { (shorten(reply, 300)) } }
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
                @if !tail.is_empty() {
                    p { "standard error of that engine process (last lines):" }
                    pre { (tail.join("\n")) }
                }
            }
        }
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
