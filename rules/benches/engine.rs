//! Benchmarks of the Hexodic rules engine: perft, random games, and the
//! single operations they are built from. Run with `cargo bench -p hexodic-rules`;
//! results and targets are in `BENCHMARKS.md`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use hexodic_rules::perft::perft;
use hexodic_rules::random::{random_game, Rng};
use hexodic_rules::{Game, Turn};
use std::hint::black_box;
use std::time::Duration;

/// Mid-game positions, reached by playing a seeded random game for a number of turns:
/// (name, seed, turns). The first still has stones to Place; the others are
/// in the Move phase.
const MIDGAMES: [(&str, u64, usize); 3] = [
    ("seed1_turn10", 1, 10),
    ("seed2_turn30", 2, 30),
    ("seed3_turn45", 3, 45),
];

/// Random games per measured batch of `random_game`.
const GAMES_PER_BATCH: u64 = 100;

/// Play `turns` uniformly random turns from the start with `seed`.
fn midgame(seed: u64, turns: usize) -> Game {
    let mut game = Game::new();
    let mut rng = Rng::new(seed);
    for _ in 0..turns {
        let turn = game
            .position()
            .choose_legal(|n| rng.below(n))
            .expect("the benchmark game ended before its mid-game position");
        game.play(turn).expect("a listed turn is legal");
    }
    game
}

/// The turn a seeded random game would play next from `game`.
fn next_turn(game: &Game, seed: u64) -> Turn {
    let mut rng = Rng::new(seed ^ 0x5EED);
    game.position()
        .choose_legal(|n| rng.below(n))
        .expect("the mid-game position has legal turns")
}

fn bench_perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    let start = Game::new();
    let leaves = perft(&start, 3);
    g.throughput(Throughput::Elements(leaves));
    g.bench_function("start_depth3", |b| b.iter(|| perft(black_box(&start), 3)));
    for (name, seed, turns) in MIDGAMES {
        let game = midgame(seed, turns);
        g.throughput(Throughput::Elements(perft(&game, 2)));
        g.bench_function(format!("{name}_depth2"), |b| {
            b.iter(|| perft(black_box(&game), 2))
        });
    }
    g.finish();
}

fn bench_random_games(c: &mut Criterion) {
    let mut g = c.benchmark_group("random_game");
    g.sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    g.throughput(Throughput::Elements(GAMES_PER_BATCH));
    let mut first = 0u64;
    g.bench_function("games", |b| {
        b.iter(|| {
            let mut turns = 0;
            for seed in first..first + GAMES_PER_BATCH {
                turns += random_game(black_box(seed)).position().half_moves() as u32;
            }
            first += GAMES_PER_BATCH;
            turns
        })
    });
    g.finish();
}

fn bench_single_ops(c: &mut Criterion) {
    let mut g = c.benchmark_group("ops");
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (name, seed, turns) in MIDGAMES {
        let game = midgame(seed, turns);
        let pos = *game.position();
        let turn = next_turn(&game, seed);
        let count = pos.count_legal();
        g.bench_function(format!("play/{name}"), |b| {
            b.iter_batched(
                || game.clone(),
                |mut game| {
                    let report = game.play(black_box(turn));
                    (game, report)
                },
                BatchSize::SmallInput,
            )
        });
        g.bench_function(format!("count_legal/{name}"), |b| {
            b.iter(|| black_box(&pos).count_legal())
        });
        g.bench_function(format!("legal_turns/{name}"), |b| {
            b.iter(|| black_box(&pos).legal_turns())
        });
        g.bench_function(format!("nth_legal/{name}"), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 7919) % count;
                black_box(&pos).nth_legal(i)
            })
        });
        g.bench_function(format!("choose_legal/{name}"), |b| {
            let mut i = 0;
            b.iter(|| {
                black_box(&pos).choose_legal(|n| {
                    i = (i + 7919) % n;
                    i
                })
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench_perft, bench_random_games, bench_single_ops);
criterion_main!(benches);
