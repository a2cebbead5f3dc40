//! The one shape of a table route: a [`TableCall`] (the table's id from the path and the
//! bearer token, read by the extractor), the request's body read by a parser of `request/`
//! ([`parsed`]), one call of the hub or a venue ([`TableCall::call`], [`TableCall::with`]), and
//! a JSON answer ([`ok`]). A route is then a few lines that say what it does:
//!
//! ```ignore
//! async fn act(table: TableCall, raw: RawBody) -> Result<Response, ApiError> {
//!     table.with(parsed(raw, parse_act), Hub::act).await.map(ok)
//! }
//! ```

use std::collections::BTreeMap;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRef, FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::error::ApiError;
use crate::hub::{Hub, HubHandle};
use crate::request::parse_bearer;

/// A request's body as axum reads it: the bytes, or why they could not be read (too large).
pub(crate) type RawBody = Result<Bytes, BytesRejection>;

/// The bearer token of a request's `Authorization` header, if any.
///
/// # Errors
/// [`ApiError::BadRequest`] or [`ApiError::Unauthorized`] for a header that is no bearer token.
pub(crate) fn bearer(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    parse_bearer(
        headers
            .get(header::AUTHORIZATION)
            .map(HeaderValue::as_bytes),
    )
}

/// A request's body, or why it could not be read (413 over the route's limit, else 400).
///
/// # Errors
/// [`ApiError::TooLarge`] or [`ApiError::BadRequest`].
pub(crate) fn body(body: RawBody) -> Result<Bytes, ApiError> {
    body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge("the request body is too large".into())
        } else {
            ApiError::BadRequest(format!("the request body could not be read: {rejection}"))
        }
    })
}

/// A request's body read by `parse` (one of `request/`'s parsers).
///
/// # Errors
/// The body's or the parser's error.
pub(crate) fn parsed<T>(
    raw: RawBody,
    parse: impl FnOnce(&[u8]) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    body(raw).and_then(|bytes| parse(&bytes))
}

/// A JSON answer with `status`: one of the wire's typed answers (each in the API's
/// document, `api/openapi.rs`).
pub(crate) fn json_response(status: StatusCode, value: &impl Serialize) -> Response {
    match serde_json::to_string(value) {
        Ok(text) => (status, [(header::CONTENT_TYPE, "application/json")], text).into_response(),
        Err(error) => ApiError::Internal(format!("an answer as JSON: {error}")).into_response(),
    }
}

/// A JSON answer, 200.
#[allow(clippy::needless_pass_by_value)]
pub(crate) fn ok<T: Serialize>(value: T) -> Response {
    json_response(StatusCode::OK, &value)
}

/// What every table route reads first: the hub, the table's id (the path's `{id}`) and the
/// bearer token. The path is read before the token, as the routes always did.
pub(crate) struct TableCall {
    hub: HubHandle,
    id: String,
    token: Option<String>,
}

impl<S> FromRequestParts<S> for TableCall
where
    HubHandle: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Response> {
        let Path(params) = Path::<BTreeMap<String, String>>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let id = params.get("id").cloned().unwrap_or_default();
        let token = bearer(&parts.headers).map_err(IntoResponse::into_response)?;
        Ok(TableCall {
            hub: HubHandle::from_ref(state),
            id,
            token,
        })
    }
}

impl TableCall {
    /// Runs `job` on the hub with the table's id and the token, and answers what it answers.
    ///
    /// # Errors
    /// The job's error, or [`ApiError::Internal`] if the hub stopped.
    pub(crate) async fn call<T: Send + 'static>(
        self,
        job: impl FnOnce(&mut Hub, &str, Option<&str>) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let TableCall { hub, id, token } = self;
        hub.call(move |hub| job(hub, &id, token.as_deref())).await
    }

    /// [`TableCall::call`] with the request read beforehand (`parsed`: its body or query),
    /// whose error is told only once the table and the token are known to be good (see
    /// [`TableCall::checked`]).
    ///
    /// # Errors
    /// The table's or the token's refusal, the request's error, or the job's.
    pub(crate) async fn with<R: Send + 'static, T: Send + 'static>(
        self,
        parsed: Result<R, ApiError>,
        job: impl FnOnce(&mut Hub, &str, Option<&str>, R) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let request = self.checked(parsed).await?;
        self.call(move |hub, id, token| job(hub, id, token, request))
            .await
    }

    /// `parsed` (a request's body or query, read before the table is asked), or its error
    /// only once the table and the token are known to be good: a missing table (404) and a
    /// token the table does not know (401) are told before what is wrong with the request, so
    /// that an answer never says more about a request than its sender may learn.
    ///
    /// # Errors
    /// The table's or the token's refusal, else the request's.
    pub(crate) async fn checked<R>(&self, parsed: Result<R, ApiError>) -> Result<R, ApiError> {
        match parsed {
            Ok(value) => Ok(value),
            Err(error) => {
                let (id, token) = (self.id.clone(), self.token.clone());
                self.hub
                    .call(move |hub| hub.live(&id)?.role(token.as_deref()).map(|_| ()))
                    .await?;
                Err(error)
            }
        }
    }

    /// The same table and token, for a second call.
    pub(crate) fn again(&self) -> TableCall {
        TableCall {
            hub: self.hub.clone(),
            id: self.id.clone(),
            token: self.token.clone(),
        }
    }
}
