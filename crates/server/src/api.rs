//! The HTTP layer: routes, limits, and the translation of each request to a job of the table
//! hub and of its answer to a response. Nothing here knows a game.

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use serde::Deserialize;
use serde_json::{Value, json};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use crate::connection::JsonListener;
use crate::engine::Format;
use crate::error::{ApiError, ServerError};
use crate::hub::HubHandle;
use crate::json_errors::json_errors;
use crate::limits::{CreateGuard, CreateLimits, guard_create};
use crate::request::{
    MAX_ACT_BODY, MAX_CREATE_BODY, parse_act, parse_bearer, parse_create, parse_deadline,
    parse_format, parse_link, parse_path_seat, parse_ready, parse_seat,
};
use crate::store::Store;
use crate::stream::StreamLimits;
use crate::webhooks::WebhookOptions;

/// How long one request may take before it is answered 408.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

pub(crate) fn bearer(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    parse_bearer(
        headers
            .get(header::AUTHORIZATION)
            .map(HeaderValue::as_bytes),
    )
}

pub(crate) fn body(body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge("the request body is too large".into())
        } else {
            ApiError::BadRequest(format!("the request body could not be read: {rejection}"))
        }
    })
}

/// `parsed` (a request's body or query, read before the table is asked), or its error only
/// once the table and the token are known to be good: a missing table (404) and a token the
/// table does not know (401) are told before what is wrong with the request, so that an
/// answer never says more about a request than its sender may learn.
///
/// # Errors
/// The table's or the token's refusal, else the request's.
pub(crate) async fn checked<T>(
    hub: &HubHandle,
    id: &str,
    token: Option<&str>,
    parsed: Result<T, ApiError>,
) -> Result<T, ApiError> {
    match parsed {
        Ok(value) => Ok(value),
        Err(error) => {
            let (id, token) = (id.to_owned(), token.map(str::to_owned));
            hub.call(move |hub| hub.live(&id)?.role(token.as_deref()).map(|_| ()))
                .await?;
            Err(error)
        }
    }
}

pub(crate) fn json_response(status: StatusCode, value: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        value.to_string(),
    )
        .into_response()
}

pub(crate) fn respond(result: Result<Response, ApiError>) -> Response {
    result.unwrap_or_else(IntoResponse::into_response)
}

async fn create(State(hub): State<HubHandle>, raw: Result<Bytes, BytesRejection>) -> Response {
    respond(
        async {
            let request = parse_create(&body(raw)?)?;
            let created = hub.call(move |hub| hub.create(request)).await?;
            let value = json!({
                "id": created.id,
                "game": created.game,
                "gm_token": created.gm_token,
                "seat_tokens": created.seat_tokens,
                "players": created.players,
                "commitment": created.commitment,
            });
            Ok(json_response(StatusCode::CREATED, &value))
        }
        .await,
    )
}

#[derive(Deserialize)]
struct ViewQuery {
    format: Option<String>,
}

async fn view(
    State(hub): State<HubHandle>,
    Path(id): Path<String>,
    Query(query): Query<Vec<(String, String)>>,
    headers: HeaderMap,
) -> Response {
    respond(
        async {
            let token = bearer(&headers)?;
            let query = ViewQuery {
                format: query
                    .into_iter()
                    .find(|(k, _)| k == "format")
                    .map(|(_, v)| v),
            };
            let format = checked(
                &hub,
                &id,
                token.as_deref(),
                parse_format(query.format.as_deref()),
            )
            .await?;
            let body = hub
                .call(move |hub| hub.view(&id, token.as_deref(), format))
                .await?;
            let content_type = match format {
                // The hub answered the viewer's SVG; the picture is drawn from it here.
                Format::Png => return crate::picture::answer(body, &headers).await,
                Format::Json => "application/json",
                Format::Svg => "image/svg+xml",
                Format::Text | Format::Bbcode => "text/plain; charset=utf-8",
            };
            Ok(([(header::CONTENT_TYPE, content_type)], body).into_response())
        }
        .await,
    )
}

