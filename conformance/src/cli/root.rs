//! Where the corpus is, as every corpus command finds it, saying so on
//! standard error when it falls back to the embedded corpus.

use hexodic_conformance::corpus::{embedded, SelectError};
use std::path::{Path, PathBuf};

/// [`hexodic_conformance::corpus::find_root`], with a notice when the
/// corpus is the one embedded in this build.
pub fn find_root(given: Option<&Path>, targets: &[String]) -> Result<PathBuf, SelectError> {
    let root = hexodic_conformance::corpus::find_root(given, targets)?;
    if given.is_none() && embedded::is_embedded(&root) {
        eprintln!("{}", embedded::notice());
    }
    Ok(root)
}
