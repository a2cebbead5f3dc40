//! The thread reader's route: `POST /api/tables/{id}/thread` (the venue is `thread.rs`).

use axum::Router;
use axum::response::Response;
use axum::routing::post;
use tower_http::limit::RequestBodyLimitLayer;

use super::call::{RawBody, TableCall, ok, parsed};
use crate::error::ApiError;
use crate::hub::HubHandle;
use crate::thread::{self, MAX_THREAD_BODY, parse_thread};

/// `POST /api/tables/{id}/thread`: the game master's forum thread applied. (A body that is not
/// a thread request is told before the table is asked, as it always was.)
async fn apply(table: TableCall, raw: RawBody) -> Result<Response, ApiError> {
    let (request, options) = parsed(raw, parse_thread)?;
    let apply = move |hub: &mut _, id: &str, token: Option<&str>| {
        thread::thread(hub, id, token, &request, &options)
    };
    table.call(apply).await.map(ok)
}

/// The route, with its own body limit.
pub(crate) fn router() -> Router<HubHandle> {
    Router::new().route(
        "/api/tables/{id}/thread",
        post(apply).layer(RequestBodyLimitLayer::new(MAX_THREAD_BODY)),
    )
}
