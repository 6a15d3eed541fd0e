//! The skipped checks, apart from the failures: per capability the engine
//! lacks, how many fixtures had checks skipped, and the fixtures skipped
//! outright.

use super::writer::Writer;
use hexodic_report::{count, FixtureReport, Status};
use maud::{html, Markup};

impl Writer<'_> {
    /// The skipped-checks section, when a check was skipped.
    pub(super) fn skipped(&self) -> Markup {
        let t = &self.r.summary;
        if t.skipped_checks.is_empty() {
            return html! {};
        }
        let only: Vec<&FixtureReport> = self
            .r
            .results
            .iter()
            .filter(|x| x.status == Status::Skipped)
            .collect();
        html! {
            section #skipped {
                h2 { "Skipped checks" }
                p { "Checks that need a capability the engine does not declare are skipped: the fixture is neither passed nor failed on them." }
                ul.brief {
                    @for (c, n) in &t.skipped_checks {
                        li { (c.checks()) " (" (c.name()) "): " (count(*n, "fixture", "fixtures")) }
                    }
                }
                @if t.skipped > 0 {
                    details {
                        summary {
                            (count(t.skipped, "fixture", "fixtures"))
                            " skipped (nothing differed, some checks skipped)"
                        }
                        ul.brief { @for x in &only { (self.one_line(x, "")) } }
                    }
                }
            }
        }
    }
}
