//! The command line `cargo test` and `cargo nextest` give a test binary
//! built with `harness = false`, and the output they read back: the
//! options of Rust's own test harness that matter to a suite of fixtures,
//! the `--list` lines (`[KIND] NAME: test`), a line per test and the
//! closing `test result:` line.
//!
//! Written here rather than taken from a crate so that an engine crate's
//! dev-dependency builds no argument parser or terminal crate.

use std::io::{self, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Instant;

/// How the tests' progress is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// A line per test: `test NAME ... ok`.
    #[default]
    Pretty,
    /// A character per test: `.` passed, `F` failed, `i` ignored.
    Terse,
}

/// The options of a test binary's command line, as Rust's test harness
/// reads them. Options that change nothing for a suite of fixtures
/// (`--nocapture`, `--show-output`, `--color`, `--test`) are accepted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Arguments {
    /// Run only tests whose name holds one of these (or is one, with
    /// [`Arguments::exact`]).
    pub filters: Vec<String>,
    /// Filters match whole names.
    pub exact: bool,
    /// Leave out tests whose name holds one of these (or is one, with
    /// [`Arguments::exact`]).
    pub skip: Vec<String>,
    /// List the tests instead of running them.
    pub list: bool,
    /// Run only the ignored tests (a suite ignores none).
    pub ignored: bool,
    /// Run ignored tests too.
    pub include_ignored: bool,
    /// How many tests run at once (default: one per core).
    pub test_threads: Option<usize>,
    /// How progress is written.
    pub format: Format,
    /// Run benchmarks instead of tests (a suite has none).
    pub bench: bool,
}

/// An option the test harness does not know, or a value it cannot read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ArgumentError(String);

impl Arguments {
    /// The arguments of this process (its name left out).
    pub fn from_env() -> Result<Arguments, ArgumentError> {
        Arguments::parse(std::env::args().skip(1))
    }

    /// Read `args` (without the program's name).
    ///
    /// ```
    /// use hexodic_harness::suite::libtest::Arguments;
    /// let a = Arguments::parse(["capture/", "--exact", "--test-threads=1"].map(String::from)).unwrap();
    /// assert_eq!((a.filters, a.exact, a.test_threads), (vec!["capture/".to_owned()], true, Some(1)));
    /// assert!(Arguments::parse(["--frobnicate".to_owned()]).is_err());
    /// ```
    pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Result<Arguments, ArgumentError> {
        let mut a = Arguments::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let (name, inline) = match arg.split_once('=') {
                Some((n, v)) if n.starts_with("--") => (n.to_owned(), Some(v.to_owned())),
                _ => (arg.clone(), None),
            };
            let mut value = |what: &str| -> Result<String, ArgumentError> {
                match inline.clone().or_else(|| args.next()) {
                    Some(v) => Ok(v),
                    None => Err(ArgumentError(format!("`{name}` needs {what}"))),
                }
            };
            match name.as_str() {
                "--exact" => a.exact = true,
                "--list" => a.list = true,
                "--ignored" => a.ignored = true,
                "--include-ignored" => a.include_ignored = true,
                "--bench" => a.bench = true,
                "-q" | "--quiet" => a.format = Format::Terse,
                "--test" | "--nocapture" | "--no-capture" | "--show-output" => {}
                "--skip" => a.skip.push(value("a name")?),
                "--color" => {
                    let v = value("`auto`, `always` or `never`")?;
                    if !["auto", "always", "never"].contains(&v.as_str()) {
                        return Err(ArgumentError(format!(
                            "`--color {v}`: the choices are `auto`, `always` and `never`"
                        )));
                    }
                }
                "--format" => {
                    a.format = match value("`pretty` or `terse`")?.as_str() {
                        "pretty" => Format::Pretty,
                        "terse" => Format::Terse,
                        v => {
                            return Err(ArgumentError(format!(
                                "`--format {v}`: this suite writes `pretty` or `terse`"
                            )))
                        }
                    }
                }
                "--test-threads" => {
                    let v = value("a number")?;
                    match v.parse::<usize>() {
                        Ok(n) if n > 0 => a.test_threads = Some(n),
                        _ => {
                            return Err(ArgumentError(format!(
                                "`--test-threads {v}`: give a number of at least 1"
                            )))
                        }
                    }
                }
                _ if name.starts_with('-') && name != "-" => {
                    return Err(ArgumentError(format!(
                        "`{name}` is not an option of this test binary (the options: a filter, \
                         --exact, --skip NAME, --list, --ignored, --include-ignored, \
                         --test-threads N, --format pretty|terse, -q)"
                    )))
                }
                _ => a.filters.push(arg),
            }
        }
        Ok(a)
    }

    /// The fixture id an `--exact` filter names, the `[KIND] ` of a
    /// `--list` line taken off (`cargo nextest` runs each test by the name
    /// `--list` gave).
    pub fn exact_name(filter: &str) -> &str {
        match filter.strip_prefix('[').and_then(|r| r.split_once("] ")) {
            Some((_, name)) => name,
            None => filter,
        }
    }

    fn matches(&self, pattern: &str, t: &Trial) -> bool {
        match self.exact {
            true => Arguments::exact_name(pattern) == t.name,
            false => t.name.contains(pattern) || t.listed().contains(pattern),
        }
    }

    /// Whether `t` is left out by the filters and `--skip`.
    fn leaves_out(&self, t: &Trial) -> bool {
        (!self.filters.is_empty() && !self.filters.iter().any(|f| self.matches(f, t)))
            || self.skip.iter().any(|s| self.matches(s, t))
            || self.ignored
            || self.bench
    }
}

