//! The webhooks' calls to the hub: the game master adds, lists and removes a table's
//! webhooks; the reminders due are written. (An act that ends a turn gets its notices from
//! `notice`, which this venue registers with the hub.)

use serde::Serialize;
use utoipa::ToSchema;

use super::guard::{Refused, check_url};
use super::request::WebhookRequest;
use super::{StoredHook, notice, now_ms};
use crate::error::ApiError;
use crate::hub::{Hub, Live, Role};
use crate::token::random_hex;

/// The most webhooks one table may have.
pub const MAX_HOOKS: usize = 8;
/// How many of a webhook's latest notices its listing shows.
pub const LISTED_DELIVERIES: u32 = 20;

/// The game master's role, or the refusal: 401 without a token, 403 for a seat.
fn game_master(live: &Live, token: Option<&str>) -> Result<(), ApiError> {
    match live.role(token)? {
        Role::GameMaster => Ok(()),
        Role::Public => Err(ApiError::Unauthorized(
            "a table's webhooks are the game master's: send the game master's token".into(),
        )),
        Role::Seat(_) => Err(ApiError::Forbidden(
            "a table's webhooks are the game master's alone".into(),
        )),
    }
}

fn refused(refused: Refused) -> ApiError {
    ApiError::Refused {
        kind: "bad_webhook",
        message: refused.0,
    }
}

/// A webhook as the game master sees it (fields in alphabetical order, the order the JSON
/// always had): never its secret but once, in the answer that added it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Hook {
    /// When it was added (milliseconds since the Unix epoch).
    pub created_at_ms: u64,
    /// Its latest notices with their outcome (in the listing only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub deliveries: Option<Vec<Delivery>>,
    /// `json`, `discord` or `slack`; `discord-bot` for the table's Discord thread, which the
    /// Discord venue binds (never made over the API).
    pub format: &'static str,
    /// Its id, part of its path.
    pub id: String,
    /// Seconds before a deadline that it is reminded (0: never).
    pub remind_before: u64,
    /// The secret the server made for it, shown once (absent when the game master gave one).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub secret: Option<String>,
    /// Where notices are posted (`discord-channel:` and the thread's id for `discord-bot`).
    pub url: String,
}

/// One notice of a webhook and its outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Delivery {
    /// How many times it was tried.
    pub attempts: u32,
    /// When it was written (milliseconds since the Unix epoch).
    pub created_at_ms: u64,
    /// When it was delivered or given up (milliseconds), `null` while pending.
    #[schema(required = true)]
    pub done_at_ms: Option<u64>,
    /// The notice's kind (`turn_opened`, `turn_closed`, `reminder`, `game_over`).
    pub event: String,
    /// Its delivery key (the `X-Pbp-Delivery` header).
    pub key: String,
    /// When it is tried next (milliseconds since the Unix epoch).
    pub next_at_ms: u64,
    /// The last try's outcome in words, if tried.
    #[schema(required = true)]
    pub outcome: Option<String>,
    /// `pending`, `delivered` or `failed`.
    pub state: &'static str,
    /// The last try's HTTP status, if one came.
    #[schema(required = true)]
    pub status: Option<u16>,
    /// The table's step when it was written.
    pub step: u64,
}

/// `GET /api/tables/{id}/webhooks`: the table's webhooks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct HookList {
    /// Each webhook with its latest notices.
    pub webhooks: Vec<Hook>,
}

/// `DELETE /api/tables/{id}/webhooks/{hook}`: the webhook removed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Removed {
    /// The removed webhook's id.
    pub removed: String,
}

fn hook_json(hook: &StoredHook) -> Hook {
    Hook {
        created_at_ms: hook.created_at,
        deliveries: None,
        format: hook.format.name(),
        id: hook.id.clone(),
        remind_before: hook.remind_before,
        secret: None,
        url: hook.url.clone(),
    }
}

/// Checks that `token` is table `id`'s game master's (before a URL is resolved, so that nobody
/// else learns how it resolves).
///
/// # Errors
/// 404, 401, 403.
pub(crate) fn game_master_of(hub: &mut Hub, id: &str, token: Option<&str>) -> Result<(), ApiError> {
    game_master(hub.live(id)?, token)
}

