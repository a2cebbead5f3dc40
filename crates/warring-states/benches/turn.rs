//! Benchmarks: resolving one 12-player turn, and whole 12-player games of heuristic bots.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pbp_core::{Actor, Game, Seat, SeededDice};
use pbp_warring_states::{
    Colour, MapSpec, PlayerSpec, School, WarringStates, WsAction, WsConfig, WsState,
    heuristic_sheet,
};

fn twelve(turn_limit: u32) -> WsConfig {
    let map = MapSpec::standard();
    let starts: Vec<String> = map
        .states
        .iter()
        .map(|s| s.name.clone())
        .filter(|s| s != "Zhou")
        .step_by(6)
        .collect();
    let mut config = WsConfig {
        map,
        players: starts
            .into_iter()
            .take(12)
            .enumerate()
            .map(|(i, state)| PlayerSpec {
                name: format!("P{i}"),
                state,
                colour: Colour::ALL[i],
                school: School::ALL[i % 5],
            })
            .collect(),
        ..WsConfig::default()
    };
    config.rules.turn_limit = turn_limit;
    config
}

/// Plays heuristic bots until the game ends; returns the turns played.
fn play(state: &mut WsState, dice: &mut SeededDice) -> u32 {
    while state.outcome.is_none() {
        let action = match WarringStates::waiting(state).first() {
            Some(&seat) => (
                Actor::Seat(seat),
                WsAction::Orders(heuristic_sheet(state, seat)),
            ),
            None => (Actor::GameMaster, WsAction::CloseTurn),
        };
        if WarringStates::apply(state, action.0, &action.1, dice).is_err() {
            break;
        }
    }
    state.turn
}

fn benches(c: &mut Criterion) {
    // A position after four turns, with eleven sheets in: the twelfth resolves the turn.
    let mut dice = SeededDice::new(5);
    let mut config = twelve(100);
    config.rules.turn_limit = 100;
    let mut state = WarringStates::setup(&config, &mut dice).unwrap();
    while state.turn < 5 {
        let seats = WarringStates::waiting(&state);
        for seat in seats {
            let sheet = heuristic_sheet(&state, seat);
            WarringStates::apply(
                &mut state,
                Actor::Seat(seat),
                &WsAction::Orders(sheet),
                &mut dice,
            )
            .unwrap();
        }
    }
    let waiting = WarringStates::waiting(&state);
    let (&last, rest) = waiting.split_last().unwrap();
    for &seat in rest {
        let sheet = heuristic_sheet(&state, seat);
        WarringStates::apply(
            &mut state,
            Actor::Seat(seat),
            &WsAction::Orders(sheet),
            &mut dice,
        )
        .unwrap();
    }
    let last_sheet = WsAction::Orders(heuristic_sheet(&state, last));
    c.bench_function("warring_states_resolve_12_player_turn", |b| {
        let mut dice = SeededDice::new(9);
        b.iter(|| {
            let mut s = state.clone();
            WarringStates::apply(&mut s, Actor::Seat(Seat(last.0)), &last_sheet, &mut dice)
                .unwrap();
            black_box(s.turn)
        });
    });
    let config = twelve(20);
    c.bench_function(
        "warring_states_whole_game_12_heuristic_bots_20_turns",
        |b| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                let mut dice = SeededDice::new(seed);
                let mut s = WarringStates::setup(&config, &mut dice).unwrap();
                black_box(play(&mut s, &mut dice))
            });
        },
    );
}

criterion_group!(group, benches);
criterion_main!(group);
