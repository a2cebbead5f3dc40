//! pbp's calls of Discord's REST API: editing an interaction's original response, registering
//! the commands, and the bot's messages in a table's thread (the webhooks' `discord-bot`
//! format, `BotPoster`: JSON, or `multipart/form-data` with the picture). Each route keeps its
//! rate limit bucket (the `X-RateLimit-Remaining` and `X-RateLimit-Reset-After` headers of its
//! last answer: a route with none left waits for its reset before it is called again), and a
//! 429 is tried again after its `retry_after`, a few times.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::Value;
use tokio::sync::Mutex;

use crate::webhooks::PICTURE_NAME;
use crate::webhooks::bot::{BotMessage, ChannelPoster, PostFailure};

/// Discord's API, version 10: the default of `--discord-api`.
pub const DISCORD_API: &str = "https://discord.com/api/v10";
/// How many times one call is tried at most (the first try and the retries after 429 or 5xx).
const TRIES: u32 = 5;
/// The longest pbp waits for a 429's `retry_after` or a bucket's reset; a longer wait fails
/// the call instead (an interaction's token lasts 15 minutes, a player waits less).
const MAX_WAIT: Duration = Duration::from_secs(60);
/// The timeout of one call.
const TIMEOUT: Duration = Duration::from_secs(15);

/// A client of Discord's REST API, shared by the venue's tasks.
#[derive(Clone)]
pub struct Rest {
    client: reqwest::Client,
    api: String,
    /// When each route may be called again, from its last answer's rate limit headers.
    buckets: Arc<Mutex<BTreeMap<String, Instant>>>,
}

impl std::fmt::Debug for Rest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rest").field("api", &self.api).finish()
    }
}

/// What a call came to when it failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RestError {
    /// Discord answered with an error status that trying again will not mend.
    #[error("Discord answered {status}: {body}")]
    Status {
        /// The HTTP status.
        status: u16,
        /// The start of its body.
        body: String,
    },
    /// Still rate limited or failing after every try, or asked to wait too long.
    #[error("Discord is still busy after {0} tries")]
    Busy(u32),
    /// The call could not be made or its answer read.
    #[error("cannot reach Discord: {0}")]
    Transport(String),
}

