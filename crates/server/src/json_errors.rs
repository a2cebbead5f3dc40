//! The one error form of the API: every error answer, whoever made it, is
//! `{"error": KIND, "message": TEXT}`.
//!
//! The handlers answer their own errors as [`ApiError`]s, but some answers are made before a
//! handler runs: axum's rejections of a path or a query (400 as text), the body limit (413 as
//! text), a method the route does not have (405, empty), the request timeout (408, empty). The
//! [`json_errors`] middleware wraps the whole router and rewrites any error answer that is not
//! JSON into the documented form, keeping its status and its headers (`Allow`, `Retry-After`).

use axum::body::to_bytes;
use axum::extract::Request;
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::{ApiError, ErrorBody};
use crate::request::{MAX_ACT_BODY, MAX_CREATE_BODY};

/// The most of a non-JSON error body read to quote it in the message.
const QUOTED_BODY: usize = 1024;

/// Whether an answer is an error that is not yet in the documented form.
fn needs_rewrite(status: StatusCode, headers: &HeaderMap) -> bool {
    if !(status.is_client_error() || status.is_server_error()) {
        return false;
    }
    !headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

/// The body limit of the route at `path`, in bytes, for the message of a 413: each route's
/// own (a thread's and a webhook's differ from an action's).
fn body_limit(path: &str) -> usize {
    if path == "/api/tables" {
        MAX_CREATE_BODY
    } else if path.starts_with("/api/tables/") && path.ends_with("/thread") {
        crate::thread::MAX_THREAD_BODY
    } else if path.starts_with("/api/tables/") && path.ends_with("/webhooks") {
        crate::webhooks::request::MAX_WEBHOOK_BODY
    } else {
        MAX_ACT_BODY
    }
}

/// The documented error for an answer of `status` made outside the handlers; `text` is what
/// that answer said, if anything.
fn error_for(
    status: StatusCode,
    method: &Method,
    path: &str,
    text: &str,
) -> Result<ApiError, Box<Response>> {
    let said = if text.trim().is_empty() {
        String::new()
    } else {
        format!(": {}", text.trim())
    };
    Ok(match status {
        StatusCode::BAD_REQUEST => ApiError::BadRequest(format!(
            "the request could not be read (its path, query or headers){said}"
        )),
        StatusCode::NOT_FOUND => ApiError::NoEndpoint(format!("{method} {path}")),
        StatusCode::METHOD_NOT_ALLOWED => ApiError::MethodNotAllowed(format!(
            "{path} does not answer {method} (the Allow header lists what it answers)"
        )),
        StatusCode::REQUEST_TIMEOUT => ApiError::Timeout(
            "the request took too long and was dropped: nothing was changed".into(),
        ),
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::TooLarge(format!(
            "the request body is over this endpoint's limit of {} bytes",
            body_limit(path)
        )),
        other => {
            // A status no handler makes: keep it, in the documented form.
            let kind = if other.is_server_error() {
                "internal"
            } else {
                "bad_request"
            };
            let reason = other.canonical_reason().unwrap_or("error");
            let body = ErrorBody {
                error: kind,
                message: format!("{reason}{said}"),
            };
            return Err(Box::new((other, axum::Json(body)).into_response()));
        }
    })
}

/// The middleware that puts every error answer of the router in the documented form. It
/// wraps the whole router (the routes and the fallback), so every route added to
/// [`crate::router`] is covered.
pub(crate) async fn json_errors(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let response = next.run(request).await;
    if !needs_rewrite(response.status(), response.headers()) {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = to_bytes(body, QUOTED_BODY)
        .await
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
    let mut rewritten = match error_for(parts.status, &method, &path, &text) {
        Ok(error) => error.into_response(),
        Err(response) => *response,
    };
    // The original's headers that still hold (Allow, Retry-After, ...), but not its body's.
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            rewritten.headers_mut().insert(name.clone(), value.clone());
        }
    }
    rewritten
}

#[cfg(test)]
mod tests {
    use axum::body::Body;

    use super::*;

    /// An empty answer of `status`.
    fn bare(status: StatusCode) -> Response {
        (status, Body::empty()).into_response()
    }

    #[test]
    fn only_errors_that_are_not_json_are_rewritten() {
        let json = [(header::CONTENT_TYPE, "application/json")];
        let ok = bare(StatusCode::OK);
        assert!(!needs_rewrite(ok.status(), ok.headers()));
        let empty = bare(StatusCode::METHOD_NOT_ALLOWED);
        assert!(needs_rewrite(empty.status(), empty.headers()));
        let done = (StatusCode::NOT_FOUND, json, "{}").into_response();
        assert!(!needs_rewrite(done.status(), done.headers()));
    }

    #[test]
    fn each_status_gets_its_kind() {
        let get = Method::GET;
        let cases = [
            (StatusCode::BAD_REQUEST, "bad_request"),
            (StatusCode::NOT_FOUND, "not_found"),
            (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
            (StatusCode::REQUEST_TIMEOUT, "timeout"),
            (StatusCode::PAYLOAD_TOO_LARGE, "too_large"),
        ];
        for (status, kind) in cases {
            let error = error_for(status, &get, "/api/x", "why").unwrap();
            assert_eq!((error.status(), error.kind()), (status, kind));
        }
        assert!(error_for(StatusCode::IM_A_TEAPOT, &get, "/", "").is_err());
        let large = error_for(StatusCode::PAYLOAD_TOO_LARGE, &get, "/api/tables", "").unwrap();
        assert!(large.to_string().contains("16777216"), "{large}");
        for (path, limit) in [
            ("/api/tables/abc/act", MAX_ACT_BODY),
            ("/api/tables/abc/thread", crate::thread::MAX_THREAD_BODY),
            (
                "/api/tables/abc/webhooks",
                crate::webhooks::request::MAX_WEBHOOK_BODY,
            ),
        ] {
            let large = error_for(StatusCode::PAYLOAD_TOO_LARGE, &get, path, "").unwrap();
            assert!(
                large
                    .to_string()
                    .contains(&format!("limit of {limit} bytes")),
                "{path}: {large}"
            );
        }
    }
}
