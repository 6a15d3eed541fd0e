//! Text from a file or an engine (a reason, a name, a version, standard
//! error) made safe for where it is shown: a terminal, a Markdown page, an
//! XML attribute. HTML is escaped by the page templates themselves.

/// Text as a terminal shows it safely: control characters (escape
/// sequences, bells, NUL, line breaks inside one line), bidirectional
/// overrides and non-characters written as `\u{1b}`-style escapes,
/// everything else kept.
///
/// ```
/// use hexodic_io::escape::terminal;
/// assert_eq!(terminal("a\u{1b}[2Jb\u{7}"), "a\\u{1b}[2Jb\\u{7}");
/// assert_eq!(terminal("déjà vu"), "déjà vu");
/// ```
pub fn terminal(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let bad = c.is_control()
            || matches!(c, '\u{fffe}' | '\u{ffff}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if bad {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    out
}

/// Text as Markdown shows it literally, on one line: what the terminal
/// would escape, escaped; `&`, `<` and `>` as HTML entities (no tag, no
/// image, no script); Markdown's own marks (`` ` ``, `*`, `_`, `[`, `]`,
/// `#`, `|`, `\`, `!`, `~`) behind a backslash.
///
/// ```
/// use hexodic_io::escape::markdown;
/// assert_eq!(markdown("<img src=x onerror=alert(1)>"), "&lt;img src=x onerror=alert(1)&gt;");
/// assert_eq!(markdown("a*b_c`d|e"), "a\\*b\\_c\\`d\\|e");
/// ```
pub fn markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in terminal(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '`' | '*' | '_' | '[' | ']' | '#' | '|' | '\\' | '!' | '~' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// Text in a Markdown code span: backticks inside cannot end it (a longer
/// fence is used), control characters escaped, on one line.
///
/// ```
/// use hexodic_io::escape::markdown_code;
/// assert_eq!(markdown_code("run x"), "`run x`");
/// assert_eq!(markdown_code("a`b"), "``a`b``");
/// ```
pub fn markdown_code(text: &str) -> String {
    let text = terminal(text);
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{text}{pad}{fence}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_never_reach_a_terminal_or_a_page() {
        let hostile = "x\u{1b}]0;title\u{7}\u{0}<script>";
        for shown in [terminal(hostile), markdown(hostile), markdown_code(hostile)] {
            assert!(!shown.chars().any(char::is_control), "{shown:?}");
        }
        assert!(!markdown(hostile).contains('<'));
    }
}