async fn legal(
    State(hub): State<HubHandle>,
    Path(id): Path<String>,
    Query(query): Query<Vec<(String, String)>>,
    headers: HeaderMap,
) -> Response {
    respond(
        async {
            let token = bearer(&headers)?;
            let seat = parse_seat(
                query
                    .iter()
                    .find(|(k, _)| k == "as")
                    .map(|(_, v)| v.as_str()),
            );
            let seat = checked(&hub, &id, token.as_deref(), seat).await?;
            let value = hub
                .call(move |hub| hub.legal(&id, token.as_deref(), seat))
                .await?;
            Ok(json_response(StatusCode::OK, &value))
        }
        .await,
    )
}

async fn log(State(hub): State<HubHandle>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    respond(
        async {
            let token = bearer(&headers)?;
            let value = hub.call(move |hub| hub.log(&id, token.as_deref())).await?;
            Ok(json_response(StatusCode::OK, &value))
        }
        .await,
    )
}

async fn act(
    State(hub): State<HubHandle>,
    Path(id): Path<String>,
    headers: HeaderMap,
    raw: Result<Bytes, BytesRejection>,
) -> Response {
    respond(
        async {
            let token = bearer(&headers)?;
            let request = checked(
                &hub,
                &id,
                token.as_deref(),
                body(raw).and_then(|b| parse_act(&b)),
            )
            .await?;
            let value = hub
                .call(move |hub| hub.act(&id, token.as_deref(), request))
                .await?;
            Ok(json_response(StatusCode::OK, &value))
        }
        .await,
    )
}

async fn draft(
    State(hub): State<HubHandle>,
    Path(id): Path<String>,
    headers: HeaderMap,
    raw: Result<Bytes, BytesRejection>,
) -> Response {
    respond(
        async {
            let token = bearer(&headers)?;
            let request = checked(
                &hub,
                &id,
                token.as_deref(),
                body(raw).and_then(|b| parse_act(&b)),
            )
            .await?;
            let value = hub
                .call(move |hub| hub.draft(&id, token.as_deref(), request))
                .await?;
            Ok(json_response(StatusCode::OK, &value))
        }
        .await,
    )
}

async fn ready(
    State(hub): State<HubHandle>,
    Path(id): Path<String>,
    headers: HeaderMap,
    raw: Result<Bytes, BytesRejection>,
) -> Response {
    respond(
        async {
            let token = bearer(&headers)?;
            let request = checked(
                &hub,
                &id,
                token.as_deref(),
                body(raw).and_then(|b| parse_ready(&b)),
            )
            .await?;
            let value = hub
                .call(move |hub| hub.ready(&id, token.as_deref(), request))
                .await?;
            Ok(json_response(StatusCode::OK, &value))
        }
        .await,
    )
}

async fn deadline(
    State(hub): State<HubHandle>,
    Path(id): Path<String>,
    headers: HeaderMap,
    raw: Result<Bytes, BytesRejection>,
) -> Response {
    respond(
        async {
            let token = bearer(&headers)?;
            let request = checked(
                &hub,
                &id,
                token.as_deref(),
                body(raw).and_then(|b| parse_deadline(&b)),
            )
            .await?;
            let value = hub
                .call(move |hub| hub.set_deadline(&id, token.as_deref(), request))
                .await?;
            Ok(json_response(StatusCode::OK, &value))
        }
        .await,
    )
}

async fn resolve(
    State(hub): State<HubHandle>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    respond(
        async {
            let token = bearer(&headers)?;
            let value = hub
                .call(move |hub| hub.resolve_now(&id, token.as_deref()))
                .await?;
            Ok(json_response(StatusCode::OK, &value))
        }
        .await,
    )
}

async fn record(
    State(hub): State<HubHandle>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    respond(
        async {
            let token = bearer(&headers)?;
            let save = hub
                .call(move |hub| hub.record(&id, token.as_deref()))
                .await?;
            Ok(([(header::CONTENT_TYPE, "application/json")], save).into_response())
        }
        .await,
    )
}

