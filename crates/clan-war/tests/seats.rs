//! Seat bias (issue 27 part 4): the seed's table played by heuristic bots with the seats rotated
//! over the same clans, so that each clan sits in each seat equally often. A rule that favoured
//! a seat by its number would show as a seat winning more than chance allows; the clans' own
//! differences (docs/rules/clan-war.md, "Seat fairness") cancel out over the rotation.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_clan_war::{ClanWar, ClanWarConfig};
use pbp_core::engine::Seat;
use pbp_core::engine::sim::{Bot, simulate};

/// Games played: ten full rotations of the five clans over the five seats (25 games each:
/// `rotated_config` shifts the clans by one seat every five games), so every clan sits in every
/// seat exactly 50 times. About 6 s in a debug build.
const GAMES: u64 = 250;

/// The seed of the first game (game `i` is seeded with `step_seed(SEED, i)`): fixed, so the
/// test is a deterministic check, not a flaky one.
const SEED: u64 = 27;

/// The bound on a seat's wins, in standard deviations.
///
/// With no seat effect, seat `s`'s wins are a sum of `GAMES` independent indicators, one per
/// game (each game has its own seed), whose chances depend on the clan in the seat: over the
/// rotation every seat has the same clans equally often, so every seat has the same expected
/// wins, `mean = total wins / seats`. A sum of independent indicators with chances `p_g` has
/// variance `sum p_g (1 - p_g)`, at most that of a binomial of the mean chance `p = mean /
/// GAMES`: `GAMES p (1 - p)`. For a 99.9% bound on all five seats together (Bonferroni: 0.02%
/// for each seat, two-sided), the normal quantile is 3.72; the binomial of 250 games at
/// p = 0.2 is close enough to normal (mean 50, sd 6.3) for it. So a seat may deviate from the
/// mean by at most `3.72 sd`, about 23.5 wins of 250 (a win share of 20% +- 9.4 points) at
/// p = 0.2. A seat outside that has a chance below 0.1% without a seat effect.
const Z_999_FIVE_SEATS: f64 = 3.72;

#[test]
fn no_seat_wins_beyond_chance_when_the_clans_rotate_over_the_seats() {
    let config = ClanWarConfig::default();
    let seats = config.players.len() as u64;
    let summary = simulate::<ClanWar>(&config, GAMES, SEED, Bot::Heuristic, true, |_| {}).unwrap();
    assert_eq!(summary.finished, GAMES, "every game ends");
    // Each clan played every game, so each clan's wins are its wins over all seats.
    for (clan, record) in &summary.by_label {
        assert_eq!(record.played, GAMES, "{clan}");
    }
    let wins: Vec<u64> = (0..seats)
        .map(|s| summary.wins.get(&Seat(s as u16)).copied().unwrap_or(0))
        .collect();
    let total: u64 = wins.iter().sum();
    // A shared first place counts for every leader, so there are at least as many wins as
    // games.
    assert!(total >= GAMES, "{wins:?}");
    let mean = total as f64 / seats as f64;
    let p = mean / GAMES as f64;
    let bound = Z_999_FIVE_SEATS * (GAMES as f64 * p * (1.0 - p)).sqrt();
    for (seat, &w) in wins.iter().enumerate() {
        assert!(
            (w as f64 - mean).abs() <= bound,
            "seat {seat} won {w} of {GAMES} games; the mean is {mean:.1} +- {bound:.1}: {wins:?}"
        );
    }
}
