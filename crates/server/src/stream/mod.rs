//! The live table: `GET /api/tables/{id}/events`, a server-sent event stream per viewer.
//!
//! The stream is authenticated like `view`, by the bearer token in the `Authorization` header
//! (or none, for the public). Browsers read it with `fetch`, which can send that header, so
//! no token ever goes into a URL and no second kind of credential (a ticket) exists; see
//! docs/SERVER.md for why.
//!
//! What it sends is read from the table as stored, through the same audience filter as `log`
//! (`stream::batch`): `log` events (one per log line, `id: STEP.SUB`), and, from the viewer's status,
//! `turn`, `over`, `deadline`, `orders` and `status` events (state rather than history: they
//! carry no id, and every connection starts with the current `status`). A connection that
//! sends `Last-Event-ID: STEP.SUB` gets every log line after it, in order; that comes from the
//! store, so it holds across a restart and across instances.
//!
//! The producer of a connection waits for the table's commits ([`crate::commits`]; on
//! PostgreSQL, other instances' too, through `hub::listen`), reads what is new for its viewer, and
//! queues it in a bounded queue (`stream::outlet`); a client that stops reading is told to resume and
//! dropped. A connection limit per token and one per instance refuse more streams with a JSON
//! error.

mod batch;
mod outlet;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;
use tokio::sync::watch;
use utoipa::ToSchema;

pub use batch::{
    DeadlineEvent, OrdersEvent, Over, OverEvent, Position, StatusEvent, StreamStatus, TurnEvent,
};

use crate::error::{ApiError, ErrorBody};
use crate::hub::{HubHandle, Role};
use crate::request::parse_bearer;
use crate::token::TokenHash;
use outlet::{Inlet, Stop};

/// The limits of the event streams (`pbp serve --stream-*`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamLimits {
    /// Open streams per token at once (a seat's or the game master's; the public has no token
    /// and is bounded by `per_instance` alone).
    pub per_token: usize,
    /// Open streams on this instance at once.
    pub per_instance: usize,
    /// Events queued for one client at most.
    pub buffer: usize,
    /// How long a full queue may wait for its client before the client is told to resume.
    pub lag: Duration,
    /// How long an idle stream waits before a heartbeat comment.
    pub heartbeat: Duration,
}

impl Default for StreamLimits {
    fn default() -> Self {
        StreamLimits {
            per_token: 8,
            per_instance: 10_000,
            buffer: 256,
            lag: Duration::from_secs(10),
            heartbeat: Duration::from_secs(15),
        }
    }
}

/// How many log lines one look at the table reads at most (a long log is sent in pages).
const PAGE: usize = 256;

/// A token at a table: the key of the per-token limit (the token's hash, never the token).
type TokenKey = (String, [u8; 32]);

/// The open streams, for the limits.
#[derive(Debug, Default)]
struct Open {
    /// On this instance.
    total: usize,
    /// Per token.
    per_token: BTreeMap<TokenKey, usize>,
}

/// Who holds the open streams, for the limits.
#[derive(Debug, Default)]
struct Gate {
    open: Mutex<Open>,
}

/// A stream's place in the limits, given back when its connection closes.
struct Slot {
    gate: Arc<Gate>,
    key: Option<TokenKey>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self
            .gate
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        open.total = open.total.saturating_sub(1);
        if let Some(key) = self.key.take()
            && let Some(count) = open.per_token.get_mut(&key)
        {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.per_token.remove(&key);
            }
        }
    }
}

/// Why a stream was not opened.
#[derive(Debug)]
enum Refusal {
    /// As any request is refused (400, 401, 404, 503).
    Api(ApiError),
    /// Past a limit (429 for the token's, 503 for the instance's): `{"error":
    /// "too_many_streams", "message": ...}`, with `Retry-After`.
    TooMany(StatusCode, String),
}

