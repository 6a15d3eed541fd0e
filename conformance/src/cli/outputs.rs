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

/// Whether two paths name one file: the same place once resolved, or one
/// existing file under two names (a hard link).
fn same(a: &Path, b: &Path) -> bool {
    resolved(a) == resolved(b) || same_file::is_same_file(a, b).unwrap_or(false)
}

/// What an existing path is when it is not a regular file (a named pipe, a
/// socket, a device, a folder), in words; none for a regular file or
/// nothing at all.
fn not_regular(path: &Path) -> Option<&'static str> {
    let meta = std::fs::metadata(path).ok()?;
    (!meta.is_file()).then(|| hexodic_io::files::kind_of(&meta))
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
    /// and every input or output that is not a regular file, in words;
    /// empty when the command may run.
    pub fn conflicts(&self) -> Vec<String> {
        let mut found = Vec::new();
        for input in &self.inputs {
            if let Some(kind) = not_regular(input) {
                found.push(format!(
                    "{} is {kind}, not a regular file: not read",
                    paths::shown(input)
                ));
            }
        }
        for (i, (option, out)) in self.outputs.iter().enumerate() {
            let shown = paths::shown(out);
            if let Some(kind) = not_regular(out) {
                found.push(format!(
                    "{option} {shown} is {kind}, not a regular file: not written"
                ));
            } else if let Some(input) = self.inputs.iter().find(|i| same(out, i)) {
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
            } else if let Some((other, _)) = self.outputs.iter().find(|(_, o)| same(dir, o)) {
                found.push(format!(
                    "{option} {shown} is also the file of {other}: the folder needs a place of its own"
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

    /// Whether a file found while the command runs (a transcript, a
    /// finding) may be written at `path`, where it really leads (links
    /// resolved): never an input, another output or a file of a corpus.
    pub fn allows(&self, path: &Path) -> Result<(), String> {
        let shown = paths::shown(path);
        if let Some(kind) = not_regular(path).filter(|_| path.exists()) {
            return Err(format!(
                "{shown} is {kind}, not a regular file: not written"
            ));
        }
        if let Some(input) = self.inputs.iter().find(|i| same(path, i)) {
            return Err(format!(
                "{shown} would overwrite {}, a file this command reads: not written",
                paths::shown(input)
            ));
        }
        if let Some((option, _)) = self.outputs.iter().find(|(_, o)| same(path, o)) {
            return Err(format!("{shown} is the file of {option}: not written"));
        }
        if let Some(root) = self
            .corpora
            .iter()
            .find(|r| resolved(path).starts_with(resolved(r)))
        {
            return Err(format!(
                "{shown} is inside the corpus {}: not written",
                paths::shown(root)
            ));
        }
        Ok(())
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

        // A folder named like a report of the same command.
        let mut plan = Plan::default();
        let r = dir.path().join("r.json");
        plan.output("--json", Some(&r))
            .folder("--transcript", Some(&dir.path().join(".").join("r.json")));
        let e = plan.check().unwrap_err();
        assert!(
            e.contains("--transcript") && e.contains("also the file of --json"),
            "{e}"
        );
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