/// Adds a webhook to table `id` (game master only); answers it, with its secret when the
/// server made it (the only time the secret is shown). The URL's host was resolved and
/// checked by the caller; here its form and a written address are checked again.
///
/// # Errors
/// 404, 401, 403, 422 (`bad_webhook`: a URL the guard refuses, or the table has
/// [`MAX_HOOKS`] already), 503.
pub(crate) fn add(
    hub: &mut Hub,
    id: &str,
    token: Option<&str>,
    request: WebhookRequest,
    allow_private: bool,
) -> Result<Hook, ApiError> {
    let live = hub.live(id)?;
    game_master(live, token)?;
    let url = check_url(&request.url, allow_private).map_err(refused)?;
    if hub.store.hooks(id)?.len() >= MAX_HOOKS {
        return Err(ApiError::Refused {
            kind: "bad_webhook",
            message: format!("a table has at most {MAX_HOOKS} webhooks: remove one first"),
        });
    }
    let random = |e: crate::token::NoRandomness| ApiError::Internal(e.to_string());
    let (secret, made) = match request.secret {
        Some(secret) => (secret, false),
        None => (random_hex(32).map_err(random)?, true),
    };
    let hook = StoredHook {
        id: random_hex(8).map_err(random)?,
        table: id.to_owned(),
        url: url.to_string(),
        format: request.format,
        secret,
        remind_before: request.remind_before,
        created_at: now_ms(),
    };
    hub.store.add_hook(&hook)?;
    let mut answer = hook_json(&hook);
    if made {
        answer.secret = Some(hook.secret);
    }
    Ok(answer)
}

/// Table `id`'s webhooks with their latest notices and each one's outcome (game master
/// only; never a secret).
///
/// # Errors
/// 404, 401, 403, 503.
pub(crate) fn list(hub: &mut Hub, id: &str, token: Option<&str>) -> Result<HookList, ApiError> {
    let live = hub.live(id)?;
    game_master(live, token)?;
    let mut listed = Vec::new();
    for hook in hub.store.hooks(id)? {
        let deliveries: Vec<Delivery> = hub
            .store
            .deliveries(&hook.id, LISTED_DELIVERIES)?
            .iter()
            .map(|entry| Delivery {
                attempts: entry.attempts,
                created_at_ms: entry.created_at,
                done_at_ms: entry.done_at,
                event: entry.kind.clone(),
                key: entry.key(),
                next_at_ms: entry.next_at,
                outcome: entry.outcome.clone(),
                state: entry.state.name(),
                status: entry.status,
                step: entry.step,
            })
            .collect();
        let mut value = hook_json(&hook);
        value.deliveries = Some(deliveries);
        listed.push(value);
    }
    Ok(HookList { webhooks: listed })
}

/// Removes webhook `hook` of table `id` with its pending notices (game master only).
///
/// # Errors
/// 404 (no such table or webhook), 401, 403, 503.
pub(crate) fn remove(
    hub: &mut Hub,
    id: &str,
    token: Option<&str>,
    hook: &str,
) -> Result<Removed, ApiError> {
    let live = hub.live(id)?;
    game_master(live, token)?;
    if !hub.store.remove_hook(id, hook)? {
        return Err(ApiError::NoWebhook(hook.chars().take(64).collect()));
    }
    Ok(Removed {
        removed: hook.to_owned(),
    })
}

/// Writes the reminders due at `now` (Unix seconds) to the outbox; answers how many.
pub(crate) fn remind_due(hub: &mut Hub, now: u64) -> usize {
    let Ok(due) = hub.store.due_reminders(now) else {
        return 0;
    };
    let mut written = 0;
    for reminder in due {
        let Ok(live) = hub.live(&reminder.table) else {
            continue;
        };
        if live.turn.deadline != Some(reminder.deadline) {
            continue;
        }
        let step = live.game.steps();
        let Some(notice) = notice::reminder(&reminder.table, live, reminder.deadline, now) else {
            continue;
        };
        if matches!(
            hub.store
                .add_reminder(&reminder.hook, reminder.deadline, step, &notice, now_ms()),
            Ok(true)
        ) {
            written += 1;
        }
    }
    if written > 0 {
        hub.outbox_written.notify_one();
    }
    written
}
