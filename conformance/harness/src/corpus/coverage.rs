//! Coverage: for each rule ID of the covered groups, the fixtures where it
//! fires or permits and those where it rejects or does not fire.

use super::fixture::Fixture;
use hexodic_rules::registry;

/// The rule groups that coverage requires fixtures for.
pub const COVERED_GROUPS: &[char] = &['B', 'P', 'T', 'S', 'E', 'C', 'G', 'V', 'N'];

/// One rule's fixtures on each side.
#[derive(Clone, Debug)]
pub struct RuleCoverage {
    /// The rule.
    pub rule: &'static registry::RuleInfo,
    /// Fixtures where it fires or permits.
    pub passing: Vec<String>,
    /// Fixtures where it rejects or does not fire.
    pub failing: Vec<String>,
}

/// Whether coverage requires fixtures for this rule ID.
pub fn is_covered(id: &str) -> bool {
    let mut ch = id.chars();
    matches!((ch.next(), ch.next()), (Some(g), Some(d)) if COVERED_GROUPS.contains(&g) && d.is_ascii_digit())
}

/// Coverage of every rule ID of the covered groups.
pub fn coverage(fixtures: &[Fixture]) -> Vec<RuleCoverage> {
    registry::RULES
        .iter()
        .filter(|r| is_covered(r.id))
        .map(|rule| {
            let (mut passing, mut failing) = (Vec::new(), Vec::new());
            for f in fixtures
                .iter()
                .filter(|f| f.rules.iter().any(|r| r == rule.id))
            {
                if f.sides.0 {
                    passing.push(f.id.clone());
                }
                if f.sides.1 {
                    failing.push(f.id.clone());
                }
            }
            RuleCoverage {
                rule,
                passing,
                failing,
            }
        })
        .collect()
}
