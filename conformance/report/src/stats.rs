//! What happened in one game: counts of the rare kinds of turn and capture,
//! for the tallies of `play` and `fuzz`.

use hexodic_rules::{Echo, Project, Shape, Turn, TurnReport};

/// What happened in one game, for tallies of how games end and how often
/// each rare event occurs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GameStats {
    /// Turns played.
    pub turns: u32,
    /// Skip turns (T5).
    pub skips: u32,
    /// Turns without a Shape (S3).
    pub no_shape: u32,
    /// Captures by Move (T6).
    pub move_captures: u32,
    /// Stones captured by encirclement (C1).
    pub encircled: u32,
    /// Encirclement captures of stones with no edge slot.
    pub interior_encircled: u32,
    /// Echo-Captures played (E3).
    pub echo_captures: u32,
    /// Echo-Captures that captured at least one stone (E4).
    pub echo_captures_hit: u32,
    /// Echo-Locks (E2).
    pub echo_locks: u32,
    /// Lowers played (S4).
    pub lowers: u32,
    /// Turns that captured stones of more than one kind, or several stones at once.
    pub multi_captures: u32,
}

/// Apply `$op` to every field of [`GameStats`] (the list of fields, once).
macro_rules! each_stat {
    ($a:ident, $b:ident, $op:expr) => {{
        $a.turns = $op($a.turns, $b.turns);
        $a.skips = $op($a.skips, $b.skips);
        $a.no_shape = $op($a.no_shape, $b.no_shape);
        $a.move_captures = $op($a.move_captures, $b.move_captures);
        $a.encircled = $op($a.encircled, $b.encircled);
        $a.interior_encircled = $op($a.interior_encircled, $b.interior_encircled);
        $a.echo_captures = $op($a.echo_captures, $b.echo_captures);
        $a.echo_captures_hit = $op($a.echo_captures_hit, $b.echo_captures_hit);
        $a.echo_locks = $op($a.echo_locks, $b.echo_locks);
        $a.lowers = $op($a.lowers, $b.lowers);
        $a.multi_captures = $op($a.multi_captures, $b.multi_captures);
    }};
}

impl GameStats {
    /// Add another game's (or tally's) counts to these.
    pub fn add(&mut self, other: &GameStats) {
        each_stat!(self, other, |a: u32, b: u32| a.saturating_add(b));
    }

