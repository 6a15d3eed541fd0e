//! Which fields differ, for the one highlighted line beside a failure's
//! boards: the model's [`Difference`] and, when both boards after the step
//! are known, every field of the two states ([`diff_fields`]), grouped by
//! field (position, captures, reserves, cooldowns, charges, outcome, ...)
//! and worded with both values. Also the cells that make an outcome (the
//! Network group, G1), drawn on the board that has it.

use crate::figure::outcome_words;
use hexodic_harness::oracle::diff_fields;
use hexodic_report::{cell_list, Counter, Difference, FieldDiff};
use hexodic_rules::{CellSet, Setup};
use std::collections::BTreeMap;

/// One field that differs: its name and the values, engine first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Differing {
    /// The field, as a player would name it: `position`, `captures`, `outcome`.
    pub field: String,
    /// The values: `X: engine 0, reference 1`.
    pub values: String,
}

/// The fields in which the engine differs from the reference: what the
/// difference itself names, then every other field of the states after the
/// step (the engine's board against the reference's), one entry per field.
pub(super) fn differing(
    d: &Difference,
    expected: Option<&Setup>,
    got: Option<&Setup>,
) -> Vec<Differing> {
    let mut out = of_difference(d);
    let from_states = match (expected, got) {
        (Some(e), Some(g)) => diff_fields(e, g),
        _ => match d {
            Difference::Fields { fields } => fields.clone(),
            _ => Vec::new(),
        },
    };
    for f in grouped(&from_states) {
        if !out.iter().any(|o| o.field == f.field) {
            out.push(f);
        }
    }
    out
}

/// The cells in which the states differ (cells, cooldowns), for the engine's board.
pub(super) fn differing_cells(
    d: &Difference,
    expected: Option<&Setup>,
    got: Option<&Setup>,
) -> CellSet {
    let mut cells = d.cells();
    if let (Some(e), Some(g)) = (expected, got) {
        for f in diff_fields(e, g) {
            cells |= f.cells();
        }
    }
    cells
}

/// The line itself: `Differs: captures (X: engine 0, reference 1); outcome (...)`.
pub(super) fn line(list: &[Differing]) -> String {
    let parts: Vec<String> = list
        .iter()
        .map(|f| format!("{} ({})", f.field, f.values))
        .collect();
    parts.join("; ")
}

/// What the difference itself names, when it is not a state.
fn of_difference(d: &Difference) -> Vec<Differing> {
    let one = |field: &str, values: String| {
        vec![Differing {
            field: field.to_owned(),
            values,
        }]
    };
    match d {
        Difference::Verdict { turn, .. } => one("verdict", format!("on `{turn}`")),
        Difference::Reasons { turn, .. } => one("reason codes", format!("for `{turn}`")),
        Difference::Fields { .. } => Vec::new(),
        Difference::Captures { expected, got } => one(
            "captured stones",
            format!(
                "engine {}, reference {}",
                cell_list(*got),
                cell_list(*expected)
            ),
        ),
        Difference::CaptureKind {
            capture: kind,
            expected,
            got,
            ..
        } => one(
            "captured stones",
            format!(
                "by {}: engine {}, reference {}",
                kind.name(),
                cell_list(*got),
                cell_list(*expected)
            ),
        ),
        Difference::LegalList { list: l } => one(
            "legal turns",
            format!(
                "{} missing, {} wrongly listed",
                l.missing_total(),
                l.extra_total()
            ),
        ),
        Difference::LegalCount { expected, got } => one(
            "number of legal turns",
            format!("engine {got}, reference {expected}"),
        ),
        Difference::Perft {
            depth,
            expected,
            got,
            ..
        } => one(
            "perft count",
            format!("depth {depth}: engine {got}, reference {expected}"),
        ),
        Difference::Faults { .. } => one("fault codes", "of an invalid position".into()),
        Difference::Validity { .. } => one("validity", "of the position".into()),
    }
}

