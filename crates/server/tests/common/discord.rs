//! A fake Discord for the tests: it signs interactions with a real Ed25519 key as Discord does
//! (the hexadecimal signature of the timestamp followed by the body, in `X-Signature-Ed25519`
//! and `X-Signature-Timestamp`), and serves a REST API on a loopback port that records every
//! call pbp makes and answers 429 now and then (every `busy_every`-th call, with a
//! `retry_after`), with rate limit headers on every answer. Messages the bot posts in a
//! channel (`POST /channels/{id}/messages`, JSON or `multipart/form-data` with `payload_json`
//! and `files[0]`) are kept as the channel shows them, a nonce already seen with
//! `enforce_nonce` answering the message it made; the fake can lose the answer to every
//! `lose_every`-th new message (the message kept, the connection cut).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use ed25519_dalek::{Signer, SigningKey};
use serde_json::{Value, json};

pub mod commands;
// Each test file uses a part of them.
#[allow(unused_imports)]
pub use commands::{binding_of, command_in, resolved, start_data, start_table};

/// The application's id the fake plays.
pub const APPLICATION: &str = "100000000000000001";
/// The bot token pbp is given.
pub const BOT_TOKEN: &str = "fake-bot-token";
/// The id of the first thread the fake makes (the next ones are [`thread_id`]`(1)`, ...).
pub const THREAD: &str = "700000000000000007";

/// The id of the `n`th thread the fake makes after the first ([`THREAD`] is `thread_id(0)`).
pub fn thread_id(n: u64) -> String {
    (700_000_000_000_000_007u64 + n).to_string()
}
/// The wait a 429 asks for.
pub const RETRY_AFTER: Duration = Duration::from_millis(300);

/// One REST call pbp made.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    pub path: String,
    pub authorization: String,
    pub body: String,
    pub at: Instant,
    pub answered: u16,
    /// The body's content type.
    pub content_type: String,
    /// The body's bytes (a file attached is not text).
    pub bytes: Vec<u8>,
}

impl Call {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// A `multipart/form-data` body's `payload_json`, and its `files[0]`'s name, content type
    /// and bytes.
    pub fn with_file(&self) -> (Value, (String, String, Vec<u8>)) {
        assert!(
            self.content_type.starts_with("multipart/form-data"),
            "{}",
            self.content_type
        );
        let parts = form_parts(&self.content_type, &self.bytes);
        let payload = parts.iter().find(|p| p.0 == "payload_json").unwrap();
        let file = parts.iter().find(|p| p.0 == "files[0]").unwrap();
        (
            serde_json::from_slice(&payload.2).unwrap(),
            (file.1.clone().unwrap(), file.3.clone(), file.2.clone()),
        )
    }
}

/// A signed interaction, as Discord sends it.
#[derive(Clone, Debug)]
pub struct Signed {
    pub timestamp: String,
    pub signature: String,
    pub body: String,
}

/// A message as a channel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub channel: String,
    pub content: String,
    /// `allowed_mentions.users`.
    pub users: Vec<String>,
    /// `allowed_mentions.parse`.
    pub parse: Vec<String>,
    pub nonce: String,
    /// The attached file's name and bytes.
    pub file: Option<(String, Vec<u8>)>,
}

#[derive(Clone)]
struct Shared {
    calls: Arc<Mutex<Vec<Call>>>,
    messages: Arc<Mutex<Vec<Message>>>,
    lose_every: usize,
    created: Arc<Mutex<usize>>,
    /// Threads made so far.
    threads: Arc<Mutex<u64>>,
    /// How long a new message's answer waits after the message is kept.
    delay: Duration,
    /// New messages kept whose answer is not sent yet.
    in_flight: Arc<Mutex<usize>>,
    busy_every: usize,
    /// Every answer says its bucket is empty until this long after it.
    empty_for: Option<Duration>,
}

