//! The skipped checks: per capability the engine lacks, how many
//! fixtures had checks skipped, and the fixtures skipped outright.

use super::report::Writer;
use crate::engine::Capability;
use crate::run::{FixtureResult, Status};

impl<'a> Writer<'a> {
    /// The skipped-checks section, when a check was skipped.
    pub(super) fn skipped(&mut self) {
        let s = &self.r.summary;
        if s.skipped_checks.is_empty() {
            return;
        }
        self.h.open("section", &[("id", "skipped")]);
        self.h.elem("h2", &[], "Skipped checks");
        self.h.elem(
            "p",
            &[],
            "Checks that need a capability the engine does not declare are skipped: the fixture is neither passed nor failed on them.",
        );
        self.h.open("ul", &[("class", "brief")]);
        for (c, n) in &s.skipped_checks {
            self.h.elem(
                "li",
                &[],
                &format!("{} ({}): {n} fixture(s)", c.checks(), Capability::name(*c)),
            );
        }
        self.h.close("ul");
        let only: Vec<&FixtureResult> = self
            .r
            .results
            .iter()
            .filter(|x| x.status == Status::Skipped)
            .collect();
        if !only.is_empty() {
            self.h.open("details", &[]);
            self.h.elem(
                "summary",
                &[],
                &format!(
                    "{} fixture(s) skipped (nothing differed, some checks skipped)",
                    only.len()
                ),
            );
            self.h.open("ul", &[("class", "brief")]);
            for x in only {
                self.one_line(x);
            }
            self.h.close("ul");
            self.h.close("details");
        }
        self.h.close("section");
    }
}
