//! `explain`: show a position as a diagram (and as pictures), play turns on
//! it, and list its legal turns.

use super::common::{fail, outln};
use hexodic_io::paths;
use hexodic_render::BoardPicture;
use hexodic_report::Exit;
use hexodic_report::{cell_list, codes};
use hexodic_rules::{Game, Position, Setup, Turn};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `explain`.
#[derive(clap::Args)]
pub struct ExplainArgs {
    /// Start position in the one-line notation (default: the starting position).
    #[arg(long, conflicts_with = "diagram")]
    position: Option<String>,
    /// Start position as a diagram, exactly as `explain` prints it (a file,
    /// or `-` for standard input).
    #[arg(long, value_name = "FILE|-")]
    diagram: Option<String>,
    /// Turns to play in order, in the turn notation; an illegal one is
    /// reported with its reasons and skipped.
    turns: Vec<String>,
    /// List every legal turn at the end.
    #[arg(long)]
    list: bool,
    /// Also draw the position as an SVG picture in FILE, and the board after
    /// each turn N (with the turn drawn) in FILE-N.svg.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

fn start(a: &ExplainArgs) -> Result<Game, String> {
    let setup = match (&a.position, &a.diagram) {
        (Some(p), _) => Setup::from_notation(p.trim()).map_err(|e| format!("--position: {e}"))?,
        (None, Some(d)) => super::common::read_diagram(d)?,
        (None, None) => return Ok(Game::new()),
    };
    let p: Position = setup
        .validate()
        .map_err(|e| format!("the position is not valid: {e}"))?;
    Ok(Game::from_position(p))
}

fn numbered(svg: &Path, n: usize) -> PathBuf {
    let stem = svg
        .file_stem()
        .map_or_else(|| "board".into(), |s| s.to_string_lossy().into_owned());
    svg.with_file_name(format!("{stem}-{n}.svg"))
}

fn write_svg(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| {
        format!(
            "cannot write {}: {}",
            paths::shown(path),
            hexodic_io::paths::io_words(&e)
        )
    })?;
    eprintln!("picture written: {}", paths::shown(path));
    Ok(())
}

/// `explain`.
pub fn explain(a: ExplainArgs) -> ExitCode {
    let mut game = match start(&a) {
        Ok(g) => g,
        Err(e) => return fail(Exit::Usage, e),
    };
    outln(&game.position().diagram());
    if let Some(svg) = &a.svg {
        let s = Setup::from(game.position());
        let pic = BoardPicture::new(&s).title(format!("Hexodic position: {}", s.to_notation()));
        if let Err(e) = write_svg(svg, &pic.to_svg()) {
            return fail(Exit::Usage, e);
        }
    }
    for (i, text) in a.turns.iter().enumerate() {
        let turn = match Turn::parse(text) {
            Ok(t) => t,
            Err(e) => return fail(Exit::Usage, format!("turn `{text}`: {e}")),
        };
        match game.play(turn) {
            Ok(rep) => {
                let caught = rep.captured();
                if caught.any() {
                    outln(&format!("{turn}: legal; captured {}", cell_list(caught)));
                } else {
                    outln(&format!("{turn}: legal"));
                }
                outln(&game.position().diagram());
                if let Some(svg) = &a.svg {
                    let s = Setup::from(game.position());
                    let pic = BoardPicture::new(&s)
                        .turn(turn)
                        .captured(caught)
                        .title(format!("Hexodic: the board after `{turn}`"));
                    if let Err(e) = write_svg(&numbered(svg, i + 1), &pic.to_svg()) {
                        return fail(Exit::Usage, e);
                    }
                }
            }
            Err(e) => outln(&format!("{turn}: illegal ({})", codes(e.reasons))),
        }
    }
    let p = game.position();
    outln(&format!("position: {}", p.to_notation()));
    match p.outcome() {
        Some(o) => outln(&format!("outcome: {o}")),
        None => outln(&format!("legal turns: {}", p.count_legal())),
    }
    if a.list {
        for t in p.legal_turns() {
            outln(&format!("  {t}"));
        }
    }

    ExitCode::SUCCESS
}
