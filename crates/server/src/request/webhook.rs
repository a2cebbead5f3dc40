//! The body of `POST /api/tables/{id}/webhooks`, read as a pure function of bytes (the fuzz
//! target calls it on anything).

use serde::Deserialize;

use crate::error::ApiError;
use crate::store::outbox::HookFormat;

/// The largest body of a webhook's creation, in bytes.
pub const MAX_WEBHOOK_BODY: usize = 8 * 1024;
/// The shortest and longest secret a game master may choose, in characters.
pub const SECRET_LENGTH: std::ops::RangeInclusive<usize> = 16..=256;
/// The longest time before a deadline a reminder may be sent (a week), in seconds.
pub const MAX_REMIND_BEFORE: u64 = 7 * 24 * 60 * 60;
/// The reminder's time before a deadline when none is given (an hour), in seconds.
pub const DEFAULT_REMIND_BEFORE: u64 = 60 * 60;

/// A webhook to add.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebhookRequest {
    /// Where its notices go (checked by the guard when it is added).
    pub url: String,
    /// Its payload format.
    pub format: HookFormat,
    /// The signing secret the game master chose (`None`: one is made).
    pub secret: Option<String>,
    /// Seconds before a deadline the reminder is sent (0: none).
    pub remind_before: u64,
}

/// `POST /api/tables/{id}/webhooks`: a webhook to add.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct WebhookBody {
    /// Where notices are posted (https; a private address only with
    /// `--allow-private-webhooks`).
    url: String,
    /// `json`, `discord` or `slack`.
    format: String,
    /// The secret the notices are signed with (the server makes one when absent).
    secret: Option<String>,
    /// Seconds before a deadline that a reminder is sent (at most a week).
    remind_before: Option<u64>,
}

/// Reads the body of `POST /api/tables/{id}/webhooks`.
///
/// # Errors
/// [`ApiError::BadRequest`]: not the JSON expected, an unknown format, a secret of the wrong
/// length or with control characters, a reminder time over a week.
pub fn parse_webhook(body: &[u8]) -> Result<WebhookRequest, ApiError> {
    let body: WebhookBody = serde_json::from_slice(body)
        .map_err(|e| ApiError::BadRequest(format!("the body is not the JSON expected: {e}")))?;
    let format = HookFormat::from_name(&body.format).ok_or_else(|| {
        ApiError::BadRequest(format!(
            "'{}' is not a webhook format: discord, slack or json",
            body.format.chars().take(40).collect::<String>()
        ))
    })?;
    // The bot posts with pbp's own Discord token: a game master who could name its channel
    // could make it post in any channel the bot reaches. The Discord venue binds a table to
    // its thread itself (docs/DISCORD.md).
    if format == HookFormat::DiscordBot {
        return Err(ApiError::BadRequest(
            "the format discord-bot is not made over the API: a game master starts the table \
             in its Discord channel with the bot's /start command, which binds the thread"
                .into(),
        ));
    }
    if let Some(secret) = &body.secret {
        let length = secret.chars().count();
        if !SECRET_LENGTH.contains(&length) || secret.chars().any(char::is_control) {
            return Err(ApiError::BadRequest(format!(
                "a webhook's secret is {} to {} characters, without control characters",
                SECRET_LENGTH.start(),
                SECRET_LENGTH.end()
            )));
        }
    }
    let remind_before = body.remind_before.unwrap_or(DEFAULT_REMIND_BEFORE);
    if remind_before > MAX_REMIND_BEFORE {
        return Err(ApiError::BadRequest(format!(
            "a reminder is sent at most {MAX_REMIND_BEFORE} seconds (a week) before the deadline"
        )));
    }
    Ok(WebhookRequest {
        url: body.url,
        format,
        secret: body.secret,
        remind_before,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_webhook_body_is_read_or_refused_with_its_reason() {
        let read = parse_webhook(br#"{"url":"https://example.com/h","format":"slack"}"#).unwrap();
        assert_eq!(read.format, HookFormat::Slack);
        assert_eq!(read.secret, None);
        assert_eq!(read.remind_before, DEFAULT_REMIND_BEFORE);
        let read = parse_webhook(
            br#"{"url":"u","format":"json","secret":"0123456789abcdef","remind_before":0}"#,
        )
        .unwrap();
        assert_eq!(read.secret.as_deref(), Some("0123456789abcdef"));
        assert_eq!(read.remind_before, 0);
        for (bad, said) in [
            (
                &br#"{"url":"u","format":"xml"}"#[..],
                "not a webhook format",
            ),
            (br#"{"url":"u","format":"json","secret":"short"}"#, "secret"),
            (
                br#"{"url":"u","format":"json","remind_before":9999999}"#,
                "a week",
            ),
            (br#"{"url":"u","format":"json","extra":1}"#, "JSON expected"),
            (b"\xff", "JSON expected"),
            (
                br#"{"url":"discord-channel:1","format":"discord-bot"}"#,
                "not made over the API",
            ),
        ] {
            match parse_webhook(bad) {
                Err(ApiError::BadRequest(message)) => assert!(message.contains(said), "{message}"),
                other => panic!("{other:?}"),
            }
        }
    }
}
