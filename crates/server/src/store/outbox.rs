//! The webhooks' store, beside the tables' in the same database: the table's webhooks and the
//! outbox of their notices. Written once for both backends (`outbox/flow.rs`, over the
//! per-database trait of `store/db.rs`); an act's notices go into the outbox inside the act's
//! own transaction ([`crate::NewAct::notices`]).

use super::StoreError;

pub(crate) mod flow;

/// The payload format a webhook receives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookFormat {
    /// Discord's `{"content": TEXT}` (Markdown).
    Discord,
    /// Slack's `{"text": TEXT}` (mrkdwn).
    Slack,
    /// pbp's own event JSON, documented in docs/SERVER.md.
    Json,
    /// Messages the Discord bot posts in a channel or thread with its token (docs/DISCORD.md):
    /// the hook's URL is `discord-channel:` and the channel's id. Made by the Discord venue
    /// alone, never over the webhook API.
    DiscordBot,
}

impl HookFormat {
    /// The format's name in the API and the store.
    pub fn name(self) -> &'static str {
        match self {
            HookFormat::Discord => "discord",
            HookFormat::Slack => "slack",
            HookFormat::Json => "json",
            HookFormat::DiscordBot => "discord-bot",
        }
    }

    /// The format named `name`, if any.
    pub fn from_name(name: &str) -> Option<HookFormat> {
        match name {
            "discord" => Some(HookFormat::Discord),
            "slack" => Some(HookFormat::Slack),
            "json" => Some(HookFormat::Json),
            "discord-bot" => Some(HookFormat::DiscordBot),
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

/// Now, in milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or_default()
}

/// A webhook as stored: the game master's alone (its URL may carry the receiver's own token).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredHook {
    /// Its id, part of its API path and of every delivery key.
    pub id: String,
    /// The table it belongs to.
    pub table: String,
    /// Where notices are posted: a URL, or for [`HookFormat::DiscordBot`] `discord-channel:`
    /// and the channel's id.
    pub url: String,
    /// The payload format.
    pub format: HookFormat,
    /// The secret the body is signed with (`X-Pbp-Signature`).
    pub secret: String,
    /// Seconds before a deadline the reminder is sent (0: no reminder).
    pub remind_before: u64,
    /// When it was added, in milliseconds since the Unix epoch.
    pub created_at: u64,
}

/// Where a notice stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeliveryState {
    /// Not delivered yet: waiting for its first try or a retry.
    Pending,
    /// The receiver answered 2xx.
    Delivered,
    /// Given up: refused by the receiver (a 4xx), not allowed (a private address), or still
    /// failing when its time to retry ran out.
    Failed,
}

impl DeliveryState {
    /// The state's name in the API and the store.
    pub fn name(self) -> &'static str {
        match self {
            DeliveryState::Pending => "pending",
            DeliveryState::Delivered => "delivered",
            DeliveryState::Failed => "failed",
        }
    }

    /// The state named `name` (an unknown one reads as pending, to be tried).
    pub fn from_name(name: &str) -> DeliveryState {
        match name {
            "delivered" => DeliveryState::Delivered,
            "failed" => DeliveryState::Failed,
            _ => DeliveryState::Pending,
        }
    }
}

/// One notice for one webhook, as the outbox keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxEntry {
    /// The row's id (the second part of its delivery key).
    pub id: i64,
    /// The webhook.
    pub hook: String,
    /// The table's step when it was written.
    pub step: u64,
    /// What it tells (`turn_opened`, ...).
    pub kind: String,
    /// Where it stands.
    pub state: DeliveryState,
    /// How many times it was sent.
    pub attempts: u32,
    /// The HTTP status of the last answer, if one came.
    pub status: Option<u16>,
    /// The last try's outcome in words.
    pub outcome: Option<String>,
    /// When it was written (milliseconds since the Unix epoch).
    pub created_at: u64,
    /// When it is tried next, while pending.
    pub next_at: u64,
    /// When it was delivered or given up.
    pub done_at: Option<u64>,
}

impl OutboxEntry {
    /// The idempotency key its every try carries in `X-Pbp-Delivery`.
    pub fn key(&self) -> String {
        delivery_key(&self.hook, self.id)
    }
}

/// How many finished (delivered or failed) notices the outbox keeps per webhook: the newest;
/// older ones are deleted when a notice finishes, so the outbox does not grow with the game.
pub const KEPT_DONE: u32 = 50;

