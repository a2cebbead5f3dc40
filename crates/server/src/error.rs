//! The server's errors: [`ServerError`] for starting and running it, [`ApiError`] for one
//! request, each with the HTTP status and a stable `kind` the JSON body carries.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use thiserror::Error;
use utoipa::ToSchema;

use crate::store::StoreError;

/// Why the server could not start or stopped.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ServerError {
    /// The store could not be opened.
    #[error("cannot open the database {path}: {source}")]
    Open {
        /// The database file.
        path: String,
        /// Why.
        source: StoreError,
    },
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {message}")]
    Bind {
        /// The address.
        addr: String,
        /// Why.
        message: String,
    },
    /// The operating system gave no randomness for a token or a seed.
    #[error("no randomness from the operating system: {0}")]
    Random(String),
    /// The HTTP server failed.
    #[error("the server failed: {0}")]
    Io(String),
}

/// Why a request failed: what the client receives, as `{"error": KIND, "message": TEXT}`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ApiError {
    /// 400: the request is not what the endpoint reads.
    #[error("{0}")]
    BadRequest(String),
    /// 401: no token where one is needed, or a token this table does not know.
    #[error("{0}")]
    Unauthorized(String),
    /// 403: the token is known but may not do this (another seat's, or not the game master's).
    #[error("{0}")]
    Forbidden(String),
    /// 404: no such table.
    #[error("there is no table '{0}'")]
    NotFound(String),
    /// 404: no such endpoint (the path names no route).
    #[error("there is no endpoint {0} (see docs/SERVER.md)")]
    NoEndpoint(String),
    /// 405: the endpoint exists but not with this method.
    #[error("{0}")]
    MethodNotAllowed(String),
    /// 408: the request took longer than the server waits.
    #[error("{0}")]
    Timeout(String),
    /// 404: the table has no such webhook.
    #[error("this table has no webhook '{0}'")]
    NoWebhook(String),
    /// 409: the table is not at the step the client expected.
    #[error("the table is at step {found}, not {expected}: reload and try again")]
    Stale {
        /// The step the client sent.
        expected: u64,
        /// The table's step.
        found: u64,
    },
    /// 413: the body or the action is too large.
    #[error("{0}")]
    TooLarge(String),
    /// 422: the input is not an action of the game, or the rules refuse it.
    #[error("{message}")]
    Refused {
        /// `not_an_action` or `refused`.
        kind: &'static str,
        /// The game's message.
        message: String,
    },
    /// 429: too many tables or bytes from one address; `retry_after` seconds until one more
    /// is accepted (sent as the `Retry-After` header too).
    #[error("{message}")]
    RateLimited {
        /// What was limited and by how much.
        message: String,
        /// Seconds until the request would be accepted.
        retry_after: u64,
    },
    /// 503: the store failed; nothing was changed.
    #[error("{0}")]
    Unavailable(String),
    /// 500: a bug; nothing was changed.
    #[error("{0}")]
    Internal(String),
}

impl ApiError {
    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) | ApiError::NoEndpoint(_) | ApiError::NoWebhook(_) => {
                StatusCode::NOT_FOUND
            }
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Timeout(_) => StatusCode::REQUEST_TIMEOUT,
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Stale { .. } => StatusCode::CONFLICT,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Refused { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The stable name of this error in the JSON body.
    pub fn kind(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) => "bad_request",
            ApiError::Unauthorized(_) => "unauthorized",
            ApiError::Forbidden(_) => "forbidden",
            ApiError::NotFound(_) | ApiError::NoEndpoint(_) | ApiError::NoWebhook(_) => "not_found",
            ApiError::MethodNotAllowed(_) => "method_not_allowed",
            ApiError::Timeout(_) => "timeout",
            ApiError::RateLimited { .. } => "rate_limited",
            ApiError::Stale { .. } => "stale_step",
            ApiError::TooLarge(_) => "too_large",
            ApiError::Refused { kind, .. } => kind,
            ApiError::Unavailable(_) => "unavailable",
            ApiError::Internal(_) => "internal",
        }
    }
}

impl From<crate::token::NoRandomness> for ServerError {
    fn from(error: crate::token::NoRandomness) -> Self {
        ServerError::Random(error.0)
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::NoTable(id) => ApiError::NotFound(id),
            StoreError::Conflict { expected, found } => ApiError::Stale { expected, found },
            other => ApiError::Unavailable(other.to_string()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: self.kind(),
            message: self.to_string(),
        };
        let mut response = (self.status(), axum::Json(body)).into_response();
        if let ApiError::RateLimited { retry_after, .. } = self {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, retry_after.into());
        }
        response
    }
}

/// The body of every error answer (and of a stream's `error` event): a stable kind for
/// programs and a sentence for people.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, for programs: `not_found`, `unauthorized`, `stale`, `refused`, ...
    pub error: &'static str,
    /// What went wrong and what to do, in words.
    pub message: String,
}
