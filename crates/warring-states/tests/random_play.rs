//! The random-play harness of pbp-core over many seeds and table sizes, and the bots played to
//! the end of whole games.

use pbp_core::engine::Seat;
use pbp_core::engine::testing::{Bot, PlayOptions, play_to_the_end, random_play, simulate};
use pbp_warring_states::{Colour, MapSpec, PlayerSpec, School, WarringStates, WarringStatesConfig};

/// A table of `n` players on spread-out states of the default map.
pub fn table(n: usize, turn_limit: u32) -> WarringStatesConfig {
    let map = MapSpec::standard();
    let mut config = WarringStatesConfig {
        map: map.clone().into(),
        players: Vec::new(),
        ..WarringStatesConfig::default()
    };
    config.rules.turn_limit = turn_limit;
    let starts: Vec<&str> = map
        .states
        .iter()
        .map(|s| s.name.as_str())
        .filter(|&s| s != "Zhou")
        .step_by(6)
        .collect();
    for (i, start) in starts.iter().take(n).enumerate() {
        config.players.push(PlayerSpec {
            name: format!("P{i}"),
            state: (*start).to_owned(),
            colour: Colour::ALL[i],
            school: School::ALL[i % 5],
        });
    }
    config
}

fn seats() -> Vec<Seat> {
    (0..12).map(Seat).collect()
}

#[test]
fn random_play_with_every_check() {
    for (seed, n) in (0..10_u64).zip([1, 2, 3, 4, 6, 8, 12, 0].into_iter().cycle()) {
        let config = table(n, 6);
        let report = random_play::<WarringStates>(&config, seed, &seats(), PlayOptions::default())
            .unwrap_or_else(|e| panic!("seed {seed}, {n} players: {e}"));
        assert!(report.actions > 0);
    }
}

#[test]
fn random_play_twelve_players_long_games() {
    let options = PlayOptions {
        try_every_action: false,
        check_secrets: true,
        round_trip: true,
    };
    for seed in 100..106_u64 {
        let config = table(12, 25);
        random_play::<WarringStates>(&config, seed, &seats(), options)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

#[test]
fn simulations_finish() {
    let summary = simulate::<WarringStates>(
        &table(12, 40),
        12,
        7,
        pbp_core::engine::testing::Bot::Random,
        false,
        |_| {},
    )
    .unwrap();
    assert_eq!(summary.games, 12);
    assert_eq!(summary.finished, 12);
}

/// A thousand 12-player games without the per-step checks (run with `--ignored --release`).
#[test]
#[ignore = "long: cargo test --release -p pbp-warring-states --test random_play -- --ignored"]
fn a_thousand_twelve_player_games() {
    let summary = simulate::<WarringStates>(
        &table(12, 40),
        1000,
        11,
        pbp_core::engine::testing::Bot::Random,
        false,
        |_| {},
    )
    .unwrap();
    assert_eq!(summary.finished, 1000);
}

/// The bots as an embedder runs them (the game master only closes turns: no admission, no
/// "no orders" for a seat) play whole games of 2 to 12 players to their end: an Imperial
/// victory, or one of the rules' two draws (the turn limit, or no player left with joining
/// closed), each saying which it is.
#[test]
fn the_bots_end_games_of_two_to_twelve_players() {
    for n in 2..=12 {
        for (seed, bot) in [(0, Bot::Random), (1, Bot::Heuristic)] {
            let ending = play_to_the_end::<WarringStates>(&table(n, 100), seed, bot)
                .unwrap_or_else(|e| panic!("{n} players, seed {seed}, {bot:?}: {e}"));
            let outcome = &ending.outcome;
            let reason = outcome.reason.as_str();
            if outcome.winners.is_empty() {
                assert!(
                    reason == "the turn limit of 100 was reached"
                        || reason == "no player is left and joining is closed",
                    "{n} players, seed {seed}: a draw by {reason}"
                );
            } else {
                assert_eq!(outcome.winners.len(), 1, "{n} players, seed {seed}");
                assert!(
                    reason.ends_with("Imperial victory"),
                    "{n} players, seed {seed}: a win by {reason}"
                );
            }
            assert_eq!(ending.returns.len(), n);
        }
    }
}