/// One test: its name, its kind (shown in `--list`) and what it runs; `Err`
/// holds the failure in words.
pub struct Trial {
    name: String,
    kind: String,
    test: Box<dyn FnOnce() -> Result<(), String> + Send>,
}

impl Trial {
    /// A test called `name`.
    pub fn test(
        name: impl Into<String>,
        test: impl FnOnce() -> Result<(), String> + Send + 'static,
    ) -> Trial {
        Trial {
            name: name.into(),
            kind: String::new(),
            test: Box::new(test),
        }
    }

    /// The same test, shown with `kind` in `--list`.
    #[must_use]
    pub fn with_kind(mut self, kind: impl Into<String>) -> Trial {
        self.kind = kind.into();
        self
    }

    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How `--list` names it: `[KIND] NAME`, or `NAME` without a kind.
    fn listed(&self) -> String {
        match self.kind.is_empty() {
            true => self.name.clone(),
            false => format!("[{}] {}", self.kind, self.name),
        }
    }
}

/// What the tests came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Conclusion {
    /// Tests that passed.
    pub passed: usize,
    /// Tests that failed.
    pub failed: usize,
    /// Tests left out by the filters.
    pub filtered_out: usize,
}

impl Conclusion {
    /// Whether a test failed.
    pub fn has_failed(&self) -> bool {
        self.failed > 0
    }
}

/// A panic's message.
fn panic_words(p: &(dyn std::any::Any + Send)) -> String {
    match (p.downcast_ref::<&str>(), p.downcast_ref::<String>()) {
        (Some(s), _) => format!("panicked: {s}"),
        (_, Some(s)) => format!("panicked: {s}"),
        _ => "panicked".to_owned(),
    }
}

