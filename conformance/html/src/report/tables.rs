//! The report's two tables, written for a clean run as for a failing one:
//! the results by rule area and rule (the model's tallies: a fixture counts
//! for every rule it cites, once for an area), and every fixture with its
//! status and variants, which a switch filters to the fixtures that did not
//! pass (radio buttons and the style sheet: no script; without style, the
//! plain table).

use super::writer::Writer;
use crate::tally::{all_pass, by_area, status_class, tally_words};
use hexodic_report::{FixtureReport, RuleTally, Status};
use hexodic_rules::registry;
use maud::{html, Markup};

/// Whether a fixture's status counts as passing in the tables (a pass, or
/// an unexpected pass: the engine got it right), as the totals count it.
fn passes(s: Status) -> bool {
    matches!(s, Status::Pass | Status::UnexpectedPass)
}

/// A tally's cell: passing of all counted, the kinds apart in its title.
fn tally_cell(t: &RuleTally, head: bool) -> Markup {
    let class = format!("num {}", status_class(t));
    let text = format!("{}/{}", t.passed, t.fixtures);
    html! {
        @if head {
            th class=(class) title=(tally_words(t)) { (text) }
        } @else {
            td class=(class) title=(tally_words(t)) { (text) }
        }
    }
}

impl Writer<'_> {
    /// The results by rule area and rule.
    pub(super) fn rule_table(&self) -> Markup {
        let areas = by_area(&self.r.results, &self.r.by_rule);
        html! {
            section #by-rule {
                h2 { "Results by rule" }
                p.muted { "Passing fixtures of all run, by rule area and by rule: a fixture counts for every rule it cites. A failure, an incident and a skipped fixture are counted apart: hold the pointer over a number to see them." }
                div.table-wrap {
                    table.results {
                        thead { tr { th { "Rule" } th { "Title" } th { "Passing" } } }
                        tbody {
                            @for area in &areas {
                                tr.area {
                                    th colspan="2" { (area.label()) }
                                    (tally_cell(&area.tally, true))
                                }
                                @for t in &area.rules {
                                    tr class=(if all_pass(t) { "ok" } else { "bad" }) {
                                        td { (self.rule_link(&t.rule)) }
                                        td { (registry::lookup(&t.rule).map_or("", |r| r.title)) }
                                        (tally_cell(t, false))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every fixture with its status and variants, filterable to the ones
    /// that did not pass.
    pub(super) fn fixture_table(&self) -> Markup {
        let t = &self.r.summary;
        html! {
            section #fixtures {
                h2 { "Every fixture (" (t.fixtures) ")" }
                div.filter {
                    input type="radio" name="fixture-filter" id="filter-all" class="f-all" checked="checked";
                    label for="filter-all" { "All (" (t.fixtures) ")" }
                    input type="radio" name="fixture-filter" id="filter-bad" class="f-bad";
                    label for="filter-bad" { "Not passing (" (t.fixtures.saturating_sub(t.passed)) ")" }
                    div.table-wrap {
                        table.results.fixtures {
                            thead {
                                tr { th { "Fixture" } th { "Status" } th { "Variants" } th { "Rules" } }
                            }
                            tbody { @for res in &self.r.results { (self.fixture_row(res)) } }
                        }
                    }
                }
            }
        }
    }

    fn fixture_row(&self, res: &FixtureReport) -> Markup {
        let ok = passes(res.status);
        html! {
            tr class=(if ok { "ok" } else { "bad" }) {
                td { (self.fixture_link(res)) }
                td class=(if ok { "status-pass" } else { "status-fail" }) { (res.status.name()) }
                td.num { (res.variants_run) }
                td { (self.rule_links(&res.rules)) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::area_letter;

    #[test]
    fn areas_of_rule_ids() {
        assert_eq!(area_letter("C1"), 'C');
        assert_eq!(area_letter("G7"), 'G');
        assert_eq!(area_letter("I3"), '-');
        assert_eq!(area_letter("R"), '-');
        assert_eq!(area_letter(""), '-');
        assert!(passes(Status::UnexpectedPass));
        assert!(!passes(Status::ExpectedFail));
    }
}
