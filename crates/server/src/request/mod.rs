//! Reading requests: bodies, the bearer token and the query, into typed values or an
//! [`ApiError`]. Pure functions of bytes, so the fuzz target can call them on anything.

use pbp_core::engine::erased::ActionInput;
use serde::Deserialize;
use serde_json::Value;

use crate::engine::Format;
use crate::error::ApiError;
use crate::store::{AbsentDefault, TableDice};

pub mod webhook;

// The body of a webhook's creation (the webhooks venue reads it; the fuzz target calls it here).
pub use webhook::{
    DEFAULT_REMIND_BEFORE, MAX_REMIND_BEFORE, MAX_WEBHOOK_BODY, SECRET_LENGTH, WebhookRequest,
    parse_webhook,
};

/// The largest action accepted, in bytes (a Warring States order sheet is a few hundred).
pub const MAX_ACTION: usize = 16 * 1024;
/// The largest body of an action, a draft or a deadline, in bytes.
pub const MAX_ACT_BODY: usize = 64 * 1024;
/// The largest body of a new table or an import (a long game's save), in bytes.
pub const MAX_CREATE_BODY: usize = 16 * 1024 * 1024;
/// The most outside dice one action may carry.
pub const MAX_DICE: usize = 4096;
/// The longest player name, in characters (the one check of `pbp_core::engine::names`).
pub const MAX_NAME: usize = pbp_core::engine::names::MAX_NAME;
/// The longest token accepted (tokens are 64 hex digits).
pub const MAX_TOKEN: usize = 256;

/// `POST /api/tables`: a new table, or the import of a CLI save.
#[derive(Clone, Debug, PartialEq)]
pub enum CreateRequest {
    /// A new game.
    New {
        /// The game's name.
        game: String,
        /// The game's config as JSON (`None`: the default).
        config: Option<Value>,
        /// The players' names, one per seat.
        players: Option<Vec<String>>,
        /// What an absent seat gets at a deadline.
        absent: AbsentDefault,
        /// Who may bring dice rolled elsewhere.
        dice: TableDice,
    },
    /// A CLI save, as its text.
    Import {
        /// The save file's text.
        save: String,
        /// The players' names, one per seat.
        players: Option<Vec<String>>,
        /// What an absent seat gets at a deadline.
        absent: AbsentDefault,
        /// Who may bring dice rolled elsewhere.
        dice: TableDice,
    },
}

/// `POST /api/tables`: a new game (`game`, with its `config` and the `players`' names) or an
/// imported save (`record`).
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CreateBody {
    /// The game's name (see `GET /api/games`); not with `record`.
    game: Option<String>,
    /// The game's setup, as the game reads it.
    config: Option<Value>,
    /// The players' names, in seat order.
    players: Option<Vec<String>>,
    /// A save to import instead of a new game.
    record: Option<Value>,
    /// What an absent seat gets at the deadline: `no-orders` (the default) or `bot`.
    #[schema(value_type = Option<String>)]
    absent: Option<AbsentDefault>,
    /// Who may bring outside dice: `game-master` (the default) or `players`.
    #[schema(value_type = Option<String>)]
    dice: Option<TableDice>,
}

fn json_body<T: for<'de> Deserialize<'de>>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| {
        ApiError::BadRequest(
            unknown_field(&e.to_string())
                .unwrap_or_else(|| format!("the body is not the JSON expected: {e}")),
        )
    })
}

/// serde's refusal of a field the request does not have, in words: "'dcie' is not a field of
/// this request (its fields: action, dice, expect_step, as)".
fn unknown_field(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    let (field, rest) = rest.split_once('`')?;
    let known = rest
        .strip_prefix(", expected one of ")
        .or_else(|| rest.strip_prefix(", expected "))
        .map(|list| {
            let list = list.rsplit_once(" at line ").map_or(list, |(list, _)| list);
            list.replace('`', "")
        });
    Some(match known {
        Some(known) => format!("'{field}' is not a field of this request (its fields: {known})"),
        None => format!("'{field}' is not a field of this request"),
    })
}

/// Each name given is a name (`pbp_core::engine::names::check_name`: not empty, at most
/// [`MAX_NAME`] characters, printable); whether they clash is checked once the game is known.
fn check_players(players: &Option<Vec<String>>) -> Result<(), ApiError> {
    for (seat, name) in players.iter().flatten().enumerate() {
        pbp_core::engine::names::check_name(seat, name)
            .map_err(|e| ApiError::BadRequest(e.to_string()))?;
    }
    Ok(())
}

