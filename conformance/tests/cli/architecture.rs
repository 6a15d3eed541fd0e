//! What Cargo cannot see about the crate layout (`docs/architecture.md`):
//!
//! - the crate table of `docs/architecture.md` names each crate of the
//!   workspace with exactly the project crates its `Cargo.toml` depends on,
//!   so the picture cannot drift from the manifests Cargo enforces;
//! - an engine crate's dev-dependency (`hexodic-harness`, `hexodic-fuzzing`
//!   with its default features) builds none of the command line's, the
//!   terminal's, the HTML pages', Markdown's or the schema's crates;
//! - no import circle between the top-level modules of any crate, nor
//!   between the files of any of its folders.

use crate::repo;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

type Graph = BTreeMap<String, BTreeSet<String>>;

/// The workspace's crates: each package's name, its folder and the project
/// crates among its normal and build dependencies, from `cargo metadata`.
fn manifests() -> Vec<(String, PathBuf, BTreeSet<String>)> {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--no-deps",
            "--format-version",
            "1",
            "--offline",
        ])
        .current_dir(repo())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let packages = meta["packages"].as_array().unwrap();
    let ours: BTreeSet<String> = packages
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect();
    packages
        .iter()
        .map(|p| {
            let dir = Path::new(p["manifest_path"].as_str().unwrap())
                .parent()
                .unwrap()
                .to_path_buf();
            let deps = p["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["kind"].as_str() != Some("dev"))
                .map(|d| d["name"].as_str().unwrap().to_owned())
                .filter(|n| ours.contains(n))
                .collect();
            (p["name"].as_str().unwrap().to_owned(), dir, deps)
        })
        .collect()
}

