//! The 12-player Warring States table that `benches/games.rs` and `examples/icount.rs` both
//! measure, included by each with `#[path]` (the benchmarks' library has no game crates).

use pbp_core::{
    SeededDice,
    engine::{Actor, Game, Seat},
};
use pbp_warring_states::{
    Colour, MapSpec, PlayerSpec, School, WarringStates, WarringStatesAction, WarringStatesConfig,
    WarringStatesState, heuristic_sheet,
};

/// Twelve players on the standard map, every sixth state a start.
pub fn twelve_players() -> WarringStatesConfig {
    let map = MapSpec::shared_standard();
    let starts: Vec<String> = map
        .states
        .iter()
        .map(|s| s.name.clone())
        .filter(|s| s != "Zhou")
        .step_by(6)
        .collect();
    WarringStatesConfig {
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
        ..WarringStatesConfig::default()
    }
}

/// Sends every waiting seat's heuristic orders.
pub fn send_orders(state: &mut WarringStatesState, seats: &[Seat], dice: &mut SeededDice) {
    for &seat in seats {
        let sheet = heuristic_sheet(state, seat);
        WarringStates::apply(
            state,
            Actor::Seat(seat),
            &WarringStatesAction::Orders(sheet),
            dice,
        )
        .expect("heuristic orders are legal");
    }
}