impl Rest {
    /// A client of the API at `api` (without a trailing slash: `https://discord.com/api/v10`).
    ///
    /// # Errors
    /// The TLS backend cannot be set up.
    pub fn new(api: &str) -> Result<Rest, String> {
        // The process's TLS provider; another part of the program may have chosen one already.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let client = reqwest::Client::builder()
            .tls_backend_rustls()
            .no_proxy()
            .timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!(
                "DiscordBot (",
                env!("CARGO_PKG_REPOSITORY"),
                ", ",
                env!("CARGO_PKG_VERSION"),
                ")"
            ))
            .build()
            .map_err(|e| format!("the Discord client cannot start: {e}"))?;
        Ok(Rest {
            client,
            api: api.trim_end_matches('/').to_owned(),
            buckets: Arc::default(),
        })
    }

    /// Edits the original response of the interaction with `token` to `data` (a message's body).
    ///
    /// # Errors
    /// See [`RestError`].
    pub async fn edit_original(
        &self,
        application: &str,
        token: &str,
        data: &Value,
    ) -> Result<Value, RestError> {
        let path = format!("/webhooks/{application}/{token}/messages/@original");
        // The bucket is the interaction's: its token is the route's major parameter.
        self.call(Method::PATCH, &path, &path, None, &json_body(data))
            .await
    }

    /// Replaces the application's commands with `commands` (in the guild `guild`, where they
    /// show at once, or everywhere), with the bot's `bot_token`.
    ///
    /// # Errors
    /// See [`RestError`].
    pub async fn put_commands(
        &self,
        application: &str,
        guild: Option<&str>,
        bot_token: &str,
        commands: &Value,
    ) -> Result<Value, RestError> {
        let path = match guild {
            Some(guild) => format!("/applications/{application}/guilds/{guild}/commands"),
            None => format!("/applications/{application}/commands"),
        };
        self.call(
            Method::PUT,
            &path,
            &path,
            Some(bot_token),
            &json_body(commands),
        )
        .await
    }

    /// Posts a message in channel `channel` with the bot's `bot_token` (`POST
    /// /channels/{id}/messages`, whose bucket is the channel's): `payload` as JSON, or with
    /// `file` (its name and bytes, a PNG) as `multipart/form-data` (`payload_json` and
    /// `files[0]`).
    ///
    /// # Errors
    /// See [`RestError`].
    pub async fn post_message(
        &self,
        channel: &str,
        bot_token: &str,
        payload: &Value,
        file: Option<(&str, &[u8])>,
    ) -> Result<Value, RestError> {
        let path = format!("/channels/{channel}/messages");
        let body = match file {
            Some((name, bytes)) => multipart(payload, name, "image/png", bytes),
            None => json_body(payload),
        };
        self.call(Method::POST, &path, &path, Some(bot_token), &body)
            .await
    }

    /// One call, waiting for its route's bucket, tried again after a 429 or a 5xx.
    async fn call(
        &self,
        method: Method,
        path: &str,
        route: &str,
        bot_token: Option<&str>,
        body: &Body,
    ) -> Result<Value, RestError> {
        let url = format!("{}{path}", self.api);
        for attempt in 1..=TRIES {
            self.wait_for(route, attempt).await?;
            let mut request = self
                .client
                .request(method.clone(), &url)
                .header(reqwest::header::CONTENT_TYPE, &body.content_type)
                .body(body.bytes.clone());
            if let Some(token) = bot_token {
                request = request.header("Authorization", format!("Bot {token}"));
            }
            let answer = match request.send().await {
                Ok(answer) => answer,
                Err(e) if attempt < TRIES => {
                    tokio::time::sleep(backoff(attempt)).await;
                    let _ = e;
                    continue;
                }
                Err(e) => return Err(RestError::Transport(e.to_string())),
            };
            let status = answer.status().as_u16();
            self.note_bucket(route, answer.headers()).await;
            let text = answer
                .text()
                .await
                .map_err(|e| RestError::Transport(e.to_string()))?;
            if (200..300).contains(&status) {
                return Ok(serde_json::from_str(&text).unwrap_or(Value::Null));
            }
            if status == 429 {
                let wait = retry_after(&text).ok_or(RestError::Busy(attempt))?;
                if wait > MAX_WAIT {
                    return Err(RestError::Busy(attempt));
                }
                tokio::time::sleep(wait).await;
                continue;
            }
            if status >= 500 && attempt < TRIES {
                tokio::time::sleep(backoff(attempt)).await;
                continue;
            }
            return Err(RestError::Status {
                status,
                body: text.chars().take(300).collect(),
            });
        }
        Err(RestError::Busy(TRIES))
    }

    /// Waits until `route` may be called (its bucket has calls left or has been reset) before
    /// try `attempt`.
    async fn wait_for(&self, route: &str, attempt: u32) -> Result<(), RestError> {
        let until = self.buckets.lock().await.get(route).copied();
        if let Some(until) = until {
            let wait = until.saturating_duration_since(Instant::now());
            if wait > MAX_WAIT {
                return Err(RestError::Busy(attempt - 1));
            }
            tokio::time::sleep(wait).await;
        }
        Ok(())
    }

    /// Keeps what an answer's headers say of its route's bucket: none left means wait for
    /// the reset.
    async fn note_bucket(&self, route: &str, headers: &reqwest::header::HeaderMap) {
        let number = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<f64>().ok())
                .filter(|v| v.is_finite() && *v >= 0.0)
        };
        let mut buckets = self.buckets.lock().await;
        match (
            number("x-ratelimit-remaining"),
            number("x-ratelimit-reset-after"),
        ) {
            (Some(remaining), Some(reset)) if remaining < 1.0 => {
                buckets.insert(
                    route.to_owned(),
                    Instant::now() + Duration::from_secs_f64(reset.min(3600.0)),
                );
            }
            _ => {
                buckets.remove(route);
            }
        }
        // The map keeps only routes still waiting, so it does not grow with every token seen.
        let now = Instant::now();
        buckets.retain(|_, until| *until > now);
    }
}

/// A request's body and its content type.
struct Body {
    content_type: String,
    bytes: Vec<u8>,
}

/// `value` as a JSON body.
fn json_body(value: &Value) -> Body {
    Body {
        content_type: "application/json".into(),
        bytes: value.to_string().into_bytes(),
    }
}

/// `payload` and the file `name` as Discord's `multipart/form-data`: `payload_json`, then
/// `files[0]` (of `content_type`: a PNG, a save), under a boundary found in neither.
fn multipart(payload: &Value, name: &str, content_type: &str, file: &[u8]) -> Body {
    let json = payload.to_string();
    let contains = |hay: &[u8], needle: &[u8]| hay.windows(needle.len()).any(|w| w == needle);
    let mut boundary = String::from("pbp-part-0f3c9a51d7e2b846");
    while contains(file, boundary.as_bytes()) || json.contains(&boundary) {
        boundary.push('x');
    }
    let mut bytes = Vec::with_capacity(file.len() + json.len() + 400);
    bytes.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\
             Content-Type: application/json\r\n\r\n{json}\r\n--{boundary}\r\n\
             Content-Disposition: form-data; name=\"files[0]\"; filename=\"{name}\"\r\n\
             Content-Type: {content_type}\r\n\r\n"
        )
        .as_bytes(),
    );
    bytes.extend_from_slice(file);
    bytes.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    Body {
        content_type: format!("multipart/form-data; boundary={boundary}"),
        bytes,
    }
}

