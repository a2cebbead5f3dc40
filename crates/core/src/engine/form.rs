//! Action forms: what a page needs to build an action from lists instead of typed text.
//!
//! A game describes, for an actor at a state ([`Game::action_form`](crate::engine::Game::action_form)),
//! the kinds of action it may take, each with its fields and their choices: a Warring States
//! sheet as rows of orders (order, state, rice, generals), a Clan War attack among the hexes of
//! the map, or, by default, the list of the legal actions. A page builds the action's JSON from
//! the form alone, never by reading action texts, with one rule ([`Kind`]):
//!
//! - a field's value is its choice's `value`, the chosen choices' values in a list
//!   ([`Input::Many`]), the number ([`Input::Number`]), the fixed value ([`Input::Fixed`]) or a
//!   list of rows, each built as a kind ([`Input::Rows`]);
//! - a kind's inner value is its one field's value when that field's key is empty, otherwise an
//!   object of its fields by key (or nothing when it has no field);
//! - the action is the inner value when the kind's key is empty, the key alone as a string when
//!   the kind has no field, otherwise an object of one key, the kind's, holding the inner value.
//!
//! ```
//! use pbp_core::engine::form::{ActionForm, Choice};
//! use serde_json::json;
//! let form = ActionForm::pick(vec![Choice::new("Strike", json!({"choose": "strike"}))]);
//! assert_eq!(form.kinds[0].fields[0].key, "");
//! ```

use serde::Serialize;
use serde_json::Value;

/// The kinds of action an actor may build now; empty when it may not act.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ActionForm {
    /// The kinds, in the order a page offers them.
    pub kinds: Vec<Kind>,
}

/// One kind of action (or, inside [`Input::Rows`], one kind of row): its JSON key, its label
/// and its fields. See the module's building rule.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Kind {
    /// The key of the action's JSON object ("orders", "attack"); empty for none.
    pub key: String,
    /// What people call it ("Order sheet", "Attack").
    pub label: String,
    /// Its fields, in the order a page shows them.
    pub fields: Vec<Field>,
}

/// One field of a kind.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Field {
    /// The key in the kind's object; empty when the field is the kind's whole value.
    pub key: String,
    /// What people call it ("State", "Rice").
    pub label: String,
    /// How its value is chosen.
    pub input: Input,
}

/// How a field's value is chosen.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Input {
    /// One of the choices.
    One {
        /// The choices.
        choices: Vec<Choice>,
    },
    /// Up to `max` of the choices, none twice: their values in a list.
    Many {
        /// The choices.
        choices: Vec<Choice>,
        /// How many may be chosen at most.
        max: u32,
    },
    /// A whole number from `min` to `max`.
    Number {
        /// The least.
        min: u32,
        /// The most.
        max: u32,
    },
    /// A value the actor does not choose (the turn a sheet is for): not shown.
    Fixed {
        /// The value.
        value: Value,
    },
    /// Up to `max` rows, each of one of the kinds: their values in a list (an order sheet).
    Rows {
        /// The kinds of row.
        kinds: Vec<Kind>,
        /// How many rows at most.
        max: u32,
    },
}

/// One choice of a field: what people read and the JSON value it stands for.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Choice {
    /// What people read ("Tang", "Li Mu (3)").
    pub label: String,
    /// The value in the action's JSON.
    pub value: Value,
    /// The place of the map the choice is, by the name the map shows, so that a page picks it
    /// by a click on the map; absent for a choice that is no place.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
}

impl Choice {
    /// A choice that is no place of the map.
    pub fn new(label: impl Into<String>, value: Value) -> Choice {
        Choice {
            label: label.into(),
            value,
            place: None,
        }
    }

    /// The choice of a whole action: `label` and the action's JSON; `None` when the action
    /// cannot be written as JSON.
    pub fn action<A: Serialize>(label: impl Into<String>, action: &A) -> Option<Choice> {
        crate::engine::erased::json_value(action)
            .ok()
            .map(|value| Choice::new(label, value))
    }

    /// This choice, picked on the map by the place named `place`.
    #[must_use]
    pub fn at(mut self, place: impl Into<String>) -> Choice {
        self.place = Some(place.into());
        self
    }
}

impl ActionForm {
    /// The form of a list of whole actions: one kind with one field, a choice among them (the
    /// default form of a game: its legal actions). Empty when `choices` is.
    pub fn pick(choices: Vec<Choice>) -> ActionForm {
        if choices.is_empty() {
            return ActionForm::default();
        }
        ActionForm {
            kinds: vec![Kind {
                key: String::new(),
                label: "Action".to_owned(),
                fields: vec![Field {
                    key: String::new(),
                    label: "Action".to_owned(),
                    input: Input::One { choices },
                }],
            }],
        }
    }
}

impl Field {
    /// A field of the given key, label and input.
    pub fn new(key: impl Into<String>, label: impl Into<String>, input: Input) -> Field {
        Field {
            key: key.into(),
            label: label.into(),
            input,
        }
    }
}

impl Kind {
    /// A kind of the given key, label and fields.
    pub fn new(key: impl Into<String>, label: impl Into<String>, fields: Vec<Field>) -> Kind {
        Kind {
            key: key.into(),
            label: label.into(),
            fields,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_form_is_written_as_the_page_reads_it() {
        let form = ActionForm {
            kinds: vec![Kind::new(
                "orders",
                "Order sheet",
                vec![
                    Field::new("turn", "Turn", Input::Fixed { value: json!(1) }),
                    Field::new(
                        "orders",
                        "Orders",
                        Input::Rows {
                            kinds: vec![Kind::new(
                                "invest",
                                "Invest",
                                vec![
                                    Field::new(
                                        "state",
                                        "State",
                                        Input::One {
                                            choices: vec![Choice::new("Tang", json!(3)).at("Tang")],
                                        },
                                    ),
                                    Field::new("rice", "Rice", Input::Number { min: 1, max: 9 }),
                                ],
                            )],
                            max: 4,
                        },
                    ),
                ],
            )],
        };
        let written = serde_json::to_value(&form).unwrap();
        let rows = &written["kinds"][0]["fields"][1]["input"];
        assert_eq!(rows["type"], "rows");
        assert_eq!(rows["max"], 4);
        let state = &rows["kinds"][0]["fields"][0]["input"];
        assert_eq!(
            state,
            &json!({"type": "one", "choices": [{"label": "Tang", "value": 3, "place": "Tang"}]})
        );
        assert_eq!(
            rows["kinds"][0]["fields"][1]["input"],
            json!({"type": "number", "min": 1, "max": 9})
        );
    }

    #[test]
    fn a_pick_of_nothing_is_no_form() {
        assert_eq!(ActionForm::pick(Vec::new()), ActionForm::default());
        let form = ActionForm::pick(vec![Choice::action("End", &"end").unwrap()]);
        assert_eq!(form.kinds.len(), 1);
        let Input::One { choices } = &form.kinds[0].fields[0].input else {
            panic!("a pick is one choice");
        };
        assert_eq!(choices[0].value, json!("end"));
        assert_eq!(choices[0].place, None);
    }
}
