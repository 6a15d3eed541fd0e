//! Every writer: the reports of a run, all derived from the
//! [`RunReport`](crate::RunReport) (text, JSON, JUnit XML, GitHub
//! annotations, expectations files, the Markdown summary, the HTML page in
//! [`html`], two builds' reports compared), and the
//! corpus as a rulebook ([`catalogue`]).

mod annotations;
mod boards;
pub mod catalogue;
mod compare;
mod corpus_name;
pub mod dashboard;
mod expectations;
pub mod html;
pub mod json;
mod junit;
mod markdown;
pub mod merge;
pub mod reproduce;
pub mod text;
pub mod transcript;

pub use annotations::{github_annotations, AnnotationPlaces};
pub use boards::side_by_side;
pub use compare::{compare, comparison_text, headline};
pub use expectations::Expectations;
pub use json::{json, report_schema_json, Comparison, JsonReport, ReportReadError};
pub use junit::junit;
pub use markdown::{markdown, reproduce_line, MAX_CAUSES, MAX_ROWS};
pub use merge::{merge, MergeError, Part};
pub use reproduce::reproduce;
pub use text::{failure_block, failure_block_with, rule_with_title, summary_lines, text};
