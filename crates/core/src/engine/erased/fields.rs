//! Reading an action's JSON so that a field no action has is refused by its name.
//!
//! serde skips a field it does not know: `{"choose": {"stance": "focus", "force": 3}}` would be
//! read without its `force`, and a player would never learn that pbp ignored it. And an action
//! is an object of one key, what it does; serde_json refuses a second key beside it
//! (`{"choose": "strike", "dice": [9, 1]}`) with "expected value at line 1 column 20", which
//! names nothing. Both are refused here with the field's name, for every game, with no reader
//! of its own per action type: the action is read from text as before, and only its JSON
//! values are compared.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::forms::json_value;

/// A value no field of any action takes, put where a field was to see whether reading the
/// action notices it.
const PROBE: &str = "\u{1}pbp: is this field read?";

/// Reads an action of type `A` from its JSON `text`, refusing a field that no action has.
///
/// # Errors
/// The reason, in words: serde's, or the unknown field by name and where it is.
pub(crate) fn read_action_json<A: DeserializeOwned + Serialize>(text: &str) -> Result<A, String> {
    let read = serde_json::from_str::<A>(text);
    // Only an object holds fields; the rest has nothing to compare.
    if !text.contains('{') {
        return read.map_err(|e| format!("as JSON: {e}"));
    }
    let Ok(input) = serde_json::from_str::<Value>(text) else {
        return read.map_err(|e| format!("as JSON: {e}"));
    };
    match read {
        Ok(action) => match unread_field::<A>(&input, &action) {
            Some(message) => Err(message),
            None => Ok(action),
        },
        Err(error) => Err(beside_the_kind::<A>(&input).unwrap_or(format!("as JSON: {error}"))),
    }
}

/// A key of the action's object beside its kind: the message naming it, when the object
/// reads as an action with exactly one of its keys.
fn beside_the_kind<A: DeserializeOwned>(input: &Value) -> Option<String> {
    let Value::Object(map) = input else {
        return None;
    };
    if map.len() < 2 {
        return None;
    }
    let reads = |key: &String, value: &Value| {
        let mut one = Map::new();
        one.insert(key.clone(), value.clone());
        serde_json::from_str::<A>(&Value::Object(one).to_string()).is_ok()
    };
    let kinds: Vec<&String> = map
        .iter()
        .filter(|(k, v)| reads(k, v))
        .map(|(k, _)| k)
        .collect();
    let [kind] = kinds.as_slice() else {
        return None;
    };
    let others: Vec<String> = map
        .keys()
        .filter(|k| k != kind)
        .map(|k| format!("'{k}'"))
        .collect();
    Some(format!(
        "{} {} not part of an action: an action is an object with one key, what it does (here '{kind}'); remove {}",
        others.join(", "),
        if others.len() == 1 { "is" } else { "are" },
        if others.len() == 1 { "it" } else { "them" },
    ))
}

/// One step of a path into a JSON value.
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// The first field of `input` that reading it as `action` ignored, as a message: a key the
/// action's own JSON lacks, which reads to the same action whatever its value.
fn unread_field<A: DeserializeOwned + Serialize>(input: &Value, action: &A) -> Option<String> {
    let output = json_value(action).ok()?;
    let mut missing = Vec::new();
    missing_keys(input, &output, &mut Vec::new(), &mut missing);
    missing.into_iter().find_map(|path| {
        let mut probed = input.clone();
        *at(&mut probed, &path)? = Value::String(PROBE.to_owned());
        let again = serde_json::from_str::<A>(&probed.to_string()).ok()?;
        if json_value(&again).ok()? != output {
            return None;
        }
        Some(unknown_message(&path, &output))
    })
}

/// The paths of the keys of `input` that `output` lacks, where both are objects (or arrays of
/// the same length) at the same place.
fn missing_keys<'a>(
    input: &'a Value,
    output: &Value,
    path: &mut Vec<Step<'a>>,
    found: &mut Vec<Vec<Step<'a>>>,
) {
    match (input, output) {
        (Value::Object(given), Value::Object(read)) => {
            for (key, value) in given {
                path.push(Step::Key(key));
                match read.get(key) {
                    Some(kept) => missing_keys(value, kept, path, found),
                    None => found.push(path.iter().map(Step::copy).collect()),
                }
                path.pop();
            }
        }
        (Value::Array(given), Value::Array(read)) if given.len() == read.len() => {
            for (index, (value, kept)) in given.iter().zip(read).enumerate() {
                path.push(Step::Index(index));
                missing_keys(value, kept, path, found);
                path.pop();
            }
        }
        _ => {}
    }
}

