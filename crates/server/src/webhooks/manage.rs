//! The hub's side of the webhooks: the game master adds, lists and removes a table's
//! webhooks; an act that ends a turn makes its notices; the reminders due are written.

use pbp_core::Actor;
use serde_json::{Value, json};

use super::guard::{Refused, check_url};
use super::request::WebhookRequest;
use super::{Notice, StoredHook, notice, now_ms};
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

fn hook_json(hook: &StoredHook) -> Value {
    json!({
        "id": hook.id,
        "url": hook.url,
        "format": hook.format.name(),
        "remind_before": hook.remind_before,
        "created_at_ms": hook.created_at,
    })
}

impl Hub {
    /// Adds a webhook to table `id` (game master only); answers it, with its secret when the
    /// server made it (the only time the secret is shown). The URL's host was resolved and
    /// checked by the caller; here its form and a written address are checked again.
    ///
    /// # Errors
    /// 404, 401, 403, 422 (`bad_webhook`: a URL the guard refuses, or the table has
    /// [`MAX_HOOKS`] already), 503.
    pub fn add_webhook(
        &mut self,
        id: &str,
        token: Option<&str>,
        request: WebhookRequest,
    ) -> Result<Value, ApiError> {
        let live = self.live(id)?;
        game_master(live, token)?;
        let url = check_url(&request.url, self.hooks.options.allow_private).map_err(refused)?;
        if self.store.hooks(id)?.len() >= MAX_HOOKS {
            return Err(ApiError::Refused {
                kind: "bad_webhook",
                message: format!("a table has at most {MAX_HOOKS} webhooks: remove one first"),
            });
        }
        let random = |e: crate::error::ServerError| ApiError::Internal(e.to_string());
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
        self.store.add_hook(&hook)?;
        let mut answer = hook_json(&hook);
        if made {
            answer["secret"] = json!(hook.secret);
        }
        Ok(answer)
    }

    /// Table `id`'s webhooks with their latest notices and each one's outcome (game master
    /// only; never a secret).
    ///
    /// # Errors
    /// 404, 401, 403, 503.
    pub fn webhooks(&mut self, id: &str, token: Option<&str>) -> Result<Value, ApiError> {
        let live = self.live(id)?;
        game_master(live, token)?;
        let mut listed = Vec::new();
        for hook in self.store.hooks(id)? {
            let deliveries: Vec<Value> = self
                .store
                .deliveries(&hook.id, LISTED_DELIVERIES)?
                .iter()
                .map(|entry| {
                    json!({
                        "key": entry.key(),
                        "event": entry.kind,
                        "step": entry.step,
                        "state": entry.state.name(),
                        "attempts": entry.attempts,
                        "status": entry.status,
                        "outcome": entry.outcome,
                        "created_at_ms": entry.created_at,
                        "next_at_ms": entry.next_at,
                        "done_at_ms": entry.done_at,
                    })
                })
                .collect();
            let mut value = hook_json(&hook);
            value["deliveries"] = Value::Array(deliveries);
            listed.push(value);
        }
        Ok(json!({ "webhooks": listed }))
    }

    /// Removes webhook `hook` of table `id` with its pending notices (game master only).
    ///
    /// # Errors
    /// 404 (no such table or webhook), 401, 403, 503.
    pub fn remove_webhook(
        &mut self,
        id: &str,
        token: Option<&str>,
        hook: &str,
    ) -> Result<Value, ApiError> {
        let live = self.live(id)?;
        game_master(live, token)?;
        if !self.store.remove_hook(id, hook)? {
            return Err(ApiError::NoWebhook(hook.chars().take(64).collect()));
        }
        Ok(json!({ "removed": hook }))
    }

    /// The notices of the act just applied to table `id` in memory (`before`: who could act
    /// before it), and the turn's first step kept in its turn state: none unless the act
    /// ended a turn and the table has a webhook.
    pub(crate) fn turn_notices(
        &mut self,
        id: &str,
        before: &[Actor],
    ) -> Result<Vec<Notice>, ApiError> {
        let live = self.cached(id)?;
        if !notice::ends_turn(live, before) {
            return Ok(Vec::new());
        }
        let began = live.turn.began;
        live.turn.began = live.game.steps();
        if !self.store.has_hooks(id)? {
            return Ok(Vec::new());
        }
        let public_url = self.hooks.options.public_url.clone();
        let live = self.cached(id)?;
        notice::turn_notices(id, live, began, public_url.as_deref()).map_err(ApiError::Internal)
    }

    /// Writes the reminders due at `now` (Unix seconds) to the outbox; answers how many.
    pub fn remind_due(&mut self, now: u64) -> usize {
        let Ok(due) = self.store.due_reminders(now) else {
            return 0;
        };
        let mut written = 0;
        for reminder in due {
            let Ok(live) = self.live(&reminder.table) else {
                continue;
            };
            if live.turn.deadline != Some(reminder.deadline) {
                continue;
            }
            let step = live.game.steps();
            let Some(notice) = notice::reminder(&reminder.table, live, reminder.deadline, now)
            else {
                continue;
            };
            if matches!(
                self.store
                    .add_reminder(&reminder.hook, reminder.deadline, step, &notice, now_ms()),
                Ok(true)
            ) {
                written += 1;
            }
        }
        if written > 0 {
            self.hooks.wake.notify_one();
        }
        written
    }
}