async fn seat_link(
    State(hub): State<HubHandle>,
    Path((id, seat)): Path<(String, String)>,
    headers: HeaderMap,
    raw: Result<Bytes, BytesRejection>,
) -> Response {
    respond(
        async {
            let token = bearer(&headers)?;
            let (seat, request) = checked(
                &hub,
                &id,
                token.as_deref(),
                parse_path_seat(&seat).and_then(|seat| Ok((seat, parse_link(&body(raw)?)?))),
            )
            .await?;
            let link = hub
                .call(move |hub| hub.seat_link(&id, token.as_deref(), seat, &request))
                .await?;
            let value = json!({ "seat": link.seat, "name": link.name, "token": link.token });
            Ok(json_response(StatusCode::OK, &value))
        }
        .await,
    )
}

async fn games() -> Response {
    json_response(StatusCode::OK, &json!(crate::engine::game_names()))
}

async fn not_found(method: Method, uri: Uri) -> Response {
    ApiError::NoEndpoint(format!("{method} {}", uri.path())).into_response()
}

/// The routes of the API over a running hub, with no creation token and no limit on creating
/// tables (see [`router_with`]), and the event streams' default limits.
pub fn router(hub: HubHandle) -> Router {
    router_with(hub, &CreateLimits::default())
}

/// The routes of the API over a running hub, table creation guarded by `limits` (the event
/// streams with their default limits; a stream served so ends with its connection).
pub fn router_with(hub: HubHandle, limits: &CreateLimits) -> Router {
    let (_, never) = tokio::sync::watch::channel(false);
    routes(hub, limits, StreamLimits::default(), never)
}

/// The routes, table creation guarded by `limits`, the event streams by `stream`, every
/// stream ending when `closing` turns true.
fn routes(
    hub: HubHandle,
    limits: &CreateLimits,
    stream: StreamLimits,
    closing: tokio::sync::watch::Receiver<bool>,
) -> Router {
    let small = RequestBodyLimitLayer::new(MAX_ACT_BODY);
    let guard = CreateGuard::new(limits);
    let info = guard.info().clone();
    let streams = crate::stream::routes(hub.clone(), stream, closing);
    Router::new()
        .route("/api/games", get(games))
        .route(
            "/api/server",
            get(move || async move { json_response(StatusCode::OK, &info) }),
        )
        .route(
            "/api/tables",
            post(create)
                .layer(RequestBodyLimitLayer::new(MAX_CREATE_BODY))
                .layer(middleware::from_fn_with_state(guard, guard_create)),
        )
        .route("/api/tables/{id}/view", get(view))
        .route("/api/tables/{id}/legal", get(legal))
        .route("/api/tables/{id}/log", get(log))
        .route("/api/tables/{id}/act", post(act).layer(small))
        .route("/api/tables/{id}/draft", post(draft).layer(small))
        .route("/api/tables/{id}/ready", post(ready).layer(small))
        .route("/api/tables/{id}/deadline", post(deadline).layer(small))
        .route("/api/tables/{id}/resolve", post(resolve).layer(small))
        .route(
            "/api/tables/{id}/seats/{seat}/link",
            post(seat_link).layer(small),
        )
        .route("/api/tables/{id}/record", get(record))
        .merge(crate::pages::router())
        .merge(crate::webhooks::routes::router())
        .merge(crate::thread::router())
        .fallback(not_found)
        // The limits are tower-http's, per route; axum's own default limit is lifted so that
        // the larger import limit applies.
        .layer(DefaultBodyLimit::disable())
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .with_state(hub)
        // The event stream is a long response: merged after the request timeout, so it has
        // none (its first answer waits for one look at the table only).
        .merge(streams)
        // Keep this layer last: it wraps every route above, the event stream's included, and
        // the fallback, so that every error answer, whoever made it, is the documented JSON
        // (see json_errors.rs).
        .layer(middleware::from_fn(json_errors))
}

/// A bound server, not yet serving.
pub struct Server {
    listener: tokio::net::TcpListener,
    hub: HubHandle,
    limits: CreateLimits,
    webhooks: WebhookOptions,
    stream: StreamLimits,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("addr", &self.addr())
            .finish()
    }
}

