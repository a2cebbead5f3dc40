//! Who may create tables, and how many: the optional creation token of `pbp serve
//! --create-token`, and the per-address limits on new tables and on their bytes, answered 429
//! with `Retry-After` when exceeded (docs/SERVER.md, "Limits").
//!
//! Each limit is a token bucket per address: it holds at most an hour's allowance and refills
//! continuously at that rate, so an address may create up to the hourly number at once and then
//! one more every `3600 / N` seconds. IPv6 addresses are counted by their /64 network, which one
//! host usually holds whole.

use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::body::{Body, to_bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::request::{MAX_CREATE_BODY, parse_bearer};
use crate::token::TokenHash;

/// The seconds of the limits' window.
const HOUR: f64 = 3600.0;
/// How many addresses are remembered before the full buckets are forgotten.
const PRUNE_AT: usize = 4096;

/// Who may create tables, and how many per address. [`Default`] is no token and no limit (what
/// a test or an embedding wants); `pbp serve` sets the limits of docs/SERVER.md.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct CreateLimits {
    /// The token a creation must carry as `Authorization: Bearer TOKEN` (`None`: anyone).
    pub token: Option<String>,
    /// New tables (and imports) per address per hour; 0: no limit.
    pub tables_per_hour: u32,
    /// Bytes of creation bodies per address per hour; 0: no limit.
    pub bytes_per_hour: u64,
}

impl std::fmt::Debug for CreateLimits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The token is a secret: only whether there is one is shown.
        f.debug_struct("CreateLimits")
            .field("token", &self.token.as_ref().map(|_| "…"))
            .field("tables_per_hour", &self.tables_per_hour)
            .field("bytes_per_hour", &self.bytes_per_hour)
            .finish()
    }
}

impl CreateLimits {
    /// What `GET /api/server` tells the hosting page about creating tables, with the games
    /// this build hosts by name and title (`/api/games` lists the names alone, as its clients
    /// read it).
    pub fn public_info(&self) -> ServerInfo {
        let games = pbp_frontend::catalog::catalog()
            .iter()
            .map(|(game, _)| HostedGame {
                name: game.name().to_owned(),
                title: game.title().to_owned(),
            })
            .collect();
        ServerInfo {
            bytes_per_hour: (self.bytes_per_hour > 0).then_some(self.bytes_per_hour),
            create_token: self.token.is_some(),
            games,
            max_create_body: MAX_CREATE_BODY,
            tables_per_hour: (self.tables_per_hour > 0).then_some(self.tables_per_hour),
        }
    }
}

/// `GET /api/server`: what the hosting page needs to know about creating tables (fields in
/// alphabetical order, the order the JSON always had).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ServerInfo {
    /// Bytes of table bodies one address may send per hour (`null`: no limit).
    #[schema(required = true)]
    pub bytes_per_hour: Option<u64>,
    /// Whether creating a table needs the server's creation token.
    pub create_token: bool,
    /// The games this server hosts, by name and title.
    pub games: Vec<HostedGame>,
    /// The largest body `POST /api/tables` takes, in bytes.
    pub max_create_body: usize,
    /// Tables one address may create per hour (`null`: no limit).
    #[schema(required = true)]
    pub tables_per_hour: Option<u32>,
}

/// A game the server hosts: the name a table is created with, and the title people read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct HostedGame {
    /// The game's name, as `POST /api/tables` takes it (`warring-states`).
    pub name: String,
    /// The game's title (`Warring States`).
    pub title: String,
}

/// One address's allowance of one kind.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    level: f64,
    at: Instant,
}

impl Bucket {
    fn full(capacity: f64, now: Instant) -> Bucket {
        Bucket {
            level: capacity,
            at: now,
        }
    }

    /// The level at `now`, refilled at `capacity` an hour.
    fn level(&self, capacity: f64, now: Instant) -> f64 {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        (self.level + elapsed * capacity / HOUR).min(capacity)
    }

    /// Seconds until `cost` is available (0 if it is now).
    fn wait(&self, capacity: f64, cost: f64, now: Instant) -> u64 {
        let missing = cost - self.level(capacity, now);
        if missing <= 0.0 {
            0
        } else {
            // At least a second, as Retry-After counts whole seconds.
            ((missing * HOUR / capacity).ceil() as u64).max(1)
        }
    }

