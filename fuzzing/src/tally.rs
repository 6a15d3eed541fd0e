//! Tallies of how random games end and how often each rare event happens,
//! shared by `play` and `fuzz`.

use hexodic_report::GameStats;
use hexodic_rules::invariants::{check_position, check_transition, Violation};
use hexodic_rules::random::{play_turn, Rng};
use hexodic_rules::{EndRule, Game, TiebreakStep};
use std::fmt::Write;

/// Counters over many games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games counted.
    pub games: u64,
    /// Wins by Network, Takeover, Strangle, repetition (the opponent's win).
    pub network: u64,
    /// Takeover wins.
    pub takeover: u64,
    /// Strangle wins.
    pub strangle: u64,
    /// Repetition losses.
    pub repetition: u64,
    /// Threefold draws.
    pub threefold: u64,
    /// Cap decided at tiebreak steps 1 to 4.
    pub cap_steps: [u64; 4],
    /// Full ties at the cap (draws).
    pub cap_draws: u64,
    /// Wins by `X` and by `O`.
    pub wins: [u64; 2],
    /// Event totals over all games.
    pub events: GameStats,
    /// Games in which each event happened at least once.
    pub games_with: GameStats,
}

impl Tally {
    /// Count one finished game.
    pub fn add(&mut self, game: &Game, stats: &GameStats) {
        self.games += 1;
        if let Some(o) = game.outcome() {
            match o.rule {
                EndRule::Network => self.network += 1,
                EndRule::Takeover => self.takeover += 1,
                EndRule::Strangle => self.strangle += 1,
                EndRule::Repetition => self.repetition += 1,
                EndRule::Threefold => self.threefold += 1,
                EndRule::Cap(Some(s)) => self.cap_steps[s.number() as usize - 1] += 1,
                EndRule::Cap(None) => self.cap_draws += 1,
            }
            if let Some(w) = o.winner {
                self.wins[w.index()] += 1;
            }
        }
        self.events.add(stats);
        self.games_with.add(&stats.occurred());
    }

    /// The report printed by `play`: one `name: count` line per item.
    pub fn report(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "games: {}", self.games);
        let _ = writeln!(
            s,
            "wins: x {} o {} draws {}",
            self.wins[0],
            self.wins[1],
            self.games - self.wins[0] - self.wins[1]
        );
        let _ = writeln!(s, "end network (G1): {}", self.network);
        let _ = writeln!(s, "end takeover (G2): {}", self.takeover);
        let _ = writeln!(s, "end strangle (G4): {}", self.strangle);
        let _ = writeln!(s, "end repetition (G5): {}", self.repetition);
        let _ = writeln!(s, "end threefold (G6): {}", self.threefold);
        for step in TiebreakStep::ALL {
            let _ = writeln!(
                s,
                "end cap, tiebreak step {} (G7): {}",
                step.number(),
                self.cap_steps[step.number() as usize - 1]
            );
        }
        let _ = writeln!(s, "end cap, full tie (G7): {}", self.cap_draws);
        let e = &self.events;
        let g = &self.games_with;
        let rows: [(&str, u32, u32); 11] = [
            ("turns", e.turns, g.turns),
            ("skips (T5)", e.skips, g.skips),
            ("turns without a shape (S3)", e.no_shape, g.no_shape),
            ("lowers (S4)", e.lowers, g.lowers),
            ("move captures (T6)", e.move_captures, g.move_captures),
            ("encircled stones (C1)", e.encircled, g.encircled),
            (
                "interior encircled stones (C1, C2)",
                e.interior_encircled,
                g.interior_encircled,
            ),
            ("echo-captures (E3)", e.echo_captures, g.echo_captures),
            (
                "echo-captures that captured (E4)",
                e.echo_captures_hit,
                g.echo_captures_hit,
            ),
            ("echo-locks (E2)", e.echo_locks, g.echo_locks),
            (
                "turns capturing several stones",
                e.multi_captures,
                g.multi_captures,
            ),
        ];
        for (name, total, games) in rows {
            let _ = writeln!(s, "event {name}: {total} in {games} games");
        }
        s
    }
}

/// Play one seeded random game from `start`; with `check`, run the invariant
/// checker after every turn.
pub fn play_game(start: &Game, seed: u64, check: bool) -> Result<(Game, GameStats), Violation> {
    let mut game = start.clone();
    let mut stats = GameStats::default();
    let mut rng = Rng::new(seed);
    if !check {
        while let Some((turn, report)) = play_turn(&mut game, &mut rng) {
            stats.record(turn, &report);
        }
        return Ok((game, stats));
    }
    check_position(game.position())?;
    while !game.position().is_over() {
        let before = *game.position();
        let n = before.count_legal();
        let Some(turn) = before.nth_legal(rng.below(n)) else {
            return Err(Violation {
                invariant: "I6",
                message: "count and list disagree".into(),
            });
        };
        let report = game.play(turn).map_err(|e| Violation {
            invariant: "I6",
            message: format!("listed turn {turn} rejected: {e}"),
        })?;
        stats.record(turn, &report);
        check_transition(&before, turn, &report, game.position())?;
        check_position(game.position())?;
    }
    Ok((game, stats))
}
