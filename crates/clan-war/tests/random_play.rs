//! The random-play harness of pbp-core over many seeds, with 2 to 8 clans, and the bots played
//! to the end of whole games.

use pbp_clan_war::{Clan, ClanWar, ClanWarConfig, PlayerSetup};
use pbp_core::engine::Seat;
use pbp_core::engine::testing::{Bot, PlayOptions, play_to_the_end, random_play};

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

fn seats(players: usize) -> Vec<Seat> {
    (0..players as u16).map(Seat).collect()
}

/// Every check, every legal action tried at every step: one one-round game per number of clans.
#[test]
fn random_games_with_two_to_eight_clans_every_check() {
    for players in 2..=8 {
        for seed in 0..1_u64 {
            let seats = seats(players);
            let report = random_play::<ClanWar>(
                &config(players, 1),
                seed * 31 + players as u64,
                &seats,
                PlayOptions::default(),
            )
            .unwrap_or_else(|e| panic!("{players} clans, seed {seed}: {e}"));
            // Every seat is ranked (winners may be empty only when every player was retired).
            let ranked: usize = report.outcome.ranking.iter().map(Vec::len).sum();
            assert!(ranked >= players);
            assert_eq!(report.outcome.score_denominator, 2);
        }
    }
}

/// Many more games with the cheaper checks (refusals of stale actions, replay, the bound).
#[test]
fn many_random_games_with_two_to_eight_clans() {
    let options = PlayOptions {
        try_every_action: false,
        check_secrets: false,
        round_trip: false,
    };
    for players in 2..=8 {
        for seed in 0..10_u64 {
            random_play::<ClanWar>(&config(players, 3), 1000 + seed, &seats(players), options)
                .unwrap_or_else(|e| panic!("{players} clans, seed {seed}: {e}"));
        }
    }
}

/// Hidden hands checked at every step over whole games of two and three clans.
#[test]
fn secrets_hold_over_whole_games() {
    let options = PlayOptions {
        try_every_action: false,
        check_secrets: true,
        round_trip: true,
    };
    for players in 2..=3 {
        for seed in 0..3_u64 {
            random_play::<ClanWar>(&config(players, 3), 500 + seed, &seats(players), options)
                .unwrap_or_else(|e| panic!("{players} clans, seed {seed}: {e}"));
        }
    }
}

#[test]
fn random_game_of_the_seed_table() {
    let config = ClanWarConfig {
        rounds: 1,
        ..ClanWarConfig::default()
    };
    random_play::<ClanWar>(&config, 7, &seats(5), PlayOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
}

/// The bots as an embedder runs them (the game master only ends rounds: no sign-up, no
/// retirement) play whole games of 2 to 8 clans to their end, which always has a winner (a tie
/// shares it) and says it is the highest score (issue 41: the random bot used to retire every
/// clan and end with no winner "by the highest score").
#[test]
fn the_bots_end_games_of_two_to_eight_clans_with_a_winner() {
    for players in 2..=8 {
        for (seed, bot) in [(0, Bot::Random), (1, Bot::Random), (2, Bot::Heuristic)] {
            let ending = play_to_the_end::<ClanWar>(&config(players, 12), seed, bot)
                .unwrap_or_else(|e| panic!("{players} clans, seed {seed}, {bot:?}: {e}"));
            let outcome = &ending.outcome;
            assert!(
                !outcome.winners.is_empty(),
                "{players} clans, seed {seed}: {outcome:?}"
            );
            assert_eq!(
                outcome.reason, "the highest score (gold plus glory) after 12 rounds",
                "{players} clans, seed {seed}"
            );
            assert_eq!(ending.returns.len(), players);
        }
    }
}
