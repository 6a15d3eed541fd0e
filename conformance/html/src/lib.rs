//! The HTML pages of the Hexodic conformance harness, with the boards
//! drawn by `hexodic-render`:
//!
//! - [`report::page`]: one self-contained page of a run (`run --html
//!   FILE`): the totals, the root causes with their smallest example, each
//!   failing fixture with the board before the step and the reference's
//!   and the engine's boards after it, the differing cells outlined; the
//!   incidents, the expectations, the skipped checks, the results by rule
//!   and every fixture.
//! - [`catalogue::write_catalogue`]: the corpus as a rulebook (`catalogue
//!   --out DIR`): an index with a search box, a page of rules per area
//!   (each rule in players' words, with boards from fixtures where it
//!   fires and where it does not), one page per fixture, its boards step
//!   by step with what must happen in words.
//! - [`dashboard`]: several runs' reports compared on one page (`dashboard
//!   A.json B.json ...`), by rule area and rule, incidents, skipped checks
//!   and rule failures counted apart, builds of one engine told apart by
//!   their labels.
//!
//! The pages of runs read only the report model (`hexodic-report`): every
//! number on them is one the model counted, every sentence one it wrote.
//! The catalogue reads the harness's corpus. The markup is written with
//! `maud`, so every text is escaped by construction; the only markup
//! spliced in as it is comes from the board pictures, the rules' Markdown
//! (raw HTML in it shown as text) and the pages' own style sheet and
//! scripts. The output is deterministic: the same input gives the same
//! bytes (a run's report holds its elapsed time, nothing else that changes
//! by itself).
//!
//! ```
//! use hexodic_html::{CatalogueUrl, PageOptions};
//! let opts = PageOptions {
//!     catalogue: Some(CatalogueUrl::parse("site").unwrap()),
//!     date: None,
//! };
//! assert!(opts.catalogue.is_some());
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod catalogue;
pub mod dashboard;
mod date;
mod figure;
mod links;
mod markup;
pub mod report;
mod tally;

pub use date::utc_date;
pub use links::{check_link, CatalogueUrl, CatalogueUrlError, ReportUrlError};

/// What a page about runs (the report, the dashboard) adds to what it
/// shows: where the catalogue is, so that rule IDs and fixture names link
/// to it, and the date it was written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageOptions {
    /// The catalogue (`catalogue --out DIR`) the page links to, if any.
    pub catalogue: Option<CatalogueUrl>,
    /// The date and time written in the header (`2026-12-02 04:40 UTC`,
    /// as [`utc_date`] writes it); none keeps the page the same for the
    /// same input.
    pub date: Option<String>,
}
