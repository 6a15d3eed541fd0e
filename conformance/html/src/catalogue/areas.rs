//! The rule areas of the catalogue and the page each rule is on: one page
//! per area (`rules-b.html` for B, the board), and `rules-other.html` for the
//! ruleset and the invariants, which no area covers.

use crate::markup::slug;
use hexodic_harness::corpus::is_covered;

/// The areas of the catalogue, in order: the rule group letter and its name.
pub(crate) const AREAS: [(char, &str); 9] = [
    ('B', "The board"),
    ('P', "Players and the starting state"),
    ('T', "The turn"),
    ('S', "Shape"),
    ('E', "Echo"),
    ('C', "Capture"),
    ('G', "End of the turn"),
    ('V', "Positions given directly"),
    ('N', "What counts as one turn"),
];

/// The name of the page of the rules outside the areas.
pub(super) const OTHER_PAGE: &str = "rules-other.html";

/// The title of the page of the rules outside the areas.
pub(super) const OTHER_TITLE: &str = "The ruleset and the invariants";

/// The page of area `g`: `rules-b.html`.
pub(super) fn area_page(g: char) -> String {
    format!("rules-{}.html", g.to_ascii_lowercase())
}

/// The area a rule belongs to, if it is in one.
pub(super) fn area_of(id: &str) -> Option<char> {
    let first = id.chars().next()?;
    (is_covered(id) && AREAS.iter().any(|(g, _)| *g == first)).then_some(first)
}

/// The letter of the area rule `id` belongs to, `-` when it is in none (the
/// rows of the report's and the dashboard's tables by rule area).
pub(crate) fn area_letter(id: &str) -> char {
    area_of(id).unwrap_or('-')
}

/// The page (relative to the site's root) that holds rule `id`'s entry.
pub(super) fn rule_page(id: &str) -> String {
    area_of(id).map_or_else(|| OTHER_PAGE.to_owned(), area_page)
}

/// The link (relative to the site's root) to rule `id`'s entry:
/// `rules-c.html#rule-C1`.
pub(crate) fn rule_href(id: &str) -> String {
    format!("{}#rule-{}", rule_page(id), slug(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_has_one_page() {
        assert_eq!(rule_href("C1"), "rules-c.html#rule-C1");
        assert_eq!(rule_href("N1"), "rules-n.html#rule-N1");
        assert_eq!(rule_href("I8"), "rules-other.html#rule-I8");
        assert_eq!(rule_href("RS1"), "rules-other.html#rule-RS1");
        for r in hexodic_rules::registry::RULES {
            let page = rule_page(r.id);
            let on_area = AREAS.iter().any(|(g, _)| area_page(*g) == page);
            assert!(on_area || page == OTHER_PAGE, "{}", r.id);
        }
    }
}
