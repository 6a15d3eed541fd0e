//! `run --rule` and `run --list`: the fixtures whose `rules:` cite a rule,
//! listed without an engine; an unknown rule ID and a rule ID given as a
//! target are told apart from fixture ids.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::{Command, Output};

use crate::BIN;

fn fixtures() -> PathBuf {
    crate::repo().join("fixtures")
}

fn harness(args: &[&str]) -> Output {
    let fx = fixtures();
    Command::new(BIN)
        .arg("run")
        .arg("--fixtures")
        .arg(&fx)
        .args(args)
        .output()
        .unwrap()
}

/// Every fixture id with the rules its file's `rules:` line cites, read
/// from the YAML files themselves.
fn cited() -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for area in std::fs::read_dir(fixtures()).unwrap() {
        let area = area.unwrap().path();
        if !area.is_dir() || area.ends_with("schema") {
            continue;
        }
        for f in std::fs::read_dir(&area).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_none_or(|e| e != "yaml") {
                continue;
            }
            let text = std::fs::read_to_string(&f).unwrap();
            // Files without `rules:` (shared setups) are not fixtures.
            let Some(line) = text.lines().find(|l| l.starts_with("rules:")) else {
                continue;
            };
            let inner = line["rules:".len()..].trim().trim_matches(['[', ']']);
            let rules = inner.split(',').map(|r| r.trim().to_owned()).collect();
            let id = format!(
                "{}/{}",
                area.file_name().unwrap().to_str().unwrap(),
                f.file_stem().unwrap().to_str().unwrap()
            );
            out.push((id, rules));
        }
    }
    out
}

fn listed(o: &Output) -> BTreeSet<String> {
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| l.split_whitespace().next().unwrap().to_owned())
        .collect()
}

#[test]
fn rule_lists_exactly_the_fixtures_citing_it() {
    let want: BTreeSet<String> = cited()
        .into_iter()
        .filter(|(_, rules)| rules.iter().any(|r| r == "G7"))
        .map(|(id, _)| id)
        .collect();
    assert!(!want.is_empty());
    let o = harness(&["--rule", "G7", "--list"]);
    assert_eq!(listed(&o), want);
    // Each line names the variants: the identity first.
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        out.lines()
            .all(|l| l.split_whitespace().nth(1) == Some("r0")),
        "{out}"
    );
}

#[test]
fn an_area_letter_selects_all_its_rules() {
    let want: BTreeSet<String> = cited()
        .into_iter()
        .filter(|(_, rules)| {
            rules
                .iter()
                .any(|r| r.starts_with('C') && r[1..].chars().all(|c| c.is_ascii_digit()))
        })
        .map(|(id, _)| id)
        .collect();
    assert_eq!(listed(&harness(&["--rule", "C", "--list"])), want);
    let two = listed(&harness(&["--rule", "C1", "--rule", "G7", "--list"]));
    assert!(two.len() > listed(&harness(&["--rule", "C1", "--list"])).len());
}

#[test]
fn an_unknown_rule_id_names_the_nearest() {
    let o = harness(&["--rule", "G77", "--list"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("`G77`") && err.contains("nearest known is `G7`"),
        "{err}"
    );
    let o = harness(&["G7", "--list"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--rule G7"), "{err}");
}