impl From<ApiError> for Refusal {
    fn from(error: ApiError) -> Self {
        Refusal::Api(error)
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        match self {
            Refusal::Api(error) => error.into_response(),
            Refusal::TooMany(status, message) => {
                let body = ErrorBody {
                    error: "too_many_streams",
                    message,
                };
                let mut response = (status, axum::Json(body)).into_response();
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("10"));
                response
            }
        }
    }
}

impl Gate {
    fn admit(
        self: &Arc<Self>,
        limits: &StreamLimits,
        key: Option<TokenKey>,
    ) -> Result<Slot, Refusal> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.total >= limits.per_instance {
            return Err(Refusal::TooMany(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "this server holds {} open event streams, its limit: try again later",
                    limits.per_instance
                ),
            ));
        }
        if let Some(key) = &key {
            let count = open.per_token.entry(key.clone()).or_default();
            if *count >= limits.per_token {
                return Err(Refusal::TooMany(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!(
                        "this token has {} open event streams, its limit: close one (another tab) \
                         first",
                        limits.per_token
                    ),
                ));
            }
            *count += 1;
        }
        open.total += 1;
        Ok(Slot {
            gate: Arc::clone(self),
            key,
        })
    }
}

/// The state of the stream route.
#[derive(Clone)]
struct Streams {
    hub: HubHandle,
    limits: StreamLimits,
    gate: Arc<Gate>,
    /// Turns true when the server shuts down: every stream ends then (a graceful shutdown
    /// waits for open responses to end).
    closing: watch::Receiver<bool>,
}

/// The route of the event stream over `hub`, with `limits`; every stream ends when `closing`
/// turns true.
pub(crate) fn routes(
    hub: HubHandle,
    limits: StreamLimits,
    closing: watch::Receiver<bool>,
) -> Router {
    Router::new()
        .route("/api/tables/{id}/events", get(events))
        .with_state(Streams {
            hub,
            limits,
            gate: Arc::new(Gate::default()),
            closing,
        })
}

fn last_event_id(headers: &HeaderMap) -> Result<Option<Position>, ApiError> {
    match headers.get("last-event-id") {
        None => Ok(None),
        Some(value) => {
            let text = value
                .to_str()
                .map_err(|_| ApiError::BadRequest("Last-Event-ID is not text".into()))?;
            if text.trim().is_empty() {
                Ok(None)
            } else {
                Position::parse(text).map(Some)
            }
        }
    }
}

async fn events(
    State(streams): State<Streams>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    open(streams, id, &headers)
        .await
        .unwrap_or_else(IntoResponse::into_response)
}

async fn open(streams: Streams, id: String, headers: &HeaderMap) -> Result<Response, Refusal> {
    let token = parse_bearer(
        headers
            .get(header::AUTHORIZATION)
            .map(HeaderValue::as_bytes),
    )?;
    // Read now, refused only once the table and the token are known to be good.
    let asked = last_event_id(headers);
    // Watched before the first look, so that a commit made during it is not missed.
    let watch = streams.hub.commits().watch(&id);
    // The first look: answers 404, 401, then 400 before any stream opens.
    let (first, after) = {
        let (id, token) = (id.clone(), token.clone());
        streams
            .hub
            .call(move |hub| {
                hub.live(&id)?.role(token.as_deref())?;
                let after = asked?;
                Ok((
                    batch::stream_batch(hub, &id, token.as_deref(), after, PAGE)?,
                    after,
                ))
            })
            .await?
    };
    let key = match first.role {
        Role::Public => None,
        _ => token.as_deref().map(|t| (id.clone(), TokenHash::of(t).0)),
    };
    let slot = streams.gate.admit(&streams.limits, key)?;
    let (inlet, outlet) = outlet::queue(
        streams.limits.buffer,
        streams.limits.lag,
        slot,
        outlet::on_close(streams.closing.clone()),
    );
    let producer = Producer {
        hub: streams.hub.clone(),
        id,
        token,
        after,
        status: None,
        inlet,
    };
    tokio::spawn(producer.run(first, watch));
    let sse = Sse::new(outlet).keep_alive(
        KeepAlive::new()
            .interval(streams.limits.heartbeat)
            .text("heartbeat"),
    );
    let mut response = sse.into_response();
    // Proxies must not buffer the stream (nginx reads this header).
    response
        .headers_mut()
        .insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(response)
}

