//! The webhook API: `POST /api/tables/{id}/webhooks` (add), `GET` (list with deliveries),
//! `DELETE /api/tables/{id}/webhooks/{hook}` (remove); the game master's alone.

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::{delete, get};
use tower_http::limit::RequestBodyLimitLayer;

use super::guard;
use super::request::{MAX_WEBHOOK_BODY, parse_webhook};
use crate::api::{bearer, body, checked, json_response, respond};
use crate::error::ApiError;
use crate::hub::HubHandle;

async fn add(
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
                body(raw).and_then(|b| parse_webhook(&b)),
            )
            .await?;
            // The game master is checked first: nobody else learns how a URL resolves.
            let check_token = token.clone();
            let check_id = id.clone();
            let allow_private = hub
                .call(move |hub| {
                    hub.webhooks(&check_id, check_token.as_deref())?;
                    Ok(hub.hooks.options.allow_private)
                })
                .await?;
            let url =
                guard::check_url(&request.url, allow_private).map_err(|r| ApiError::Refused {
                    kind: "bad_webhook",
                    message: r.0,
                })?;
            guard::check_resolved(&url, allow_private)
                .await
                .map_err(|r| ApiError::Refused {
                    kind: "bad_webhook",
                    message: r.0,
                })?;
            let value = hub
                .call(move |hub| hub.add_webhook(&id, token.as_deref(), request))
                .await?;
            Ok(json_response(StatusCode::CREATED, &value))
        }
        .await,
    )
}

async fn list(
    State(hub): State<HubHandle>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    respond(
        async {
            let token = bearer(&headers)?;
            let value = hub
                .call(move |hub| hub.webhooks(&id, token.as_deref()))
                .await?;
            Ok(json_response(StatusCode::OK, &value))
        }
        .await,
    )
}

async fn remove(
    State(hub): State<HubHandle>,
    Path((id, hook)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    respond(
        async {
            let token = bearer(&headers)?;
            let value = hub
                .call(move |hub| hub.remove_webhook(&id, token.as_deref(), &hook))
                .await?;
            Ok(json_response(StatusCode::OK, &value))
        }
        .await,
    )
}

/// The webhook routes, merged into the API's router.
pub(crate) fn router() -> Router<HubHandle> {
    Router::new()
        .route(
            "/api/tables/{id}/webhooks",
            get(list)
                .post(add)
                .layer(RequestBodyLimitLayer::new(MAX_WEBHOOK_BODY)),
        )
        .route("/api/tables/{id}/webhooks/{hook}", delete(remove))
}
