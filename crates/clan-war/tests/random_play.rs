//! The random-play harness of pbp-core over many seeds, with 2 to 8 clans.

use pbp_clan_war::{Clan, ClanWar, ClanWarConfig, PlayerSetup};
use pbp_core::Seat;
use pbp_core::testing::{PlayOptions, random_play};

fn config(players: usize, rounds: u32) -> ClanWarConfig {
    let setups = Clan::ALL
        .iter()
        .take(players)
        .map(|&clan| {
            let own = clan.strategies();
            PlayerSetup {
                clan,
                strategies: [own[(players) % 4], own[(players + 1) % 4]],
                name: String::new(),
            }
        })
        .collect();
    ClanWarConfig {
        players: setups,
        rounds,
        ..ClanWarConfig::default()
    }
}

#[test]
fn random_games_with_two_to_eight_clans() {
    for players in 2..=8 {
        for seed in 0..6_u64 {
            let seats: Vec<Seat> = (0..8).map(Seat).collect();
            let report = random_play::<ClanWar>(
                &config(players, 3),
                seed * 31 + players as u64,
                &seats,
                PlayOptions::default(),
            )
            .unwrap_or_else(|e| panic!("{players} clans, seed {seed}: {e}"));
            assert!(!report.outcome.winners.is_empty());
            assert_eq!(report.outcome.score_denominator, 2);
        }
    }
}

#[test]
fn random_games_of_the_seed_table() {
    let seats: Vec<Seat> = (0..8).map(Seat).collect();
    for seed in 0..4 {
        random_play::<ClanWar>(&ClanWarConfig::default(), seed, &seats, PlayOptions::default())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}