/// The bot's poster of the webhooks' `discord-bot` messages: this client and the bot's
/// token.
#[derive(Clone)]
pub(crate) struct BotPoster {
    rest: Rest,
    token: String,
}

impl BotPoster {
    /// A poster with the API at `api` and the bot's `token`.
    ///
    /// # Errors
    /// The TLS backend cannot be set up.
    pub(crate) fn new(api: &str, token: &str) -> Result<BotPoster, String> {
        Ok(BotPoster {
            rest: Rest::new(api)?,
            token: token.to_owned(),
        })
    }
}

/// A message's JSON as Discord takes it: its text, its nonce enforced, and no mention parsed
/// but of the users it lists; with the picture, the attachment's description.
pub(crate) fn message_payload(message: &BotMessage) -> Value {
    let mut payload = serde_json::json!({
        "allowed_mentions": { "parse": [], "users": message.users },
        "content": message.content,
        "enforce_nonce": true,
        "nonce": message.nonce,
    });
    if message.picture.is_some() {
        payload["attachments"] = serde_json::json!([
            { "id": 0, "filename": PICTURE_NAME, "description": "the table's picture" }
        ]);
    }
    payload
}

impl ChannelPoster for BotPoster {
    fn post<'a>(
        &'a self,
        channel: &'a str,
        message: &'a BotMessage,
    ) -> Pin<Box<dyn Future<Output = Result<u16, PostFailure>> + Send + 'a>> {
        Box::pin(async move {
            let payload = message_payload(message);
            let file = message
                .picture
                .as_ref()
                .map(|png| (PICTURE_NAME, png.as_slice()));
            match self
                .rest
                .post_message(channel, &self.token, &payload, file)
                .await
            {
                Ok(_) => Ok(200),
                Err(RestError::Status { status, body }) => {
                    let words = format!("Discord answered {status}: {body}");
                    if status >= 500 {
                        Err(PostFailure::Again(Some(status), words))
                    } else {
                        Err(PostFailure::Never(Some(status), words))
                    }
                }
                Err(e @ RestError::Busy(_)) => Err(PostFailure::Again(Some(429), e.to_string())),
                Err(e @ RestError::Transport(_)) => Err(PostFailure::Again(None, e.to_string())),
            }
        })
    }
}

/// The wait a 429's body asks for (`retry_after`, seconds, fractional).
fn retry_after(body: &str) -> Option<Duration> {
    let value: Value = serde_json::from_str(body).ok()?;
    let seconds = value.get("retry_after")?.as_f64()?;
    (seconds.is_finite() && seconds >= 0.0).then(|| Duration::from_secs_f64(seconds.min(3600.0)))
}

/// The wait before try `attempt + 1` after a failure that may pass.
fn backoff(attempt: u32) -> Duration {
    Duration::from_millis(250u64 << attempt.min(6))
}

/// The calls of the table commands (`discord/tables.rs`, `discord/public.rs`).
impl Rest {
    /// Edits the original response of the interaction with `token` to `data` (a message's
    /// body, whose `attachments` list the file as id 0) with `file` (its name, content type
    /// and bytes) attached, as Discord's `multipart/form-data` (`payload_json`, `files[0]`).
    ///
    /// # Errors
    /// See [`RestError`].
    pub async fn edit_original_with_file(
        &self,
        application: &str,
        token: &str,
        data: &Value,
        file: (&str, &str, &[u8]),
    ) -> Result<Value, RestError> {
        let path = format!("/webhooks/{application}/{token}/messages/@original");
        let (name, content_type, bytes) = file;
        let body = multipart(data, name, content_type, bytes);
        self.call(Method::PATCH, &path, &path, None, &body).await
    }

    /// Creates a public thread named `name` in channel `channel`, with the bot's `bot_token`;
    /// answers the thread's id.
    ///
    /// # Errors
    /// See [`RestError`]; [`RestError::Status`] when Discord's answer (a 200) has no id.
    pub async fn create_thread(
        &self,
        channel: &str,
        name: &str,
        bot_token: &str,
    ) -> Result<String, RestError> {
        let path = format!("/channels/{channel}/threads");
        // A public thread (type 11), archived after a week without a message.
        let body = serde_json::json!({
            "name": name.chars().take(100).collect::<String>(),
            "type": 11,
            "auto_archive_duration": 10080,
        });
        let answer = self
            .call(
                Method::POST,
                &path,
                &path,
                Some(bot_token),
                &json_body(&body),
            )
            .await?;
        answer
            .get("id")
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| RestError::Status {
                status: 200,
                body: "its answer to the thread's creation has no id".into(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_is_read_from_the_body() {
        assert_eq!(
            retry_after(
                r#"{"message":"You are being rate limited.","retry_after":0.25,"global":false}"#
            ),
            Some(Duration::from_millis(250))
        );
        assert_eq!(retry_after(r#"{"retry_after":-1}"#), None);
        assert_eq!(retry_after("busy"), None);
    }
}
