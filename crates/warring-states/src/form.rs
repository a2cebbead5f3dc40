//! The order sheet as a form ([`pbp_core::engine::form`]): what a seat's page builds a sheet from,
//! rows of orders chosen from lists (order, state, rice, generals), never typed.
//!
//! A seat that may send orders gets one kind of action, the sheet: its turn (fixed) and its
//! orders, rows of the six orders. Each order offers only what the seat has now: its own states
//! for a defence or an investment, the states it may attack for a conquest, its generals, at
//! most its rice, a recruit within its general cap, and a Kingdom only where one is ready. A
//! choice of a state names it as the map does, so a page picks it with a click on the map.
//! What a row may still get wrong (more rice than the seat has over all the rows, a general sent
//! twice) is refused by `apply`'s own check, row by row as the page checks it. The game master
//! gets the list of its legal actions.

use pbp_core::engine::form::{ActionForm, Choice, Field, Input, Kind};
use pbp_core::engine::{Actor, Seat};
use serde_json::json;

use crate::legal;
use crate::map::StateId;
use crate::state::WarringStatesState;
use crate::text;

/// The most generals one defence or conquest takes.
const GENERALS_PER_ORDER: u32 = 3;

/// `actor`'s form now: the sheet for a seat that may send orders, the list of legal actions
/// for the game master, nothing otherwise.
pub(crate) fn action_form(state: &WarringStatesState, actor: Actor) -> ActionForm {
    match actor {
        Actor::GameMaster => ActionForm::pick(
            legal::legal_actions(state, actor)
                .iter()
                .filter_map(|a| Choice::action(text::format_action(state, a), a))
                .collect(),
        ),
        Actor::Seat(_) => match legal::may_send(state, actor) {
            Some(seat) => sheet_form(state, seat),
            None => ActionForm::default(),
        },
    }
}

fn sheet_form(state: &WarringStatesState, seat: Seat) -> ActionForm {
    let Some(player) = state.player(seat) else {
        return ActionForm::default();
    };
    let rice = player.rice;
    let places = |ids: Vec<StateId>| -> Vec<Choice> {
        ids.into_iter()
            .map(|s| {
                let name = state.map.name(s);
                Choice::new(name, json!(s)).at(name)
            })
            .collect()
    };
    let generals: Vec<Choice> = player
        .generals
        .iter()
        .map(|g| {
            Choice::new(
                format!("{} (skill {})", text::general_ref(state, g.id), g.skill),
                json!(g.id),
            )
        })
        .collect();
    let held = places(state.holdings(seat));
    let targets = places(state.targets(seat));
    let kingdoms = places(
        state
            .holdings(seat)
            .into_iter()
            .filter(|&s| state.kingdom_ready(seat, s))
            .collect(),
    );
    let one = |key: &str, label: &str, choices: &[Choice]| {
        Field::new(
            key,
            label,
            Input::One {
                choices: choices.to_vec(),
            },
        )
    };
    // Every order of rice takes at least 1 (the rules refuse an order of 0).
    let rice_field = || {
        Field::new(
            "rice",
            "Rice",
            Input::Number {
                min: 1.min(rice),
                max: rice,
            },
        )
    };
    let generals_field = || {
        Field::new(
            "generals",
            "Generals",
            Input::Many {
                choices: generals.clone(),
                max: GENERALS_PER_ORDER,
            },
        )
    };
    let mut rows = Vec::new();
    if !held.is_empty() {
        rows.push(Kind::new(
            "defense",
            "Defense",
            vec![one("state", "State", &held), rice_field(), generals_field()],
        ));
        rows.push(Kind::new(
            "invest",
            "Investing",
            vec![one("state", "State", &held), rice_field()],
        ));
    }
    if !targets.is_empty() {
        rows.push(Kind::new(
            "conquest",
            "Conquest",
            vec![
                one("state", "State", &targets),
                rice_field(),
                generals_field(),
            ],
        ));
    }
    let room = state
        .general_cap(seat)
        .saturating_sub(player.generals.len() as u32)
        .min(rice / state.recruit_cost(seat).max(1));
    if room > 0 {
        rows.push(Kind::new(
            "recruit",
            "Recruit",
            vec![Field::new(
                "count",
                "Generals",
                Input::Number { min: 1, max: room },
            )],
        ));
    }
    if !generals.is_empty() {
        rows.push(Kind::new(
            "dismiss",
            "Dismiss",
            vec![one("general", "General", &generals)],
        ));
    }
    if !kingdoms.is_empty() {
        rows.push(Kind::new(
            "declare-kingdom",
            "Declare Kingdom",
            vec![one("state", "State", &kingdoms)],
        ));
    }
    let longest = 3 * state.map.len() as u32 + 64;
    ActionForm {
        kinds: vec![Kind::new(
            "orders",
            "Order sheet",
            vec![
                Field::new(
                    "turn",
                    "Turn",
                    Input::Fixed {
                        value: json!(state.turn),
                    },
                ),
                Field::new(
                    "orders",
                    "Orders",
                    Input::Rows {
                        kinds: rows,
                        max: longest,
                    },
                ),
            ],
        )],
    }
}
