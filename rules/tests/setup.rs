//! V1: positions given directly, every fault code, and what stays valid.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use hexodic_rules::{Fault, Game, Setup};

fn faults(s: &Setup) -> Vec<&'static str> {
    match s.validate() {
        Ok(_) => Vec::new(),
        Err(e) => e.faults.iter().map(Fault::code).collect(),
    }
}

fn base() -> Spec {
    Spec::new(X).at("c3 x1, e5 o")
}

#[test]
fn v1_the_base_setup_is_valid() {
    assert_eq!(faults(&base().setup()), [] as [&str; 0]);
}

#[test]
fn v1_tier_out_of_range() {
    let s = base().at("d4 .3").setup();
    assert_eq!(faults(&s), ["tier-out-of-range"]);
    assert_eq!(s.validate().unwrap_err().faults[0].rule(), "I2");
}

#[test]
fn v1_lock_not_on_tier_2() {
    assert_eq!(faults(&base().at("d4 .1*").setup()), ["lock-not-on-tier-2"]);
}

#[test]
fn v1_lock_count() {
    let s = base()
        .at("d4 .2*")
        .lock_used(X, false)
        .lock_used(O, false)
        .setup();
    assert_eq!(faults(&s), ["lock-count"]);
    let s = base().lock_used(X, true).charges(X, 2).setup();
    assert_eq!(faults(&s), ["lock-count"]);
    assert_eq!(faults(&base().at("d4 .2*").setup()), [] as [&str; 0]);
}

#[test]
fn v1_stone_count() {
    assert_eq!(faults(&base().reserve(X, 7).setup()), ["stone-count"]);
    assert_eq!(faults(&base().reserve(O, 5).setup()), ["stone-count"]);
}

#[test]
fn v1_too_many_charges() {
    assert_eq!(faults(&base().charges(O, 4).setup()), ["too-many-charges"]);
    assert_eq!(faults(&base().charges(O, 0).setup()), [] as [&str; 0]);
}

#[test]
fn v1_lock_without_charge() {
    let s = base().at("d4 .2*").charges(X, 3).setup();
    assert_eq!(faults(&s), ["lock-without-charge"]);
}

#[test]
fn v1_too_many_lowers() {
    assert_eq!(
        faults(&base().lowers_left(X, 7).setup()),
        ["too-many-lowers"]
    );
}

#[test]
fn v1_tier_sum() {
    let mut s = base().setup();
    s.counters[0].raises += 1;
    assert_eq!(faults(&s), ["tier-sum"]);
    s.counters[1].lowers_left -= 1;
    assert_eq!(
        faults(&s),
        [] as [&str; 0],
        "one more lower made balances it"
    );
}

#[test]
fn v1_stones_before_first_place() {
    let s = base().first_placed(O, false).setup();
    assert_eq!(faults(&s), ["stones-before-first-place"]);
    // With nothing on the board and a full reserve it is fine.
    let s = Spec::new(X).at("c3 x").first_placed(O, false).setup();
    assert_eq!(faults(&s), [] as [&str; 0]);
}

#[test]
fn v1_already_network_for_the_player_not_to_move_only() {
    let five = "d1 o2, d2 o2, d3 o2, d4 o2, d5 o2, g7 x";
    assert_eq!(faults(&Spec::new(X).at(five).setup()), ["already-network"]);
    // The player to move may have one (the game ends on its turn).
    assert_eq!(faults(&Spec::new(O).at(five).setup()), [] as [&str; 0]);
    let four = "d1 o2, d2 o2, d3 o2, d4 o2, d5 o1, g7 x";
    assert_eq!(faults(&Spec::new(X).at(four).setup()), [] as [&str; 0]);
}

#[test]
fn v1_already_takeover() {
    assert_eq!(faults(&base().captures(O, 6).setup()), ["already-takeover"]);
    assert_eq!(faults(&base().captures(O, 5).setup()), [] as [&str; 0]);
    assert_eq!(
        faults(&base().captures(X, 6).setup()),
        [] as [&str; 0],
        "X is to move"
    );
}

#[test]
fn v1_already_strangled() {
    let s = Spec::new(O)
        .stones(O, 0, "a1 a2 a3 b1 b2 b3 c1")
        .stones(X, 0, "a4 b4 c2 c3 c4 d1 d2")
        .setup();
    assert_eq!(faults(&s), ["already-strangled"]);
    // A forced cooldown Skip is a legal Project: not strangled.
    let s = Spec::new(O)
        .stones(O, 0, "a1 a2 a3 b1 b2 b3")
        .stones(X, 0, "a4")
        .cooldown_everywhere(O)
        .setup();
    assert_eq!(faults(&s), [] as [&str; 0]);
}

#[test]
fn v1_already_capped() {
    assert_eq!(faults(&base().half_moves(60).setup()), ["already-capped"]);
    assert_eq!(faults(&base().half_moves(59).setup()), [] as [&str; 0]);
}

#[test]
fn v1_malformed_outcome_and_a_recorded_result_skips_the_game_over_checks() {
    let mut s = base().setup();
    s.outcome = hexodic_rules::Outcome::parse("draw:network");
    assert_eq!(faults(&s), ["malformed-outcome"]);
    // With a well-formed result, a capped count and a Network are accepted.
    let mut s = Spec::new(X)
        .at("d1 o2, d2 o2, d3 o2, d4 o2, d5 o2, g7 x")
        .half_moves(60)
        .setup();
    assert_eq!(faults(&s), ["already-network", "already-capped"]);
    s.outcome = hexodic_rules::Outcome::parse("o:network");
    assert_eq!(faults(&s), [] as [&str; 0]);
}

#[test]
fn v1_several_faults_are_all_listed() {
    let s = base()
        .at("d4 .3, f5 .1*")
        .reserve(X, 3)
        .charges(O, 9)
        .lowers_left(O, 8)
        .captures(O, 6)
        .half_moves(61)
        .setup();
    let mut got = faults(&s);
    got.sort();
    let mut want = vec![
        "tier-out-of-range",
        "lock-not-on-tier-2",
        "stone-count",
        "too-many-charges",
        "too-many-lowers",
        "already-takeover",
        "already-capped",
    ];
    want.sort();
    assert_eq!(got, want);
}

#[test]
fn v1_unreachable_but_valid_positions() {
    // A cooldown set for the player not to move, and odd parity for X to move.
    let s = base().cooldown(O, "a1 g7").half_moves(7).setup();
    assert_eq!(faults(&s), [] as [&str; 0]);
}

#[test]
fn v1_a_position_given_directly_starts_a_fresh_history() {
    let p = base().pos();
    let g = Game::from_position(p);
    assert_eq!(g.history(), &[p.key()]);
}
