//! The picture in `docs/architecture.md` cannot drift: the modules of
//! `conformance/src` import each other as its module table says (the
//! table's `imports` column is the source of truth), without import
//! circles between top-level modules or between the files of `corpus/`.

#![allow(clippy::unwrap_used)] // tests may unwrap

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
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

/// The names right after each `prefix` (`crate::` gives `run` of `crate::run::x`).
fn names_after(text: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find(prefix) {
        let before = rest[..i].chars().last();
        rest = &rest[i + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.insert(name);
        }
    }
    out
}

/// The top-level module a file belongs to (`None` for the crate root and
/// the binary's own `cli/` and `main.rs`).
fn top_of(rel: &Path) -> Option<String> {
    let first = rel.components().next()?.as_os_str().to_str()?.to_owned();
    let name = first.strip_suffix(".rs").unwrap_or(&first).to_owned();
    (!["lib", "main", "cli"].contains(&name.as_str())).then_some(name)
}

/// Which top-level module imports which (`crate::X`, and `super::X` from a
/// folder's `mod.rs`).
fn top_level_imports() -> Graph {
    let root = src();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut g = Graph::new();
    for f in files {
        let rel = f.strip_prefix(&root).unwrap().to_path_buf();
        let Some(top) = top_of(&rel) else { continue };
        let text = code(&f);
        let mut refs = names_after(&text, "crate::");
        let depth = rel.components().count();
        let is_mod = rel.file_name().is_some_and(|n| n == "mod.rs");
        if (depth == 2 && is_mod) || depth == 1 {
            refs.extend(names_after(&text, "super::"));
        }
        let entry = g.entry(top.clone()).or_default();
        entry.extend(refs.into_iter().filter(|r| *r != top));
    }
    g
}

/// Which file of `corpus/` imports which (`super::X`).
fn corpus_imports() -> Graph {
    let dir = src().join("corpus");
    let mut g = Graph::new();
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let p = e.path();
        let name = p.file_stem().unwrap().to_str().unwrap().to_owned();
        if p.is_dir() || name == "mod" {
            continue;
        }
        let refs = names_after(&code(&p), "super::");
        let siblings = refs
            .into_iter()
            .filter(|r| dir.join(format!("{r}.rs")).is_file() || dir.join(r).is_dir());
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

/// The module table of `docs/architecture.md`: each module and the modules
/// it may import.
fn documented() -> Graph {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/architecture.md");
    let text = std::fs::read_to_string(doc).unwrap();
    let section = text
        .split("## Modules of `conformance/src`")
        .nth(1)
        .expect("docs/architecture.md has a section on the modules of conformance/src");
    let section = section.split("\n## ").next().unwrap();
    let ticked = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(|s| s.trim_end_matches('/').to_owned())
            .collect()
    };
    let mut g = Graph::new();
    let mut header: Option<(usize, usize)> = None;
    for line in section.lines().filter(|l| l.trim_start().starts_with('|')) {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if header.is_none() {
            let at = |name: &str| cells.iter().position(|c| *c == name);
            header = Some((at("module").unwrap(), at("imports").unwrap()));
            continue;
        }
        let (m, i) = header.unwrap();
        if cells.get(m).is_some_and(|c| c.starts_with("---")) {
            continue;
        }
        let Some(name) = ticked(cells[m]).into_iter().next() else {
            continue;
        };
        g.insert(
            name,
            ticked(cells.get(i).copied().unwrap_or(""))
                .into_iter()
                .collect(),
        );
    }
    g
}

#[test]
fn the_module_table_is_read() {
    let doc = documented();
    for m in [
        "paths", "engine", "oracle", "corpus", "run", "report", "fuzz",
    ] {
        assert!(
            doc.contains_key(m),
            "{m} missing from the module table: {doc:?}"
        );
    }
    assert!(doc["paths"].is_empty());
    assert!(doc["run"].contains("corpus"));
}

#[test]
fn every_module_is_in_the_table_and_imports_only_what_it_allows() {
    let doc = documented();
    let mut wrong = Vec::new();
    for (m, imports) in top_level_imports() {
        let Some(allowed) = doc.get(&m) else {
            wrong.push(format!(
                "`{m}` is not in the module table of docs/architecture.md"
            ));
            continue;
        };
        for i in imports.iter().filter(|i| doc.contains_key(*i)) {
            if !allowed.contains(i) {
                wrong.push(format!(
                    "`{m}` imports `{i}`, which docs/architecture.md does not allow"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_import_circle_between_top_level_modules() {
    let g = top_level_imports();
    assert!(
        g.contains_key("run") && g["run"].contains("corpus"),
        "{g:?}"
    );
    assert_eq!(circle(&g), None);
    assert_eq!(
        circle(&documented()),
        None,
        "the documented table has a circle"
    );
}

#[test]
fn no_import_circle_between_the_files_of_the_corpus() {
    let g = corpus_imports();
    assert!(
        g["load"].contains("compile") && g["load"].contains("source"),
        "{g:?}"
    );
    assert!(!g["compile"].contains("load"), "{g:?}");
    assert_eq!(circle(&g), None);
}

#[test]
fn a_circle_is_found() {
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
}
