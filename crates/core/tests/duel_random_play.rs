//! The random-play harness on the example duel, over many seeds.

use pbp_core::Seat;
use pbp_core::duel::{Duel, DuelConfig};
use pbp_core::testing::{PlayOptions, random_play, simulate};

#[test]
fn random_duels_keep_the_contract() {
    for seed in 0..200 {
        let report = random_play::<Duel>(
            &DuelConfig::default(),
            seed,
            &[Seat(0), Seat(1)],
            PlayOptions::default(),
        )
        .unwrap_or_else(|f| panic!("seed {seed}: {f}"));
        assert_eq!(report.outcome.winners.len(), 1, "seed {seed}");
    }
}

#[test]
fn simulation_counts_every_game() {
    let summary = simulate::<Duel>(
        &DuelConfig::default(),
        300,
        9,
        pbp_core::testing::Bot::Random,
        false,
        |_| {},
    )
    .unwrap();
    assert_eq!(summary.games, 300);
    assert_eq!(summary.finished, 300);
    assert_eq!(summary.wins.values().sum::<u64>(), 300);
}