    fn take(&mut self, capacity: f64, cost: f64, now: Instant) {
        self.level = self.level(capacity, now) - cost;
        self.at = now;
    }
}

/// What one address has left.
#[derive(Clone, Copy, Debug)]
struct Allowance {
    tables: Bucket,
    bytes: Bucket,
}

/// The limits and the allowance of every address seen, shared by the requests.
#[derive(Debug)]
pub(crate) struct CreateGuard {
    token: Option<TokenHash>,
    tables: f64,
    bytes: f64,
    info: ServerInfo,
    seen: Mutex<BTreeMap<IpAddr, Allowance>>,
}

/// The key an address is counted under: IPv4 as itself, IPv6 by its /64.
fn address_key(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
    }
}

impl CreateGuard {
    /// The guard of `limits`.
    pub(crate) fn new(limits: &CreateLimits) -> Arc<CreateGuard> {
        Arc::new(CreateGuard {
            token: limits.token.as_deref().map(TokenHash::of),
            tables: f64::from(limits.tables_per_hour),
            bytes: limits.bytes_per_hour as f64,
            info: limits.public_info(),
            seen: Mutex::new(BTreeMap::new()),
        })
    }

    /// What `GET /api/server` answers.
    pub(crate) fn info(&self) -> &ServerInfo {
        &self.info
    }

    fn limited(&self) -> bool {
        self.tables > 0.0 || self.bytes > 0.0
    }

    /// Checks the token of a creation request.
    fn check_token(&self, bearer: Option<&str>) -> Result<(), ApiError> {
        let Some(expected) = self.token else {
            return Ok(());
        };
        match bearer {
            Some(token) if TokenHash::of(token).matches(&expected) => Ok(()),
            Some(_) => Err(ApiError::Unauthorized(
                "this is not the server's creation token (pbp serve --create-token)".into(),
            )),
            None => Err(ApiError::Unauthorized(
                "this server creates tables only for its creation token: send it as \
                 'Authorization: Bearer TOKEN' (pbp serve --create-token)"
                    .into(),
            )),
        }
    }

    /// Checks one more table of `bytes` bytes from `addr` at `now` and, if both limits allow
    /// it, counts it; `bytes` is `None` for the early check before the body is read.
    fn admit(&self, addr: IpAddr, bytes: Option<usize>, now: Instant) -> Result<(), ApiError> {
        if !self.limited() {
            return Ok(());
        }
        let mut seen = self
            .seen
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if seen.len() >= PRUNE_AT {
            seen.retain(|_, a| {
                a.tables.level(self.tables, now) < self.tables
                    || a.bytes.level(self.bytes, now) < self.bytes
            });
        }
        let allowance = seen.entry(address_key(addr)).or_insert(Allowance {
            tables: Bucket::full(self.tables, now),
            bytes: Bucket::full(self.bytes, now),
        });
        if self.tables > 0.0 {
            let wait = allowance.tables.wait(self.tables, 1.0, now);
            if wait > 0 {
                return Err(ApiError::RateLimited {
                    message: format!(
                        "too many new tables from this address: this server accepts {} an \
                         hour; the next one in {wait} s",
                        self.tables
                    ),
                    retry_after: wait,
                });
            }
        }
        let cost = bytes.map_or(0.0, |b| b as f64);
        if self.bytes > 0.0 && cost > 0.0 {
            if cost > self.bytes {
                return Err(ApiError::TooLarge(format!(
                    "the body is {cost} bytes, more than this server accepts from one address \
                     in an hour ({})",
                    self.bytes
                )));
            }
            let wait = allowance.bytes.wait(self.bytes, cost, now);
            if wait > 0 {
                return Err(ApiError::RateLimited {
                    message: format!(
                        "too many bytes of new tables from this address: this server accepts {} \
                         an hour; this body of {cost} fits in {wait} s",
                        self.bytes
                    ),
                    retry_after: wait,
                });
            }
        }
        if let Some(bytes) = bytes {
            if self.tables > 0.0 {
                allowance.tables.take(self.tables, 1.0, now);
            }
            if self.bytes > 0.0 {
                allowance.bytes.take(self.bytes, bytes as f64, now);
            }
        }
        Ok(())
    }
}