/// The backticked words of a table cell.
fn ticked(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The crate table of `docs/architecture.md`: each package (the backticked
/// `hexodic-…` name of its first cell) and the packages its `depends on`
/// cell names.
fn documented() -> Graph {
    let text = std::fs::read_to_string(repo().join("docs/architecture.md")).unwrap();
    let section = text
        .split("## The crates")
        .nth(1)
        .expect("docs/architecture.md has a section `## The crates`");
    let section = section.split("\n## ").next().unwrap();
    let mut g = Graph::new();
    let mut header: Option<(usize, usize)> = None;
    for line in section.lines().filter(|l| l.trim_start().starts_with('|')) {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        let Some((c, d)) = header else {
            let at = |name: &str| cells.iter().position(|c| *c == name).unwrap();
            header = Some((at("crate"), at("depends on")));
            continue;
        };
        if cells[c].starts_with("---") {
            continue;
        }
        let name = ticked(cells[c])
            .into_iter()
            .find(|w| w.starts_with("hexodic-"))
            .unwrap_or_else(|| panic!("no package name in the crate cell `{}`", cells[c]));
        let deps = ticked(cells.get(d).copied().unwrap_or(""))
            .into_iter()
            .filter(|w| w.starts_with("hexodic-"))
            .collect();
        g.insert(name, deps);
    }
    g
}

#[test]
fn the_crate_table_is_the_manifests() {
    let doc = documented();
    let mut wrong = Vec::new();
    let crates = manifests();
    for (name, _, deps) in &crates {
        match doc.get(name) {
            None => wrong.push(format!("`{name}` is not in the crate table")),
            Some(listed) if listed != deps => wrong.push(format!(
                "`{name}` depends on {deps:?}; the crate table says {listed:?}"
            )),
            Some(_) => {}
        }
    }
    for name in doc.keys() {
        if !crates.iter().any(|(n, _, _)| n == name) {
            wrong.push(format!(
                "the crate table names `{name}`, which is not a crate"
            ));
        }
    }
    assert!(crates.len() >= 10, "{crates:?}");
    assert!(
        wrong.is_empty(),
        "docs/architecture.md:\n{}",
        wrong.join("\n")
    );
}

/// The packages `package` builds with, its own dev-dependencies left out.
fn builds_with(package: &str) -> BTreeSet<String> {
    let out = Command::new(env!("CARGO"))
        .args(["tree", "--offline", "-e", "no-dev", "--prefix", "none"])
        .args(["--format", "{lib}", "-p", package])
        .current_dir(repo())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "cargo tree -p {package}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.trim().to_owned())
        .filter(|l| !l.is_empty())
        .collect()
}

/// What an engine crate's dev-dependency must not build.
const NOT_FOR_ENGINE_CRATES: [&str; 13] = [
    "clap",
    "indicatif",
    "ctrlc",
    "anstream",
    "quick_junit",
    "schemars",
    "pulldown_cmark",
    "maud",
    "humantime",
    "hexodic_render",
    "hexodic_html",
    "hexodic_conformance",
    "chrono",
];

#[test]
fn an_engine_crates_dev_dependency_builds_no_command_line_terminal_html_or_schema_crate() {
    for package in ["hexodic-harness", "hexodic-fuzzing", "hexodic-engine"] {
        let libs = builds_with(package);
        assert!(
            libs.contains("hexodic_rules") && libs.contains("hexodic_engine"),
            "{package}: {libs:?}"
        );
        let heavy: Vec<&str> = NOT_FOR_ENGINE_CRATES
            .into_iter()
            .filter(|c| libs.contains(*c))
            .collect();
        assert!(heavy.is_empty(), "{package} builds {heavy:?}");
    }
    // The command line does build them: the list names real crates.
    let cli = builds_with("hexodic-conformance");
    for c in ["clap", "anstream", "maud", "hexodic_html", "hexodic_render"] {
        assert!(cli.contains(c), "the command line builds {c}: {cli:?}");
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code of a file without its comments (doc links name modules too).
fn code(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn ident(s: &str) -> String {
    s.trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The names right after each `prefix`: `crate::` gives `run` of
/// `crate::run::x`, and `a` and `b` of `crate::{a::x, b}`.
fn names_after(text: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find(prefix) {
        let before = rest[..i].chars().last();
        rest = &rest[i + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut start = 0;
            for (k, ch) in group.char_indices() {
                match ch {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        out.insert(ident(&group[start..k]));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.insert(ident(&group[start..k]));
                        start = k + 1;
                    }
                    _ => {}
                }
            }
        } else {
            out.insert(ident(rest));
        }
    }
    out.remove("");
    out.remove("self");
    out
}

/// The module a path under `src/` names at its first component (`None` for
/// the crate roots `lib.rs` and `main.rs`).
fn module_of(first: &str) -> Option<String> {
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (!["lib", "main"].contains(&name)).then(|| name.to_owned())
}

/// Which top-level module of the crate at `src` imports which (`crate::X`,
/// and `super::X` from a top-level file or a folder's `mod.rs`).
fn top_level_imports(src: &Path) -> Graph {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut g = Graph::new();
    for f in files {
        let rel = f.strip_prefix(src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_str()
            .unwrap();
        let Some(top) = module_of(first) else {
            continue;
        };
        let text = code(&f);
        let mut refs = names_after(&text, "crate::");
        let depth = rel.components().count();
        let is_mod = rel.file_name().is_some_and(|n| n == "mod.rs");
        if depth == 1 || (depth == 2 && is_mod) {
            refs.extend(names_after(&text, "super::"));
        }
        let modules: BTreeSet<String> = std::fs::read_dir(src)
            .unwrap()
            .flatten()
            .filter_map(|e| module_of(e.file_name().to_str()?))
            .collect();
        let entry = g.entry(top.clone()).or_default();
        entry.extend(
            refs.into_iter()
                .filter(|r| *r != top && modules.contains(r)),
        );
    }
    g
}

/// Which file of the folder `dir` imports which sibling (`super::X`).
fn folder_imports(dir: &Path) -> Graph {
    let mut g = Graph::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        let name = p.file_stem().unwrap().to_str().unwrap().to_owned();
        if p.is_dir() || name == "mod" || p.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let siblings: BTreeSet<String> = names_after(&code(&p), "super::")
            .into_iter()
            .filter(|r| {
                *r != name && (dir.join(format!("{r}.rs")).is_file() || dir.join(r).is_dir())
            })
            .collect();
        g.entry(name).or_default().extend(siblings);
    }
    g
}

/// An import circle, as `a -> b -> a`, if there is one.
fn circle(g: &Graph) -> Option<String> {
    fn visit(
        n: &str,
        g: &Graph,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<String> {
        if let Some(i) = path.iter().position(|p| p == n) {
            let mut c = path[i..].to_vec();
            c.push(n.to_owned());
            return Some(c.join(" -> "));
        }
        if done.contains(n) {
            return None;
        }
        path.push(n.to_owned());
        for m in g.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, g, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(n.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    g.keys()
        .find_map(|n| visit(n, g, &mut Vec::new(), &mut done))
}

fn folders(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.push(p.clone());
            folders(&p, out);
        }
    }
}

#[test]
fn no_import_circle_in_any_crate() {
    let mut circles = Vec::new();
    let mut edges = 0;
    for (name, dir, _) in manifests() {
        let src = dir.join("src");
        if !src.is_dir() {
            continue;
        }
        let g = top_level_imports(&src);
        edges += g.values().map(BTreeSet::len).sum::<usize>();
        if let Some(c) = circle(&g) {
            circles.push(format!("{name}: {c}"));
        }
        let mut dirs = Vec::new();
        folders(&src, &mut dirs);
        for d in dirs {
            if let Some(c) = circle(&folder_imports(&d)) {
                let rel = d.strip_prefix(repo()).unwrap_or(&d).display().to_string();
                circles.push(format!("{rel}: {c}"));
            }
        }
    }
    assert!(edges > 20, "the imports are read ({edges} edges)");
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

#[test]
fn imports_and_circles_are_read() {
    let mut g = Graph::new();
    g.entry("a".into()).or_default().insert("b".into());
    g.entry("b".into()).or_default().insert("a".into());
    assert_eq!(circle(&g).as_deref(), Some("a -> b -> a"));
    g.get_mut("b").unwrap().clear();
    assert_eq!(circle(&g), None);
    assert_eq!(
        names_after("x crate::run::y; acrate::no", "crate::"),
        ["run".to_owned()].into()
    );
    assert_eq!(
        names_after("use crate::{corpus::{A, B}, oracle, self};", "crate::"),
        ["corpus".to_owned(), "oracle".to_owned()].into()
    );
    // The harness's runner reads the corpus: the graph is not empty.
    let harness = top_level_imports(&repo().join("conformance/harness/src"));
    assert!(harness["run"].contains("corpus"), "{harness:?}");
}
