//! pbp's random-play harness and bots on rock-paper-scissors: every legal action applies, an
//! illegal one is refused with the state unchanged, the state and the save round-trip, and every
//! game ends within `max_actions` with a winner or a draw.

// Test code: a failed unwrap, expect or panic is how a test reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::testing::{Bot, PlayOptions, play_to_the_end, random_play, simulate};
use pbp_core::engine::{Game, Seat};
use pbp_rps::{Rps, RpsConfig};

#[test]
fn random_games_keep_the_contract() {
    for seed in 0..200 {
        let report = random_play::<Rps>(
            &RpsConfig::default(),
            seed,
            &[Seat(0), Seat(1)],
            PlayOptions::default(),
        )
        .unwrap_or_else(|f| panic!("seed {seed}: {f}"));
        assert!(report.actions <= Rps::max_actions(&RpsConfig::default()) as usize);
    }
}

/// The random bot plays every game to its end; the returns share the point (1 and 0 for a
/// win, a half each for a draw).
#[test]
fn the_random_bot_finishes_every_game() {
    for seed in 0..100 {
        let ending = play_to_the_end::<Rps>(&RpsConfig::default(), seed, Bot::Random)
            .unwrap_or_else(|f| panic!("seed {seed}: {f}"));
        let want = match ending.outcome.winners.as_slice() {
            [Seat(0)] => vec![1.0, 0.0],
            [Seat(1)] => vec![0.0, 1.0],
            [] => vec![0.5, 0.5],
            other => panic!("seed {seed}: winners {other:?}"),
        };
        assert_eq!(ending.returns, want, "seed {seed}");
    }
}

#[test]
fn the_simulator_counts_every_game() {
    let summary =
        simulate::<Rps>(&RpsConfig::default(), 300, 9, Bot::Random, false, |_| {}).unwrap();
    assert_eq!(summary.games, 300);
    assert_eq!(summary.finished, 300);
}
