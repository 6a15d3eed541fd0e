//! The Hexodic conformance harness library.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
