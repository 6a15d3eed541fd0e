//! The user docs' commands run as written. Every command line in a fenced
//! block whose info string is `sh runnable` (README.md, fixtures/README.md,
//! fuzz/README.md, docs/engine-ci.md, conformance/PROTOCOL.md) is run with
//! `sh -c`, and its exit code must be the one the line states: a trailing
//! comment `# exit N`, else 0.
//!
//! Each document runs top to bottom in a fresh folder laid out like the
//! repository root: a copy of `fixtures/` and of `rules/RULES.md`, so a
//! command may write (`record`, `bless`, reports) without touching the
//! repository. `hexodic-conformance` is this build's binary and `my-engine`
//! is the reference engine behind the protocol (`hexodic-conformance
//! serve`), both first on `PATH`.
//!
//! Lines ending with `\` continue on the next line; blank lines and lines
//! starting with `#` are skipped. A command must finish within
//! [`COMMAND_LIMIT`].

use std::fs::File;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::BIN;

/// The info string that marks a block as runnable.
const MARKER: &str = "sh runnable";

/// The longest a documented command may take (a debug build, a busy machine).
const COMMAND_LIMIT: Duration = Duration::from_secs(120);

use crate::repo;

/// One documented command line.
#[derive(Debug, PartialEq, Eq)]
struct DocCommand {
    /// 1-based line in the document where it starts.
    line: usize,
    /// The command, continuation lines joined.
    text: String,
    /// The exit code it states.
    exit: i32,
}

/// The exit code a command line states: `# exit N` at its end, else 0.
fn stated_exit(text: &str) -> Result<i32, String> {
    match text.rsplit_once("# exit ") {
        None => Ok(0),
        Some((_, n)) => n
            .trim()
            .parse()
            .map_err(|_| format!("`# exit {n}` does not give a number")),
    }
}

