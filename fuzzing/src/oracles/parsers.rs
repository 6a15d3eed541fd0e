//! The parser check: arbitrary text into every parser of the engine and the
//! fixture loader.

use super::failure::{Check, CheckFailure};
use hexodic_harness::corpus::format::FixtureFile;
use hexodic_harness::corpus::{compile, parse_yaml, LoadError, Src};
use hexodic_rules::diagram;
use hexodic_rules::invariants;
use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::{Cell, Outcome, Position, Setup, Turn};
use std::path::Path;

/// Check one text against a parser that must round-trip.
fn round_trip<T: PartialEq>(
    text: &str,
    what: &str,
    parsed: Option<T>,
    print: impl Fn(&T) -> String,
    parse: impl Fn(&str) -> Option<T>,
    canonical: bool,
) -> Check {
    let Some(v) = parsed else { return Ok(()) };
    let printed = print(&v);
    let fail = |message: String| CheckFailure {
        invariant: "I9",
        message,
        start: text.to_owned(),
        turns: Vec::new(),
    };
    if canonical && printed != text {
        return Err(fail(format!(
            "{what} reads `{text}` but prints `{printed}`"
        )));
    }
    match parse(&printed) {
        Some(w) if w == v => Ok(()),
        Some(w) => Err(fail(format!(
            "{what} `{printed}` reads back as `{}`",
            print(&w)
        ))),
        None => Err(fail(format!("{what} `{printed}` does not read back"))),
    }
}

/// Parsers: arbitrary text (lossily decoded) into the position notation
/// (valid and raw), the turn notation, the diagram, results, symmetry names
/// and the fixture loader (YAML, then the fixture compiler). Nothing panics; whatever parses prints and parses back to the same
/// value; a parsed setup or position prints back to the identical text (the
/// notation is canonical); a parsed position passes `check_position` (I9).
///
/// The parsers are checked one after another in this one function, so the
/// list of what the target covers reads in one place.
pub fn parsers(data: &[u8]) -> Check {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    let setup = Setup::from_notation(text).ok();
    round_trip(
        text,
        "setup",
        setup,
        Setup::to_notation,
        |s| Setup::from_notation(s).ok(),
        true,
    )?;
    if let Some(s) = setup {
        if let Ok(p) = s.validate() {
            if Setup::from(&p) != s {
                return Err(CheckFailure {
                    invariant: "I9",
                    message: "the validated position differs from its setup".into(),
                    start: text.to_owned(),
                    turns: Vec::new(),
                });
            }
            invariants::check_position(&p).map_err(|v| CheckFailure {
                invariant: v.invariant,
                message: v.message,
                start: text.to_owned(),
                turns: Vec::new(),
            })?;
        }
    }
    let pos = Position::from_notation(text).ok();
    round_trip(
        text,
        "position",
        pos,
        Position::to_notation,
        |s| Position::from_notation(s).ok(),
        true,
    )?;
    round_trip(
        text,
        "turn",
        Turn::parse(text).ok(),
        Turn::to_string,
        |s| Turn::parse(s).ok(),
        false,
    )?;
    round_trip(
        text,
        "diagram",
        diagram::parse_diagram(text).ok(),
        diagram::diagram,
        |s| diagram::parse_diagram(s).ok(),
        false,
    )?;
    round_trip(
        text,
        "board diagram",
        diagram::parse_board(text).ok(),
        diagram::board_diagram,
        |s| diagram::parse_board(s).ok(),
        false,
    )?;
    round_trip(
        text,
        "result",
        Outcome::parse(text),
        Outcome::to_string,
        Outcome::parse,
        true,
    )?;
    round_trip(
        text,
        "symmetry",
        text.parse::<Symmetry>().ok(),
        Symmetry::to_string,
        |s| s.parse().ok(),
        true,
    )?;
    round_trip(
        text,
        "cell",
        Cell::from_name(text),
        Cell::to_string,
        Cell::from_name,
        true,
    )?;
    fixture_text(text)?;
    // Every line on its own, as fixture files hold one value per line.
    if text.contains('\n') && text.len() < 4096 {
        for line in text.lines() {
            round_trip(
                line,
                "turn",
                Turn::parse(line).ok(),
                Turn::to_string,
                |s| Turn::parse(s).ok(),
                false,
            )?;
            round_trip(
                line,
                "position",
                Position::from_notation(line).ok(),
                Position::to_notation,
                |s| Position::from_notation(s).ok(),
                true,
            )?;
        }
    }
    Ok(())
}

/// The fixture loader on arbitrary text: the YAML layer, then the compiler
/// (with a fixtures root that does not exist, so that included setup files
/// are never read). Nothing panics and every error points inside the text.
fn fixture_text(text: &str) -> Check {
    let file = Path::new("fuzz/input.yaml");
    let located = |e: LoadError| {
        // Line breaks as YAML counts them: `\r\n`, `\n`, a lone `\r`, and
        // (YAML 1.1) NEL, LS and PS.
        let unified = text.replace("\r\n", "\n");
        let breaks = unified
            .chars()
            .filter(|c| matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}'))
            .count();
        let lines = breaks as u32 + 2;
        if e.line == 0 || e.column == 0 || e.line > lines {
            return Err(CheckFailure {
                invariant: "I9",
                message: format!("fixture error outside the text: {e}"),
                start: text.to_owned(),
                turns: Vec::new(),
            });
        }
        Ok(())
    };
    match parse_yaml::<FixtureFile>(file, text) {
        Err(e) => located(e),
        Ok(raw) => {
            let root = Path::new("/nonexistent/hexodic-fuzz-fixtures");
            match compile(root, &Src::new(file, text), &raw) {
                Err(e) => located(e),
                Ok(_) => Ok(()),
            }
        }
    }
}
