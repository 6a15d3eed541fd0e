//! A corpus holding what is not a fixture file: a named pipe, a link to a
//! device, a symbolic link loop. Each is one located error and the run goes
//! on, without hanging or reading without bound.
#![cfg(unix)]

use crate::common::{copy_end_fixtures, harness_in, text};
use std::path::Path;

/// A copy of the `end/` fixtures in `dir/fixtures`, with a FIFO, a link to
/// `/dev/zero` and a link loop planted in it.
fn hostile_copy(dir: &Path) -> std::path::PathBuf {
    let root = copy_end_fixtures(dir);
    let area = root.join("end");
    let fifo = area.join("pipe.yaml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    std::os::unix::fs::symlink("/dev/zero", area.join("zero.yaml")).unwrap();
    std::os::unix::fs::symlink(&root, area.join("loop")).unwrap();
    root
}

#[test]
fn a_fifo_a_device_link_and_a_link_loop_are_one_located_error_each() {
    let dir = tempfile::tempdir().unwrap();
    let root = hostile_copy(dir.path());
    for cmd in ["run", "lint"] {
        let o = harness_in(dir.path(), &[cmd, "--fixtures", root.to_str().unwrap()]);
        let t = text(&o);
        let code = if cmd == "run" { Some(2) } else { Some(1) };
        assert_eq!(o.status.code(), code, "{cmd}: {t}");
        let errors: Vec<&str> = t.lines().filter(|l| l.contains("fixtures/end/")).collect();
        let one = |name: &str, words: &str| {
            let hits: Vec<&&str> = errors.iter().filter(|l| l.contains(name)).collect();
            assert_eq!(hits.len(), 1, "{cmd} {name}: {t}");
            assert!(hits[0].contains(words), "{cmd} {name}: {t}");
            assert!(hits[0].len() < 200, "{cmd} {name}: {}", hits[0]);
        };
        one("pipe.yaml", "a named pipe (FIFO), not a regular file");
        one("zero.yaml", "a device, not a regular file");
        one("end/loop", "a symbolic link loop");
    }
}