/// The fake, stopped on drop.
pub struct FakeDiscord {
    pub api: String,
    key: SigningKey,
    calls: Arc<Mutex<Vec<Call>>>,
    messages: Arc<Mutex<Vec<Message>>>,
    in_flight: Arc<Mutex<usize>>,
    _server: super::loopback::Loopback,
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

async fn record(
    State(shared): State<Shared>,
    method: Method,
    uri: axum::http::Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (busy, status) = {
        let mut calls = shared.calls.lock().unwrap();
        let busy = shared.busy_every > 0 && (calls.len() + 1) % shared.busy_every == 0;
        let status = if busy {
            StatusCode::TOO_MANY_REQUESTS
        } else {
            StatusCode::OK
        };
        calls.push(Call {
            method: method.to_string(),
            path: uri.path().to_owned(),
            authorization: headers
                .get("authorization")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned(),
            body: String::from_utf8_lossy(&body).into_owned(),
            at: Instant::now(),
            answered: status.as_u16(),
            content_type: headers
                .get("content-type")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned(),
            bytes: body.to_vec(),
        });
        (busy, status)
    };
    let (remaining, reset) = match shared.empty_for {
        Some(wait) => ("0", wait.as_secs_f64()),
        None => ("4", 1.0),
    };
    let limits = [
        ("x-ratelimit-limit", "5".to_owned()),
        ("x-ratelimit-remaining", remaining.to_owned()),
        ("x-ratelimit-reset-after", format!("{reset:.3}")),
        ("x-ratelimit-bucket", "fake".to_owned()),
    ];
    if busy {
        let answer = json!({
            "message": "You are being rate limited.",
            "retry_after": RETRY_AFTER.as_secs_f64(),
            "global": false,
        });
        return (status, limits, answer.to_string()).into_response();
    }
    if method == Method::POST
        && let Some(channel) = uri
            .path()
            .strip_prefix("/api/v10/channels/")
            .and_then(|rest| rest.strip_suffix("/messages"))
    {
        let (response, new) = post_message(&shared, channel, &headers, &body, limits);
        if new && !shared.delay.is_zero() {
            *shared.in_flight.lock().unwrap() += 1;
            tokio::time::sleep(shared.delay).await;
            *shared.in_flight.lock().unwrap() -= 1;
        }
        return response;
    }
    // A message edit answers the message; a registration the commands it now has.
    let mut answer = serde_json::from_slice::<Value>(&body).unwrap_or(Value::Null);
    // A thread made answers the new channel, with its id.
    if method == Method::POST && uri.path().ends_with("/threads") {
        let mut threads = shared.threads.lock().unwrap();
        answer["id"] = json!(thread_id(*threads));
        *threads += 1;
    }
    (status, limits, answer.to_string()).into_response()
}

/// One part of a `multipart/form-data` body: its name, file name, bytes and content type.
type Part = (String, Option<String>, Vec<u8>, String);

/// The parts of a `multipart/form-data` body.
fn form_parts(content_type: &str, body: &[u8]) -> Vec<Part> {
    let boundary = content_type
        .split("boundary=")
        .nth(1)
        .unwrap()
        .trim_matches('"');
    let delimiter = format!("--{boundary}").into_bytes();
    let mut parts = Vec::new();
    let mut starts: Vec<usize> = body
        .windows(delimiter.len())
        .enumerate()
        .filter(|(_, w)| *w == delimiter.as_slice())
        .map(|(at, _)| at)
        .collect();
    starts.dedup();
    for pair in starts.windows(2) {
        let part = &body[pair[0] + delimiter.len() + 2..pair[1] - 2];
        let split = part.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        let head = String::from_utf8_lossy(&part[..split]).into_owned();
        let value = |key: &str| {
            head.split(&format!("{key}=\""))
                .nth(1)
                .map(|rest| rest.split('"').next().unwrap().to_owned())
        };
        let part_type = head
            .lines()
            .find_map(|l| l.strip_prefix("Content-Type: "))
            .unwrap_or_default()
            .to_owned();
        parts.push((
            value("name").unwrap(),
            value("filename"),
            part[split + 4..].to_vec(),
            part_type,
        ));
    }
    parts
}

/// A body whose first bytes go out and whose end never comes: the answer is lost.
struct Cut(bool);

impl futures_core::Stream for Cut {
    type Item = Result<Bytes, std::io::Error>;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        let first = !self.0;
        self.0 = true;
        std::task::Poll::Ready(Some(if first {
            Ok(Bytes::from_static(b"{"))
        } else {
            Err(std::io::Error::other("the answer is lost"))
        }))
    }
}

