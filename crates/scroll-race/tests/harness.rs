//! The random-play harness of pbp-core (contract, refusals leave the state unchanged, serde round
//! trips, replays, and `secrets` checked against every view and event) over many seeds and
//! configs, plus a cheaper loop over more games. Round limits are kept short so that the suite
//! stays fast in debug builds; the default 40-round game is played too.

use pbp_core::engine::testing::{Bot, PlayOptions, play_to_the_end, random_action, random_play};
use pbp_core::{
    SeededDice,
    engine::{Game, Seat, Turn},
};
use pbp_scroll_race::{
    CharacterConfig, GenjutsuScope, Metric, ScrollRace, ScrollRaceConfig, SuitonReading, TurnOrder,
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

fn short(rounds: u32) -> ScrollRaceConfig {
    ScrollRaceConfig {
        round_limit: Some(rounds),
        ..ScrollRaceConfig::default()
    }
}

#[test]
fn random_games_keep_the_contract_trying_every_action() {
    for seed in 0..2 {
        random_play::<ScrollRace>(&short(5), seed, &seats(), PlayOptions::default())
            .unwrap_or_else(|f| panic!("seed {seed}: {f}"));
    }
}

#[test]
fn many_random_games_keep_the_contract() {
    for seed in 0..24 {
        random_play::<ScrollRace>(&short(8), seed, &seats(), fast())
            .unwrap_or_else(|f| panic!("seed {seed}: {f}"));
    }
}

#[test]
fn whole_default_games_keep_the_contract() {
    for seed in [7, 8] {
        let report =
            random_play::<ScrollRace>(&ScrollRaceConfig::default(), seed, &seats(), fast())
                .unwrap_or_else(|f| panic!("seed {seed}: {f}"));
        assert!(report.actions as u64 <= ScrollRace::max_actions(&ScrollRaceConfig::default()));
    }
}

#[test]
fn hundreds_of_random_games_end_and_some_are_won() {
    let config = short(25);
    let (mut won, mut games) = (0, 0);
    for seed in 0..120u64 {
        let mut dice = SeededDice::new(seed);
        let mut state = ScrollRace::setup(&config, &mut dice).unwrap();
        let mut steps = 0;
        while let Some((actor, action)) = random_action::<ScrollRace>(&state, &mut dice) {
            ScrollRace::apply(&mut state, actor, &action, &mut dice)
                .unwrap_or_else(|e| panic!("seed {seed}: {action:?} refused: {e}"));
            steps += 1;
            assert!(steps <= ScrollRace::max_actions(&config));
        }
        let Turn::Over(outcome) = ScrollRace::turn(&state) else {
            panic!("seed {seed}: stuck");
        };
        games += 1;
        if !outcome.winners.is_empty() {
            won += 1;
        }
    }
    assert_eq!(games, 120);
    assert!(won > 0, "random play sometimes wins");
}

#[test]
fn every_option_plays() {
    let configs = [
        ScrollRaceConfig {
            order: TurnOrder::Alternate,
            metric: Metric::Chebyshev,
            diagonal_strikes: true,
            ..short(8)
        },
        ScrollRaceConfig {
            genjutsu_scope: GenjutsuScope::TalentsOnly,
            suiton: SuitonReading::Flood,
            free_rank: 1,
            free_uses: Some(3),
            ranged_reach: 1,
            ..short(8)
        },
        ScrollRaceConfig {
            free_rank: 2,
            ..short(8)
        },
    ];
    for (i, config) in configs.iter().enumerate() {
        for seed in 0..5 {
            random_play::<ScrollRace>(config, seed, &seats(), fast())
                .unwrap_or_else(|f| panic!("config {i} seed {seed}: {f}"));
        }
        random_play::<ScrollRace>(config, 1000, &seats(), PlayOptions::default())
            .unwrap_or_else(|f| panic!("config {i}: {f}"));
    }
}

/// A table of the default game (40 rounds at most) with `players` of the ten characters played
/// by people, split between the teams (the others computer-played, as the rules have them).
fn with_players(players: usize) -> ScrollRaceConfig {
    let mut config = ScrollRaceConfig::default();
    for i in 0..players {
        config.characters[i % 2].push(CharacterConfig {
            name: format!("Player{i}"),
            talents: None,
        });
    }
    config
}

/// The bots as an embedder runs them (the game master never skips a character's turn, nor
/// rules) play whole games to their end, with 2 to 10 of the ten seats played by people: a
/// scroll brought home, or the organizer's draw at the round limit, each saying which it is.
#[test]
fn the_bots_end_games_of_two_to_ten_players() {
    for players in 2..=10 {
        for (seed, bot) in [(players as u64, Bot::Random), (100, Bot::Heuristic)] {
            let ending = play_to_the_end::<ScrollRace>(&with_players(players), seed, bot)
                .unwrap_or_else(|e| panic!("{players} players, seed {seed}, {bot:?}: {e}"));
            let (outcome, reason) = (&ending.outcome, ending.outcome.reason.as_str());
            if outcome.winners.is_empty() {
                assert_eq!(reason, "the organizer calls a draw after 40 rounds");
            } else {
                assert_eq!(outcome.winners.len(), 5, "{players} players: a team wins");
                assert!(reason.contains(" scroll into the "), "{reason}");
            }
            assert_eq!(ending.returns.len(), 10);
        }
    }
}
