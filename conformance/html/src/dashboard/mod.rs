//! The conformance dashboard (`dashboard A.json B.json ... --out FILE`):
//! one self-contained page comparing several engines, or several builds of
//! one, from their runs' reports, each told apart by its label. Rows are
//! the rule areas and rules, columns the reports, each cell passing/total
//! linking to the fixtures behind it; rule failures, incidents and skipped
//! fixtures are counted apart (an incident is never a rule failure), each
//! fixture that does not pass listed once with its rules. Where two
//! reports come from one engine, a column says what changed between them.
//! Reports of different corpus versions are compared on the fixtures every
//! one ran, and the page says which each one lacks.
//!
//! [`build`] puts the reports side by side, [`page()`] writes the page.
//!
//! ```
//! use hexodic_html::dashboard::{build, page, Input};
//! use hexodic_html::PageOptions;
//! use hexodic_report::{CorpusReport, EngineReport, RunReport, Settings};
//!
//! let engine = EngineReport {
//!     name: "my-engine".into(),
//!     version: "1.0".into(),
//!     command: None,
//!     capabilities: vec![],
//!     warnings: vec![],
//!     unusable: None,
//! };
//! let corpus = CorpusReport { version: "v".into(), folders: vec![] };
//! let run = RunReport::new(engine, corpus, Settings::default(), vec![], vec![], None, 0.0);
//! let inputs = [Input { label: "nightly".into(), file: "r.json".into(), report: run }];
//! let html = page(&build(&inputs), &PageOptions::default());
//! assert!(html.contains("nightly"));
//! ```

mod grid;
mod page;

pub use grid::{build, Dashboard, Input};
pub use page::page;