/// The producer of one connection: reads the table after each commit and queues what is new
/// for its viewer.
struct Producer {
    hub: HubHandle,
    id: String,
    token: Option<String>,
    /// The last log line queued.
    after: Option<Position>,
    /// The last status queued.
    status: Option<batch::StreamStatus>,
    inlet: Inlet,
}

/// The event of a log line.
fn log_event(line: &batch::Line) -> Event {
    Event::default()
        .event("log")
        .id(line.position.to_string())
        .data(line.value.to_string())
}

/// The data of a `lagging` event: the stream fell behind its client and ends (fields in
/// alphabetical order, as the JSON always had them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct LaggingEvent {
    /// Always `lagging`.
    pub error: &'static str,
    /// What happened and how to resume, in words.
    pub message: String,
    /// The id to reconnect with (`Last-Event-ID`), or `null` to reconnect without one when
    /// the viewer had no log line yet.
    #[schema(required = true)]
    pub resume_after: Option<String>,
}

/// The `lagging` event of a stream whose last log line queued is `after`: the id to resume
/// from, or `null` and the advice to reconnect without one when the viewer had no log line
/// yet.
fn lagging(after: Option<Position>) -> LaggingEvent {
    match after {
        Some(resume) => LaggingEvent {
            error: "lagging",
            message: format!(
                "this stream fell behind its client: reconnect with Last-Event-ID: {resume} to \
                 get every event after it"
            ),
            resume_after: Some(resume.to_string()),
        },
        None => LaggingEvent {
            error: "lagging",
            message: "this stream fell behind its client before any log line: reconnect \
                      without Last-Event-ID to get every event from the start"
                .to_owned(),
            resume_after: None,
        },
    }
}

impl Producer {
    async fn run(mut self, first: batch::Batch, mut watch: crate::hub::commits::TableWatch) {
        let mut batch = first;
        loop {
            match self.queue(batch).await {
                Ok(true) => {}
                Ok(false) => {
                    // Wait for the next commit to the table (or the client's leaving).
                    tokio::select! {
                        changed = watch.changed() => if !changed { return },
                        () = self.inlet.gone() => return,
                    }
                }
                Err(Stop::Gone) => return,
                Err(Stop::Behind) => {
                    let words = batch::json_text(&lagging(self.after));
                    self.inlet
                        .finish(Event::default().event("lagging").data(words));
                    return;
                }
            }
            // Every commit up to here is seen by the look that follows.
            watch.seen();
            let (hub, id, token, after) = (
                self.hub.clone(),
                self.id.clone(),
                self.token.clone(),
                self.after,
            );
            batch = match hub
                .call(move |hub| batch::stream_batch(hub, &id, token.as_deref(), after, PAGE))
                .await
            {
                Ok(batch) => batch,
                Err(error) => {
                    // The token is no longer the table's (a new link was made), or the store
                    // failed: the client is told why, and may reconnect.
                    let words = batch::json_text(&ErrorBody {
                        error: error.kind(),
                        message: error.to_string(),
                    });
                    self.inlet
                        .finish(Event::default().event("error").data(words));
                    return;
                }
            };
        }
    }

    /// Queues a batch: its log lines, then what changed in the status. Answers whether more
    /// lines wait to be read at once.
    async fn queue(&mut self, batch: batch::Batch) -> Result<bool, Stop> {
        for line in &batch.lines {
            self.inlet.send(log_event(line)).await?;
            self.after = Some(line.position);
        }
        if batch.more {
            return Ok(true);
        }
        for event in batch::changes(self.status.as_ref(), &batch.status) {
            self.inlet
                .send(Event::default().event(event.name()).data(event.data()))
                .await?;
        }
        self.status = Some(batch.status);
        Ok(false)
    }
}
