//! The conformance dashboard (`dashboard A.json B.json ... --out FILE`):
//! one self-contained page comparing several engines, or several builds of
//! one, from their JSON reports. Rows are the rule areas and rules, columns
//! the reports, each cell passing/total linking to the failures behind it;
//! where two reports come from one engine, a column says what changed
//! between them. Reports of different corpus versions are compared on the
//! fixtures every one ran, and the page says which each one lacks.
//!
//! [`grid`] computes the numbers, [`page()`] writes the page.

pub mod grid;
mod page;

pub use grid::{build, Changes, Column, Dashboard, Input, Step, Tally};
pub use page::page;