/// `POST /channels/{channel}/messages`: the message kept, or the one its nonce made; and
/// whether it is new.
fn post_message(
    shared: &Shared,
    channel: &str,
    headers: &HeaderMap,
    body: &[u8],
    limits: [(&str, String); 4],
) -> (Response, bool) {
    let content_type = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let (payload, file): (Value, Option<(String, Vec<u8>)>) =
        if content_type.starts_with("multipart/form-data") {
            let parts = form_parts(&content_type, body);
            let payload = parts.iter().find(|p| p.0 == "payload_json").unwrap();
            let file = parts
                .iter()
                .find(|p| p.0 == "files[0]")
                .map(|p| (p.1.clone().unwrap(), p.2.clone()));
            (serde_json::from_slice(&payload.2).unwrap(), file)
        } else {
            (serde_json::from_slice(body).unwrap(), None)
        };
    let strings = |value: &Value| -> Vec<String> {
        value
            .as_array()
            .map(|list| {
                list.iter()
                    .map(|v| v.as_str().unwrap().to_owned())
                    .collect()
            })
            .unwrap_or_default()
    };
    let message = Message {
        channel: channel.to_owned(),
        content: payload["content"].as_str().unwrap_or_default().to_owned(),
        users: strings(&payload["allowed_mentions"]["users"]),
        parse: strings(&payload["allowed_mentions"]["parse"]),
        nonce: payload["nonce"].as_str().unwrap_or_default().to_owned(),
        file,
    };
    let mut messages = shared.messages.lock().unwrap();
    let seen = payload["enforce_nonce"] == json!(true)
        && messages
            .iter()
            .any(|m| m.channel == channel && m.nonce == message.nonce);
    let answer =
        json!({ "channel_id": channel, "content": message.content, "nonce": message.nonce });
    if seen {
        return (
            (StatusCode::OK, limits, answer.to_string()).into_response(),
            false,
        );
    }
    messages.push(message);
    drop(messages);
    let mut created = shared.created.lock().unwrap();
    *created += 1;
    if shared.lose_every > 0 && (*created).is_multiple_of(shared.lose_every) {
        let cut = (
            StatusCode::OK,
            limits,
            axum::body::Body::from_stream(Cut(false)),
        );
        return (cut.into_response(), true);
    }
    (
        (StatusCode::OK, limits, answer.to_string()).into_response(),
        true,
    )
}

impl FakeDiscord {
    /// A fake whose every `busy_every`-th REST call is answered 429 (0: never).
    pub fn start(busy_every: usize) -> FakeDiscord {
        FakeDiscord::start_with(busy_every, None)
    }

    /// A fake like [`FakeDiscord::start`], whose every answer says, with `empty_for`, that the
    /// route's bucket is empty for that long.
    pub fn start_with(busy_every: usize, empty_for: Option<Duration>) -> FakeDiscord {
        FakeDiscord::start_full(busy_every, empty_for, 0, Duration::ZERO)
    }

    /// A fake like [`FakeDiscord::start`] that answers a new message `delay` after keeping it.
    pub fn start_slow(delay: Duration) -> FakeDiscord {
        FakeDiscord::start_full(0, None, 0, delay)
    }

    /// A fake like [`FakeDiscord::start`] that loses its answer to every `lose_every`-th new
    /// message it keeps (0: never).
    pub fn start_losing(busy_every: usize, lose_every: usize) -> FakeDiscord {
        FakeDiscord::start_full(busy_every, None, lose_every, Duration::ZERO)
    }

    fn start_full(
        busy_every: usize,
        empty_for: Option<Duration>,
        lose_every: usize,
        delay: Duration,
    ) -> FakeDiscord {
        let in_flight = Arc::new(Mutex::new(0));
        let calls = Arc::new(Mutex::new(Vec::new()));
        let messages = Arc::new(Mutex::new(Vec::new()));
        let shared = Shared {
            calls: calls.clone(),
            messages: messages.clone(),
            lose_every,
            created: Arc::default(),
            threads: Arc::default(),
            delay,
            in_flight: in_flight.clone(),
            busy_every,
            empty_for,
        };
        let server =
            super::loopback::serve(axum::Router::new().fallback(any(record)).with_state(shared));
        FakeDiscord {
            api: format!("http://{}/api/v10", server.addr),
            key: SigningKey::from_bytes(&[0x5a; 32]),
            calls,
            messages,
            in_flight,
            _server: server,
        }
    }

