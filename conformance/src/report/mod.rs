//! Every writer: the reports of a run, all derived from the
//! [`RunReport`](crate::RunReport) (text, JSON, JUnit XML, GitHub
//! annotations, expectations files, the HTML page in [`html`]), and the
//! corpus as a rulebook ([`catalogue`]).

mod annotations;
mod boards;
pub mod catalogue;
mod corpus_name;
mod expectations;
pub mod html;
pub mod json;
mod junit;
pub mod merge;
pub mod reproduce;
pub mod text;
pub mod transcript;

pub use annotations::github_annotations;
pub use boards::side_by_side;
pub use expectations::Expectations;
pub use json::{json, report_schema_json, JsonReport, ReportReadError};
pub use junit::junit;
pub use merge::{merge, MergeError, Part};
pub use reproduce::reproduce;
pub use text::{failure_block, failure_block_with, rule_with_title, summary_lines, text};
