//! The delivery task: it claims due notices from the outbox (the oldest pending one of each
//! webhook, under a lease), posts each to its webhook, and records the outcome; a failure
//! that may pass is tried again with exponential backoff. It runs beside the server and talks
//! to the store through the hub, in short jobs, so an act never waits for a delivery.

use std::sync::Arc;
use std::time::Duration;

use reqwest::header::CONTENT_TYPE;
use tokio::sync::Semaphore;

use super::bot::BotDelivery;
use super::guard::{self, GuardedResolver};
use super::payload;
use super::{Attempt, Claimed, HookFormat, NextStep, WebhookOptions, now_ms};
use crate::hub::HubHandle;

/// How many deliveries are in flight at once, all webhooks together.
const IN_FLIGHT: usize = 8;
/// The most of a receiver's answer that is read, in bytes (the rest is dropped).
pub(crate) const MAX_RESPONSE_BODY: usize = 16 * 1024;
/// How often the outbox is looked at when nothing wakes the task.
const POLL: Duration = Duration::from_millis(500);

/// The client every delivery is sent with: rustls (ring), no proxy from the environment (a
/// proxy would resolve names past the guard), the guard's resolver, no redirect followed and
/// no `Referer` ever sent, and the options' timeout.
///
/// # Errors
/// The TLS backend cannot be set up (no root certificates readable, say).
pub(crate) fn client(options: &WebhookOptions) -> Result<reqwest::Client, String> {
    // The process's TLS provider; another part of the program may have chosen one already.
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
        .tls_backend_rustls()
        .no_proxy()
        .timeout(options.timeout)
        .connect_timeout(options.timeout)
        // A redirect is an answer like any other, never followed: a followed 301 or 302 turns
        // the POST into a bodiless GET that still carries the signature, and tells the next
        // host the webhook's URL.
        .redirect(reqwest::redirect::Policy::none())
        .referer(false)
        .dns_resolver(GuardedResolver {
            allow_private: options.allow_private,
        })
        .user_agent(concat!("pbp-webhooks/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| format!("the webhook client cannot start: {e}"))
}

/// How long a claim lasts: longer than any delivery (its timeout) with its recording, so that
/// only a task that died leaves a notice to be claimed again.
pub(crate) fn lease(options: &WebhookOptions) -> Duration {
    options.timeout * 2 + Duration::from_secs(2)
}

/// The wait before try `attempts + 1` of a notice that failed `attempts` times.
pub(crate) fn backoff(options: &WebhookOptions, attempts: u32) -> Duration {
    let factor = 1u32 << attempts.min(20);
    options
        .first_backoff
        .saturating_mul(factor)
        .min(WebhookOptions::MAX_BACKOFF)
}

/// What one try came to, before the retry decision.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Tried {
    /// 2xx.
    Delivered(u16, String),
    /// A failure that may pass: 5xx, 408, 429, a 3xx (a redirect, never followed), a timeout,
    /// a connection that failed.
    Again(Option<u16>, String),
    /// A failure that will not: another 4xx or 1xx, a refused URL, a body that cannot be made.
    Never(Option<u16>, String),
}

/// How notices are sent: the HTTP client of the URL formats, the Discord bot's poster for
/// `discord-bot`, and the hub (for a post's picture).
#[derive(Clone)]
pub(crate) struct Senders {
    /// The client of every URL.
    pub client: reqwest::Client,
    /// The `discord-bot` format's.
    pub bot: BotDelivery,
    /// The hub.
    pub hub: HubHandle,
}

/// Posts `claimed` to its webhook once.
async fn try_once(senders: &Senders, options: &WebhookOptions, claimed: &Claimed) -> Tried {
    if claimed.hook.format == HookFormat::DiscordBot {
        // Within the claim's lease (its messages and their rate limits' waits together), so
        // that no other claim sends it meanwhile; a try cut short is sent again, and the
        // messages it posted are not posted twice (their nonces).
        let within = options.timeout * 2;
        let posted = super::bot::try_once(&senders.bot, &senders.hub, claimed);
        return match tokio::time::timeout(within, posted).await {
            Ok(tried) => tried,
            Err(_) => Tried::Again(
                None,
                format!("Discord took over {} s", within.as_secs_f32()),
            ),
        };
    }
    let client = &senders.client;
    let body = match payload::body(claimed.hook.format, &claimed.notice) {
        Ok(body) => body,
        Err(message) => return Tried::Never(None, message),
    };
    let url = match guard::check_url(&claimed.hook.url, options.allow_private) {
        Ok(url) => url,
        Err(refused) => return Tried::Never(None, format!("refused: {refused}")),
    };
    let event = serde_json::from_str::<serde_json::Value>(&claimed.notice)
        .ok()
        .and_then(|v| v["event"].as_str().map(str::to_owned))
        .unwrap_or_default();
    let request = client
        .post(url)
        .header(CONTENT_TYPE, "application/json")
        .header("X-Pbp-Delivery", claimed.key())
        .header("X-Pbp-Event", event)
        .header(
            "X-Pbp-Signature",
            payload::signature(&claimed.hook.secret, body.as_bytes()),
        )
        .body(body);
    match request.send().await {
        Ok(mut response) => {
            let status = response.status();
            // The answer is read up to the cap (so the connection can be reused), never kept.
            let mut read = 0;
            while read < MAX_RESPONSE_BODY {
                match response.chunk().await {
                    Ok(Some(chunk)) => read += chunk.len(),
                    Ok(None) | Err(_) => break,
                }
            }
            let code = status.as_u16();
            let words = format!(
                "HTTP {code}{}",
                status
                    .canonical_reason()
                    .map(|r| format!(" {r}"))
                    .unwrap_or_default()
            );
            if status.is_success() {
                Tried::Delivered(code, words)
            } else if status.is_redirection() {
                Tried::Again(
                    Some(code),
                    format!("{words}: a redirect, not followed (give the webhook its final URL)"),
                )
            } else if status.is_server_error() || code == 408 || code == 429 {
                Tried::Again(Some(code), words)
            } else {
                Tried::Never(Some(code), words)
            }
        }
        Err(error) => failure(&error, options),
    }
}

/// A request that got no answer, in words (never with its URL, which may hold the
/// receiver's own token).
fn failure(error: &reqwest::Error, options: &WebhookOptions) -> Tried {
    if let Some(refused) = guard::refusal_in(error) {
        return Tried::Never(None, format!("refused: {refused}"));
    }
    if error.is_timeout() {
        return Tried::Again(
            None,
            format!("no answer within {} s", options.timeout.as_secs_f32()),
        );
    }
    let mut cause = String::new();
    let mut source = std::error::Error::source(error);
    while let Some(inner) = source {
        cause = inner.to_string();
        source = inner.source();
    }
    if error.is_connect() {
        return Tried::Again(None, format!("the connection failed: {cause}"));
    }
    Tried::Again(None, format!("the request failed: {cause}"))
}

/// Sends `claimed` once and decides what follows, at `now` (milliseconds).
pub(crate) async fn deliver(
    senders: &Senders,
    options: &WebhookOptions,
    claimed: &Claimed,
) -> Attempt {
    let tried = try_once(senders, options, claimed).await;
    let at = now_ms();
    match tried {
        Tried::Delivered(status, outcome) => Attempt {
            status: Some(status),
            outcome,
            next: NextStep::Delivered,
            at,
        },
        Tried::Never(status, outcome) => Attempt {
            status,
            outcome,
            next: NextStep::Failed,
            at,
        },
        Tried::Again(status, outcome) => {
            let wait =
                u64::try_from(backoff(options, claimed.attempts).as_millis()).unwrap_or(u64::MAX);
            let next = at.saturating_add(wait);
            let until = claimed
                .created_at
                .saturating_add(u64::try_from(options.retry_for.as_millis()).unwrap_or(u64::MAX));
            if next > until {
                Attempt {
                    status,
                    outcome: format!(
                        "{outcome}; given up after {} tries",
                        claimed.attempts.saturating_add(1)
                    ),
                    next: NextStep::Failed,
                    at,
                }
            } else {
                Attempt {
                    status,
                    outcome,
                    next: NextStep::Retry(next),
                    at,
                }
            }
        }
    }
}

/// Starts the delivery task (and the deadline reminders' check, once a second) beside the
/// server, with `bot` for the `discord-bot` format. It stops when the hub stops.
pub(crate) fn spawn(
    hub: HubHandle,
    options: WebhookOptions,
    bot: BotDelivery,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(run(hub, options, bot))
}

async fn run(hub: HubHandle, options: WebhookOptions, bot: BotDelivery) {
    let client = match client(&options) {
        Ok(client) => client,
        Err(message) => {
            eprintln!("pbp serve: {message}; webhooks are not delivered");
            return;
        }
    };
    let senders = Senders {
        client,
        bot,
        hub: hub.clone(),
    };
    let Ok(wake) = hub.call(move |hub| Ok(hub.outbox_written())).await else {
        return;
    };
    let owner =
        crate::token::random_hex(8).unwrap_or_else(|_| format!("pid-{}", std::process::id()));
    let lease = u64::try_from(lease(&options).as_millis()).unwrap_or(u64::MAX);
    let slots = Arc::new(Semaphore::new(IN_FLIGHT));
    let mut reminded_at = 0;
    loop {
        tokio::select! {
            () = tokio::time::sleep(POLL) => {}
            () = wake.notified() => {}
        }
        let now = crate::hub::turns::now();
        if now != reminded_at {
            reminded_at = now;
            if hub
                .call(move |hub| Ok(super::manage::remind_due(hub, now)))
                .await
                .is_err()
            {
                return;
            }
        }
        let free = u32::try_from(slots.available_permits()).unwrap_or(0);
        if free == 0 {
            continue;
        }
        let claim_owner = owner.clone();
        let claimed = hub
            .call(move |hub| {
                hub.store()
                    .claim_deliveries(&claim_owner, now_ms(), lease, free)
                    .map_err(crate::error::ApiError::from)
            })
            .await;
        let claimed = match claimed {
            Ok(claimed) => claimed,
            Err(crate::error::ApiError::Internal(_)) => return,
            Err(_) => continue,
        };
        for claim in claimed {
            let Ok(slot) = Arc::clone(&slots).acquire_owned().await else {
                return;
            };
            let (hub, senders, options, wake) = (
                hub.clone(),
                senders.clone(),
                options.clone(),
                Arc::clone(&wake),
            );
            tokio::spawn(async move {
                let attempt = deliver(&senders, &options, &claim).await;
                let id = claim.id;
                let _ = hub
                    .call(move |hub| {
                        hub.store()
                            .record_attempt(id, &attempt)
                            .map_err(crate::error::ApiError::from)
                    })
                    .await;
                drop(slot);
                // The webhook's next notice may go now.
                wake.notify_one();
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backoff_doubles_up_to_its_cap() {
        let options = WebhookOptions {
            first_backoff: Duration::from_secs(2),
            ..WebhookOptions::default()
        };
        let waits: Vec<u64> = (0..5).map(|n| backoff(&options, n).as_secs()).collect();
        assert_eq!(waits, [2, 4, 8, 16, 32]);
        assert_eq!(backoff(&options, 40), WebhookOptions::MAX_BACKOFF);
    }
}