    /// The application's public key, as its page in the developer portal shows it.
    pub fn public_key(&self) -> String {
        hex(self.key.verifying_key().as_bytes())
    }

    /// pbp's options to serve this fake's application.
    pub fn options(&self) -> pbp_server::DiscordOptions {
        options_for(&self.api)
    }

    /// How many new messages are kept and not answered yet.
    pub fn in_flight(&self) -> usize {
        *self.in_flight.lock().unwrap()
    }

    /// `body` signed now.
    pub fn sign(&self, body: &Value) -> Signed {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_secs();
        self.sign_at(body, &now.to_string())
    }

    /// `body` signed now and posted to the interactions endpoint of the server at `base`.
    pub fn send(&self, base: &str, body: &Value) -> super::Answer {
        let signed = self.sign(body);
        post_signed(
            base,
            Some(&signed.signature),
            Some(&signed.timestamp),
            &signed.body,
        )
    }

    /// `body` signed with this timestamp.
    pub fn sign_at(&self, body: &Value, timestamp: &str) -> Signed {
        let body = body.to_string();
        let mut message = timestamp.as_bytes().to_vec();
        message.extend_from_slice(body.as_bytes());
        Signed {
            timestamp: timestamp.to_owned(),
            signature: hex(&self.key.sign(&message).to_bytes()),
            body,
        }
    }

    /// Every REST call pbp made so far.
    pub fn calls(&self) -> Vec<Call> {
        self.calls.lock().unwrap().clone()
    }

    /// The messages of `channel`, oldest first.
    pub fn messages(&self, channel: &str) -> Vec<Message> {
        self.messages
            .lock()
            .unwrap()
            .iter()
            .filter(|m| m.channel == channel)
            .cloned()
            .collect()
    }

    /// Waits until `channel` holds messages that `done` accepts (or 60 s), and answers them.
    pub fn wait_for_messages(
        &self,
        channel: &str,
        done: impl Fn(&[Message]) -> bool,
    ) -> Vec<Message> {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let messages = self.messages(channel);
            if done(&messages) || Instant::now() > deadline {
                return messages;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until pbp has made `count` calls (or 30 s), and answers them.
    pub fn wait_for(&self, count: usize) -> Vec<Call> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let calls = self.calls();
            if calls.len() >= count || Instant::now() > deadline {
                return calls;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// pbp's options to serve the fake's application whose API is at `api` (for a server in
/// another process than the fake).
pub fn options_for(api: &str) -> pbp_server::DiscordOptions {
    let key = SigningKey::from_bytes(&[0x5a; 32]);
    pbp_server::DiscordOptions {
        public_key: pbp_server::discord::verify::parse_public_key(&hex(key
            .verifying_key()
            .as_bytes()))
        .unwrap(),
        application_id: APPLICATION.to_owned(),
        bot_token: BOT_TOKEN.to_owned(),
        api: api.to_owned(),
    }
}

/// An interaction as Discord sends it: `kind`, from `user` in a server's channel, with `data`.
pub fn interaction(kind: u8, user: &str, token: &str, data: Value) -> Value {
    json!({
        "id": "200000000000000002",
        "application_id": APPLICATION,
        "type": kind,
        "token": token,
        "version": 1,
        "guild_id": "300000000000000003",
        "channel_id": "400000000000000004",
        "member": {
            "user": { "id": user, "username": format!("player{user}"), "discriminator": "0" },
            "roles": [],
            "permissions": "0",
        },
        "data": data,
        "locale": "en-GB",
    })
}

/// Posts a signed interaction to pbp's endpoint, with these headers (`None` leaves one out).
pub fn post_signed(
    base: &str,
    signature: Option<&str>,
    timestamp: Option<&str>,
    body: &str,
) -> super::Answer {
    let mut request = super::agent()
        .post(format!("{base}/discord/interactions"))
        .header("Content-Type", "application/json");
    if let Some(signature) = signature {
        request = request.header("X-Signature-Ed25519", signature);
    }
    if let Some(timestamp) = timestamp {
        request = request.header("X-Signature-Timestamp", timestamp);
    }
    let response = request.send(body);
    let mut response = response.expect("the request failed");
    super::Answer {
        status: response.status().as_u16(),
        content_type: response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned(),
        body: response.body_mut().read_to_string().unwrap_or_default(),
    }
}
