//! The `--engine` command line: how it is split into a program, its
//! arguments and environment assignments.
//!
//! The text is split into words the way a POSIX shell splits a simple
//! command: white space separates words; single quotes keep everything
//! literally; double quotes keep white space (a backslash inside them escapes
//! the next character); a backslash outside quotes escapes the next
//! character. Leading words of the form `NAME=VALUE` set environment
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
    /// A backslash at the very end.
    #[error("the engine command `{0}` ends with a lone backslash")]
    TrailingBackslash(String),
}

/// An engine command line, split.
///
/// ```
/// use hexodic_conformance::engine::EngineCommand;
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
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut have = false;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, c) if c.is_whitespace() => {
                if have {
                    out.push(std::mem::take(&mut cur));
                    have = false;
                }
            }
            (None, '\'' | '"') => {
                quote = Some(c);
                have = true;
            }
            (Some(q), c) if c == q => quote = None,
            (Some('\''), c) => cur.push(c),
            (_, '\\') => match chars.next() {
                Some(n) => {
                    cur.push(n);
                    have = true;
                }
                None => return Err(CommandError::TrailingBackslash(text.to_owned())),
            },
            (_, c) => {
                cur.push(c);
                have = true;
            }
        }
    }
    if quote.is_some() {
        return Err(CommandError::OpenQuote(text.to_owned()));
    }
    if have {
        out.push(cur);
    }
    Ok(out)
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
            EngineCommand::parse("a \\"),
            Err(CommandError::TrailingBackslash(_))
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