/// The idempotency key of outbox row `id` of webhook `hook`.
pub(crate) fn delivery_key(hook: &str, id: i64) -> String {
    format!("{hook}-{id}")
}

/// A notice claimed for sending, with its webhook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claimed {
    /// The outbox row.
    pub id: i64,
    /// The webhook.
    pub hook: StoredHook,
    /// The notice's JSON.
    pub notice: String,
    /// How many times it was sent before.
    pub attempts: u32,
    /// When it was written (milliseconds since the Unix epoch).
    pub created_at: u64,
}

impl Claimed {
    /// The idempotency key of this delivery.
    pub fn key(&self) -> String {
        delivery_key(&self.hook.id, self.id)
    }
}

/// What follows a try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextStep {
    /// Delivered: done.
    Delivered,
    /// Failed for now: try again at this time (milliseconds since the Unix epoch).
    Retry(u64),
    /// Given up.
    Failed,
}

/// The outcome of one try, to record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// The HTTP status, if the receiver answered.
    pub status: Option<u16>,
    /// The outcome in words ("200 OK", "timed out", "HTTP 503", ...).
    pub outcome: String,
    /// What follows.
    pub next: NextStep,
    /// When it ended (milliseconds since the Unix epoch).
    pub at: u64,
}

/// A reminder that is due: a webhook, its table, and the deadline it is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DueReminder {
    /// The webhook.
    pub hook: String,
    /// Its table.
    pub table: String,
    /// The deadline (Unix seconds).
    pub deadline: u64,
}

/// The webhooks and their outbox, in the store. Every method is one transaction.
pub trait WebhookStore {
    /// Adds a webhook to its table.
    ///
    /// # Errors
    /// [`StoreError::NoTable`], or the backend's failure.
    fn add_hook(&mut self, hook: &StoredHook) -> Result<(), StoreError>;

    /// The webhooks of table `table`, oldest first.
    ///
    /// # Errors
    /// The backend's failure, or [`StoreError::Damaged`] for a format this build does not know.
    fn hooks(&mut self, table: &str) -> Result<Vec<StoredHook>, StoreError>;

    /// Whether table `table` has a webhook (one small read before notices are made).
    ///
    /// # Errors
    /// The backend's failure.
    fn has_hooks(&mut self, table: &str) -> Result<bool, StoreError>;

    /// Removes webhook `hook` of table `table` with its outbox; answers whether it existed.
    ///
    /// # Errors
    /// The backend's failure.
    fn remove_hook(&mut self, table: &str, hook: &str) -> Result<bool, StoreError>;

    /// The newest `limit` notices of webhook `hook`, newest first.
    ///
    /// # Errors
    /// The backend's failure.
    fn deliveries(&mut self, hook: &str, limit: u32) -> Result<Vec<OutboxEntry>, StoreError>;

    /// The reminders due at `now` (Unix seconds): webhooks whose table's deadline is less than
    /// their `remind_before` away and not yet passed, and not reminded of that deadline.
    ///
    /// # Errors
    /// The backend's failure.
    fn due_reminders(&mut self, now: u64) -> Result<Vec<DueReminder>, StoreError>;

    /// Writes `notice` to the outbox of webhook `hook` as its reminder of `deadline`, unless it
    /// was reminded of that deadline already (another instance was first); answers whether it
    /// was written.
    ///
    /// # Errors
    /// The backend's failure.
    fn add_reminder(
        &mut self,
        hook: &str,
        deadline: u64,
        step: u64,
        notice: &Notice,
        now_ms: u64,
    ) -> Result<bool, StoreError>;

    /// Claims for `owner`, until `now_ms + lease_ms`, the oldest pending notice of each webhook
    /// that is due and not claimed by another (at most `limit`), so that each webhook's notices
    /// go out one at a time, in order.
    ///
    /// # Errors
    /// The backend's failure, or [`StoreError::Damaged`].
    fn claim_deliveries(
        &mut self,
        owner: &str,
        now_ms: u64,
        lease_ms: u64,
        limit: u32,
    ) -> Result<Vec<Claimed>, StoreError>;

    /// Records the outcome of a try of outbox row `id` and gives its lease back; a notice that
    /// finished makes room by deleting its webhook's finished notices beyond the newest
    /// [`KEPT_DONE`].
    ///
    /// # Errors
    /// The backend's failure.
    fn record_attempt(&mut self, id: i64, attempt: &Attempt) -> Result<(), StoreError>;
}
