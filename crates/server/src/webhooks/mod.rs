//! Webhooks: notices of a table sent outside the page, to Discord, Slack or any receiver of
//! pbp's own signed JSON (see docs/SERVER.md).
//!
//! A notice is written to the outbox in the same transaction as the act that caused it (a
//! turn opened or closed, the game ended: `notice`), or by the reminder check before a
//! deadline, one row per webhook of the table. A background task (`deliver`) claims the
//! oldest pending row of each webhook under a lease, sends it, and records the outcome; a
//! failure (5xx, 408, 429, a timeout, a refused connection) is tried again with exponential
//! backoff until [`WebhookOptions::retry_for`] has passed. Delivery is at least once: a row
//! stays pending until its outcome is stored, and every request carries the row's key in
//! `X-Pbp-Delivery` for the receiver to de-duplicate on. URLs that reach private addresses are
//! refused (`guard`, which asks [`is_refused_address`] of every address a delivery may connect
//! to) unless the server runs with `--allow-private-webhooks`.
//!
//! The game master manages a table's webhooks over the API (`routes`, `manage`); payloads
//! are built in `payload`, and the store's side is the [`WebhookStore`] trait.

mod address;
pub(crate) mod deliver;
pub(crate) mod guard;
pub(crate) mod manage;
pub(crate) mod notice;
pub(crate) mod payload;
pub mod request;
pub(crate) mod routes;
mod store;

use std::sync::Arc;
use std::time::Duration;

pub use address::is_refused_address;
pub use store::{
    Attempt, Claimed, DeliveryState, DueReminder, KEPT_DONE, NextStep, OutboxEntry, StoredHook,
    WebhookStore,
};

/// How webhooks are delivered (`pbp serve --allow-private-webhooks`, and the tests' shorter
/// times).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebhookOptions {
    /// Whether webhook URLs may reach loopback, link-local, private or unspecified addresses
    /// (off by default: a game master must not make the server call its own network).
    pub allow_private: bool,
    /// How long one delivery may take, connection and answer included.
    pub timeout: Duration,
    /// How long a notice is tried again after it was written before it is given up.
    pub retry_for: Duration,
    /// The wait before the first retry; it doubles with every failure (up to
    /// [`WebhookOptions::MAX_BACKOFF`]).
    pub first_backoff: Duration,
    /// The server's public URL (`pbp serve --public-url`, without its final `/`): a turn's
    /// summary then carries the table's public picture (`picture` in the JSON, a Discord
    /// embed's image, a Slack image block, an `[img]` line in its post), and so does every
    /// BBCode view. `None`: no picture.
    pub public_url: Option<String>,
}

impl WebhookOptions {
    /// The longest wait between two tries of one notice.
    pub const MAX_BACKOFF: Duration = Duration::from_secs(15 * 60);
}

impl Default for WebhookOptions {
    fn default() -> Self {
        WebhookOptions {
            allow_private: false,
            timeout: Duration::from_secs(10),
            retry_for: Duration::from_secs(24 * 60 * 60),
            first_backoff: Duration::from_secs(2),
            public_url: None,
        }
    }
}

/// The payload format a webhook receives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookFormat {
    /// Discord's `{"content": TEXT}` (Markdown).
    Discord,
    /// Slack's `{"text": TEXT}` (mrkdwn).
    Slack,
    /// pbp's own event JSON, documented in docs/SERVER.md.
    Json,
}

impl HookFormat {
    /// The format's name in the API and the store.
    pub fn name(self) -> &'static str {
        match self {
            HookFormat::Discord => "discord",
            HookFormat::Slack => "slack",
            HookFormat::Json => "json",
        }
    }

    /// The format named `name`, if any.
    pub fn from_name(name: &str) -> Option<HookFormat> {
        match name {
            "discord" => Some(HookFormat::Discord),
            "slack" => Some(HookFormat::Slack),
            "json" => Some(HookFormat::Json),
            _ => None,
        }
    }
}

/// What a notice tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// A turn opened: who must act.
    TurnOpened,
    /// A turn closed: the public summary of its steps.
    TurnClosed,
    /// The deadline is near: who has not sent orders yet.
    Reminder,
    /// The game ended: who won.
    GameOver,
}

impl NoticeKind {
    /// The kind's name (the JSON payload's `event`).
    pub fn name(self) -> &'static str {
        match self {
            NoticeKind::TurnOpened => "turn_opened",
            NoticeKind::TurnClosed => "turn_closed",
            NoticeKind::Reminder => "reminder",
            NoticeKind::GameOver => "game_over",
        }
    }
}

/// One notice of a table, before it is sent: its kind and its JSON (the `json` format's body;
/// the chat formats are made from its texts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// What it tells.
    pub kind: NoticeKind,
    /// The notice as JSON text: only what the public may see.
    pub json: String,
}

/// What the hub keeps for the webhooks: the signal that wakes the delivery task when a notice
/// was written, and the options.
#[derive(Clone, Debug, Default)]
pub(crate) struct HubHooks {
    pub(crate) wake: Arc<tokio::sync::Notify>,
    /// The server's options (set when the delivery task starts).
    pub(crate) options: WebhookOptions,
}

/// Milliseconds since the Unix epoch.
pub(crate) fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or_default()
}