/// The middleware of `POST /api/tables`: the creation token, then the per-address limits
/// (checked before the body is read, counted once it is).
pub(crate) async fn guard_create(
    State(guard): State<Arc<CreateGuard>>,
    request: Request,
    next: Next,
) -> Response {
    match admitted(&guard, request).await {
        Ok(request) => next.run(request).await,
        Err(error) => error.into_response(),
    }
}

fn too_large() -> ApiError {
    ApiError::TooLarge(format!(
        "the request body is over this endpoint's limit of {MAX_CREATE_BODY} bytes"
    ))
}

async fn admitted(guard: &CreateGuard, request: Request) -> Result<Request, ApiError> {
    // Without connection info (a router served without it), every request is one address.
    let addr = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::from([0, 0, 0, 0]), |info| info.0.ip());
    guard.admit(addr, None, Instant::now())?;
    if guard.token.is_some() {
        let bearer = parse_bearer(
            request
                .headers()
                .get(header::AUTHORIZATION)
                .map(|v| v.as_bytes()),
        )?;
        guard.check_token(bearer.as_deref())?;
    }
    if !guard.limited() {
        return Ok(request);
    }
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|length| length > MAX_CREATE_BODY as u64) {
        return Err(too_large());
    }
    let (parts, body) = request.into_parts();
    let bytes = to_bytes(body, MAX_CREATE_BODY)
        .await
        .map_err(|_| too_large())?;
    guard.admit(addr, Some(bytes.len()), Instant::now())?;
    Ok(Request::from_parts(parts, Body::from(bytes)))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn guard(tables: u32, bytes: u64) -> Arc<CreateGuard> {
        CreateGuard::new(&CreateLimits {
            token: None,
            tables_per_hour: tables,
            bytes_per_hour: bytes,
        })
    }

    #[test]
    fn an_address_gets_its_hourly_tables_then_waits() {
        let guard = guard(3, 0);
        let start = Instant::now();
        let one = IpAddr::from([10, 0, 0, 1]);
        for _ in 0..3 {
            guard.admit(one, Some(10), start).unwrap();
        }
        match guard.admit(one, Some(10), start) {
            Err(ApiError::RateLimited { retry_after, .. }) => assert_eq!(retry_after, 1200),
            other => panic!("{other:?}"),
        }
        // Another address has its own allowance; the first gets one back after 20 minutes.
        guard
            .admit(IpAddr::from([10, 0, 0, 2]), Some(10), start)
            .unwrap();
        guard
            .admit(one, Some(10), start + Duration::from_secs(1200))
            .unwrap();
        assert!(
            guard
                .admit(one, Some(10), start + Duration::from_secs(1200))
                .is_err()
        );
    }

    #[test]
    fn bytes_are_limited_and_an_oversized_body_is_too_large() {
        let guard = guard(0, 1000);
        let start = Instant::now();
        let one = IpAddr::from([10, 0, 0, 1]);
        guard.admit(one, Some(600), start).unwrap();
        let Err(ApiError::RateLimited { retry_after, .. }) = guard.admit(one, Some(600), start)
        else {
            panic!("not limited");
        };
        assert_eq!(retry_after, 720); // 200 bytes missing at 1000 an hour
        assert!(matches!(
            guard.admit(one, Some(2000), start),
            Err(ApiError::TooLarge(_))
        ));
        // The early check (no body yet) counts nothing.
        for _ in 0..10 {
            guard
                .admit(IpAddr::from([10, 0, 0, 3]), None, start)
                .unwrap();
        }
    }

    #[test]
    fn ipv6_addresses_count_by_their_network() {
        let a: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
        assert_ne!(address_key(a), address_key(c));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        assert_eq!(address_key(mapped), IpAddr::from([10, 0, 0, 1]));
    }

    #[test]
    fn the_token_is_checked_and_never_shown() {
        let limits = CreateLimits {
            token: Some("s3cret".into()),
            ..CreateLimits::default()
        };
        assert!(!format!("{limits:?}").contains("s3cret"));
        let guard = CreateGuard::new(&limits);
        assert!(guard.check_token(Some("s3cret")).is_ok());
        assert!(guard.check_token(Some("guess")).is_err());
        assert!(guard.check_token(None).is_err());
        assert!(guard.info().create_token);
    }
}
