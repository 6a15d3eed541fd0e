//! Measured speed of the model (run with `--release`): `legal_turns` per
//! position and `play` per turn over positions of random games from the
//! start and from random boards, and perft(2) from the start; the
//! reference engine's times on the same positions for comparison.
//!
//! `CARGO_TARGET_DIR=/work/target-testkit cargo run --release -p hexodic-testkit --example speed`

use hexodic_rules::random::Rng;
use hexodic_rules::{Game, Setup};
use hexodic_testkit::positions::random_setup;
use hexodic_testkit::ModelGame;
use std::time::Instant;

fn main() {
    let mut rng = Rng::new(1);
    let mut positions: Vec<ModelGame> = Vec::new();
    for n in 0..60 {
        let start = if n % 2 == 0 {
            Setup::default()
        } else {
            random_setup(&mut rng)
        };
        let mut g = ModelGame::from_setup(&start, None).expect("valid start");
        while g.outcome().is_none() {
            positions.push(g.clone());
            let list = g.legal_turns();
            let t = list[rng.below(list.len() as u64) as usize];
            g.play(t).expect("listed turn");
        }
    }
    let n = positions.len();

    let t0 = Instant::now();
    let mut turns = 0;
    let mut worst = 0f64;
    for g in &positions {
        let t = Instant::now();
        turns += g.legal_turns().len();
        worst = worst.max(t.elapsed().as_secs_f64());
    }
    let lt = t0.elapsed().as_secs_f64() / n as f64;

    let games: Vec<Game> = positions
        .iter()
        .map(|g| Game::from_position(g.position().validate().expect("valid")))
        .collect();
    let t0 = Instant::now();
    for g in &games {
        std::hint::black_box(g.position().legal_turns());
    }
    let rlt = t0.elapsed().as_secs_f64() / n as f64;

    let sample: Vec<(ModelGame, hexodic_rules::Turn)> = positions
        .iter()
        .map(|g| {
            let list = g.legal_turns();
            (g.clone(), list[rng.below(list.len() as u64) as usize])
        })
        .collect();
    let t0 = Instant::now();
    for (g, t) in &sample {
        let mut g = g.clone();
        std::hint::black_box(g.play(*t).expect("listed turn"));
    }
    let play = t0.elapsed().as_secs_f64() / n as f64;

    let t0 = Instant::now();
    let p2 = ModelGame::new(None).perft(2);
    let perft = t0.elapsed().as_secs_f64();

    println!(
        "positions: {n} ({:.0} legal turns on average)",
        turns as f64 / n as f64
    );
    println!(
        "model legal_turns: {:.1} us per position (worst {:.1} us); reference {:.1} us",
        lt * 1e6,
        worst * 1e6,
        rlt * 1e6
    );
    println!(
        "model play: {:.2} us per turn (including the clone)",
        play * 1e6
    );
    println!(
        "model perft(2) from the start: {p2} in {:.1} ms",
        perft * 1e3
    );
}