impl Server {
    /// Starts the hub over `store` and binds `addr`.
    ///
    /// # Errors
    /// [`ServerError::Bind`] when the address cannot be bound.
    pub async fn bind(store: Box<dyn Store>, addr: &str) -> Result<Server, ServerError> {
        let listener =
            tokio::net::TcpListener::bind(addr)
                .await
                .map_err(|e| ServerError::Bind {
                    addr: addr.to_owned(),
                    message: e.to_string(),
                })?;
        let hub = HubHandle::start(store).map_err(|e| ServerError::Io(e.to_string()))?;
        Ok(Server {
            listener,
            hub,
            limits: CreateLimits::default(),
            webhooks: WebhookOptions::default(),
            stream: StreamLimits::default(),
        })
    }

    /// The same server with table creation guarded by `limits` (the default: none).
    #[must_use]
    pub fn with_limits(mut self, limits: CreateLimits) -> Server {
        self.limits = limits;
        self
    }

    /// The server with these webhook options (the default refuses private addresses).
    #[must_use]
    pub fn with_webhooks(mut self, options: WebhookOptions) -> Server {
        self.webhooks = options;
        self
    }

    /// The same server with these limits of its event streams.
    #[must_use]
    pub fn with_stream_limits(mut self, stream: StreamLimits) -> Server {
        self.stream = stream;
        self
    }

    /// The server's hub (for tests and embedders that watch its commits).
    pub fn hub(&self) -> &HubHandle {
        &self.hub
    }

    /// The address the server listens on (with the port the system chose for port 0).
    pub fn addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .unwrap_or_else(|_| SocketAddr::from(([127, 0, 0, 1], 0)))
    }

    /// Serves until `shutdown` completes.
    ///
    /// # Errors
    /// [`ServerError::Io`] if the server fails.
    pub async fn serve_until(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServerError> {
        // The deadline scheduler: once a second, the hub closes the turns that are due.
        let scheduler = self.hub.clone();
        let ticker = tokio::spawn(async move {
            let mut interval = tokio::time::interval(Duration::from_secs(1));
            loop {
                interval.tick().await;
                let now = crate::turns::now();
                // And the saves of the tables idle since their last actions (hub/saves.rs).
                if scheduler
                    .call(move |hub| Ok((hub.close_due(now), hub.save_idle())))
                    .await
                    .is_err()
                {
                    break;
                }
            }
        });
        // The webhooks' options reach the hub before the first request; their delivery task
        // runs beside the server (an act only writes to the outbox).
        let options = self.webhooks.clone();
        self.hub
            .call(move |hub| {
                hub.hooks.options = options;
                Ok(())
            })
            .await
            .map_err(|e| ServerError::Io(e.to_string()))?;
        let delivery = crate::webhooks::deliver::spawn(self.hub.clone(), self.webhooks);
        let keeper = self.hub.clone();
        // The event streams end when the server shuts down, so that its graceful shutdown,
        // which waits for every response to end, ends.
        let (close, closing) = tokio::sync::watch::channel(false);
        // With each connection's address, which the creation limits count by.
        let app = routes(self.hub, &self.limits, self.stream, closing)
            .into_make_service_with_connect_info::<SocketAddr>();
        // Hyper's own answers to requests it cannot read get the documented JSON too
        // (connection.rs). `tap_io` does nothing to a connection: it is how axum hands a
        // listener's address to `ConnectInfo<SocketAddr>` for a listener of its own.
        let listener = JsonListener(self.listener).tap_io(|_| {});
        let served = axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                shutdown.await;
                let _ = close.send(true);
            })
            .await
            .map_err(|e| ServerError::Io(e.to_string()));
        ticker.abort();
        delivery.abort();
        // Every table's save, so that the next start reads no entries (each action is stored
        // already: this only spares the next load).
        let _ = keeper.call(|hub| Ok(hub.save_all())).await;
        served
    }
}