/// Reads the body of `POST /api/tables`.
///
/// # Errors
/// [`ApiError::BadRequest`] for a body that is not `{"game", "config"?, "players"?, "absent"?,
/// "dice"?}` or `{"record", "players"?, "absent"?, "dice"?}`.
pub fn parse_create(body: &[u8]) -> Result<CreateRequest, ApiError> {
    let body: CreateBody = json_body(body)?;
    check_players(&body.players)?;
    let absent = body.absent.unwrap_or_default();
    let dice = body.dice.unwrap_or_default();
    match (body.game, body.record) {
        (Some(game), None) => {
            if body.config.as_ref().is_some_and(|c| !c.is_object()) {
                return Err(ApiError::BadRequest(
                    "the config must be a JSON object".into(),
                ));
            }
            Ok(CreateRequest::New {
                game,
                config: body.config,
                players: body.players,
                absent,
                dice,
            })
        }
        (None, Some(record)) => {
            if body.config.is_some() {
                return Err(ApiError::BadRequest(
                    "an imported save has its own config: send no 'config'".into(),
                ));
            }
            let save = match record {
                Value::String(text) => text,
                value @ Value::Object(_) => value.to_string(),
                _ => {
                    return Err(ApiError::BadRequest(
                        "the record must be a save file, as JSON or as its text".into(),
                    ));
                }
            };
            Ok(CreateRequest::Import {
                save,
                players: body.players,
                absent,
                dice,
            })
        }
        (Some(_), Some(_)) => Err(ApiError::BadRequest(
            "send either 'game' (a new table) or 'record' (an import), not both".into(),
        )),
        (None, None) => Err(ApiError::BadRequest(
            "send 'game' (a new table) or 'record' (an import of a save)".into(),
        )),
    }
}

/// `POST .../act` and `POST .../draft`: an action.
#[derive(Clone, Debug, PartialEq)]
pub struct ActRequest {
    /// The action, as JSON or text.
    pub action: ActionInput,
    /// Outside dice, if any.
    pub dice: Option<Vec<u32>>,
    /// The step the client saw; the action is refused with 409 if the table moved on.
    pub expect_step: Option<u64>,
    /// The seat the game master acts for (game master only).
    pub seat: Option<u16>,
}

/// The body of `POST .../act` and `POST .../draft`.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ActBody {
    /// The action: its JSON form, or its text form as a string.
    action: Value,
    /// Outside dice, where the table takes them.
    dice: Option<Vec<u32>>,
    /// The step the sender saw: refused (409) if the table moved on.
    expect_step: Option<u64>,
    /// The seat the game master acts for (game master only).
    #[serde(rename = "as")]
    seat: Option<u16>,
}

/// Reads the body of an action.
///
/// # Errors
/// [`ApiError::BadRequest`] for a body that is not `{"action", "dice"?, "expect_step"?, "as"?}`,
/// [`ApiError::TooLarge`] for an action over [`MAX_ACTION`] or more than [`MAX_DICE`] dice.
pub fn parse_act(body: &[u8]) -> Result<ActRequest, ApiError> {
    let body: ActBody = json_body(body)?;
    let action = match body.action {
        Value::String(text) => {
            if text.len() > MAX_ACTION {
                return Err(ApiError::TooLarge(format!(
                    "the action is {} bytes; at most {MAX_ACTION} are accepted",
                    text.len()
                )));
            }
            ActionInput::from_json_field(Value::String(text))
        }
        Value::Null => return Err(ApiError::BadRequest("the action is missing".into())),
        value => {
            let size = value.to_string().len();
            if size > MAX_ACTION {
                return Err(ApiError::TooLarge(format!(
                    "the action is {size} bytes; at most {MAX_ACTION} are accepted"
                )));
            }
            ActionInput::from_json_field(value)
        }
    };
    if body.dice.as_ref().is_some_and(|d| d.len() > MAX_DICE) {
        return Err(ApiError::TooLarge(format!(
            "at most {MAX_DICE} dice may come with one action"
        )));
    }
    Ok(ActRequest {
        action,
        dice: body.dice,
        expect_step: body.expect_step,
        seat: body.seat,
    })
}

/// `POST .../ready`: a seat marks its draft ready (or not ready again).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadyRequest {
    /// Ready (`true`, the default) or not.
    #[serde(default = "yes")]
    pub ready: bool,
    /// The seat the game master marks (game master only).
    #[serde(rename = "as")]
    pub seat: Option<u16>,
}

fn yes() -> bool {
    true
}

/// Reads the body of `POST .../ready` (an empty body means ready).
///
/// # Errors
/// [`ApiError::BadRequest`] for another body.
pub fn parse_ready(body: &[u8]) -> Result<ReadyRequest, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(ReadyRequest {
            ready: true,
            seat: None,
        });
    }
    json_body(body)
}

