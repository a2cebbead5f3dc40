//! The HTTP layer: routes, limits, and the translation of each request to a job of the table
//! hub and of its answer to a response. Nothing here knows a game.

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

mod call;
mod openapi;
mod thread;
mod webhooks;

use call::{RawBody, TableCall, json_response, ok, parsed};

use crate::connection::JsonListener;
use crate::engine::Format;
use crate::error::{ApiError, ServerError};
use crate::hub::{Hub, HubHandle};
use crate::json_errors::json_errors;
use crate::limits::{CreateGuard, CreateLimits, guard_create};
use crate::request::{
    MAX_ACT_BODY, MAX_CREATE_BODY, parse_act, parse_create, parse_deadline, parse_format,
    parse_link, parse_path_seat, parse_ready, parse_seat,
};
use crate::store::Store;
use crate::stream::StreamLimits;
use crate::webhooks::WebhookOptions;

/// How long one request may take before it is answered 408.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

async fn create(State(hub): State<HubHandle>, raw: RawBody) -> Result<Response, ApiError> {
    let request = parsed(raw, parse_create)?;
    let created = hub.call(move |hub| hub.create(request)).await?;
    Ok(json_response(StatusCode::CREATED, &created))
}

/// The first value of query parameter `name`.
fn query_value<'a>(query: &'a [(String, String)], name: &str) -> Option<&'a str> {
    query
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

async fn view(
    table: TableCall,
    Query(query): Query<Vec<(String, String)>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let format = parse_format(query_value(&query, "format"));
    let format = table.checked(format).await?;
    let body = table
        .call(move |hub, id, token| hub.view(id, token, format))
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

async fn legal(
    table: TableCall,
    Query(query): Query<Vec<(String, String)>>,
) -> Result<Response, ApiError> {
    let seat = parse_seat(query_value(&query, "as"));
    table.with(seat, Hub::legal).await.map(ok)
}

async fn form(
    table: TableCall,
    Query(query): Query<Vec<(String, String)>>,
) -> Result<Response, ApiError> {
    let seat = parse_seat(query_value(&query, "as"));
    table.with(seat, Hub::form).await.map(ok)
}

async fn check(table: TableCall, raw: RawBody) -> Result<Response, ApiError> {
    table.with(parsed(raw, parse_act), Hub::check).await.map(ok)
}

async fn log(table: TableCall) -> Result<Response, ApiError> {
    table.call(Hub::log).await.map(ok)
}

async fn act(table: TableCall, raw: RawBody) -> Result<Response, ApiError> {
    table.with(parsed(raw, parse_act), Hub::act).await.map(ok)
}

async fn draft(table: TableCall, raw: RawBody) -> Result<Response, ApiError> {
    table.with(parsed(raw, parse_act), Hub::draft).await.map(ok)
}

async fn ready(table: TableCall, raw: RawBody) -> Result<Response, ApiError> {
    table
        .with(parsed(raw, parse_ready), Hub::ready)
        .await
        .map(ok)
}

async fn deadline(table: TableCall, raw: RawBody) -> Result<Response, ApiError> {
    table
        .with(parsed(raw, parse_deadline), Hub::set_deadline)
        .await
        .map(ok)
}

async fn resolve(table: TableCall) -> Result<Response, ApiError> {
    table.call(Hub::resolve_now).await.map(ok)
}

async fn record(table: TableCall) -> Result<Response, ApiError> {
    let save = table.call(Hub::record).await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], save).into_response())
}

async fn seat_link(
    table: TableCall,
    Path((_, seat)): Path<(String, String)>,
    raw: RawBody,
) -> Result<Response, ApiError> {
    let request = parse_path_seat(&seat).and_then(|seat| Ok((seat, parsed(raw, parse_link)?)));
    table
        .with(request, |hub, id, token, (seat, request)| {
            hub.seat_link(id, token, seat, &request)
        })
        .await
        .map(ok)
}

async fn games() -> Response {
    ok(crate::engine::game_names())
}

/// `GET /api/openapi.json`: the API's OpenAPI document (`api/openapi.rs`).
async fn openapi_json() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        openapi::document_json(),
    )
        .into_response()
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
    routes(
        hub,
        limits,
        &WebhookOptions::default(),
        StreamLimits::default(),
        never,
        None,
    )
}