/// Run the `trials` that `args` select, writing their progress to `out`
/// as Rust's test harness does (or list them, with `--list`).
pub fn run(args: &Arguments, trials: Vec<Trial>, out: &mut dyn Write) -> io::Result<Conclusion> {
    let total = trials.len();
    let trials: Vec<Trial> = trials.into_iter().filter(|t| !args.leaves_out(t)).collect();
    let mut c = Conclusion {
        filtered_out: total - trials.len(),
        ..Conclusion::default()
    };
    if args.list {
        for t in &trials {
            writeln!(out, "{}: test", t.listed())?;
        }
        if args.format == Format::Pretty {
            writeln!(out, "\n{} tests, 0 benchmarks", trials.len())?;
        }
        return Ok(c);
    }
    let t0 = Instant::now();
    writeln!(
        out,
        "\nrunning {} test{}",
        trials.len(),
        if trials.len() == 1 { "" } else { "s" }
    )?;
    let threads = args
        .test_threads
        .or_else(|| std::thread::available_parallelism().ok().map(Into::into))
        .unwrap_or(1)
        .clamp(1, trials.len().max(1));
    let names: Vec<String> = trials.iter().map(|t| t.name.clone()).collect();
    let queue: Vec<Mutex<Option<Trial>>> =
        trials.into_iter().map(|t| Mutex::new(Some(t))).collect();
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel::<(usize, Result<(), String>)>();
    let mut failures: Vec<(usize, String)> = Vec::new();
    let mut written = 0;
    std::thread::scope(|scope| -> io::Result<()> {
        for _ in 0..threads {
            let (send, queue, next) = (send.clone(), &queue, &next);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(slot) = queue.get(i) else { break };
                let taken = slot.lock().map(|mut s| s.take()).unwrap_or(None);
                let Some(t) = taken else { continue };
                let outcome = catch_unwind(AssertUnwindSafe(t.test))
                    .unwrap_or_else(|p| Err(panic_words(p.as_ref())));
                if send.send((i, outcome)).is_err() {
                    break;
                }
            });
        }
        drop(send);
        for (i, outcome) in receive {
            let ok = outcome.is_ok();
            match args.format {
                Format::Pretty => writeln!(
                    out,
                    "test {} ... {}",
                    names[i],
                    if ok { "ok" } else { "FAILED" }
                )?,
                Format::Terse => {
                    write!(out, "{}", if ok { "." } else { "F" })?;
                    written += 1;
                    if written % 88 == 0 {
                        writeln!(out)?;
                    }
                }
            }
            match outcome {
                Ok(()) => c.passed += 1,
                Err(words) => {
                    c.failed += 1;
                    failures.push((i, words));
                }
            }
        }
        Ok(())
    })?;
    if args.format == Format::Terse {
        writeln!(out)?;
    }
    if !failures.is_empty() {
        failures.sort_by_key(|(i, _)| *i);
        writeln!(out, "\nfailures:\n")?;
        for (i, words) in &failures {
            writeln!(out, "---- {} ----\n{words}\n", names[*i])?;
        }
        writeln!(out, "\nfailures:")?;
        for (i, _) in &failures {
            writeln!(out, "    {}", names[*i])?;
        }
    }
    writeln!(
        out,
        "\ntest result: {}. {} passed; {} failed; 0 ignored; 0 measured; {} filtered out; finished in {:.2}s\n",
        if c.has_failed() { "FAILED" } else { "ok" },
        c.passed,
        c.failed,
        c.filtered_out,
        t0.elapsed().as_secs_f64()
    )?;
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Arguments {
        Arguments::parse(words.iter().map(|w| (*w).to_owned())).unwrap()
    }

    fn trials() -> Vec<Trial> {
        vec![
            Trial::test("capture/a", || Ok(())).with_kind("C1"),
            Trial::test("capture/b", || Err("wrong captures".into())).with_kind("C1 xfail"),
            Trial::test("end/c", || panic!("boom")),
        ]
    }

    fn output(a: &Arguments) -> (Conclusion, String) {
        let mut out = Vec::new();
        let c = run(a, trials(), &mut out).unwrap();
        (c, String::from_utf8(out).unwrap())
    }

    #[test]
    fn options_are_read_as_rusts_harness_reads_them() {
        let a = args(&[
            "--format",
            "terse",
            "--skip=end/",
            "x",
            "--nocapture",
            "--test-threads",
            "2",
        ]);
        assert_eq!(a.format, Format::Terse);
        assert_eq!(a.skip, ["end/"]);
        assert_eq!(a.filters, ["x"]);
        assert_eq!(a.test_threads, Some(2));
        for bad in [
            &["--test-threads", "0"][..],
            &["--format", "json"],
            &["--skip"],
            &["-Z"],
        ] {
            let e = Arguments::parse(bad.iter().map(|w| (*w).to_owned())).unwrap_err();
            assert!(e.to_string().contains('`'), "{e}");
        }
    }

    #[test]
    fn a_list_line_names_the_test_that_exact_runs() {
        let (c, text) = output(&args(&["--list"]));
        assert_eq!(c, Conclusion::default());
        assert!(
            text.starts_with("[C1] capture/a: test\n[C1 xfail] capture/b: test\nend/c: test\n"),
            "{text}"
        );
        for name in ["[C1] capture/a", "capture/a"] {
            let (c, text) = output(&args(&["--exact", name]));
            assert_eq!((c.passed, c.failed, c.filtered_out), (1, 0, 2), "{text}");
        }
        // A filter matches the kind too: the rules a fixture cites.
        let (c, _) = output(&args(&["--list", "xfail"]));
        assert_eq!(c.filtered_out, 2);
    }

    #[test]
    fn failures_and_panics_are_reported_and_counted() {
        let (c, text) = output(&args(&["--test-threads", "3"]));
        assert_eq!((c.passed, c.failed), (1, 2));
        assert!(
            text.contains("---- capture/b ----\nwrong captures"),
            "{text}"
        );
        assert!(text.contains("---- end/c ----\npanicked: boom"), "{text}");
        assert!(
            text.contains(
                "test result: FAILED. 1 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out"
            ),
            "{text}"
        );
        let (c, text) = output(&args(&["-q", "--skip", "capture/b", "--skip", "end/"]));
        assert_eq!((c.passed, c.failed, c.filtered_out), (1, 0, 2));
        assert!(text.contains("\n.\n"), "{text}");
        assert!(text.contains("test result: ok."), "{text}");
    }
}
