//! The `--engine` command line: how it is split into a program, its
//! arguments and environment assignments.
//!
//! The text is split into words the way a POSIX shell splits a simple
//! command (`shell-words`): spaces, tabs and newlines separate words; single
//! quotes keep everything literally; double quotes keep white space, and a
//! backslash inside them escapes only `"`, `\\`, `$`, `` ` `` and a newline
//! (`"a\b"` keeps its backslash); a backslash outside quotes escapes the
//! next character (`a\ b` is one word), and a backslash at the very end is
//! kept. Leading words of the form `NAME=VALUE` set environment
//! variables for the engine, as in a shell. No other shell feature applies
//! (no `$` expansion, globbing, pipes or redirections): to use them, run
//! `sh -c '...'` as the engine.

use std::fmt;

/// Why an engine command line cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// Nothing but white space and environment assignments.
    #[error("the engine command `{0}` names no program")]
    Empty(String),
    /// A quote that is never closed.
    #[error("the engine command `{0}` has a quote that is never closed")]
    OpenQuote(String),
}

/// An engine command line, split.
///
/// ```
/// use hexodic_engine::EngineCommand;
/// let c = EngineCommand::parse(r#"BUG=x RUST_LOG=debug node "my dir/adapter.js" --fast"#).unwrap();
/// assert_eq!(c.program, "node");
/// assert_eq!(c.args, ["my dir/adapter.js", "--fast"]);
/// assert_eq!(c.env, [("BUG".to_string(), "x".to_string()), ("RUST_LOG".to_string(), "debug".to_string())]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Environment variables set for it.
    pub env: Vec<(String, String)>,
    /// The command as given.
    pub text: String,
}

impl fmt::Display for EngineCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Split `text` into words (see the module docs).
pub fn split_words(text: &str) -> Result<Vec<String>, CommandError> {
    shell_words::split(text).map_err(|_| CommandError::OpenQuote(text.to_owned()))
}

fn assignment(word: &str) -> Option<(String, String)> {
    let (name, value) = word.split_once('=')?;
    let mut ch = name.chars();
    let first = ch.next()?;
    let ok = (first.is_ascii_alphabetic() || first == '_')
        && ch.all(|c| c.is_ascii_alphanumeric() || c == '_');
    ok.then(|| (name.to_owned(), value.to_owned()))
}

impl EngineCommand {
    /// Split a command line (see the module docs).
    pub fn parse(text: &str) -> Result<EngineCommand, CommandError> {
        let words = split_words(text)?;
        let mut env = Vec::new();
        let mut rest = words.into_iter().peekable();
        while let Some(kv) = rest.peek().and_then(|w| assignment(w)) {
            env.push(kv);
            rest.next();
        }
        let program = rest
            .next()
            .ok_or_else(|| CommandError::Empty(text.to_owned()))?;
        Ok(EngineCommand {
            program,
            args: rest.collect(),
            env,
            text: text.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_like_a_shell() {
        assert_eq!(
            split_words(r#"node "my dir/a.js" --x 'b c' d\ e "f\"g""#).unwrap(),
            ["node", "my dir/a.js", "--x", "b c", "d e", "f\"g"]
        );
        assert_eq!(split_words("a '' b").unwrap(), ["a", "", "b"]);
    }

    #[test]
    fn backslashes_and_quotes_as_in_a_posix_shell() {
        // Inside double quotes a backslash escapes only `"`, `\\`, `$`, `` ` ``.
        assert_eq!(split_words(r#""a\b""#).unwrap(), [r"a\b"]);
        assert_eq!(split_words(r#""a\\b""#).unwrap(), [r"a\b"]);
        assert_eq!(split_words(r#""a\$b""#).unwrap(), ["a$b"]);
        // Quoted parts next to each other make one word.
        assert_eq!(split_words("'it''s'").unwrap(), ["its"]);
        assert_eq!(split_words(r#"'it'"'"'s'"#).unwrap(), ["it's"]);
        assert_eq!(split_words(r"a\ b c").unwrap(), ["a b", "c"]);
        // No expansion: `$HOME` stays as written.
        assert_eq!(
            split_words(r#"echo "$HOME" $HOME"#).unwrap(),
            ["echo", "$HOME", "$HOME"]
        );
        // A backslash at the very end is kept.
        assert_eq!(split_words(r"a b\").unwrap(), ["a", r"b\"]);
    }

    #[test]
    fn bad_command_lines_are_errors() {
        assert!(matches!(
            EngineCommand::parse("   "),
            Err(CommandError::Empty(_))
        ));
        assert!(matches!(
            EngineCommand::parse("A=1 B=2"),
            Err(CommandError::Empty(_))
        ));
        assert!(matches!(
            EngineCommand::parse("a 'b"),
            Err(CommandError::OpenQuote(_))
        ));
        assert!(matches!(
            EngineCommand::parse(r#"a "b\""#),
            Err(CommandError::OpenQuote(_))
        ));
    }

    #[test]
    fn only_leading_assignments_set_the_environment() {
        let c = EngineCommand::parse("X=1 prog Y=2 '1A=3'").unwrap();
        assert_eq!(c.env, [("X".to_string(), "1".to_string())]);
        assert_eq!(c.program, "prog");
        assert_eq!(c.args, ["Y=2", "1A=3"]);
        let c = EngineCommand::parse("=x prog").unwrap();
        assert_eq!(c.program, "=x");
    }
}
