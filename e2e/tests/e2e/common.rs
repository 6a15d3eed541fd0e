//! What the end-to-end tests share: the binaries, the corpus, runs.
#![allow(dead_code)]

use hexodic_engine::{Engine, InProcess};
use hexodic_harness::corpus::{load_corpus, Corpus};
use hexodic_harness::run::{run_corpus, RunOptions};
use hexodic_report::RunReport;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

/// The test engine binary.
pub const TEST_ENGINE: &str = env!("CARGO_BIN_EXE_hexodic-test-engine");

/// The shipped corpus.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

/// The shipped corpus, loaded.
pub fn corpus() -> Corpus {
    let c = load_corpus(&fixtures());
    assert!(c.errors.is_empty());
    c
}

/// The harness binary, built beside the tests by `cargo test --workspace`.
pub fn harness() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().and_then(Path::parent).unwrap();
    let bin = dir.join(format!(
        "hexodic-conformance{}",
        std::env::consts::EXE_SUFFIX
    ));
    assert!(
        bin.is_file(),
        "{} is missing: build it first (`cargo test --workspace` or `cargo build -p hexodic-conformance`)",
        bin.display()
    );
    bin
}

/// A test engine command line.
pub fn engine_cmd(args: &str) -> String {
    format!("{TEST_ENGINE} {args}")
}

/// Run the harness with arguments in `dir`.
pub fn harness_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(harness())
        .args(args)
        .current_dir(dir)
        .env_remove("GITHUB_ACTIONS")
        .output()
        .unwrap()
}

/// Run the harness in `dir` on the shipped corpus: `run --fixtures
/// <shipped corpus>` followed by `args`.
pub fn run_shipped(dir: &Path, args: &[&str]) -> Output {
    let fx = fixtures();
    let mut all = vec!["run", "--fixtures", fx.to_str().unwrap()];
    all.extend_from_slice(args);
    harness_in(dir, &all)
}

/// The fixture IDs of a JSON report's results, in order.
pub fn result_ids(report: &serde_json::Value) -> Vec<String> {
    report["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect()
}

/// Run the whole corpus in process against `engine`, with the golden
/// traces (the default).
pub fn run_all(engine: &mut dyn Engine) -> RunReport {
    run_in_process(engine, &corpus())
}

/// Run `corpus` in process against `engine`, with the golden traces.
pub fn run_in_process(engine: &mut dyn Engine, corpus: &Corpus) -> RunReport {
    let opts = RunOptions::default();
    assert!(opts.settings.traces, "traces are compared by default");
    run_corpus(&mut InProcess::new(engine), corpus, &opts, &mut |_| {}).report
}

/// A run's JSON report, read back through the report model.
pub fn run_report(path: &Path) -> RunReport {
    hexodic_report::read_run(path).unwrap_or_else(|e| panic!("{e}"))
}

/// Text that must not appear in any output: Rust Debug formatting.
pub const DEBUG_MARKS: [&str; 6] = [
    "Some(",
    "None)",
    "TraceStep {",
    "{ ..",
    "Setup {",
    "ReasonSet(",
];

/// Assert no Debug formatting in `text`.
pub fn assert_no_debug(what: &str, text: &str) {
    for m in DEBUG_MARKS {
        assert!(!text.contains(m), "{what} holds `{m}`:\n{text}");
    }
}

/// What a command wrote: its standard output, then its standard error.
pub fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A JSON file, read.
pub fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A copy of the shipped `end/` fixtures in `dir/fixtures`; that folder.
pub fn copy_end_fixtures(dir: &Path) -> PathBuf {
    let root = dir.join("fixtures");
    let area = root.join("end");
    std::fs::create_dir_all(&area).unwrap();
    for e in std::fs::read_dir(fixtures().join("end")).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, area.join(p.file_name().unwrap())).unwrap();
    }
    root
}

/// Start the harness on the shipped corpus (`run --fixtures ... ARGS`) in
/// `dir`, its output piped, without waiting for it.
pub fn spawn_run_shipped(dir: &Path, args: &[&str]) -> Child {
    let fx = fixtures();
    Command::new(harness())
        .args(["run", "--fixtures", fx.to_str().unwrap()])
        .args(args)
        .current_dir(dir)
        .env_remove("GITHUB_ACTIONS")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Send `signal` (`TERM`, `KILL`) to the process `pid`.
#[cfg(unix)]
pub fn signal(pid: u32, signal: &str) -> bool {
    Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .is_ok_and(|s| s.success())
}

/// Whether the process `pid` is alive (not gone, not a zombie waiting to be
/// collected by its new parent).
#[cfg(unix)]
pub fn alive(pid: u32) -> bool {
    let signalled = Command::new("kill")
        .args(["-0", &pid.to_string()])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !signalled {
        return false;
    }
    let state = Command::new("ps")
        .args(["-o", "stat=", "-p", &pid.to_string()])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    !state.is_empty() && !state.starts_with('Z')
}

/// Whether `pid` ends within two seconds (it is killed if not, so that no
/// test leaves it behind).
#[cfg(unix)]
pub fn ends(pid: u32) -> bool {
    for _ in 0..100 {
        if !alive(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    signal(pid, "KILL");
    false
}

/// The processes whose parent is `pid`, as `ps` lists them.
#[cfg(unix)]
pub fn children_of(pid: u32) -> Vec<u32> {
    Command::new("ps")
        .args(["-o", "pid=", "--ppid", &pid.to_string()])
        .output()
        .map(|o| {
            String::from_utf8_lossy(&o.stdout)
                .split_whitespace()
                .filter_map(|p| p.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// HTML's void elements, which a page written by maud leaves unclosed
/// (`<meta ...>`, no end tag), as HTML5 has them.
const VOID: [&str; 6] = ["meta", "link", "input", "br", "hr", "img"];

/// An HTML page with its void elements closed (`<meta .../>`), so that an
/// XML reader takes it: all else must already be well-formed.
pub fn as_xml(page: &str) -> String {
    let mut out = String::with_capacity(page.len() + 256);
    let mut rest = page;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        let tag = &rest[i..];
        let Some(end) = tag.find('>') else {
            break;
        };
        let element = &tag[..=end];
        let name: String = element[1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if VOID.contains(&name.as_str()) && !element.ends_with("/>") {
            out.push_str(&element[..end]);
            out.push_str("/>");
        } else {
            out.push_str(element);
        }
        rest = &tag[end + 1..];
    }
    out.push_str(rest);
    out
}