/// `POST .../deadline`: the game master sets or clears the deadline of the turn.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeadlineRequest {
    /// Seconds from now until the deadline; `None` clears it.
    pub in_seconds: Option<u64>,
    /// Seconds of grace after the deadline.
    #[serde(default)]
    pub grace: u64,
}

/// Reads the body of `POST .../deadline`.
///
/// # Errors
/// [`ApiError::BadRequest`] for another body, or more than a year.
pub fn parse_deadline(body: &[u8]) -> Result<DeadlineRequest, ApiError> {
    let request: DeadlineRequest = json_body(body)?;
    const YEAR: u64 = 366 * 24 * 3600;
    if request.in_seconds.unwrap_or(0) > YEAR || request.grace > YEAR {
        return Err(ApiError::BadRequest(
            "a deadline or a grace period is at most a year".into(),
        ));
    }
    Ok(request)
}

/// Reads the `Authorization` header: `Bearer TOKEN`, or nothing for the public.
///
/// # Errors
/// [`ApiError::Unauthorized`] for another scheme, a malformed or an over-long token.
pub fn parse_bearer(header: Option<&[u8]>) -> Result<Option<String>, ApiError> {
    let Some(header) = header else {
        return Ok(None);
    };
    let bad = || ApiError::Unauthorized("the Authorization header must be 'Bearer TOKEN'".into());
    let text = std::str::from_utf8(header).map_err(|_| bad())?;
    let (scheme, token) = text.trim().split_once(' ').ok_or_else(bad)?;
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Err(bad());
    }
    let token = token.trim();
    if token.is_empty() || token.len() > MAX_TOKEN || !token.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(bad());
    }
    Ok(Some(token.to_owned()))
}

/// Reads `?format=`: `json` (the default), `text`, `bbcode`, `svg` or `png`.
///
/// # Errors
/// [`ApiError::BadRequest`] for another format.
pub fn parse_format(format: Option<&str>) -> Result<Format, ApiError> {
    match format.map(str::to_ascii_lowercase).as_deref() {
        None | Some("json") => Ok(Format::Json),
        Some("text") => Ok(Format::Text),
        Some("bbcode") => Ok(Format::Bbcode),
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        Some(_) => Err(ApiError::BadRequest(
            "the format must be json, text, bbcode, svg or png".into(),
        )),
    }
}

/// `POST .../seats/{seat}/link`: the game master hands out a new link for a seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkRequest {
    /// The player's name, for a seat the game added after the table was created (without it,
    /// the game's own name for the seat). A seat of the table's creation keeps its name.
    pub name: Option<String>,
}

/// Reads the body of `POST .../seats/{seat}/link` (an empty body asks for nothing more).
///
/// # Errors
/// [`ApiError::BadRequest`] for another body, or a name that is empty, too long or holds
/// control characters.
pub fn parse_link(body: &[u8]) -> Result<LinkRequest, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(LinkRequest::default());
    }
    let request: LinkRequest = json_body(body)?;
    check_players(&request.name.clone().map(|name| vec![name]))?;
    Ok(request)
}

/// Reads the seat of a path (`.../seats/{seat}/...`).
///
/// # Errors
/// [`ApiError::BadRequest`] for anything but a seat number.
pub fn parse_path_seat(seat: &str) -> Result<u16, ApiError> {
    seat.parse::<u16>().map_err(|_| {
        ApiError::BadRequest(format!(
            "'{}' is not a seat number",
            seat.chars().take(16).collect::<String>()
        ))
    })
}