/// Field differences grouped by field, each with both values.
fn grouped(fields: &[FieldDiff]) -> Vec<Differing> {
    let mut by: BTreeMap<(u8, String), Vec<String>> = BTreeMap::new();
    for f in fields {
        let (order, field, value) = match f {
            FieldDiff::Cell { cell, .. } => (0, "position".to_owned(), cell.to_string()),
            FieldDiff::ToMove { expected, got } => (
                1,
                "side to move".to_owned(),
                format!("engine {got}, reference {expected}"),
            ),
            FieldDiff::HalfMoves { expected, got } => (
                2,
                "half-move count".to_owned(),
                format!("engine {got}, reference {expected}"),
            ),
            FieldDiff::Counter {
                player,
                counter,
                expected,
                got,
            } => (
                3 + counter_order(*counter),
                counter_field(*counter).to_owned(),
                format!(
                    "{player}: engine {}, reference {}",
                    counter.show(*got),
                    counter.show(*expected)
                ),
            ),
            FieldDiff::Cooldown {
                player,
                expected,
                got,
            } => (
                20,
                "cooldowns".to_owned(),
                format!(
                    "{player}: engine {}, reference {}",
                    cell_list(*got),
                    cell_list(*expected)
                ),
            ),
            FieldDiff::Result { expected, got } => (
                30,
                "outcome".to_owned(),
                format!(
                    "engine: {}; reference: {}",
                    outcome_words(*got),
                    outcome_words(*expected)
                ),
            ),
        };
        by.entry((order, field)).or_default().push(value);
    }
    by.into_iter()
        .map(|((_, field), values)| Differing {
            values: if field == "position" {
                format!("cells {}", values.join(", "))
            } else {
                values.join("; ")
            },
            field,
        })
        .collect()
}

fn counter_order(c: Counter) -> u8 {
    Counter::ALL
        .iter()
        .position(|x| *x == c)
        .map_or(9, |i| i as u8)
}

/// The counter's name as a field of both players (`reserves`).
fn counter_field(c: Counter) -> &'static str {
    match c {
        Counter::Reserve => "reserves",
        c => c.name(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::outcome::outcome_cells;
    use super::*;
    use hexodic_rules::Cell;

    fn setup(s: &str) -> Setup {
        Setup::from_notation(s).unwrap()
    }

    #[test]
    fn an_outcome_only_difference_names_the_outcome_and_counters() {
        let reference =
            setup("..../...../....../......./....../...../.... o 1 x:r6c3k1u0l6P o:r7c3k0u0l6");
        let mut engine = reference;
        engine.counters[0].captures = 0;
        let d = Difference::Fields {
            fields: diff_fields(&reference, &engine),
        };
        let list = differing(&d, Some(&reference), Some(&engine));
        assert_eq!(
            list,
            [Differing {
                field: "captures".into(),
                values: "X: engine 0, reference 1".into()
            }]
        );
        assert_eq!(line(&list), "captures (X: engine 0, reference 1)");
        assert!(differing_cells(&d, Some(&reference), Some(&engine)).is_empty());
    }

    #[test]
    fn captures_and_cells_are_named_with_both_values() {
        let reference =
            setup("..../...../....../......./....../...../.1... o 1 x:r6c3k1u0l6P o:r7c3k0u0l6");
        let engine =
            setup("..../...../....../......./....../...../.o1.. o 1 x:r6c3k0u0l6P o:r6c3k0u0l6");
        let a1 = Cell::from_name("a1").unwrap();
        let d = Difference::Captures {
            expected: CellSet::from_cell(a1),
            got: CellSet::EMPTY,
        };
        let text = line(&differing(&d, Some(&reference), Some(&engine)));
        assert!(
            text.starts_with("captured stones (engine [], reference [a1])"),
            "{text}"
        );
        assert!(text.contains("position (cells "), "{text}");
        assert!(
            text.contains("captures (X: engine 0, reference 1)"),
            "{text}"
        );
        assert!(
            text.contains("reserves (O: engine 6, reference 7)"),
            "{text}"
        );
        assert!(differing_cells(&d, Some(&reference), Some(&engine)).contains(a1));
    }

    #[test]
    fn a_network_is_its_group_on_tier_2() {
        // Five X stones on tier-2 cells in a row, and one apart: X wins by network.
        let won = setup(
            "..../...../....../x2x2x2x2x2.x2/....../...../.... o 9 x:r1c3k0u9l6P o:r7c3k0u0l6P =x:network",
        );
        let cells = outcome_cells(&won);
        assert_eq!(cell_list(cells), "[d1, d2, d3, d4, d5]");
        let mut ongoing = won;
        ongoing.outcome = None;
        assert!(outcome_cells(&ongoing).is_empty());
    }
}
