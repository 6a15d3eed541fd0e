//! Which files of a corpus folder are fixtures: the one definition the
//! walk over a folder and the embedded corpus share.

use std::path::Path;

/// Whether `path` is a fixture file (by extension).
pub fn is_fixture_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "yaml" || e == "yml")
}

/// Folders directly below the fixtures folder that hold no fixtures.
pub const NOT_FIXTURES: [&str; 2] = ["setups", "schema"];
