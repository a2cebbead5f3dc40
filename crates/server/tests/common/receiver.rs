//! A webhook receiver on a loopback port for the tests: it records every request and answers
//! 503 to the first `fail_first`, then 200 (410 always at a path ending in `/gone`; 301 or 302
//! to `/landed` at a path ending in `/moved` or `/found`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;

/// One request the receiver got.
#[derive(Clone, Debug)]
pub struct Got {
    pub method: String,
    pub path: String,
    pub referer: Option<String>,
    pub key: String,
    pub event: String,
    pub signature: String,
    pub body: String,
    pub at: Instant,
    pub answered: u16,
}

impl Got {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// Whether the signature is the HMAC-SHA256 of the raw body under `secret`, checked as a
    /// receiver would (in constant time, by the hmac crate).
    pub fn signed_by(&self, secret: &str) -> bool {
        let Some(hex) = self.signature.strip_prefix("sha256=") else {
            return false;
        };
        let Some(bytes) = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
            .collect::<Option<Vec<u8>>>()
        else {
            return false;
        };
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
        mac.update(self.body.as_bytes());
        mac.verify_slice(&bytes).is_ok()
    }
}

#[derive(Clone)]
struct Shared {
    got: Arc<Mutex<Vec<Got>>>,
    in_flight: Arc<AtomicUsize>,
    fail_first: usize,
    delay: Duration,
}

async fn receive(
    State(shared): State<Shared>,
    method: Method,
    uri: axum::http::Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let status = {
        let mut got = shared.got.lock().unwrap();
        let status = if uri.path().ends_with("/gone") {
            StatusCode::GONE
        } else if uri.path().ends_with("/moved") {
            StatusCode::MOVED_PERMANENTLY
        } else if uri.path().ends_with("/found") {
            StatusCode::FOUND
        } else if got.len() < shared.fail_first {
            StatusCode::SERVICE_UNAVAILABLE
        } else {
            StatusCode::OK
        };
        got.push(Got {
            method: method.to_string(),
            path: uri.path().to_owned(),
            referer: headers
                .get("referer")
                .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned()),
            key: header("x-pbp-delivery"),
            event: header("x-pbp-event"),
            signature: header("x-pbp-signature"),
            body: String::from_utf8_lossy(&body).into_owned(),
            at: Instant::now(),
            answered: status.as_u16(),
        });
        status
    };
    // Recorded on arrival, answered after the delay: a sender killed meanwhile never learns
    // that it was received.
    if !shared.delay.is_zero() {
        shared.in_flight.fetch_add(1, Ordering::SeqCst);
        tokio::time::sleep(shared.delay).await;
        shared.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
    if status.is_redirection() {
        return (status, [("location", "/landed")]).into_response();
    }
    status.into_response()
}

/// The receiver, stopped on drop.
pub struct Receiver {
    pub base: String,
    got: Arc<Mutex<Vec<Got>>>,
    in_flight: Arc<AtomicUsize>,
    _server: super::loopback::Loopback,
}

impl Receiver {
    /// A receiver that answers 503 to its first `fail_first` requests, each `delay` after it
    /// arrived (when it is recorded).
    pub fn start(fail_first: usize, delay: Duration) -> Receiver {
        let got = Arc::new(Mutex::new(Vec::new()));
        let in_flight = Arc::new(AtomicUsize::new(0));
        let shared = Shared {
            got: Arc::clone(&got),
            in_flight: Arc::clone(&in_flight),
            fail_first,
            delay,
        };
        let server = super::loopback::serve(
            axum::Router::new()
                .route("/{*path}", any(receive))
                .with_state(shared),
        );
        Receiver {
            base: format!("http://{}", server.addr),
            got,
            in_flight,
            _server: server,
        }
    }

    /// How many requests arrived and are not answered yet (with a delay).
    pub fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::SeqCst)
    }

    /// Everything received so far, in order.
    pub fn got(&self) -> Vec<Got> {
        self.got.lock().unwrap().clone()
    }

    /// Waits until `done` holds for what was received (at most `limit`), and answers it.
    pub fn wait_for(&self, limit: Duration, done: impl Fn(&[Got]) -> bool) -> Vec<Got> {
        let start = Instant::now();
        loop {
            let got = self.got();
            if done(&got) {
                return got;
            }
            assert!(
                start.elapsed() < limit,
                "the receiver still waits after {limit:?}; it got {got:#?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// The accepted requests, one per delivery key (the receiver's de-duplication), in order.
pub fn accepted(got: &[Got]) -> Vec<Got> {
    let mut seen = std::collections::BTreeSet::new();
    got.iter()
        .filter(|g| g.answered == 200 && seen.insert(g.key.clone()))
        .cloned()
        .collect()
}
