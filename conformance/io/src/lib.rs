//! How the harness speaks to people, in one place for every crate of it.
//!
//! - The YAML and JSON readers' errors in the project's words: one
//!   translation for fixtures, setups, expectations files, reports read
//!   back, `serve` requests and engine replies. A message names the field
//!   and the allowed values (a number's range, the words allowed), quotes at
//!   most [`MAX_QUOTED`] characters of the value, and never names a library
//!   type, option or policy.
//! - [`paths`]: paths as the user would type them, I/O errors in words.
//! - [`files`]: regular files only, read within a limit, written whole.
//! - [`escape`]: text from a file or an engine made safe for a terminal
//!   or a Markdown page.
//!
//! ```
//! use hexodic_io::{reader_error, Reader, Place};
//! let place = Place { field: Some("captures".into()), found: Some("263".into()) };
//! assert_eq!(
//!     reader_error(Reader::Yaml, "invalid u8", &place),
//!     "`captures` must be a whole number from 0 to 255, found `263`"
//! );
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod escape;
pub mod files;
pub mod paths;
mod place;
mod quote;
mod translate;

pub use place::{place, Place};
pub use quote::{clip_quoted, quote, MAX_QUOTED};
pub use translate::{reader_error, Reader};
