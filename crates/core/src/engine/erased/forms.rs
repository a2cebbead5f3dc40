//! The JSON forms the erased layer speaks: actions in, legal actions, events and seats out.

use serde::Serialize;
use serde_json::Value;

use super::ErasedError;
use crate::game::{Audience, Game, GameMasterRole, Seat};
use crate::record::LoggedEvent;

pub(super) fn to_json<T: Serialize>(value: &T) -> Result<Value, ErasedError> {
    json_value(value).map_err(|e| ErasedError::Serialize(e.to_string()))
}

/// `value` as a JSON [`Value`]: the same value `serde_json::to_value` gives.
///
/// In the browser's wasm it is written as JSON text and read back, so that each type has one
/// writer (the text one, which saves need anyway) instead of a second one for `Value`: that
/// keeps the page's download under its budget. Elsewhere it is `serde_json::to_value`.
///
/// # Errors
/// The value cannot be written as JSON (a map with keys that are not strings).
///
/// ```
/// let value = pbp_core::engine::erased::json_value(&[1, 2]).unwrap();
/// assert_eq!(value, serde_json::json!([1, 2]));
/// ```
pub fn json_value<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<Value> {
    #[cfg(target_arch = "wasm32")]
    {
        serde_json::from_str(&serde_json::to_string(value)?)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        serde_json::to_value(value)
    }
}

/// An action given to [`DynSession::act`](super::DynSession::act).
#[derive(Clone, Debug, PartialEq)]
pub enum ActionInput {
    /// The action's JSON form.
    Json(Value),
    /// The game's own text form ([`Game::parse_action`]).
    Text(String),
    /// Either: read as JSON if it is the JSON of an action, otherwise in the game's text form.
    Auto(String),
}

impl ActionInput {
    /// The `action` field of a JSON request (the server's `POST .../act`): a JSON string is
    /// [`ActionInput::Auto`] (an order's text, or a unit action's JSON form such as
    /// `"move-lord"`), anything else the action's JSON. A legal action's
    /// [`json`](LegalAction::json) sent back this way is always accepted.
    ///
    /// ```
    /// use pbp_core::engine::erased::ActionInput;
    /// use serde_json::json;
    /// assert_eq!(ActionInput::from_json_field(json!("end")), ActionInput::Auto("end".into()));
    /// assert_eq!(ActionInput::from_json_field(json!({"a": 1})), ActionInput::Json(json!({"a": 1})));
    /// ```
    pub fn from_json_field(value: Value) -> ActionInput {
        match value {
            Value::String(text) => ActionInput::Auto(text),
            other => ActionInput::Json(other),
        }
    }
}

/// A legal action, in both forms.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LegalAction {
    /// The game's text form.
    pub text: String,
    /// The JSON form.
    pub json: Value,
}

/// One of the game master's legal actions with what it is for, as
/// [`DynSession::game_master_actions`](super::DynSession::game_master_actions) lists them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameMasterAction {
    /// What it is for ([`Game::game_master_role`]).
    pub role: GameMasterRole,
    /// The action, in both forms.
    pub action: LegalAction,
}

/// A seat and its label, as [`DynSession::seats`](super::DynSession::seats) lists them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatInfo {
    /// The seat.
    pub seat: Seat,
    /// Its label ([`Game::seat_label`]).
    pub label: String,
    /// Its name as people read it ([`Game::seat_name`]): "Plainsfox (Lion)".
    pub name: String,
}

/// An event with its step and audience, the event as JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ErasedEvent {
    /// 0 for the setup, then 1 for the first action.
    pub step: usize,
    /// Who may see it.
    pub audience: Audience,
    /// The event.
    pub event: Value,
}

pub(super) fn erase_event<G: Game>(logged: &LoggedEvent<G>) -> Result<ErasedEvent, ErasedError> {
    Ok(ErasedEvent {
        step: logged.step,
        audience: logged.visible.audience.clone(),
        event: to_json(&logged.visible.event)?,
    })
}

/// The seat `text` names among `seats`: its number (`0`, `seat 0`), its label (`Lion`, `red`),
/// its whole name (`Plainsfox (Lion)`) or the player's name alone (`Plainsfox`), in any case.
/// `None` when nothing matches; an error when a name fits several seats. Every frontend and the
/// scenario runner read seats with it, so a seat is written the same way everywhere.
///
/// # Errors
/// A name that fits several seats, listing them.
///
/// ```
/// use pbp_core::engine::Seat;
/// use pbp_core::engine::erased::{SeatInfo, seat_named};
/// let seats = [SeatInfo { seat: Seat(0), label: "Lion".into(), name: "Plainsfox (Lion)".into() }];
/// assert_eq!(seat_named("plainsfox", &seats), Ok(Some(Seat(0))));
/// assert_eq!(seat_named("seat 0", &seats), Ok(Some(Seat(0))));
/// assert_eq!(seat_named("Crab", &seats), Ok(None));
/// ```
pub fn seat_named(text: &str, seats: &[SeatInfo]) -> Result<Option<Seat>, String> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    let digits = lower.strip_prefix("seat").unwrap_or(&lower).trim_start();
    if let Ok(n) = digits.parse::<u16>() {
        return Ok(Some(Seat(n)));
    }
    let fits = |info: &SeatInfo| {
        let player = info
            .name
            .rsplit_once(" (")
            .map_or(info.name.as_str(), |(player, _)| player);
        [info.label.as_str(), info.name.as_str(), player]
            .iter()
            .any(|n| !n.is_empty() && n.eq_ignore_ascii_case(t))
    };
    let found: Vec<&SeatInfo> = seats.iter().filter(|info| fits(info)).collect();
    match found.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(one.seat)),
        several => Err(format!(
            "'{t}' names several seats ({}): give the seat's number",
            several
                .iter()
                .map(|i| format!("{} is seat {}", i.name, i.seat))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}
