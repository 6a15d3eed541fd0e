//! Colour on a terminal: `--color auto|always|never`, `NO_COLOR`.
//!
//! The writers style what they write with a style table
//! (`hexodic_printer::Styles::COLOUR` for what is printed); the output
//! streams here (`anstream`) keep those styles or strip them: `auto` (the
//! default) keeps them on a terminal unless `NO_COLOR` is set to a
//! non-empty value; `always` and `never` win over both. Report files are
//! written with no style at all.

use hexodic_printer::{Role, Styles};

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

/// Decide, once, whether the output streams keep the styles.
pub fn init(choice: ColorChoice) {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let global = match choice {
        ColorChoice::Always => anstream::ColorChoice::Always,
        ColorChoice::Never => anstream::ColorChoice::Never,
        ColorChoice::Auto if no_color => anstream::ColorChoice::Never,
        ColorChoice::Auto => anstream::ColorChoice::Auto,
    };
    global.write_global();
}

/// The styles of what is printed (the streams strip them where colour is off).
pub const STYLES: Styles = Styles::COLOUR;

/// A message for standard error (`error: ...`, `warning: ...`), styled by
/// its kind.
pub fn message(kind: &str, text: &str) -> String {
    let role = match kind {
        "error" => Role::Fail,
        "warning" | "notice" => Role::Expected,
        _ => return format!("{kind}: {text}"),
    };
    format!("{}: {text}", STYLES.paint(role, kind))
}