    /// These counts and `other`'s added, or the name of the first count
    /// whose sum does not fit (`turns`).
    pub fn checked_add(&self, other: &GameStats) -> Result<GameStats, &'static str> {
        let mut out = *self;
        let mut over: Option<&'static str> = None;
        macro_rules! fields {
            ($($f:ident),*) => {$(
                match self.$f.checked_add(other.$f) {
                    Some(n) => out.$f = n,
                    None => {
                        over.get_or_insert(stringify!($f));
                    }
                }
            )*};
        }
        fields!(
            turns,
            skips,
            no_shape,
            move_captures,
            encircled,
            interior_encircled,
            echo_captures,
            echo_captures_hit,
            echo_locks,
            lowers,
            multi_captures
        );
        over.map_or(Ok(out), Err)
    }

    /// 1 for every event that happened at least once, 0 for the others (to
    /// count games in which an event happened).
    pub fn occurred(&self) -> GameStats {
        let mut out = GameStats::default();
        each_stat!(out, self, |_: u32, b: u32| (b > 0) as u32);
        out
    }

    /// Count one played turn.
    pub fn record(&mut self, turn: Turn, report: &TurnReport) {
        self.turns += 1;
        self.skips += (turn.project == Project::Skip) as u32;
        self.no_shape += (turn.shape.is_none() && turn.project != Project::Skip) as u32;
        self.move_captures += report.move_capture.is_some() as u32;
        self.encircled += report.encircled.count();
        self.interior_encircled += report
            .encircled
            .iter()
            .filter(|c| c.edge_slots() == 0)
            .count() as u32;
        self.lowers += matches!(turn.shape, Some(Shape::Lower(_))) as u32;
        match turn.echo {
            Some(Echo::Capture(_)) => {
                self.echo_captures += 1;
                self.echo_captures_hit += report.echo_captured.any() as u32;
            }
            Some(Echo::Lock(_)) => self.echo_locks += 1,
            None => {}
        }
        self.multi_captures += (report.captured().count() > 1) as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexodic_rules::random::{play_turn, Rng};
    use hexodic_rules::{Cell, CellSet, Game};

    #[test]
    fn a_sum_that_does_not_fit_names_its_count() {
        let a = GameStats {
            turns: 3,
            lowers: u32::MAX,
            ..GameStats::default()
        };
        let b = GameStats {
            turns: 4,
            lowers: 1,
            ..GameStats::default()
        };
        assert_eq!(a.checked_add(&b), Err("lowers"));
        let sum = a.checked_add(&GameStats {
            turns: 4,
            ..GameStats::default()
        });
        assert_eq!(sum.map(|s| (s.turns, s.lowers)), Ok((7, u32::MAX)));
    }

    fn turn(s: &str) -> Turn {
        Turn::parse(s).unwrap()
    }

    fn cells(names: &str) -> CellSet {
        names
            .split_whitespace()
            .map(|n| Cell::from_name(n).unwrap())
            .collect()
    }

    fn seeded_game(seed: u64) -> GameStats {
        let mut game = Game::new();
        let mut rng = Rng::new(seed);
        let mut stats = GameStats::default();
        while let Some((turn, report)) = play_turn(&mut game, &mut rng) {
            stats.record(turn, &report);
        }
        stats
    }

    #[test]
    fn stats_add_up_and_say_what_occurred() {
        let a = seeded_game(1);
        let b = seeded_game(2);
        let mut sum = a;
        sum.add(&b);
        assert_eq!(sum.turns, a.turns + b.turns);
        assert_eq!(sum.lowers, a.lowers + b.lowers);
        assert_eq!(sum.echo_locks, a.echo_locks + b.echo_locks);
        let once = sum.occurred();
        assert_eq!(once.turns, 1);
        assert_eq!(once.skips, (sum.skips > 0) as u32);
        assert_eq!(GameStats::default().occurred(), GameStats::default());
    }

    /// T5, S3, T6, C1, E2-E4, S4: the tallies count each kind of turn and
    /// capture.
    #[test]
    fn game_stats_count_each_kind_of_turn_and_capture() {
        let mut s = GameStats::default();
        let none = TurnReport::default();
        s.record(turn("skip"), &none);
        assert_eq!(
            (s.skips, s.no_shape),
            (1, 0),
            "a Skip has no Shape to leave out"
        );
        s.record(turn("c3"), &none);
        let busy = TurnReport {
            move_capture: Cell::from_name("d5"),
            encircled: cells("a1 d4 e4"),
            echo_captured: cells("e5"),
        };
        s.record(turn("d4-d5 -d4 @e5"), &busy);
        s.record(turn("c3 +c3 =c3"), &none);
        s.record(turn("c3 +c3 @e5"), &none);
        let one = TurnReport {
            encircled: cells("a1"),
            ..TurnReport::default()
        };
        s.record(turn("b2 +b2"), &one);
        // One more single capture, in the interior: the counts of edge and
        // interior stones, and of single and multiple captures, now differ.
        let inner = TurnReport {
            encircled: cells("d4"),
            ..TurnReport::default()
        };
        s.record(turn("c4 +c4"), &inner);
        let want = GameStats {
            turns: 7,
            skips: 1,
            no_shape: 1,
            move_captures: 1,
            encircled: 5,
            interior_encircled: 3,
            echo_captures: 2,
            echo_captures_hit: 1,
            echo_locks: 1,
            lowers: 1,
            // Only the turn that captured five stones took more than one.
            multi_captures: 1,
        };
        assert_eq!(s, want);
    }
}
