//! Colour: on a terminal by default, never into a pipe or a file, off with
//! `NO_COLOR` or `--color never`, forced with `--color always`.

use crate::common::{engine_cmd, fixtures, harness};
use std::path::Path;
use std::process::Command;

const ESC: char = '\x1b';

/// The harness's arguments for a run of `capture/` against a planted bug
/// that fails some of its fixtures, writing a JSON report into `dir`.
fn args(dir: &Path, extra: &[&str]) -> Vec<String> {
    let mut a: Vec<String> = vec![
        "run".into(),
        "capture/".into(),
        "--fixtures".into(),
        fixtures().display().to_string(),
        "--engine".into(),
        engine_cmd("--bug weight-at-least"),
        "--json".into(),
        dir.join("r.json").display().to_string(),
        "--jobs".into(),
        "1".into(),
    ];
    a.extend(extra.iter().map(|s| s.to_string()));
    a
}

/// Standard output of the harness run with its output into a pipe.
fn piped(extra: &[&str], no_color: Option<&str>) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut c = Command::new(harness());
    c.args(args(dir.path(), extra)).env_remove("NO_COLOR");
    if let Some(v) = no_color {
        c.env("NO_COLOR", v);
    }
    let o = c.output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    let json = std::fs::read_to_string(dir.path().join("r.json")).unwrap();
    assert!(!json.contains(ESC), "the JSON report is coloured");
    String::from_utf8(o.stdout).unwrap()
}

/// What the harness prints on a terminal (a pseudo-terminal made by
/// `script`, from util-linux, which every Debian system has).
fn on_terminal(extra: &[&str], no_color: Option<&str>) -> String {
    let dir = tempfile::tempdir().unwrap();
    let line = std::iter::once(harness().display().to_string())
        .chain(args(dir.path(), extra))
        .map(|a| shell_words::quote(&a).into_owned())
        .collect::<Vec<_>>()
        .join(" ");
    let mut c = Command::new("script");
    c.args(["-qec", &line, "/dev/null"]).env_remove("NO_COLOR");
    if let Some(v) = no_color {
        c.env("NO_COLOR", v);
    }
    let o = c
        .output()
        .expect("`script` (util-linux) runs the harness on a terminal");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Whether `s` holds a colour sequence (`ESC [ ... m`); the progress line
/// on a terminal clears itself with other sequences.
fn coloured(s: &str) -> bool {
    s.split(ESC).skip(1).any(|rest| {
        rest.strip_prefix('[').is_some_and(|r| {
            let end = r.find(|c: char| !(c.is_ascii_digit() || c == ';'));
            end.is_some_and(|i| r[i..].starts_with('m'))
        })
    })
}

/// The summary line of a printed report.
fn summary(out: &str) -> &str {
    out.lines()
        .find(|l| l.contains(" fixtures: ") && l.contains(" passed"))
        .unwrap_or_else(|| panic!("no summary line in:\n{out}"))
}

#[test]
fn a_pipe_gets_no_colour_and_always_forces_it() {
    let plain = piped(&[], None);
    assert!(!plain.contains(ESC), "{plain}");
    let forced = piped(&["--color", "always"], None);
    assert!(coloured(summary(&forced)), "{forced}");
    // The failure's heading is coloured (its indentation under a root
    // cause is not).
    let fail = forced.lines().find(|l| l.contains("FAIL ")).unwrap();
    assert!(fail.trim_start().starts_with(ESC), "{fail:?}");
    // `always` wins over NO_COLOR; `never` stays plain.
    assert!(coloured(&piped(&["--color", "always"], Some("1"))));
    assert!(!piped(&["--color", "never"], None).contains(ESC));
}

#[test]
fn a_terminal_gets_colour_unless_no_color_is_set() {
    let out = on_terminal(&[], None);
    assert!(coloured(summary(&out)), "{out}");
    let quiet = on_terminal(&[], Some("1"));
    assert!(!coloured(summary(&quiet)), "{quiet}");
    // An empty NO_COLOR is not set, as its convention says.
    let empty = on_terminal(&[], Some(""));
    assert!(coloured(summary(&empty)), "{empty}");
    let never = on_terminal(&["--color", "never"], None);
    assert!(!coloured(summary(&never)), "{never}");
}
