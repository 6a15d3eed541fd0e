//! The corpus as a rulebook: a static site with an index (a search box,
//! the rules by area, every fixture), a page of rules per area (each rule
//! in players' words with a board where it fires and one where it does
//! not, its fixtures, and the rules reference's wording for engine
//! developers) and one page per fixture, its boards step by step with what
//! must happen in words, from the reference's trace.
//!
//! One file per part: `write` writes the folder, `site` places the pages,
//! `basis` a basis as a badge, `areas` the rule areas and the page of each rule, `index` the index
//! page, `search` its search box, `area_page` a page of rules,
//! `rule_entry` a rule's entry on it, `rule_board` the board that shows a
//! rule, `players` the rules in players' words (from `players.md`),
//! `fixture_page` a fixture's page, `steps` its steps, `stepper` the arrow
//! keys through them, `words` the checks in words, `rules_doc` the rules'
//! text from `rules/RULES.md`.

mod area_page;
mod areas;
mod basis;
mod fixture_page;
mod index;
mod players;
mod rule_board;
mod rule_entry;
mod rules_doc;
mod search;
mod site;
mod stepper;
mod steps;
mod words;
mod write;

pub(crate) use areas::{area_letter, rule_href, AREAS};
pub use site::fixture_page_path;
pub(crate) use site::page_href;
pub use write::{write_catalogue, CatalogueStats};
