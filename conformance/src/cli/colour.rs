//! Colour on a terminal: `--color auto|always|never`, `NO_COLOR`.
//!
//! The reports themselves are plain text (the same text goes to files and
//! pipes); colour is added here, line by line, only to what is printed to
//! a terminal: passes green, failures red, expected failures and warnings
//! yellow, incidents magenta, headings and the summary bold, rerun lines
//! dim. `auto` (the default) colours a stream that is a terminal unless
//! `NO_COLOR` is set to a non-empty value; `always` and `never` win over
//! both.

use anstyle::{AnsiColor, Style};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

/// `--color`: when to colour what is printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// On a terminal, unless `NO_COLOR` is set.
    #[default]
    Auto,
    /// Always, even into a pipe or a file.
    Always,
    /// Never.
    Never,
}

static STDOUT: AtomicBool = AtomicBool::new(false);
static STDERR: AtomicBool = AtomicBool::new(false);

/// Decide, once, whether standard output and standard error are coloured.
pub fn init(choice: ColorChoice) {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let on = |terminal: bool| match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && !no_color,
    };
    STDOUT.store(on(std::io::stdout().is_terminal()), Ordering::Relaxed);
    STDERR.store(on(std::io::stderr().is_terminal()), Ordering::Relaxed);
}

/// Whether standard error is coloured.
pub fn stderr_on() -> bool {
    STDERR.load(Ordering::Relaxed)
}

/// A report's text as printed to standard output: coloured when that is
/// on, else unchanged.
pub fn for_stdout(text: &str) -> String {
    if STDOUT.load(Ordering::Relaxed) {
        paint(text)
    } else {
        text.to_owned()
    }
}

/// A message line for standard error (`error: ...`, `warning: ...`),
/// coloured when that is on.
pub fn for_stderr(line: &str) -> String {
    if stderr_on() {
        paint_line(line)
    } else {
        line.to_owned()
    }
}

const RED: Style = AnsiColor::Red.on_default();
const GREEN: Style = AnsiColor::Green.on_default();
const YELLOW: Style = AnsiColor::Yellow.on_default();
const MAGENTA: Style = AnsiColor::Magenta.on_default();
const BOLD: Style = Style::new().bold();
const DIM: Style = Style::new().dimmed();

/// Colour every line of a report by its shape.
pub fn paint(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&paint_line(line));
    }
    out
}

/// The style of a line, from its first words.
fn style_of(line: &str) -> Option<Style> {
    let t = line.trim_start();
    let starts = |p: &[&str]| p.iter().any(|p| t.starts_with(p));
    if starts(&["FAIL ", "CHANGED ", "ERROR ", "error:", "engine unusable"]) {
        return Some(RED.bold());
    }
    if starts(&["ok ", "PASS ", "fixed"]) {
        return Some(GREEN);
    }
    if starts(&[
        "XFAIL ",
        "XPASS ",
        "SKIP ",
        "warning:",
        "notice:",
        "run incomplete",
    ]) {
        return Some(YELLOW);
    }
    if starts(&["INCIDENT ", "engine incidents:"]) {
        return Some(MAGENTA);
    }
    if starts(&["rerun:", "repeat with:"]) {
        return Some(DIM);
    }
    if starts(&["newly failing", "failing differently", "new incidents"]) {
        return Some(RED);
    }
    // Headings: a line at the margin ending in a colon (`Root causes (3, ...):`),
    // and a numbered root cause.
    let heading = line == t && t.ends_with(':');
    let cause = t.split_once(". ").is_some_and(|(n, _)| {
        line.len() == t.len() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
    });
    (heading || cause).then_some(BOLD)
}

fn paint_line(line: &str) -> String {
    if line.starts_with("engine ") && line.contains(" fixtures: ") {
        return summary_line(line);
    }
    match style_of(line) {
        Some(s) => format!("{}{line}{}", s.render(), s.render_reset()),
        None => line.to_owned(),
    }
}

/// The summary line, bold, its counts coloured: passes green, failures,
/// changed failures, incidents and errors red, expected failures yellow,
/// each only when not zero.
fn summary_line(line: &str) -> String {
    let mut out = format!("{}", BOLD.render());
    for (i, part) in line.split(", ").enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        // `engine NAME: N fixtures: N passed` carries the first count last.
        let (head, count) = match part.rsplit_once(": ") {
            Some((h, c)) => (Some(h), c),
            None => (None, part),
        };
        if let Some(h) = head {
            out.push_str(h);
            out.push_str(": ");
        }
        let n = count
            .split(' ')
            .next()
            .and_then(|n| n.parse::<usize>().ok())
            .unwrap_or(0);
        let words = count.split_once(' ').map_or("", |(_, w)| w);
        let style = match words {
            _ if n == 0 => None,
            w if w.starts_with("passed") => Some(GREEN),
            w if w.starts_with("expected failure") => Some(YELLOW),
            w if w.starts_with("failed")
                || w.starts_with("changed failure")
                || w.starts_with("incident")
                || w.starts_with("error") =>
            {
                Some(RED)
            }
            _ => None,
        };
        match style {
            Some(s) => {
                out.push_str(&format!("{}{count}{}", s.bold().render(), s.render_reset()));
                out.push_str(&format!("{}", BOLD.render()));
            }
            None => out.push_str(count),
        }
    }
    out.push_str(&format!("{}", BOLD.render_reset()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(s: &str) -> String {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    const REPORT: &str = "engine e 1: 3 fixtures: 1 passed, 2 failed, 0 expected failures, 0 changed failures, 0 skipped, 0 incidents, 0 errors; 40 variant runs in 0.100 s\n\nRoot causes (1, most fixtures first; the first 1 in full):\n\n1. C1 (captures): captures a stone it should not - 2 fixtures\n   FAIL capture/a [r0] (documented; cites C1)\n     rerun: hexodic-conformance run capture/a --variant r0\nXFAIL capture/b: known\n";

    #[test]
    fn painting_only_adds_escapes() {
        let painted = paint(REPORT);
        assert_ne!(painted, REPORT);
        assert_eq!(plain(&painted), REPORT);
    }

    #[test]
    fn lines_are_coloured_by_what_they_say() {
        let p = paint(REPORT);
        let line = |start: &str| {
            p.lines()
                .find(|l| plain(l).trim_start().starts_with(start))
                .unwrap_or_default()
                .to_owned()
        };
        let red = format!("{}", RED.bold().render());
        assert!(line("FAIL").contains(&red), "{:?}", line("FAIL"));
        assert!(line("XFAIL").contains(&format!("{}", YELLOW.render())));
        assert!(line("rerun:").contains(&format!("{}", DIM.render())));
        assert!(line("Root causes").starts_with(&format!("{}", BOLD.render())));
        assert!(line("1. C1").starts_with(&format!("{}", BOLD.render())));
        // The summary: failures red, passes green, zero counts plain.
        let summary = line("engine e");
        assert!(summary.contains(&format!("{}2 failed", RED.bold().render())));
        assert!(summary.contains(&format!("{}1 passed", GREEN.bold().render())));
        assert!(!summary.contains(&format!("{}0 incidents", RED.bold().render())));
    }

    #[test]
    fn plain_lines_stay_plain() {
        for l in [
            "  corpus fixtures (3 fixtures, version x)",
            "     fixtures/capture/a.yaml:21: step 1",
            "       g       .   .   .   .",
        ] {
            assert_eq!(paint(l), l);
        }
    }
}
