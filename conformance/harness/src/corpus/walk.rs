//! Walking a fixtures folder: every folder once, symbolic links to folders
//! followed once, a link that leads back to a folder being walked (a loop)
//! one located error, never followed.

use super::embedded;
use super::layout::{is_fixture_file, NOT_FIXTURES};
use super::source::LoadError;
use hexodic_io::paths;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// What a walk found: the files `keep` accepted, sorted, and the loops.
#[derive(Debug, Default)]
pub struct Walk {
    /// The files found, sorted.
    pub files: Vec<PathBuf>,
    /// One error per symbolic link that leads back into its own path.
    pub errors: Vec<LoadError>,
}

/// Walk the folder `dir`: hidden entries are skipped, and so is any folder
/// for which `skip(parent, name)` holds; every other file for which
/// `keep(path)` holds is listed. Each folder is walked once, however many
/// links lead to it.
pub fn walk(dir: &Path, skip: impl Fn(&Path, &str) -> bool, keep: impl Fn(&Path) -> bool) -> Walk {
    let mut found = Walk::default();
    let mut seen: HashSet<PathBuf> = HashSet::new();
    if let Ok(c) = std::fs::canonicalize(dir) {
        seen.insert(c);
    }
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        let here = std::fs::canonicalize(&d).unwrap_or_else(|_| d.clone());
        for e in rd.flatten() {
            let p = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            if !p.is_dir() {
                if keep(&p) {
                    found.files.push(p);
                }
                continue;
            }
            if skip(&here, &name) {
                continue;
            }
            let Ok(target) = std::fs::canonicalize(&p) else {
                continue;
            };
            if here.starts_with(&target) {
                found.errors.push(LoadError::at(
                    &p,
                    1,
                    1,
                    format!(
                        "a symbolic link loop: it leads back to {}, a folder it lies in; not followed",
                        paths::shown(&target)
                    ),
                ));
                continue;
            }
            if seen.insert(target) {
                stack.push(p);
            }
        }
    }
    found.files.sort();
    found.errors.sort_by(|a, b| a.file.cmp(&b.file));
    found
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_link_loop_is_one_error_and_a_linked_folder_is_walked_once() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a");
        std::fs::create_dir_all(a.join("b")).unwrap();
        std::fs::write(a.join("b").join("x.yaml"), "x").unwrap();
        std::os::unix::fs::symlink(&a, a.join("b").join("loop")).unwrap();
        std::os::unix::fs::symlink(a.join("b"), dir.path().join("again")).unwrap();
        let w = walk(
            dir.path(),
            |_, _| false,
            |p| p.extension().is_some_and(|e| e == "yaml"),
        );
        assert_eq!(w.errors.len(), 1, "{:?}", w.errors);
        assert!(w.errors[0].message.contains("loop"), "{}", w.errors[0]);
        assert_eq!(w.files.len(), 1, "{:?}", w.files);
    }
}
/// Every fixture file below `dir`, sorted; `setups/` and `schema/` directly
/// below `root` and hidden entries are skipped.
pub fn fixture_files(root: &Path, dir: &Path) -> Vec<PathBuf> {
    fixture_walk(root, dir).files
}

/// [`fixture_files`] with the symbolic link loops found on the way.
pub(crate) fn fixture_walk(root: &Path, dir: &Path) -> Walk {
    if embedded::is_embedded(root) {
        return Walk {
            files: embedded::fixture_files(dir),
            errors: Vec::new(),
        };
    }
    let root_c = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    walk(
        dir,
        |parent, name| parent == root_c && NOT_FIXTURES.contains(&name),
        is_fixture_file,
    )
}
