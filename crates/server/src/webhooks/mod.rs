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
//! The `discord-bot` format (`bot`) posts a table's public turn in its Discord thread with the
//! bot's token, through the Discord venue's client: the venue binds the table to its thread
//! ([`bind_discord_thread`]), never the API; its messages are cut under Discord's 2,000
//! characters by `split`, and mention the players [`SeatMentions`] binds to the seats.
//!
//! The game master manages a table's webhooks over the API (`manage`, whose routes are the
//! HTTP layer's `api/webhooks.rs`); payloads are built in `payload`. The store's side is the
//! outbox, a store of its own ([`WebhookStore`], `store/outbox.rs`), written by the hub in an
//! act's own transaction with the notices this venue registered (`notice.rs`, via
//! `HubHandle::set_turn_notices`). This venue adds nothing to the hub: it calls it.

mod address;
pub(crate) mod bot;
pub(crate) mod deliver;
pub(crate) mod guard;
pub(crate) mod manage;
pub(crate) mod notice;
pub(crate) mod payload;
pub mod split;

use std::time::Duration;

pub use crate::request::webhook as request;
pub(crate) use crate::store::outbox::now_ms;
pub use crate::store::outbox::{
    Attempt, Claimed, DeliveryState, DueReminder, HookFormat, KEPT_DONE, NextStep, Notice,
    NoticeKind, OutboxEntry, StoredHook, WebhookStore,
};
pub use address::is_refused_address;
pub use bot::{
    CHANNEL_PREFIX, NoMentions, PICTURE_NAME, SeatMentions, bind_discord_thread, channel_of,
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
