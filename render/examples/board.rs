//! Print the SVG picture of a position, optionally after playing one turn.
//!
//! ```text
//! cargo run -p hexodic-render --example board -- "<position>" ["<turn>"] > board.svg
//! ```
//!
//! With a turn, the turn is played and drawn on the position it leads to,
//! with the stones it captured. An invalid position is drawn with its faults.

use hexodic_render::{fault_lines, BoardPicture};
use hexodic_rules::{Game, Setup, Turn};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(text) = args.first() else {
        eprintln!("usage: board <position> [<turn>]");
        return ExitCode::from(2);
    };
    let setup = match Setup::from_notation(text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("not a position: {e}");
            return ExitCode::from(2);
        }
    };
    let picture = match (args.get(1), setup.validate()) {
        (None, _) => BoardPicture::new(&setup).faults(fault_lines(&setup)),
        (Some(_), Err(_)) => {
            eprintln!("a turn can only be played from a valid position");
            return ExitCode::from(2);
        }
        (Some(t), Ok(position)) => {
            let turn = match Turn::parse(t) {
                Ok(turn) => turn,
                Err(e) => {
                    eprintln!("not a turn: {e}");
                    return ExitCode::from(2);
                }
            };
            let mut game = Game::from_position(position);
            match game.play(turn) {
                Ok(report) => BoardPicture::new(&Setup::from(game.position()))
                    .turn(turn)
                    .captured(report.captured()),
                Err(e) => {
                    eprintln!("illegal turn: {e}");
                    return ExitCode::from(1);
                }
            }
        }
    };
    println!("{}", picture.to_svg());
    ExitCode::SUCCESS
}
