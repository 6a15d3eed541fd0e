//! Where the corpus is, as every corpus command finds it, saying so on
//! standard error when it falls back to the embedded corpus.

use hexodic_harness::corpus::{embedded, SelectError};
use std::path::{Path, PathBuf};

/// Whether `run` from the current folder, with no `--fixtures`, would find
/// the corpus `root` by itself.
pub fn found_by_default(root: &Path) -> bool {
    match hexodic_harness::corpus::found_from_here() {
        Some(here) => same_file::is_same_file(&here, root).unwrap_or(false),
        None => embedded::is_embedded(root),
    }
}

/// [`hexodic_harness::corpus::find_root`], with a notice when the
/// corpus is the one embedded in this build.
pub fn find_root(given: Option<&Path>, targets: &[String]) -> Result<PathBuf, SelectError> {
    let root = hexodic_harness::corpus::find_root(given, targets)?;
    if given.is_none() && embedded::is_embedded(&root) {
        eprintln!("{}", hexodic_harness::corpus::embedded_notice());
    }
    Ok(root)
}

/// [`find_root`] for a command that writes into the corpus (`record`,
/// `bless`): the embedded corpus's cache copy is refused, since what is
/// written there would be lost and never reach a real corpus.
pub fn writable_root(
    given: Option<&Path>,
    targets: &[String],
    command: &str,
) -> Result<PathBuf, String> {
    let root = hexodic_harness::corpus::find_root(given, targets).map_err(|e| e.to_string())?;
    if embedded::is_embedded(&root) {
        return Err(format!(
            "no fixtures folder here or above: `{command}` cannot write into the corpus built into the harness; run it in a corpus or give one with --fixtures DIR"
        ));
    }
    Ok(root)
}
