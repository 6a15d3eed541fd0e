//! The root causes: ranked by how many fixtures share them, each with its
//! rules, kind, detail and count, its smallest example, and its fixtures
//! (the first ones in full, the rest one line each).

use super::page::escape;
use super::report::Writer;
use crate::diagnose::RootCause;

/// Fixtures of a root cause shown in full (with boards): its smallest
/// example and the next ones in the cause's order; the others get one line
/// each.
pub const FULL_PER_CAUSE: usize = 4;

/// At most this many fixtures are shown in full in the whole report (the
/// smallest examples of the first causes come first), so that a run where
/// everything fails stays a few megabytes.
pub const MAX_FULL: usize = 40;

impl<'a> Writer<'a> {
    /// The root-causes section.
    pub(super) fn causes(&mut self) {
        let r = self.r;
        self.h.open("section", &[("id", "causes")]);
        self.h.elem(
            "h2",
            &[],
            &format!("Root causes ({}, most fixtures first)", r.root_causes.len()),
        );
        if r.root_causes.is_empty() {
            self.h.elem("p", &[], "No fixture failed.");
        } else {
            self.h.elem(
                "p",
                &[("class", "muted")],
                "Failing fixtures are grouped by the first check they fail: the rules the difference implicates, its kind and its reason code or field. Each cause shows its smallest example first. Beside each failure's boards, one line says which fields differ; on the engine's board a thick dashed vermilion outline marks the cells that differ, a dotted outline the cells that make a result (a Network group, strangled stones) and a bold line under a finished game's board says why it ended, a dashed circle with a cross a captured stone, and blue marks draw the turn. The switch above the boards shows one board at a time in the same place; the arrow keys step from the board before the turn to the reference's and the engine's.",
            );
        }
        for (i, rc) in r.root_causes.iter().enumerate() {
            self.cause(i + 1, rc);
        }
        self.h.close("section");
    }

    fn cause(&mut self, n: usize, rc: &'a RootCause) {
        self.h.open(
            "article",
            &[("class", "cause"), ("id", &format!("cause-{n}"))],
        );
        self.cause_heading(n, rc);
        self.cause_facts(rc);
        self.cause_fixtures(rc);
        self.h.close("article");
    }

    /// A cause's heading: its number, rules, kind, detail and count of fixtures.
    fn cause_heading(&mut self, n: usize, rc: &RootCause) {
        let s = &rc.signature;
        let rules = if s.rules.is_empty() {
            "no rule".to_owned()
        } else {
            s.rules.join(", ")
        };
        self.h.elem(
            "h3",
            &[],
            &format!(
                "{n}. {rules} ({}): {} - {} fixture(s)",
                s.kind,
                rc.detail,
                rc.fixtures.len()
            ),
        );
    }

    /// The facts of a cause: rules, kind, detail, count and its smallest example.
    fn cause_facts(&mut self, rc: &RootCause) {
        let s = &rc.signature;
        self.h.open("dl", &[("class", "facts")]);
        self.h.elem("dt", &[], "Rules");
        let all = if rc.rules.is_empty() {
            "none".to_owned()
        } else {
            self.rules_titled(&rc.rules)
        };
        self.h.open("dd", &[]).raw(&all).close("dd");
        self.h.elem("dt", &[], "Kind");
        let kind = if s.key.is_empty() {
            s.kind.to_owned()
        } else {
            format!("{} ({})", s.kind, s.key)
        };
        self.h.elem("dd", &[], &kind);
        self.h.elem("dt", &[], "Detail");
        self.h.elem("dd", &[], &rc.detail);
        self.h.elem("dt", &[], "Fixtures");
        self.h.elem("dd", &[], &rc.fixtures.len().to_string());
        self.h.elem("dt", &[], "Smallest example");
        let ex = format!(
            "{}, step {}, variant {}",
            self.link(&rc.example.id),
            rc.example.step,
            escape(&rc.example.variant.to_string())
        );
        self.h.open("dd", &[]).raw(&ex).close("dd");
        self.h.close("dl");
    }

    /// A cause's fixtures: the first ones in full while room is left, the others one line each.
    fn cause_fixtures(&mut self, rc: &RootCause) {
        // The example first, then the others in the cause's order.
        let mut order: Vec<&str> = vec![rc.example.id.as_str()];
        order.extend(
            rc.fixtures
                .iter()
                .map(String::as_str)
                .filter(|id| *id != rc.example.id),
        );
        let mut brief = Vec::new();
        for (k, id) in order.iter().enumerate() {
            let Some(res) = self.r.result(id) else {
                continue;
            };
            if k < FULL_PER_CAUSE && self.full < MAX_FULL {
                self.full += 1;
                self.fixture(res);
            } else {
                brief.push(res);
            }
        }
        let summary = format!(
            "{} more fixture(s) with this cause, one line each",
            brief.len()
        );
        self.folded_lines(&summary, &brief);
    }
}