/// The commands of the runnable blocks of a document, in order.
fn runnable_commands(doc: &str) -> Result<Vec<DocCommand>, String> {
    let mut out = Vec::new();
    let mut fence: Option<(String, bool)> = None;
    let mut pending: Option<(usize, String)> = None;
    for (i, raw) in doc.lines().enumerate() {
        let line_no = i + 1;
        let trimmed = raw.trim_start();
        let ticks = trimmed.len() - trimmed.trim_start_matches('`').len();
        if let Some((open, runnable)) = &fence {
            let closes = ticks >= 3
                && trimmed.starts_with(open.as_str())
                && trimmed.trim_start_matches('`').trim().is_empty();
            if closes {
                if let Some((l, _)) = pending {
                    return Err(format!(
                        "line {l}: the block ends inside a continued command"
                    ));
                }
                fence = None;
                continue;
            }
            if !runnable {
                continue;
            }
            let text = raw.trim();
            let (start, mut joined) = match pending.take() {
                Some((l, t)) => (l, t),
                None if text.is_empty() || text.starts_with('#') => continue,
                None => (line_no, String::new()),
            };
            match text.strip_suffix('\\') {
                Some(part) => {
                    joined.push_str(part.trim_end());
                    joined.push(' ');
                    pending = Some((start, joined));
                }
                None => {
                    joined.push_str(text);
                    let exit = stated_exit(&joined).map_err(|e| format!("line {start}: {e}"))?;
                    out.push(DocCommand {
                        line: start,
                        text: joined,
                        exit,
                    });
                }
            }
        } else if ticks >= 3 {
            let info = trimmed.trim_start_matches('`').trim();
            let words: Vec<&str> = info.split_whitespace().collect();
            let runnable = words.contains(&"runnable");
            if runnable && info != MARKER {
                return Err(format!(
                    "line {line_no}: a runnable block is marked `{MARKER}`, not `{info}`"
                ));
            }
            fence = Some(("`".repeat(ticks), runnable));
        }
    }
    if fence.is_some() {
        return Err("a fenced block is never closed".into());
    }
    Ok(out)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

/// A folder laid out like the repository root, with `bin/` holding
/// `hexodic-conformance` and `my-engine`.
fn workspace(dir: &Path) -> PathBuf {
    copy_dir(&repo().join("fixtures"), &dir.join("fixtures"));
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::copy(
        repo().join("rules/RULES.md"),
        dir.join("rules").join("RULES.md"),
    )
    .unwrap();
    let bin = dir.join(".bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(BIN, bin.join("hexodic-conformance")).unwrap();
    let engine = bin.join("my-engine");
    std::fs::write(&engine, format!("#!/bin/sh\nexec '{BIN}' serve\n")).unwrap();
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).unwrap();
    bin
}

/// The last lines of a file, for a failure message.
fn tail(path: &Path, lines: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// Run one command; `Err` says how it went wrong.
fn run_command(dir: &Path, bin: &Path, n: usize, c: &DocCommand) -> Result<(), String> {
    let out = dir.join(format!(".out-{n}"));
    let err = dir.join(format!(".err-{n}"));
    let path = match std::env::var_os("PATH") {
        Some(p) => {
            let mut v = vec![bin.to_path_buf()];
            v.extend(std::env::split_paths(&p));
            std::env::join_paths(v).unwrap()
        }
        None => bin.as_os_str().to_owned(),
    };
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(&c.text)
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("GITHUB_ACTIONS")
        .env_remove("GITHUB_STEP_SUMMARY")
        .stdin(Stdio::null())
        .stdout(File::create(&out).unwrap())
        .stderr(File::create(&err).unwrap())
        .spawn()
        .map_err(|e| format!("cannot start sh: {e}"))?;
    let t0 = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t0.elapsed() > COMMAND_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {} s", COMMAND_LIMIT.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let code = status.code().unwrap_or(-1);
    if code == c.exit {
        return Ok(());
    }
    Err(format!(
        "exit code {code}, the doc states {}\n--- standard output (end):\n{}\n--- standard error (end):\n{}",
        c.exit,
        tail(&out, 25),
        tail(&err, 25)
    ))
}

/// Run every runnable command of `doc` (a path in the repository) and
/// return how many ran; at least `min` must be documented.
fn run_doc(doc: &str, min: usize) -> usize {
    let text = std::fs::read_to_string(repo().join(doc)).unwrap();
    let commands = runnable_commands(&text).unwrap_or_else(|e| panic!("{doc}: {e}"));
    assert!(
        commands.len() >= min,
        "{doc}: {} runnable command(s), expected at least {min} (blocks marked ```{MARKER})",
        commands.len()
    );
    let dir = tempfile::tempdir().unwrap();
    let bin = workspace(dir.path());
    let mut failures = Vec::new();
    for (n, c) in commands.iter().enumerate() {
        if let Err(e) = run_command(dir.path(), &bin, n, c) {
            failures.push(format!("{doc}:{}: `{}`: {e}", c.line, c.text));
        }
    }
    assert!(
        failures.is_empty(),
        "documented commands that do not run as documented:\n\n{}",
        failures.join("\n\n")
    );
    commands.len()
}

#[test]
fn readme_commands_run_as_documented() {
    run_doc("README.md", 15);
}

#[test]
fn fixtures_readme_commands_run_as_documented() {
    run_doc("fixtures/README.md", 8);
}

#[test]
fn fuzz_readme_commands_run_as_documented() {
    run_doc("fuzz/README.md", 3);
}

#[test]
fn engine_ci_commands_run_as_documented() {
    run_doc("docs/engine-ci.md", 4);
}

#[test]
fn protocol_commands_run_as_documented() {
    run_doc("conformance/PROTOCOL.md", 0);
}

#[test]
fn runnable_blocks_are_read_line_by_line() {
    let doc = r#"text
```sh
not run
```
```sh runnable
# a comment

hexodic-conformance lint
hexodic-conformance run --engine "my-engine" \
  capture/   # exit 1
```
````text
```sh runnable
````
"#;
    let got = runnable_commands(doc).unwrap();
    assert_eq!(
        got,
        [
            DocCommand {
                line: 8,
                text: "hexodic-conformance lint".into(),
                exit: 0
            },
            DocCommand {
                line: 9,
                text: "hexodic-conformance run --engine \"my-engine\" capture/   # exit 1".into(),
                exit: 1
            },
        ]
    );
    assert!(runnable_commands("```bash runnable\nls\n```\n").is_err());
    assert!(runnable_commands("```sh runnable\nls \\\n```\n").is_err());
    assert!(runnable_commands("```sh runnable\nls # exit soon\n```\n").is_err());
    assert!(runnable_commands("```sh runnable\nls\n").is_err());
}
