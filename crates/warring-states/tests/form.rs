//! The order sheet as a form: a seat's sheet built from the form's lists alone (no text), checked
//! and applied; the game master's list; nothing for a seat that has sent.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::form::{ActionForm, Input, Kind};
use pbp_core::{
    SeededDice,
    engine::{Actor, Game, Seat},
};
use pbp_warring_states::{WarringStates, WarringStatesAction, WarringStatesConfig};
use serde_json::{Map, Value, json};

fn start() -> pbp_warring_states::WarringStatesState {
    WarringStates::setup(&WarringStatesConfig::default(), &mut SeededDice::new(3)).unwrap()
}

fn row_kind<'a>(form: &'a ActionForm, key: &str) -> &'a Kind {
    let Input::Rows { kinds, .. } = &form.kinds[0].fields[1].input else {
        panic!("the sheet's second field is its rows");
    };
    kinds.iter().find(|k| k.key == key).unwrap()
}

/// A row of `kind`: each field's first choice, `rice` of rice, the general at `general`.
fn row(kind: &Kind, rice: u32, general: usize) -> Value {
    let mut fields = Map::new();
    for field in &kind.fields {
        let value = match &field.input {
            Input::One { choices } => choices[0].value.clone(),
            Input::Many { choices, .. } => json!([choices[general].value]),
            Input::Number { min, max } => json!(rice.clamp(*min, *max)),
            other => panic!("no such input in a row: {other:?}"),
        };
        fields.insert(field.key.clone(), value);
    }
    json!({ kind.key.clone(): fields })
}

fn sheet(form: &ActionForm, rows: Vec<Value>) -> WarringStatesAction {
    let Input::Fixed { value: turn } = &form.kinds[0].fields[0].input else {
        panic!("the sheet's first field is its turn");
    };
    serde_json::from_value(json!({"orders": {"turn": turn, "orders": rows}})).unwrap()
}

#[test]
fn a_sheet_built_from_the_form_is_accepted_and_applied() {
    let mut state = start();
    let seat = Actor::Seat(Seat(0));
    let form = WarringStates::action_form(&state, seat);
    assert_eq!(form.kinds.len(), 1);
    assert_eq!(form.kinds[0].key, "orders");
    let rice = state.player(Seat(0)).unwrap().rice;
    let keys: Vec<&str> = {
        let Input::Rows { kinds, .. } = &form.kinds[0].fields[1].input else {
            panic!("rows");
        };
        kinds.iter().map(|k| k.key.as_str()).collect()
    };
    assert!(
        keys.starts_with(&["defense", "invest", "conquest"]),
        "{keys:?}"
    );
    // Every state offered is named as the map names it, so a click on the map picks it.
    let defense = row_kind(&form, "defense");
    let Input::One { choices } = &defense.fields[0].input else {
        panic!("a state is one choice");
    };
    assert!(
        choices
            .iter()
            .all(|c| c.place.as_deref() == Some(c.label.as_str()))
    );
    let action = sheet(
        &form,
        vec![
            row(defense, rice / 2, 0),
            row(row_kind(&form, "conquest"), rice - rice / 2, 1),
        ],
    );
    WarringStates::check_action(&state, seat, &action).unwrap();
    let before = state.clone();
    WarringStates::apply(&mut state, seat, &action, &mut SeededDice::new(1)).unwrap();
    assert_ne!(state, before);
    // Sent: nothing more to build this turn.
    assert_eq!(
        WarringStates::action_form(&state, seat),
        ActionForm::default()
    );
}

#[test]
fn a_row_past_the_seats_rice_is_refused_by_the_check_and_nothing_changes() {
    let state = start();
    let seat = Actor::Seat(Seat(0));
    let form = WarringStates::action_form(&state, seat);
    let rice = state.player(Seat(0)).unwrap().rice;
    let defense = row_kind(&form, "defense");
    let action = sheet(&form, vec![row(defense, rice, 0), row(defense, rice, 1)]);
    let before = state.clone();
    let refusal = WarringStates::check_action(&state, seat, &action).unwrap_err();
    assert!(refusal.to_string().contains("Rice"), "{refusal}");
    assert_eq!(state, before);
}

#[test]
fn the_game_master_gets_the_list_of_its_legal_actions() {
    let state = start();
    let form = WarringStates::action_form(&state, Actor::GameMaster);
    let Input::One { choices } = &form.kinds[0].fields[0].input else {
        panic!("a pick");
    };
    let legal = WarringStates::legal_actions(&state, Actor::GameMaster);
    assert_eq!(choices.len(), legal.len());
    assert_eq!(choices[0].value, serde_json::to_value(&legal[0]).unwrap());
}
