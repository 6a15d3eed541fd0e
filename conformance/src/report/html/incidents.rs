//! The engine incidents: how many of each kind, then each in full (what
//! happened, where, the request, the tail of the engine's standard
//! error), the rest one line each.

use super::page::{escape, inline};
use super::report::Writer;
use crate::diagnose::IncidentAt;
use crate::engine::shorten;
use crate::run::FixtureResult;
use hexodic_io::paths;
use std::collections::BTreeMap;

/// Incidents shown in full (request and standard error); the others get
/// one line each.
pub const INCIDENTS_IN_FULL: usize = 10;

/// Lines of an engine's standard error shown under an incident.
const STDERR_LINES: usize = 12;

impl<'a> Writer<'a> {
    /// The incidents section, when there are any.
    pub(super) fn incidents(&mut self) {
        let with: Vec<&FixtureResult> = self
            .r
            .results
            .iter()
            .filter(|x| x.incident().is_some())
            .collect();
        if with.is_empty() {
            return;
        }
        self.h.open("section", &[("id", "incidents")]);
        self.h.elem("h2", &[], "Engine incidents");
        self.h.elem(
            "p",
            &[],
            &format!(
                "engine incidents: {} fixture(s) ({}); they are not rule failures",
                with.len(),
                incident_counts(&with).join(", ")
            ),
        );
        let mut brief = Vec::new();
        for (k, x) in with.into_iter().enumerate() {
            if k >= INCIDENTS_IN_FULL {
                brief.push(x);
                continue;
            }
            let Some(i) = x.incident() else { continue };
            self.incident(x, i);
        }
        let summary = format!("{} more incident(s), one line each", brief.len());
        self.folded_lines(&summary, &brief);
        self.h.close("section");
    }

    /// One incident in full: what happened, where, the request, and the engine's last words.
    fn incident(&mut self, x: &FixtureResult, i: &IncidentAt) {
        let anchor = self.anchor(&x.id);
        self.h
            .open("article", &[("class", "incident"), ("id", &anchor)]);
        self.h
            .open("h4", &[])
            .text(&x.id)
            .text(" ")
            .elem("span", &[("class", "badge")], i.incident.kind.name())
            .close("h4");
        self.incident_facts(x, i);
        let tail: Vec<&str> = i.incident.stderr.lines().rev().take(STDERR_LINES).collect();
        if !tail.is_empty() {
            self.h.elem(
                "p",
                &[],
                "standard error of that engine process (last lines):",
            );
            let lines: Vec<String> = tail.iter().rev().map(|l| shorten(l, 200)).collect();
            self.h.elem("pre", &[], &lines.join("\n"));
        }
        self.h.close("article");
    }

    /// The facts of an incident: what, where, the request, and a difference seen before it.
    fn incident_facts(&mut self, x: &FixtureResult, i: &IncidentAt) {
        self.h.open("dl", &[("class", "facts")]);
        self.h.elem("dt", &[], "What");
        self.h.elem("dd", &[], &i.incident.kind.to_string());
        self.h.elem("dt", &[], "Where");
        let place = format!(
            "<code>{}:{}</code>: {}, variant {}",
            escape(&paths::shown(&x.file)),
            i.line,
            inline(&i.place()),
            escape(&i.variant.to_string())
        );
        self.h.open("dd", &[]).raw(&place).close("dd");
        if !i.incident.request.is_empty() {
            self.h.elem("dt", &[], "Request");
            self.h.open("dd", &[]);
            self.h
                .elem("code", &[], &shorten(&i.incident.request, 300))
                .close("dd");
        }
        if let Some(f) = x.failure() {
            self.h.elem("dt", &[], "Before it");
            self.h.elem_inline(
                "dd",
                &[],
                &format!(
                    "a check had already differed: {}: {}",
                    f.cause.place(),
                    f.cause.difference.summary()
                ),
            );
        }
        self.rerun(x);
        self.h.close("dl");
    }
}

/// How many of these fixtures had each kind of incident, as `kind: n`, by kind name.
fn incident_counts(with: &[&FixtureResult]) -> Vec<String> {
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for x in with {
        if let Some(i) = x.incident() {
            *kinds.entry(i.incident.kind.name()).or_insert(0) += 1;
        }
    }
    kinds.iter().map(|(k, n)| format!("{k}: {n}")).collect()
}
