//! The report writers of the Hexodic conformance harness without HTML,
//! each reading only the report model (`hexodic-report`), one format per
//! file: [`text`] for a terminal or a log (styled as it is written by a
//! [`Styles`] table), [`comparison`] with a baseline, [`fuzz`] campaigns,
//! [`markdown`] for a pull request, [`junit`] XML (feature `junit`),
//! GitHub [`annotations`], and [`transcripts`] of failing fixtures.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod annotations;
pub mod boards;
pub mod comparison;
pub mod fuzz;
#[cfg(feature = "junit")]
pub mod junit;
pub mod markdown;
pub mod style;
pub mod text;
pub mod transcripts;

pub use style::{Role, Styles};
