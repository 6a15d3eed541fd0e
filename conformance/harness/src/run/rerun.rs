//! The one command that runs a failing fixture again, exactly: that
//! fixture alone, in the variant that failed, with every option that
//! changes its outcome, as the user can run it where the run came from: a
//! command line of the harness, or the engine crate's own `cargo test`.
//! Quoted so that a POSIX shell reads it back word for word. Every writer
//! takes it from the report, where it is written once.

use hexodic_rules::symmetry::Symmetry;

/// The program's name in the command.
const PROGRAM: &str = "hexodic-conformance";

/// How a fixture of a run is run again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rerun {
    /// With the harness's command line: `hexodic-conformance run ID
    /// --variant V ...`.
    Command {
        /// The `--engine` command line (none: the reference in process).
        engine: Option<String>,
        /// `--fixtures` folders, as typed, when the corpus would not be
        /// found without them.
        fixtures: Vec<String>,
        /// `--with` folders, as typed: the team's own beside the corpus.
        with: Vec<String>,
        /// Whether the golden traces were compared (`--no-traces` when not).
        traces: bool,
        /// `--timeout`, as typed, when it is not the default.
        timeout: Option<String>,
    },
    /// With the engine crate's own test binary (`cargo test --test NAME`),
    /// the variant chosen by the `HEXODIC_VARIANT` environment variable.
    CargoTest {
        /// The test target's name.
        test: String,
        /// The package, when the workspace has several.
        package: Option<String>,
    },
    /// Not to be run again from a command (a library call).
    None,
}

impl Default for Rerun {
    fn default() -> Rerun {
        Rerun::Command {
            engine: None,
            fixtures: Vec::new(),
            with: Vec::new(),
            traces: true,
            timeout: None,
        }
    }
}

/// The environment variable that picks the variant under the suite.
pub const VARIANT_VARIABLE: &str = "HEXODIC_VARIANT";

impl Rerun {
    /// The command that runs fixture `id` again in `variant`, quoted for a
    /// POSIX shell.
    pub fn line(&self, id: &str, variant: Symmetry) -> Option<String> {
        let words: Vec<String> = match self {
            Rerun::None => return None,
            Rerun::Command {
                engine,
                fixtures,
                with,
                traces,
                timeout,
            } => {
                let mut w: Vec<String> = vec![
                    PROGRAM.into(),
                    "run".into(),
                    id.into(),
                    "--variant".into(),
                    variant.to_string(),
                ];
                for f in fixtures {
                    w.push("--fixtures".into());
                    w.push(f.clone());
                }
                for f in with {
                    w.push("--with".into());
                    w.push(f.clone());
                }
                if !traces {
                    w.push("--no-traces".into());
                }
                if let Some(e) = engine {
                    w.push("--engine".into());
                    w.push(e.clone());
                }
                if let Some(t) = timeout {
                    w.push("--timeout".into());
                    w.push(t.clone());
                }
                w
            }
            Rerun::CargoTest { test, package } => {
                let mut w: Vec<String> = vec!["cargo".into(), "test".into()];
                if let Some(p) = package {
                    w.push("-p".into());
                    w.push(p.clone());
                }
                w.extend([
                    "--test".into(),
                    test.clone(),
                    "--".into(),
                    "--exact".into(),
                    id.into(),
                ]);
                let words = shell_words::join(w);
                return Some(format!("{VARIANT_VARIABLE}={variant} {words}"));
            }
        };
        Some(shell_words::join(words))
    }

    /// Under the suite, the `cargo nextest run` command that runs fixture
    /// `id` again in `variant`: nextest runs each test in a process of its
    /// own and filters by the test's whole name (`[rules] id`), here by a
    /// regular expression on the id at its end. `None` elsewhere.
    pub fn nextest_line(&self, id: &str, variant: Symmetry) -> Option<String> {
        let Rerun::CargoTest { test, package } = self else {
            return None;
        };
        let mut w: Vec<String> = vec!["cargo".into(), "nextest".into(), "run".into()];
        if let Some(p) = package {
            w.push("-p".into());
            w.push(p.clone());
        }
        let escaped: String = id
            .chars()
            .flat_map(|c| {
                let meta = "\\.+*?()[]{}|^$/#&~ ".contains(c);
                meta.then_some('\\').into_iter().chain([c])
            })
            .collect();
        w.extend([
            "--test".into(),
            test.clone(),
            "-E".into(),
            format!("test(/ {escaped}$/)"),
        ]);
        Some(format!(
            "{VARIANT_VARIABLE}={variant} {}",
            shell_words::join(w)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rerun_keeps_every_option_that_changes_the_outcome() {
        let r = Rerun::Command {
            engine: Some("python3 my engine.py".into()),
            fixtures: vec!["../fixtures".into()],
            with: vec!["tests/own fixtures".into()],
            traces: false,
            timeout: Some("60s".into()),
        };
        let line = r.line("capture/edge", Symmetry::IDENTITY).unwrap();
        assert_eq!(
            line,
            "hexodic-conformance run capture/edge --variant r0 --fixtures ../fixtures --with 'tests/own fixtures' --no-traces --engine 'python3 my engine.py' --timeout 60s"
        );
        let words = shell_words::split(&line).unwrap();
        assert_eq!(words[11], "python3 my engine.py");
    }

    #[test]
    fn under_the_suite_the_rerun_is_the_test() {
        let r = Rerun::CargoTest {
            test: "conformance".into(),
            package: Some("my-engine".into()),
        };
        assert_eq!(
            r.line("end/cap", Symmetry::IDENTITY).unwrap(),
            "HEXODIC_VARIANT=r0 cargo test -p my-engine --test conformance -- --exact end/cap"
        );
        assert_eq!(Rerun::None.line("x", Symmetry::IDENTITY), None);
        assert_eq!(
            r.nextest_line("end/cap.two", Symmetry::IDENTITY).unwrap(),
            "HEXODIC_VARIANT=r0 cargo nextest run -p my-engine --test conformance -E 'test(/ end\\/cap\\.two$/)'"
        );
        assert_eq!(Rerun::default().nextest_line("x", Symmetry::IDENTITY), None);
    }
}
