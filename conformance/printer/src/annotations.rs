//! GitHub Actions workflow commands: an `::error` per rule failure of a
//! documented rule, unexpected pass, incident and load error; a `::warning`
//! per difference on a ruling.
//!
//! An annotation shows on a pull request only on a file of that
//! repository. In an engine's repository the fixture files belong to the
//! harness (the embedded corpus, or a checkout of it), so an annotation
//! points at the line of the engine's expectations file that lists the
//! fixture, else at the fixture file when it is a file of the repository
//! in the current folder, else at no file; its message always names the
//! fixture, the rules and the command line that reproduces it.

use hexodic_io::escape::terminal;
use hexodic_io::paths;
use hexodic_report::{Basis, FixtureReport, RunReport, Status};
use std::fmt::Write as _;
use std::path::{Component, Path};

/// What the annotations of a run may point at.
#[derive(Clone, Copy, Debug, Default)]
pub struct AnnotationPlaces<'a> {
    /// The expectations file and its text, when the run has one.
    pub expectations: Option<(&'a Path, &'a str)>,
}

fn escape_data(s: &str) -> String {
    terminal(s)
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_prop(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// The 1-based line of an expectations file's text that lists `id`.
fn listed_at(text: &str, id: &str) -> Option<usize> {
    let keys = [format!("{id}:"), format!("\"{id}\":"), format!("'{id}':")];
    text.lines()
        .position(|l| {
            let l = l.trim_start();
            keys.iter().any(|k| l.starts_with(k.as_str()))
        })
        .map(|i| i + 1)
}

/// Whether `file` (as shown: relative to the current folder) is a file of
/// the repository here: inside the current folder and in no other git
/// checkout below it.
fn in_this_repository(file: &Path) -> bool {
    if file.is_absolute()
        || file
            .components()
            .any(|c| matches!(c, Component::ParentDir | Component::Prefix(_)))
    {
        return false;
    }
    let mut folder = file.parent();
    while let Some(f) = folder.filter(|f| !f.as_os_str().is_empty()) {
        if f.join(".git").exists() {
            return false;
        }
        folder = f.parent();
    }
    true
}

/// The `file=...,line=...,` properties of a result's annotation (empty for
/// none).
fn place(r: &FixtureReport, places: &AnnotationPlaces<'_>) -> String {
    if let Some((path, text)) = places.expectations {
        if let Some(line) = listed_at(text, &r.id) {
            return format!("file={},line={line},", escape_prop(&paths::shown(path)));
        }
    }
    if in_this_repository(Path::new(&r.file)) {
        return format!("file={},line={},", escape_prop(&r.file), r.line());
    }
    String::new()
}

/// The annotations of a run.
pub fn github_annotations(report: &RunReport, places: &AnnotationPlaces<'_>) -> String {
    let mut out = String::new();
    for e in &report.errors {
        let _ = writeln!(
            out,
            "::error file={},line={},col={},title={}::{}",
            escape_prop(&e.file),
            e.line,
            e.column,
            escape_prop("fixture error"),
            escape_data(&e.message)
        );
    }
    for r in &report.results {
        let rules = r
            .classification
            .as_ref()
            .map(|c| c.rules.join(", "))
            .filter(|r| !r.is_empty())
            .unwrap_or_else(|| r.rules.join(", "));
        let (level, title) = match r.status {
            Status::Fail if r.basis == Basis::Documented => {
                ("error", format!("{} breaks {rules}", r.id))
            }
            Status::Fail => ("warning", format!("{} differs on a ruling ({rules})", r.id)),
            Status::UnexpectedPass => (
                "error",
                format!("{} passes but is listed as an expected failure", r.id),
            ),
            Status::ChangedFail => (
                "error",
                match r.changed_words() {
                    Some((old, new)) => {
                        format!("{} fails another way: expected {old}, now {new}", r.id)
                    }
                    None => format!("{} fails another way", r.id),
                },
            ),
            Status::Flaky => (
                "error",
                format!(
                    "{} fails, but not the same way twice (a flaky engine)",
                    r.id
                ),
            ),
            Status::Incident => ("error", format!("engine incident on {}", r.id)),
            _ => continue,
        };
        let mut message = format!("{}: {}\nrules: {rules}", r.id, r.cause);
        if let Some(line) = &r.rerun {
            let _ = write!(message, "\nrerun: {line}");
        }
        let _ = writeln!(
            out,
            "::{level} {}title={}::{}",
            place(r, places),
            escape_prop(&title),
            escape_data(&message)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expectations_lines_are_found_by_their_key() {
        let text = "engine: \"x\"\nexpected_failures:\n  end/a: \"why\"\n  \"end/b\": no\n";
        assert_eq!(listed_at(text, "end/a"), Some(3));
        assert_eq!(listed_at(text, "end/b"), Some(4));
        assert_eq!(listed_at(text, "end"), None);
    }

    #[test]
    fn files_outside_the_current_folder_are_not_of_this_repository() {
        assert!(!in_this_repository(Path::new("../hexodic/fixtures/a.yaml")));
        assert!(!in_this_repository(Path::new("/cache/fixtures/a.yaml")));
        assert!(in_this_repository(Path::new("no-such-folder/a.yaml")));
    }
}
