//! The command-line interface: one module per group of commands.

pub mod bench;
pub mod catalogue;
pub mod colour;
pub mod common;
pub mod compare;
pub mod corpus;
pub mod dashboard;
pub mod engines;
pub mod explain;
pub mod fuzz;
pub mod merge;
pub mod outputs;
pub mod perft;
pub mod play;
pub mod record;
pub mod root;
pub mod run;
pub mod selection;
pub mod transcripts;
pub mod write;
