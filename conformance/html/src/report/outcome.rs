//! What made a finished game's result, shown on its board: the cells (the
//! Network group of G1, the strangled player's stones of G4) and a line in
//! words (the Network's size, why the player to move is strangled, the cap's
//! tiebreak measures of G7).

use hexodic_rules::{Cell, CellSet, EndRule, Player, Setup, TiebreakStep};

/// The stones of `p` on a cell of tier 2 or more.
fn stones_on_top(s: &Setup, p: Player) -> CellSet {
    stones(s, p, |c| s.cell(c).tier >= 2)
}

/// The stones of `p` on the cells `keep` selects.
fn stones(s: &Setup, p: Player, keep: impl Fn(Cell) -> bool) -> CellSet {
    let mut set = CellSet::EMPTY;
    for c in Cell::ALL {
        if s.cell(c).stone == Some(p) && keep(c) {
            set |= CellSet::from_cell(c);
        }
    }
    set
}

/// The cells that made the result of a finished game: the winner's
/// largest groups of stones on tier 2 for a Network (G1), drawn whatever
/// their size, so that an engine claiming a Network too small shows the
/// group it counted; for a Strangle
/// (G4) with the strangled player's reserve empty, that player's stones
/// (none of them has a legal Move). Nothing for the other ends.
pub(super) fn outcome_cells(s: &Setup) -> CellSet {
    let Some(o) = s.outcome else {
        return CellSet::EMPTY;
    };
    match (o.rule, o.winner) {
        (EndRule::Network, Some(winner)) => network(s, winner),
        (EndRule::Strangle, _) if s.counters[s.to_move.index()].reserve == 0 => {
            stones(s, s.to_move, |_| true)
        }
        _ => CellSet::EMPTY,
    }
}

/// The largest groups of `p`'s stones on tier 2.
fn network(s: &Setup, p: Player) -> CellSet {
    let on_top = stones_on_top(s, p);
    let largest = on_top.largest_component();
    let mut rest = on_top;
    let mut out = CellSet::EMPTY;
    while let Some(c) = rest.first() {
        let group = on_top.component(c);
        if group.count() == largest {
            out |= group;
        }
        rest = rest - group;
    }
    out
}

/// A tiebreak step's measure of `p` (G7).
fn measure(s: &Setup, p: Player, step: TiebreakStep) -> u32 {
    let c = &s.counters[p.index()];
    match step {
        TiebreakStep::Tier2Stones => stones(s, p, |x| {
            let cell = s.cell(x);
            cell.tier >= 2 && !cell.locked
        })
        .count(),
        TiebreakStep::TierSum => stones(s, p, |_| true)
            .into_iter()
            .map(|x| u32::from(s.cell(x).tier))
            .sum(),
        TiebreakStep::Captures => u32::from(c.captures),
        TiebreakStep::Raises => u32::from(c.raises),
    }
}

/// A tiebreak step in words.
fn step_words(step: TiebreakStep) -> &'static str {
    match step {
        TiebreakStep::Tier2Stones => "stones on unlocked tier-2 cells",
        TiebreakStep::TierSum => "the sum of the tiers under the stones",
        TiebreakStep::Captures => "captures",
        TiebreakStep::Raises => "raises",
    }
}

/// One step's measures: `2. the sum of the tiers under the stones: X 9, O 7`.
fn step_line(s: &Setup, step: TiebreakStep) -> String {
    format!(
        "{}. {}: X {}, O {}",
        step.number(),
        step_words(step),
        measure(s, Player::X, step),
        measure(s, Player::O, step)
    )
}

/// Why a finished game ended, in a line under its board: the Network's
/// size, why the player to move is strangled, the cap's tiebreak measures
/// up to the step that decided; none for an ongoing game or the other ends.
pub(super) fn outcome_note(s: &Setup) -> Option<String> {
    let o = s.outcome?;
    match o.rule {
        EndRule::Network => {
            let winner = o.winner?;
            let n = network(s, winner).count();
            Some(format!(
                "Why (G1): {winner} has a group of {n} stones on tier 2"
            ))
        }
        EndRule::Strangle => {
            let p = s.to_move;
            Some(if s.counters[p.index()].reserve == 0 {
                format!("Why (G4): {p} to move, reserve empty, and none of its stones can move")
            } else {
                format!("Why (G4): {p} to move has stones in reserve and no cell to place them")
            })
        }
        EndRule::Cap(Some(d)) => {
            let before: Vec<String> = TiebreakStep::ALL
                .iter()
                .filter(|st| st.number() < d.number())
                .map(|st| step_line(s, *st))
                .collect();
            let mut note = format!("Why (G7): tiebreak step {}", step_line(s, d));
            if !before.is_empty() {
                note.push_str(&format!(" (equal before: {})", before.join("; ")));
            }
            Some(note)
        }
        EndRule::Cap(None) => {
            let all: Vec<String> = TiebreakStep::ALL
                .iter()
                .map(|st| step_line(s, *st))
                .collect();
            Some(format!(
                "Why (G7): a tie on every tiebreak step: {}",
                all.join("; ")
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(s: &str) -> Setup {
        Setup::from_notation(s).unwrap()
    }

    #[test]
    fn a_cap_names_its_measures_up_to_the_deciding_step() {
        // X: stones on a tier-2 cell of g1 and a tier-1 cell; O: one on tier 1.
        let s = setup("x2.x1./...../....../......./....../...../o1... o 60 x:r5c3k0u3l6P o:r6c3k0u3l6P =x:cap1");
        let note = outcome_note(&s).unwrap();
        assert_eq!(
            note,
            "Why (G7): tiebreak step 1. stones on unlocked tier-2 cells: X 1, O 0"
        );
        let mut later = s;
        later.outcome = Some(hexodic_rules::Outcome {
            winner: Some(Player::X),
            rule: EndRule::Cap(Some(TiebreakStep::Captures)),
        });
        assert_eq!(
            outcome_note(&later).unwrap(),
            "Why (G7): tiebreak step 3. captures: X 0, O 0 (equal before: 1. stones on unlocked tier-2 cells: X 1, O 0; 2. the sum of the tiers under the stones: X 3, O 1)"
        );
        let mut s2 = s;
        s2.outcome = None;
        assert_eq!(outcome_note(&s2), None);
        assert!(outcome_cells(&s).is_empty());
    }

    #[test]
    fn measures_follow_the_tiebreak_steps() {
        let s = setup("x2.x1./...../....../......./....../...../o1... o 60 x:r5c3k2u3l6P o:r6c3k1u4l6P =x:cap1");
        assert_eq!(measure(&s, Player::X, TiebreakStep::TierSum), 3);
        assert_eq!(measure(&s, Player::O, TiebreakStep::TierSum), 1);
        assert_eq!(measure(&s, Player::X, TiebreakStep::Captures), 2);
        assert_eq!(measure(&s, Player::O, TiebreakStep::Raises), 4);
    }

    #[test]
    fn a_strangle_with_an_empty_reserve_marks_the_stuck_stones() {
        let s = setup(
            "...x/...../....../.....1../xxxx../oooxx/oooo o 23 x:r0c3k0u1l6P o:r0c3k0u0l6P =x:strangle",
        );
        assert_eq!(outcome_cells(&s).count(), 7, "O's seven stones");
        assert_eq!(
            outcome_note(&s).unwrap(),
            "Why (G4): O to move, reserve empty, and none of its stones can move"
        );
    }
}