/// Reads `?as=N` of `GET .../legal` (the game master looking at a seat's actions).
///
/// # Errors
/// [`ApiError::BadRequest`] for anything but a seat number.
pub fn parse_seat(seat: Option<&str>) -> Result<Option<u16>, ApiError> {
    seat.map(|text| {
        text.trim()
            .parse::<u16>()
            .map_err(|_| ApiError::BadRequest("'as' must be a seat number".into()))
    })
    .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn create_bodies() {
        let request = parse_create(br#"{"game":"duel","players":["Ann","Bo"]}"#).unwrap();
        assert_eq!(
            request,
            CreateRequest::New {
                game: "duel".into(),
                config: None,
                players: Some(vec!["Ann".into(), "Bo".into()]),
                absent: AbsentDefault::NoOrders,
                dice: TableDice::GameMaster,
            }
        );
        assert!(matches!(
            parse_create(br#"{"game":"duel","dice":"players"}"#).unwrap(),
            CreateRequest::New {
                dice: TableDice::Players,
                ..
            }
        ));
        assert!(parse_create(br#"{"game":"duel","dice":"anyone"}"#).is_err());
        let import = parse_create(br#"{"record":{"pbp_save":1},"absent":"no-orders"}"#).unwrap();
        assert!(matches!(
            import,
            CreateRequest::Import { ref save, .. } if save == r#"{"pbp_save":1}"#
        ));
        assert!(matches!(
            parse_create(br#"{"game":"duel","absent":"bot"}"#).unwrap(),
            CreateRequest::New {
                absent: AbsentDefault::Bot,
                ..
            }
        ));
        assert!(parse_create(br#"{"game":"duel","absent":"robot"}"#).is_err());
        for bad in [
            &b"{}"[..],
            b"",
            b"[1]",
            br#"{"game":"duel","record":"x"}"#,
            br#"{"game":"duel","colour":"red"}"#,
            br#"{"game":"duel","config":[1]}"#,
            br#"{"game":"duel","players":[""]}"#,
            br#"{"record":5}"#,
        ] {
            let error = parse_create(bad).unwrap_err();
            assert!(matches!(error, ApiError::BadRequest(_)), "{error}");
        }
    }

    #[test]
    fn act_bodies() {
        let request = parse_act(br#"{"action":"focus","expect_step":3}"#).unwrap();
        assert_eq!(request.action, ActionInput::Auto("focus".into()));
        assert_eq!(request.expect_step, Some(3));
        let request = parse_act(br#"{"action":{"choose":"strike"},"dice":[1,2],"as":1}"#).unwrap();
        assert!(matches!(request.action, ActionInput::Json(_)));
        assert_eq!((request.dice, request.seat), (Some(vec![1, 2]), Some(1)));
        let long = format!(r#"{{"action":"{}"}}"#, "x".repeat(MAX_ACTION + 1));
        assert!(matches!(
            parse_act(long.as_bytes()),
            Err(ApiError::TooLarge(_))
        ));
        for bad in [
            &br#"{"action":null}"#[..],
            b"{}",
            br#"{"action":"x","dice":[-1]}"#,
        ] {
            assert!(matches!(parse_act(bad), Err(ApiError::BadRequest(_))));
        }
    }

    #[test]
    fn a_field_no_request_has_is_named_in_words() {
        let message = |body: &[u8]| match parse_act(body) {
            Err(ApiError::BadRequest(message)) => message,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            message(br#"{"action":"focus","dcie":[1]}"#),
            "'dcie' is not a field of this request (its fields: action, dice, expect_step, as)"
        );
        assert!(
            message(br#"{"action":"focus","#).starts_with("the body is not the JSON expected: ")
        );
        match parse_create(br#"{"game":"duel","colour":"red"}"#) {
            Err(ApiError::BadRequest(message)) => assert!(
                message.starts_with("'colour' is not a field of this request (its fields: game, "),
                "{message}"
            ),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn ready_and_deadline_bodies() {
        assert!(parse_ready(b"").unwrap().ready);
        assert!(!parse_ready(br#"{"ready":false}"#).unwrap().ready);
        assert_eq!(parse_ready(br#"{"as":3}"#).unwrap().seat, Some(3));
        assert!(parse_ready(b"{\"ready\":1}").is_err());
        let deadline = parse_deadline(br#"{"in_seconds":60,"grace":30}"#).unwrap();
        assert_eq!((deadline.in_seconds, deadline.grace), (Some(60), 30));
        assert_eq!(parse_deadline(br#"{}"#).unwrap().in_seconds, None);
        assert!(parse_deadline(br#"{"in_seconds":99999999999}"#).is_err());
    }

    #[test]
    fn bearer_format_and_seat() {
        assert_eq!(parse_bearer(None).unwrap(), None);
        assert_eq!(
            parse_bearer(Some(b"Bearer abc")).unwrap(),
            Some("abc".into())
        );
        for bad in [
            &b"Basic abc"[..],
            b"Bearer",
            b"Bearer  ",
            b"\xff\xfe",
            b"Bearer a\x01b",
        ] {
            assert!(matches!(
                parse_bearer(Some(bad)),
                Err(ApiError::Unauthorized(_))
            ));
        }
        assert_eq!(parse_format(Some("SVG")).unwrap(), Format::Svg);
        assert_eq!(parse_format(Some("png")).unwrap(), Format::Png);
        assert!(parse_format(Some("pdf")).is_err());
        assert_eq!(parse_seat(Some("2")).unwrap(), Some(2));
        assert!(parse_seat(Some("gm")).is_err());
    }
}
