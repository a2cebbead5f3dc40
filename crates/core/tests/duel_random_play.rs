//! The random-play harness on the example duel, over many seeds, and the bots played to the end.

// Test code: a failed unwrap, expect or panic is how a test reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::duel::{Duel, DuelConfig};
use pbp_core::engine::testing::{
    Bot, BotOptions, PlayOptions, play_to_the_end, random_action_with, random_play, simulate,
};
use pbp_core::engine::{Game, Seat};

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
        pbp_core::engine::testing::Bot::Random,
        false,
        |_| {},
    )
    .unwrap();
    assert_eq!(summary.games, 300);
    assert_eq!(summary.finished, 300);
    assert_eq!(summary.wins.values().sum::<u64>(), 300);
}

/// The random bot as an embedder runs it never concedes for a seat (a ruling): every duel is
/// won by three rounds, and the winner's return is 1, the loser's 0.
#[test]
fn the_random_bot_wins_duels_by_rounds_never_by_a_concession() {
    for seed in 0..100 {
        let ending = play_to_the_end::<Duel>(&DuelConfig::default(), seed, Bot::Random)
            .unwrap_or_else(|f| panic!("seed {seed}: {f}"));
        let winner = ending.outcome.winners[0];
        assert_eq!(
            ending.outcome.reason,
            format!("Player {} won 3 rounds", winner.0 + 1)
        );
        let mut want = vec![0.0, 0.0];
        want[usize::from(winner.0)] = 1.0;
        assert_eq!(ending.returns, want, "seed {seed}");
    }
}

/// A bot asked for rulings takes the game master's concession too, as the harnesses do.
#[test]
fn a_bot_with_rulings_may_concede_for_a_seat() {
    let conceded = (0..100).any(|seed| {
        let mut dice = pbp_core::SeededDice::new(seed);
        let mut state = Duel::setup(&DuelConfig::default(), &mut dice).unwrap();
        while let Some((actor, action)) =
            random_action_with::<Duel>(&state, BotOptions::WITH_RULINGS, &mut dice)
        {
            Duel::apply(&mut state, actor, &action, &mut dice).unwrap();
        }
        let outcome = Duel::turn(&state).outcome().cloned().unwrap();
        outcome.reason == "a seat conceded"
    });
    assert!(conceded);
}
