//! The random-play harness of pbp-core over many seeds and configs.

use pbp_core::testing::{PlayOptions, random_play};
use pbp_core::Seat;
use pbp_scroll_race::{
    GenjutsuScope, Metric, ScrollRace, ScrollRaceConfig, SuitonReading, TurnOrder,
};

fn seats() -> Vec<Seat> {
    (0..10).map(Seat).collect()
}

fn fast() -> PlayOptions {
    PlayOptions {
        try_every_action: false,
        ..PlayOptions::default()
    }
}

#[test]
fn random_games_keep_the_contract_trying_every_action() {
    for seed in 0..3 {
        let report = random_play::<ScrollRace>(
            &ScrollRaceConfig::default(),
            seed,
            &seats(),
            PlayOptions::default(),
        )
        .unwrap_or_else(|f| panic!("seed {seed}: {f}"));
        assert!(report.actions > 0);
    }
}

#[test]
fn many_random_games_keep_the_contract() {
    let mut won = 0;
    for seed in 0..150 {
        let report = random_play::<ScrollRace>(&ScrollRaceConfig::default(), seed, &seats(), fast())
            .unwrap_or_else(|f| panic!("seed {seed}: {f}"));
        if !report.outcome.winners.is_empty() {
            won += 1;
        }
    }
    assert!(won > 0, "some random games end with a winner");
}

#[test]
fn every_option_plays() {
    let configs = [
        ScrollRaceConfig {
            order: TurnOrder::Alternate,
            metric: Metric::Chebyshev,
            diagonal_strikes: true,
            ..ScrollRaceConfig::default()
        },
        ScrollRaceConfig {
            genjutsu_scope: GenjutsuScope::TalentsOnly,
            suiton: SuitonReading::Flood,
            free_rank: 1,
            free_uses: Some(3),
            ranged_reach: 1,
            ..ScrollRaceConfig::default()
        },
        ScrollRaceConfig {
            free_rank: 2,
            round_limit: Some(15),
            ..ScrollRaceConfig::default()
        },
    ];
    for (i, config) in configs.iter().enumerate() {
        for seed in 0..40 {
            random_play::<ScrollRace>(config, seed, &seats(), fast())
                .unwrap_or_else(|f| panic!("config {i} seed {seed}: {f}"));
        }
        random_play::<ScrollRace>(config, 1000, &seats(), PlayOptions::default())
            .unwrap_or_else(|f| panic!("config {i}: {f}"));
    }
}
