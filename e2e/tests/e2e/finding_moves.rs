//! A fuzz finding written outside any corpus, moved into a corpus folder,
//! loads and lints clean there, and its repeat line finds it again.
#![cfg(unix)]

use crate::common::{fixtures, harness, harness_in, TEST_ENGINE};
use std::path::Path;
use std::process::Command;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let p = e.path();
        let dest = to.join(e.file_name());
        if p.is_dir() {
            copy_dir(&p, &dest);
        } else {
            std::fs::copy(&p, &dest).unwrap();
        }
    }
}

/// The line after `prefix` in `text`.
fn line_after<'a>(text: &'a str, prefix: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no `{prefix}` in\n{text}"))
}

fn fuzz(dir: &Path, args: &[&str]) -> String {
    let o = harness_in(dir, args);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn a_finding_moved_into_a_corpus_lints_clean_and_its_repeat_line_finds_it_again() {
    let dir = tempfile::tempdir().unwrap();
    let engine = format!("{TEST_ENGINE} --bug edge-counts-tier");
    let out = fuzz(
        dir.path(),
        &[
            "fuzz",
            "--engine",
            &engine,
            "--seed",
            "1",
            "--games",
            "200",
            "--jobs",
            "1",
            "--out",
            "found-here",
        ],
    );
    let difference = line_after(&out, "difference found (game seed ");
    let seed = difference.split(')').next().unwrap();
    // `--out DIR` writes the finding into `DIR/found/`.
    let fixture = dir
        .path()
        .join(format!("found-here/found/seed-{seed}.yaml"));
    let text = std::fs::read_to_string(&fixture).unwrap();

    // Moved, with its trace, into a copy of the corpus under `found/`.
    let corpus = dir.path().join("corpus");
    copy_dir(&fixtures(), &corpus);
    std::fs::create_dir_all(corpus.join("found")).unwrap();
    for ext in ["yaml", "snap"] {
        let from = fixture.with_extension(ext);
        std::fs::rename(&from, corpus.join(format!("found/seed-{seed}.{ext}"))).unwrap();
    }
    let lint = harness_in(dir.path(), &["lint", "--fixtures", "corpus"]);
    let said = String::from_utf8_lossy(&lint.stdout);
    assert_eq!(lint.status.code(), Some(0), "{said}");
    assert!(said.contains("0 problems"), "{said}");
    let id = format!("found/seed-{seed}");
    let run = harness_in(dir.path(), &["run", "--fixtures", "corpus", &id]);
    let ran = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{ran}");
    assert!(ran.contains("1 fixture: 1 passed, 0 failed"), "{ran}");
    assert!(
        !ran.contains("does not load") && !ran.contains("do not load"),
        "{ran}"
    );

    // The repeat line, through a shell, finds the same difference.
    let repeat = text
        .split("Found by `")
        .nth(1)
        .and_then(|t| t.split('`').next())
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        repeat.contains(&format!("--seed {seed} --games 1")),
        "{repeat}"
    );
    let bin = harness();
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap()
    );
    let again = Command::new("sh")
        .arg("-c")
        .arg(format!("{repeat} --out again"))
        .current_dir(dir.path())
        .env("PATH", path)
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1), "{again:?}");
    let again = String::from_utf8(again.stdout).unwrap();
    assert_eq!(
        line_after(&again, "difference found (game seed "),
        difference,
        "{again}"
    );
}
