//! Whole random games and games of heuristic bots per second for every game of the workspace,
//! and the resolution of one Warring States turn with twelve players.
//!
//! Each iteration plays one complete game with [`simulate`] (uniformly random legal actions, or
//! each game's heuristic bot; seeded dice, a new seed per game), so the time per iteration is
//! the time per game.
//!
//! Run: `cargo bench -p pbp-benches --bench games -- --warm-up-time 1 --measurement-time 3`.
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use pbp_core::engine::duel::{Duel, DuelConfig};
use pbp_core::engine::testing::{Bot, simulate};
use pbp_core::{
    SeededDice,
    engine::{Actor, Game},
};
use pbp_three_kingdoms::{Faction, ThreeKingdoms, ThreeKingdomsConfig};
use pbp_warring_states::{
    WarringStates, WarringStatesAction, WarringStatesConfig, heuristic_sheet,
};

/// Benchmarks one random game and one game of heuristic bots of `G` per iteration, each with
/// its own seed.
fn random_games<G: Game>(c: &mut Criterion, name: &str, config: &G::Config, samples: usize) {
    for (group_name, bot) in [
        ("random game", Bot::Random),
        ("heuristic game", Bot::Heuristic),
    ] {
        let mut group = c.benchmark_group(group_name);
        group.sample_size(samples);
        let mut seed = 0_u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let summary = simulate::<G>(config, 1, seed, bot, false, |_| {})
                    .expect("a game plays to its end");
                black_box(summary.actions)
            })
        });
        group.finish();
    }
}

fn duel(c: &mut Criterion) {
    random_games::<Duel>(c, "duel", &DuelConfig::default(), 100);
}

fn three_kingdoms(c: &mut Criterion) {
    let config = ThreeKingdomsConfig::presets(Faction::Wei, Faction::Wu);
    random_games::<ThreeKingdoms>(c, "three kingdoms (Wei vs Wu)", &config, 10);
}

fn clan_war(c: &mut Criterion) {
    let config = pbp_clan_war::ClanWarConfig::default();
    random_games::<pbp_clan_war::ClanWar>(c, "clan war (5 clans, 12 rounds)", &config, 10);
}

fn scroll_race(c: &mut Criterion) {
    let config = pbp_scroll_race::ScrollRaceConfig::default();
    random_games::<pbp_scroll_race::ScrollRace>(c, "scroll race (5 against 5)", &config, 10);
}

fn warring_states(c: &mut Criterion) {
    random_games::<WarringStates>(
        c,
        "warring states (4 players)",
        &WarringStatesConfig::default(),
        10,
    );
}

#[path = "../shared/twelve_players.rs"]
mod twelve_players;
use twelve_players::{send_orders, twelve_players};

/// One 12-player turn: eleven order sheets are in, the twelfth resolves the turn (movement,
/// battles, supply). Setup and four turns of heuristic play come first, outside the timing.
fn warring_states_turn(c: &mut Criterion) {
    let mut dice = SeededDice::new(5);
    let config = twelve_players();
    assert_eq!(config.players.len(), 12);
    let mut state = WarringStates::setup(&config, &mut dice).expect("a valid 12-player setup");
    while state.turn < 5 {
        let seats = WarringStates::waiting(&state);
        send_orders(&mut state, &seats, &mut dice);
    }
    let waiting = WarringStates::waiting(&state);
    let (&last, rest) = waiting.split_last().expect("seats are waiting for orders");
    send_orders(&mut state, rest, &mut dice);
    let last_sheet = WarringStatesAction::Orders(heuristic_sheet(&state, last));
    let mut group = c.benchmark_group("warring states");
    group.sample_size(20);
    let mut dice = SeededDice::new(9);
    group.bench_function("resolve a 12-player turn", |b| {
        b.iter(|| {
            let mut s = state.clone();
            WarringStates::apply(&mut s, Actor::Seat(last), &last_sheet, &mut dice)
                .expect("the last sheet resolves the turn");
            black_box(s.turn)
        })
    });
    group.finish();
}

/// A whole 12-player game of heuristic bots, limited to 20 turns: every waiting seat sends the
/// heuristic's orders until the game ends.
fn warring_states_heuristic_game(c: &mut Criterion) {
    let mut config = twelve_players();
    config.rules.turn_limit = 20;
    let mut group = c.benchmark_group("warring states");
    group.sample_size(10);
    let mut seed = 0_u64;
    group.bench_function("whole game, 12 heuristic bots, 20 turns", |b| {
        b.iter(|| {
            seed += 1;
            let mut dice = SeededDice::new(seed);
            let mut state = WarringStates::setup(&config, &mut dice).expect("a valid setup");
            while state.outcome.is_none() {
                let seats = WarringStates::waiting(&state);
                if seats.is_empty() {
                    break;
                }
                send_orders(&mut state, &seats, &mut dice);
            }
            black_box(state.turn)
        })
    });
    group.finish();
}

criterion_group! {
    name = games;
    config = Criterion::default().measurement_time(Duration::from_secs(3));
    targets = duel, clan_war, three_kingdoms, scroll_race, warring_states, warring_states_turn,
        warring_states_heuristic_game
}
criterion_main!(games);
