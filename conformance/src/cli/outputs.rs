//! Inputs are never outputs: every file a command writes is checked before
//! it starts, against the files it reads and against its other outputs.

use hexodic_io::paths;
use std::path::{Path, PathBuf};

/// The files a command reads and the files it writes, each written one
/// named by its option.
#[derive(Default)]
pub struct Plan {
    /// Files the command reads (expectations, baselines, parts, rules).
    inputs: Vec<PathBuf>,
    /// Fixtures folders: no fixture, trace or setup below them is written.
    corpora: Vec<PathBuf>,
    /// Files the command writes, with the option naming each.
    outputs: Vec<(String, PathBuf)>,
    /// Folders the command writes into, with the option naming each.
    folders: Vec<(String, PathBuf)>,
}

/// Where a path leads: its canonical form when it exists, else its
/// canonical parent joined with its name (lexically normalized when even
/// the parent is missing).
fn resolved(path: &Path) -> PathBuf {
    if let Ok(p) = std::fs::canonicalize(path) {
        return p;
    }
    let norm = paths::normalize(path);
    match (norm.parent(), norm.file_name()) {
        (Some(parent), Some(name)) if !parent.as_os_str().is_empty() => resolved(parent).join(name),
        (_, Some(name)) => std::env::current_dir()
            .map(|d| resolved(&d).join(name))
            .unwrap_or(norm.clone()),
        _ => norm,
    }
}

/// The identity of an existing file (device and inode), so two names of one
/// file (a hard link) are seen as one.
#[cfg(unix)]
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(path).ok()?;
    Some((m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn identity(_path: &Path) -> Option<(u64, u64)> {
    None
}

fn same(a: &Path, b: &Path) -> bool {
    if resolved(a) == resolved(b) {
        return true;
    }
    matches!((identity(a), identity(b)), (Some(x), Some(y)) if x == y)
}

/// Whether `path` is a fixture, golden trace or shared setup of the
/// fixtures folder `root` (by where it leads, whether it exists or not).
fn in_corpus(path: &Path, root: &Path) -> bool {
    let p = resolved(path);
    let r = resolved(root);
    let corpus_kind = p
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| matches!(e, "yaml" | "yml" | "snap"));
    corpus_kind && p.starts_with(&r)
}

impl Plan {
    /// A file the command reads.
    pub fn input(&mut self, path: &Path) -> &mut Self {
        self.inputs.push(path.to_path_buf());
        self
    }

    /// A fixtures folder the command reads: its fixtures, traces and setups
    /// are inputs.
    pub fn corpus(&mut self, root: &Path) -> &mut Self {
        self.corpora.push(root.to_path_buf());
        self
    }

    /// A file (or folder) the command writes, named by `option`.
    pub fn output(&mut self, option: &str, path: Option<&Path>) -> &mut Self {
        if let Some(p) = path {
            self.outputs.push((option.to_owned(), p.to_path_buf()));
        }
        self
    }

    /// A folder the command writes into, named by `option`: never a file it
    /// reads, never a fixtures folder or a folder inside one.
    pub fn folder(&mut self, option: &str, path: Option<&Path>) -> &mut Self {
        if let Some(p) = path {
            self.folders.push((option.to_owned(), p.to_path_buf()));
        }
        self
    }

    /// Every output that is, or resolves to, an input or another output,
    /// in words; empty when the command may run.
    pub fn conflicts(&self) -> Vec<String> {
        let mut found = Vec::new();
        for (i, (option, out)) in self.outputs.iter().enumerate() {
            let shown = paths::shown(out);
            if let Some(input) = self.inputs.iter().find(|i| same(out, i)) {
                found.push(format!(
                    "{option} {shown} would overwrite {}, a file this command reads",
                    paths::shown(input)
                ));
            } else if let Some(root) = self.corpora.iter().find(|r| in_corpus(out, r)) {
                found.push(format!(
                    "{option} {shown} is a fixture, trace or setup file of the corpus {}",
                    paths::shown(root)
                ));
            } else if let Some((other, _)) = self.outputs[..i].iter().find(|(_, o)| same(out, o)) {
                found.push(format!(
                    "{option} {shown} is also the file of {other}: each report needs its own file"
                ));
            }
        }
        for (option, dir) in &self.folders {
            let shown = paths::shown(dir);
            if let Some(input) = self.inputs.iter().find(|i| same(dir, i)) {
                found.push(format!(
                    "{option} {shown} is {}, a file this command reads",
                    paths::shown(input)
                ));
            } else if let Some(root) = self
                .corpora
                .iter()
                .find(|r| resolved(dir).starts_with(resolved(r)))
            {
                found.push(format!(
                    "{option} {shown} is inside the corpus {}: write it elsewhere",
                    paths::shown(root)
                ));
            }
        }
        found
    }

    /// [`Plan::conflicts`] as one message, or `Ok` when there is none.
    pub fn check(&self) -> Result<(), String> {
        let found = self.conflicts();
        if found.is_empty() {
            return Ok(());
        }
        Err(format!("{}; nothing was written", found.join("\nerror: ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_naming_an_input_or_a_fixture_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("fixtures");
        std::fs::create_dir_all(root.join("capture")).unwrap();
        let fixture = root.join("capture").join("a.yaml");
        std::fs::write(&fixture, "x").unwrap();
        let exp = dir.path().join("exp.yaml");
        std::fs::write(&exp, "x").unwrap();

        let mut plan = Plan::default();
        plan.corpus(&root).input(&exp);
        plan.output("--html", Some(&fixture));
        assert!(plan.check().unwrap_err().contains("--html"));

        let mut plan = Plan::default();
        plan.corpus(&root).input(&exp);
        plan.output("--json", Some(&dir.path().join(".").join("exp.yaml")));
        let e = plan.check().unwrap_err();
        assert!(e.contains("a file this command reads"), "{e}");

        // A trace that does not exist yet is still the corpus's.
        let mut plan = Plan::default();
        plan.corpus(&root);
        plan.output("--junit", Some(&root.join("capture").join("b.snap")));
        assert!(plan.check().is_err());

        let mut plan = Plan::default();
        plan.corpus(&root);
        let r = dir.path().join("r.json");
        plan.output("--json", Some(&r)).output("--html", Some(&r));
        let e = plan.check().unwrap_err();
        assert!(e.contains("also the file of --json"), "{e}");

        let mut plan = Plan::default();
        plan.corpus(&root).input(&exp);
        plan.output("--json", Some(&dir.path().join("r.json")))
            .output("--html", Some(&dir.path().join("r.html")));
        assert_eq!(plan.check(), Ok(()));

        let mut plan = Plan::default();
        plan.corpus(&root).folder("--out", Some(&root.join("site")));
        assert!(plan.check().unwrap_err().contains("inside the corpus"));
        let mut plan = Plan::default();
        plan.corpus(&root)
            .folder("--out", Some(&dir.path().join("site")));
        assert_eq!(plan.check(), Ok(()));
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_or_hard_link_to_an_input_is_that_input() {
        let dir = tempfile::tempdir().unwrap();
        let exp = dir.path().join("exp.yaml");
        std::fs::write(&exp, "x").unwrap();
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&exp, &link).unwrap();
        let hard = dir.path().join("hard.json");
        std::fs::hard_link(&exp, &hard).unwrap();
        for out in [&link, &hard] {
            let mut plan = Plan::default();
            plan.input(&exp).output("--json", Some(out));
            assert!(plan.check().is_err(), "{}", out.display());
        }
    }
}
