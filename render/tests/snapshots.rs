//! Snapshots of three boards: the start, a mid-game turn, a finished game.
//! Review a changed snapshot by eye (render it: see the crate README).

mod common;

use common::*;
use hexodic_render::BoardPicture;
use hexodic_rules::Setup;

fn check(svg: &str) {
    parse(svg);
    assert!(svg.len() < 40_000, "{} bytes", svg.len());
}

#[test]
fn start_position() {
    let svg = BoardPicture::new(&Setup::default()).to_svg();
    check(&svg);
    insta::assert_snapshot!("start", svg);
}

#[test]
fn mid_game_move_with_shape_and_echo_capture() {
    let (after, turn, captured) = after(MID_BEFORE, MID_TURN);
    let svg = BoardPicture::new(&after)
        .turn(turn)
        .captured(captured)
        .caption(format!("After {turn}"))
        .id_prefix("mid-")
        .to_svg();
    check(&svg);
    insta::assert_snapshot!("mid_game", svg);
}

#[test]
fn finished_game() {
    let svg = BoardPicture::new(&setup(FINISHED)).to_svg();
    check(&svg);
    insta::assert_snapshot!("finished", svg);
}