impl Step<'_> {
    fn copy(&self) -> Self {
        match self {
            Step::Key(key) => Step::Key(key),
            Step::Index(index) => Step::Index(*index),
        }
    }
}

fn at<'v>(value: &'v mut Value, path: &[Step<'_>]) -> Option<&'v mut Value> {
    path.iter().try_fold(value, |value, step| match step {
        Step::Key(key) => value.get_mut(*key),
        Step::Index(index) => value.get_mut(*index),
    })
}

/// "'force' in 'choose' is not a field of the action (its fields there: stance)".
fn unknown_message(path: &[Step<'_>], output: &Value) -> String {
    let Some((Step::Key(field), parent)) = path.split_last() else {
        return "the action has a field pbp does not read".to_owned();
    };
    let place = parent
        .iter()
        .map(|step| match step {
            Step::Key(key) => format!(".{key}"),
            Step::Index(index) => format!("[{index}]"),
        })
        .collect::<String>();
    let place = place.trim_start_matches('.');
    let known = parent
        .iter()
        .try_fold(output, |value, step| match step {
            Step::Key(key) => value.get(*key),
            Step::Index(index) => value.get(*index),
        })
        .and_then(Value::as_object)
        .map(|fields| {
            fields
                .keys()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(", ")
        })
        .filter(|known| !known.is_empty());
    let place = if place.is_empty() {
        String::new()
    } else {
        format!(" in '{place}'")
    };
    match known {
        Some(known) => format!(
            "'{field}'{place} is not a field of the action (its fields there: {known}): remove it or check its spelling"
        ),
        None => format!(
            "'{field}'{place} is not a field of the action: remove it or check its spelling"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::duel::DuelAction;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum Action {
        Attack {
            from: String,
            to: String,
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            notes: Vec<String>,
        },
        Orders(Vec<Order>),
        End,
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Order {
        general: String,
        #[serde(default, skip_serializing_if = "String::is_empty", alias = "aim")]
        target: String,
    }

    fn read(text: &str) -> Result<Action, String> {
        read_action_json::<Action>(text)
    }

    #[test]
    fn a_field_no_action_has_is_named() {
        assert_eq!(
            read(r#"{"attack": {"from": "E4", "to": "E5", "force": 3}}"#).unwrap_err(),
            "'force' in 'attack' is not a field of the action (its fields there: from, to): remove it or check its spelling"
        );
        assert_eq!(
            read(r#"{"orders": [{"general": "Li"}, {"general": "Wu", "targte": "Yan"}]}"#)
                .unwrap_err(),
            "'targte' in 'orders[1]' is not a field of the action (its fields there: general): remove it or check its spelling"
        );
    }

    #[test]
    fn a_key_beside_the_actions_kind_is_named() {
        assert_eq!(
            read_action_json::<DuelAction>(r#"{"choose": "strike", "dice": [9, 1]}"#).unwrap_err(),
            "'dice' is not part of an action: an action is an object with one key, what it does (here 'choose'); remove it"
        );
        assert_eq!(
            read(r#"{"end": null, "x": 1, "y": 2}"#).unwrap_err(),
            "'x', 'y' are not part of an action: an action is an object with one key, what it does (here 'end'); remove them"
        );
    }

    #[test]
    fn known_fields_are_read_as_before() {
        // A default written out, an alias, a unit action, and serde's own errors.
        let with_default = read(r#"{"attack": {"from": "E4", "to": "E5", "notes": []}}"#);
        assert_eq!(
            with_default,
            Ok(Action::Attack {
                from: "E4".into(),
                to: "E5".into(),
                notes: Vec::new()
            })
        );
        assert!(read(r#"{"orders": [{"general": "Li", "aim": "Yan"}]}"#).is_ok());
        assert!(read(r#"{"orders": [{"general": "Li", "target": ""}]}"#).is_ok());
        assert_eq!(read(r#""end""#), Ok(Action::End));
        assert!(
            read(r#"{"attack": {"from": "E4"}}"#)
                .unwrap_err()
                .starts_with("as JSON: missing field `to`")
        );
        assert!(
            read(r#"{"retreat": 1, "flee": 2}"#)
                .unwrap_err()
                .starts_with("as JSON: ")
        );
    }
}
