//! The webhook API: `POST /api/tables/{id}/webhooks` (add), `GET` (list with deliveries),
//! `DELETE /api/tables/{id}/webhooks/{hook}` (remove); the game master's alone. The venue is
//! `webhooks/manage.rs`.

use axum::Router;
use axum::extract::{Extension, Path};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{delete, get};
use tower_http::limit::RequestBodyLimitLayer;

use super::call::{RawBody, TableCall, json_response, ok, parsed};
use crate::error::ApiError;
use crate::hub::HubHandle;
use crate::request::webhook::{MAX_WEBHOOK_BODY, parse_webhook};
use crate::webhooks::guard::{self, Refused};
use crate::webhooks::manage;

/// Whether webhook URLs may reach private addresses (`--allow-private-webhooks`).
#[derive(Clone, Copy)]
struct AllowPrivate(bool);

fn bad_webhook(refused: Refused) -> ApiError {
    ApiError::Refused {
        kind: "bad_webhook",
        message: refused.0,
    }
}

async fn add(
    Extension(AllowPrivate(allow_private)): Extension<AllowPrivate>,
    table: TableCall,
    raw: RawBody,
) -> Result<Response, ApiError> {
    let request = table.checked(parsed(raw, parse_webhook)).await?;
    // The game master is checked first: nobody else learns how a URL resolves.
    table.again().call(manage::game_master_of).await?;
    let url = guard::check_url(&request.url, allow_private).map_err(bad_webhook)?;
    guard::check_resolved(&url, allow_private)
        .await
        .map_err(bad_webhook)?;
    let value = table
        .call(move |hub, id, token| manage::add(hub, id, token, request, allow_private))
        .await?;
    Ok(json_response(StatusCode::CREATED, &value))
}

async fn list(table: TableCall) -> Result<Response, ApiError> {
    table.call(manage::list).await.map(ok)
}

async fn remove(
    table: TableCall,
    Path((_, hook)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let remove =
        move |hub: &mut _, id: &str, token: Option<&str>| manage::remove(hub, id, token, &hook);
    table.call(remove).await.map(ok)
}

/// The webhook routes, merged into the API's router; webhook URLs may reach private addresses
/// if `allow_private`.
pub(crate) fn router(allow_private: bool) -> Router<HubHandle> {
    Router::new()
        .route(
            "/api/tables/{id}/webhooks",
            get(list)
                .post(add)
                .layer(RequestBodyLimitLayer::new(MAX_WEBHOOK_BODY)),
        )
        .route("/api/tables/{id}/webhooks/{hook}", delete(remove))
        .layer(Extension(AllowPrivate(allow_private)))
}
