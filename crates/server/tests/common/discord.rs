//! A fake Discord for the tests: it signs interactions with a real Ed25519 key as Discord does
//! (the hexadecimal signature of the timestamp followed by the body, in `X-Signature-Ed25519`
//! and `X-Signature-Timestamp`), and serves a REST API on a loopback port that records every
//! call pbp makes and answers 429 now and then (every `busy_every`-th call, with a
//! `retry_after`), with rate limit headers on every answer.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use ed25519_dalek::{Signer, SigningKey};
use serde_json::{Value, json};

/// The application's id the fake plays.
pub const APPLICATION: &str = "100000000000000001";
/// The bot token pbp is given.
pub const BOT_TOKEN: &str = "fake-bot-token";
/// The id of every thread the fake makes.
pub const THREAD: &str = "700000000000000007";
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
}

impl Call {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// A signed interaction, as Discord sends it.
#[derive(Clone, Debug)]
pub struct Signed {
    pub timestamp: String,
    pub signature: String,
    pub body: String,
}

#[derive(Clone)]
struct Shared {
    calls: Arc<Mutex<Vec<Call>>>,
    busy_every: usize,
    /// Every answer says its bucket is empty until this long after it.
    empty_for: Option<Duration>,
}

/// The fake, stopped on drop.
pub struct FakeDiscord {
    pub api: String,
    key: SigningKey,
    calls: Arc<Mutex<Vec<Call>>>,
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
    });
    drop(calls);
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
    // A message edit answers the message; a registration the commands it now has.
    let mut answer = serde_json::from_slice::<Value>(&body).unwrap_or(Value::Null);
    // A thread made answers the new channel, with its id.
    if method == Method::POST && uri.path().ends_with("/threads") {
        answer["id"] = json!(THREAD);
    }
    (status, limits, answer.to_string()).into_response()
}

impl FakeDiscord {
    /// A fake whose every `busy_every`-th REST call is answered 429 (0: never).
    pub fn start(busy_every: usize) -> FakeDiscord {
        FakeDiscord::start_with(busy_every, None)
    }

    /// A fake like [`FakeDiscord::start`], whose every answer says, with `empty_for`, that the
    /// route's bucket is empty for that long.
    pub fn start_with(busy_every: usize, empty_for: Option<Duration>) -> FakeDiscord {
        let calls = Arc::new(Mutex::new(Vec::new()));
        let shared = Shared {
            calls: calls.clone(),
            busy_every,
            empty_for,
        };
        let server =
            super::loopback::serve(axum::Router::new().fallback(any(record)).with_state(shared));
        FakeDiscord {
            api: format!("http://{}/api/v10", server.addr),
            key: SigningKey::from_bytes(&[0x5a; 32]),
            calls,
            _server: server,
        }
    }

    /// The application's public key, as its page in the developer portal shows it.
    pub fn public_key(&self) -> String {
        hex(self.key.verifying_key().as_bytes())
    }

    /// pbp's options to serve this fake's application.
    pub fn options(&self) -> pbp_server::DiscordOptions {
        pbp_server::DiscordOptions {
            public_key: pbp_server::discord::verify::parse_public_key(&self.public_key()).unwrap(),
            application_id: APPLICATION.to_owned(),
            bot_token: BOT_TOKEN.to_owned(),
            api: self.api.clone(),
        }
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
