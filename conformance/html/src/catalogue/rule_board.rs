//! One board that shows a rule at work, from a fixture of the corpus: where
//! it fires or permits, or where it rejects or does not fire. The fixture is
//! the first (in id order) that cites the rule first and shows that side
//! alone, else the first that shows the side; the board is its first step
//! of the kind the side asks for (a legal turn, a rejected one), else its
//! start.

use super::site::page_href;
use super::steps::{invalid_setup_figure, start_figure, step_figure};
use crate::figure::Figure;
use crate::markup::slug;
use hexodic_harness::corpus::{Fixture, Trace};
use hexodic_report::TurnVerdict;
use std::collections::BTreeMap;

/// Which side of a rule a board shows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    /// The rule fires or permits.
    Fires,
    /// The rule rejects or does not fire.
    Rejects,
}

/// A board that shows a rule, and where it comes from.
pub(super) struct RuleBoard<'a> {
    /// The fixture drawn.
    pub fixture: &'a Fixture,
    /// The anchor of the step drawn on the fixture's page (`step-2`,
    /// `start`), if the page has one.
    pub anchor: Option<String>,
    /// The figure.
    pub figure: Figure,
}

impl RuleBoard<'_> {
    /// The link to the step drawn, relative to the site's root.
    pub(super) fn href(&self) -> String {
        let page = page_href(&self.fixture.id);
        match &self.anchor {
            Some(a) => format!("{page}#{a}"),
            None => page,
        }
    }
}

/// The fixture of `ids` that best shows `rule` on `side`, other than
/// `avoid` (the fixture drawn for the other side) unless it is the only one.
fn pick<'a>(
    rule: &str,
    side: Side,
    ids: &[String],
    fixtures: &BTreeMap<&str, &'a Fixture>,
    avoid: Option<&str>,
) -> Option<&'a Fixture> {
    let mut list: Vec<&Fixture> = ids
        .iter()
        .filter_map(|id| fixtures.get(id.as_str()).copied())
        .collect();
    if list.iter().any(|f| Some(f.id.as_str()) != avoid) {
        list.retain(|f| Some(f.id.as_str()) != avoid);
    }
    let alone = |f: &&Fixture| match side {
        Side::Fires => f.sides == (true, false),
        Side::Rejects => f.sides == (false, true),
    };
    let first = |f: &&Fixture| f.rules.first().is_some_and(|r| r == rule);
    list.iter()
        .find(|f| first(f) && alone(f))
        .or_else(|| list.iter().find(|f| first(f)))
        .or_else(|| list.iter().find(|f| alone(f)))
        .or_else(|| list.first())
        .copied()
}

/// The board that shows `rule` on `side`, from the best of the fixtures
/// `ids` (another than `avoid` when there is one); `None` when none of them
/// is in `fixtures`.
pub(super) fn rule_board<'a>(
    rule: &str,
    side: Side,
    ids: &[String],
    fixtures: &BTreeMap<&str, &'a Fixture>,
    avoid: Option<&str>,
) -> Option<RuleBoard<'a>> {
    let fx = pick(rule, side, ids, fixtures, avoid)?;
    let prefix = format!(
        "{}-{}",
        slug(rule),
        if side == Side::Fires {
            "fires"
        } else {
            "rejects"
        }
    );
    if fx.invalid.is_some() {
        return Some(RuleBoard {
            fixture: fx,
            anchor: None,
            figure: invalid_setup_figure(fx, &prefix),
        });
    }
    let trace = Trace::record(fx);
    let wanted = |v: &TurnVerdict| match side {
        Side::Fires => matches!(v, TurnVerdict::Legal),
        Side::Rejects => matches!(v, TurnVerdict::Illegal(_)),
    };
    let step = trace
        .steps
        .iter()
        .enumerate()
        .find(|(_, s)| wanted(&s.verdict))
        .or_else(|| {
            // A rule that does not fire on a legal turn: the first step.
            (side == Side::Rejects)
                .then(|| trace.steps.iter().enumerate().next())
                .flatten()
        });
    if let Some((i, ts)) = step {
        return Some(RuleBoard {
            fixture: fx,
            anchor: Some(format!("step-{}", i + 1)),
            figure: step_figure(fx, i + 1, ts, &prefix),
        });
    }
    let start = trace.start.as_ref()?;
    Some(RuleBoard {
        fixture: fx,
        anchor: Some("start".to_owned()),
        figure: start_figure(fx, start, &prefix),
    })
}
