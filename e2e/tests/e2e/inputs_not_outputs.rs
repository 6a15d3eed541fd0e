//! Inputs are never outputs: a report path that is a fixture, trace,
//! expectations file, baseline or part of the run, or another report of the
//! same run, is refused before anything runs (exit 2, nothing written), and
//! `fuzz` never replaces a fixture without `--force`.

use crate::common::{copy_end_fixtures, engine_cmd, harness_in, run_shipped, text};
use std::path::{Path, PathBuf};
use std::process::Output;

/// The first fixture of the copy.
fn first_fixture(root: &Path) -> PathBuf {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("end"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    files.remove(0)
}

fn refused(o: &Output, what: &str) {
    let t = text(o);
    assert_eq!(o.status.code(), Some(2), "{what}: {t}");
    assert!(t.contains("nothing was written"), "{what}: {t}");
}

#[test]
fn a_report_over_a_fixture_or_trace_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let root = copy_end_fixtures(dir.path());
    let fixture = first_fixture(&root);
    let trace = fixture.with_extension("snap");
    let before = (
        std::fs::read(&fixture).unwrap(),
        std::fs::read(&trace).unwrap(),
    );
    let fx = root.to_str().unwrap();
    for (flag, target) in [
        ("--html", &fixture),
        ("--json", &fixture),
        ("--junit", &trace),
        ("--markdown", &fixture),
    ] {
        let o = harness_in(
            dir.path(),
            &[
                "run",
                "--fixtures",
                fx,
                "end/",
                flag,
                target.to_str().unwrap(),
            ],
        );
        refused(&o, flag);
        assert!(text(&o).contains(flag), "{}", text(&o));
    }
    // Through a symbolic link too.
    #[cfg(unix)]
    {
        let link = dir.path().join("report.html");
        std::os::unix::fs::symlink(&fixture, &link).unwrap();
        let o = harness_in(
            dir.path(),
            &["run", "--fixtures", fx, "--html", "report.html"],
        );
        refused(&o, "a link to a fixture");
    }
    assert_eq!(std::fs::read(&fixture).unwrap(), before.0);
    assert_eq!(std::fs::read(&trace).unwrap(), before.1);
}

#[test]
fn a_report_over_the_expectations_or_another_report_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = copy_end_fixtures(dir.path());
    let fx = root.to_str().unwrap();
    let exp = dir.path().join("exp.yaml");
    let hand_written = "# my reasons\nengine: model\nexpected_failures: {}\n";
    std::fs::write(&exp, hand_written).unwrap();
    let o = harness_in(
        dir.path(),
        &[
            "run",
            "--fixtures",
            fx,
            "--expectations",
            "exp.yaml",
            "--json",
            "./exp.yaml",
        ],
    );
    refused(&o, "--json over --expectations");
    assert_eq!(std::fs::read_to_string(&exp).unwrap(), hand_written);

    let o = harness_in(
        dir.path(),
        &[
            "run",
            "--fixtures",
            fx,
            "--json",
            "r.out",
            "--junit",
            "r.out",
        ],
    );
    refused(&o, "two reports into one file");
    assert!(!dir.path().join("r.out").exists());
}

#[test]
fn merge_and_compare_never_write_over_their_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let o = run_shipped(dir.path(), &["end/", "--json", "a.json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let before = std::fs::read(dir.path().join("a.json")).unwrap();
    let o = harness_in(dir.path(), &["merge", "a.json", "--html", "a.json"]);
    refused(&o, "merge --html over its part");
    let o = harness_in(
        dir.path(),
        &["compare", "a.json", "a.json", "--markdown", "a.json"],
    );
    refused(&o, "compare --markdown over its input");
    assert_eq!(std::fs::read(dir.path().join("a.json")).unwrap(), before);
}

#[test]
fn fuzz_takes_a_new_name_rather_than_replace_a_finding() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_cmd("--bug cap-before-repetition");
    let args = [
        "fuzz", "--engine", &e, "--seed", "7", "--jobs", "1", "--out", "found",
    ];
    let fuzz = |extra: &[&str]| {
        let mut a = args.to_vec();
        a.extend_from_slice(extra);
        let o = harness_in(dir.path(), &a);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        // `--out found` writes the findings into `found/found/`.
        let mut names: Vec<String> = std::fs::read_dir(dir.path().join("found").join("found"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".yaml"))
            .collect();
        names.sort();
        names
    };
    let first = fuzz(&[]);
    assert_eq!(first.len(), 1, "{first:?}");
    let file = dir.path().join("found").join("found").join(&first[0]);
    let edited = format!(
        "{}# edited by hand\n",
        std::fs::read_to_string(&file).unwrap()
    );
    std::fs::write(&file, &edited).unwrap();
    let second = fuzz(&[]);
    assert_eq!(second.len(), 2, "{second:?}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), edited);
    let forced = fuzz(&["--force"]);
    assert_eq!(forced.len(), 2, "{forced:?}");
    assert_ne!(std::fs::read_to_string(&file).unwrap(), edited);
}
