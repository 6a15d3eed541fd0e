//! The style table the text writers apply while they write: each part of a
//! report has a role, each role a style. [`Styles::PLAIN`] writes no
//! escape at all (files, logs, test output); [`Styles::COLOUR`] writes the
//! styles as ANSI escapes, for a stream (such as `anstream`'s) that keeps
//! or strips them as the terminal and `--color` decide.

use anstyle::{AnsiColor, Style};

/// What a piece of a report is, for its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A failure, an error, a count of failures.
    Fail,
    /// A pass, a count of passes, a fix.
    Pass,
    /// An expected failure, a skip, a warning, an incomplete run.
    Expected,
    /// An engine incident.
    Incident,
    /// A heading: the root causes, a numbered cause, a list's title.
    Heading,
    /// The totals line.
    Summary,
    /// A rerun line.
    Rerun,
}

/// A style per [`Role`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Styles {
    fail: Style,
    pass: Style,
    expected: Style,
    incident: Style,
    heading: Style,
    summary: Style,
    rerun: Style,
}

impl Styles {
    /// No style at all: plain text.
    pub const PLAIN: Styles = Styles {
        fail: Style::new(),
        pass: Style::new(),
        expected: Style::new(),
        incident: Style::new(),
        heading: Style::new(),
        summary: Style::new(),
        rerun: Style::new(),
    };

    /// Failures red, passes green, expected failures and warnings yellow,
    /// incidents magenta, headings and the summary bold, rerun lines dim.
    pub const COLOUR: Styles = Styles {
        fail: AnsiColor::Red.on_default().bold(),
        pass: AnsiColor::Green.on_default(),
        expected: AnsiColor::Yellow.on_default(),
        incident: AnsiColor::Magenta.on_default(),
        heading: Style::new().bold(),
        summary: Style::new().bold(),
        rerun: Style::new().dimmed(),
    };

    /// The style of a role.
    pub const fn of(&self, role: Role) -> Style {
        match role {
            Role::Fail => self.fail,
            Role::Pass => self.pass,
            Role::Expected => self.expected,
            Role::Incident => self.incident,
            Role::Heading => self.heading,
            Role::Summary => self.summary,
            Role::Rerun => self.rerun,
        }
    }

    /// `text` in the style of `role`.
    pub fn paint(&self, role: Role, text: &str) -> String {
        let s = self.of(role);
        if s == Style::new() {
            text.to_owned()
        } else {
            format!("{}{text}{}", s.render(), s.render_reset())
        }
    }

    /// `text` in the style of `role` when `on`, else plain.
    pub fn paint_if(&self, on: bool, role: Role, text: &str) -> String {
        if on {
            self.paint(role, text)
        } else {
            text.to_owned()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_writes_no_escape_and_colour_only_adds_them() {
        assert_eq!(Styles::PLAIN.paint(Role::Fail, "FAIL x"), "FAIL x");
        let painted = Styles::COLOUR.paint(Role::Fail, "FAIL x");
        assert!(painted.starts_with('\u{1b}') && painted.contains("FAIL x"));
    }
}
