//! The corpus as a rulebook: a static site with an index of the rules (by
//! area, each with its text from `rules/RULES.md` and the fixtures that
//! show it firing and not firing) and one page per fixture, its boards step
//! by step with what must happen in words, from the reference's trace.

//!
//! One file per part: `site` writes the folder and places the pages,
//! `index` the index page, `rule_entry` a rule's entry in it,
//! `fixture_page` a fixture's page, `steps` its steps, `words` the
//! checks in words, `rules_doc` the rules' text from `rules/RULES.md`.

mod fixture_page;
mod index;
mod rule_entry;
mod rules_doc;
mod site;
mod steps;
mod words;

pub(crate) use index::AREAS;
pub use rules_doc::rule_texts;
pub(crate) use site::page_href;
pub use site::{fixture_page_path, write_catalogue, CatalogueStats};
