//! The Hexodic conformance harness.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod corpus;
pub mod diagnose;
pub mod engine;
pub mod fuzz;
pub mod html;
pub mod oracle;
pub mod paths;
pub mod record;
pub mod run;
pub mod suite;