/// The routes, table creation guarded by `limits`, webhooks added under `webhooks`, the event
/// streams by `stream`, every stream ending when `closing` turns true, and Discord's
/// interactions with `discord`'s routes. The webhooks' notices are registered with the hub
/// here, so that every act after it writes them.
fn routes(
    hub: HubHandle,
    limits: &CreateLimits,
    webhooks: &WebhookOptions,
    stream: StreamLimits,
    closing: tokio::sync::watch::Receiver<bool>,
    discord: Option<Router<HubHandle>>,
) -> Router {
    // A hub that has stopped answers every request 500 anyway.
    let _ = crate::webhooks::notice::register(&hub, webhooks.public_url.clone());
    let _ = hub.set_public_url(webhooks.public_url.clone());
    let small = RequestBodyLimitLayer::new(MAX_ACT_BODY);
    let guard = CreateGuard::new(limits);
    let info = guard.info().clone();
    let streams = crate::stream::routes(hub.clone(), stream, closing);
    Router::new()
        .route("/api/games", get(games))
        .route("/api/openapi.json", get(openapi_json))
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
        .route("/api/tables/{id}/form", get(form))
        .route("/api/tables/{id}/log", get(log))
        .route("/api/tables/{id}/act", post(act).layer(small))
        .route("/api/tables/{id}/draft", post(draft).layer(small))
        .route("/api/tables/{id}/check", post(check).layer(small))
        .route("/api/tables/{id}/ready", post(ready).layer(small))
        .route("/api/tables/{id}/deadline", post(deadline).layer(small))
        .route("/api/tables/{id}/resolve", post(resolve).layer(small))
        .route(
            "/api/tables/{id}/seats/{seat}/link",
            post(seat_link).layer(small),
        )
        .route("/api/tables/{id}/record", get(record))
        .merge(crate::pages::router())
        .merge(webhooks::router(webhooks.allow_private))
        .merge(thread::router())
        .merge(discord.unwrap_or_default())
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
    discord: Option<Router<HubHandle>>,
    /// The `discord-bot` webhooks' poster and mentions.
    bot: crate::webhooks::bot::BotDelivery,
    /// Whether [`Server::with_seat_mentions`] chose who is mentioned (else the Discord
    /// venue's bindings are, once it is on).
    mentions_chosen: bool,
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
            discord: None,
            bot: crate::webhooks::bot::BotDelivery::default(),
            mentions_chosen: false,
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

    /// The same server with Discord's interactions served at `POST /discord/interactions`
    /// (docs/DISCORD.md), and the `discord-bot` webhooks' messages posted with the bot's
    /// token.
    ///
    /// # Errors
    /// [`ServerError::Io`] when the client of Discord's API cannot start.
    pub fn with_discord(
        mut self,
        options: &crate::discord::DiscordOptions,
    ) -> Result<Server, ServerError> {
        self.discord = Some(crate::discord::router(options).map_err(ServerError::Io)?);
        // The bot posts the `discord-bot` webhooks' messages with its token.
        let poster = crate::discord::rest::BotPoster::new(&options.api, &options.bot_token)
            .map_err(ServerError::Io)?;
        self.bot.poster = Some(std::sync::Arc::new(poster));
        // Its posts mention the users `/start` and `/seat` bound to the seats, unless the
        // embedder chose otherwise.
        if !self.mentions_chosen {
            self.bot.mentions =
                std::sync::Arc::new(crate::discord::BoundMentions::new(self.hub.clone()));
        }
        Ok(self)
    }

    /// The same server with `mentions`, who plays each seat on Discord: the `discord-bot`
    /// posts mention the players to act and the late ones (docs/DISCORD.md), in place of the
    /// users the Discord venue's `/start` and `/seat` bound ([`Server::with_discord`]).
    /// Without either they name players by their names alone.
    #[must_use]
    pub fn with_seat_mentions(
        mut self,
        mentions: std::sync::Arc<dyn crate::webhooks::SeatMentions>,
    ) -> Server {
        self.bot.mentions = mentions;
        self.mentions_chosen = true;
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
        // The turns-and-deadlines venue, and the webhooks' delivery beside the server (an act
        // only writes to the outbox).
        let ticker = crate::deadlines::spawn(self.hub.clone());
        let delivery = crate::webhooks::deliver::spawn(
            self.hub.clone(),
            self.webhooks.clone(),
            self.bot.clone(),
        );
        let keeper = self.hub.clone();
        // The event streams end when the server shuts down, so that its graceful shutdown,
        // which waits for every response to end, ends.
        let (close, closing) = tokio::sync::watch::channel(false);
        // With each connection's address, which the creation limits count by.
        let app = routes(
            self.hub,
            &self.limits,
            &self.webhooks,
            self.stream,
            closing,
            self.discord,
        )
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
