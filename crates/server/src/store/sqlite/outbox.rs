//! The webhooks and their outbox in SQLite (schema version 4 of [`super::MIGRATIONS`]).

use rusqlite::{Connection, OptionalExtension, params};

use super::{SqliteStore, backend, group, to_i64};
use crate::store::StoreError;
use crate::store::outbox::{
    Attempt, Claimed, DeliveryState, DueReminder, HookFormat, KEPT_DONE, NextStep, Notice,
    OutboxEntry, StoredHook, WebhookStore,
};

/// Writes `notices` to the outbox of every webhook of `table`, inside the act's transaction.
pub(super) fn insert_notices(
    transaction: &Connection,
    table: &str,
    step: i64,
    notices: &[Notice],
    now_ms: u64,
) -> Result<(), StoreError> {
    if notices.is_empty() {
        return Ok(());
    }
    let mut statement = transaction
        .prepare_cached(
            "INSERT INTO outbox (webhook_id, table_id, step, kind, notice, created_at, next_at)
             SELECT id, table_id, ?1, ?2, ?3, ?4, ?4 FROM webhooks WHERE table_id = ?5
             ORDER BY created_at, id",
        )
        .map_err(backend)?;
    for notice in notices {
        statement
            .execute(params![
                step,
                notice.kind.name(),
                notice.json,
                to_i64(now_ms),
                table
            ])
            .map_err(backend)?;
    }
    Ok(())
}

fn to_u64(value: i64) -> u64 {
    u64::try_from(value).unwrap_or_default()
}

fn hook_format(table: &str, name: &str) -> Result<HookFormat, StoreError> {
    HookFormat::from_name(name).ok_or_else(|| StoreError::Damaged {
        table: table.to_owned(),
        message: format!("a webhook has the unknown format '{name}'"),
    })
}

type HookRow = (String, String, String, String, String, i64, i64);

fn hook_from(row: HookRow) -> Result<StoredHook, StoreError> {
    let (id, table, url, format, secret, remind_before, created_at) = row;
    Ok(StoredHook {
        format: hook_format(&table, &format)?,
        id,
        table,
        url,
        secret,
        remind_before: to_u64(remind_before),
        created_at: to_u64(created_at),
    })
}

impl WebhookStore for SqliteStore {
    fn add_hook(&mut self, hook: &StoredHook) -> Result<(), StoreError> {
        let transaction = group::Unit::write(&mut self.connection).map_err(backend)?;
        let exists: Option<i64> = transaction
            .query_row("SELECT 1 FROM tables WHERE id = ?1", [&hook.table], |row| {
                row.get(0)
            })
            .optional()
            .map_err(backend)?;
        if exists.is_none() {
            return Err(StoreError::NoTable(hook.table.clone()));
        }
        transaction
            .execute(
                "INSERT INTO webhooks (id, table_id, url, format, secret, remind_before, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    hook.id,
                    hook.table,
                    hook.url,
                    hook.format.name(),
                    hook.secret,
                    to_i64(hook.remind_before),
                    to_i64(hook.created_at)
                ],
            )
            .map_err(backend)?;
        transaction.commit().map_err(backend)
    }

    fn hooks(&mut self, table: &str) -> Result<Vec<StoredHook>, StoreError> {
        let mut statement = self
            .connection
            .prepare_cached(
                "SELECT id, table_id, url, format, secret, remind_before, created_at
                 FROM webhooks WHERE table_id = ?1 ORDER BY created_at, id",
            )
            .map_err(backend)?;
        let rows = statement
            .query_map([table], |row| {
                Ok((
                    row.get(0)?,
                    row.get(1)?,
                    row.get(2)?,
                    row.get(3)?,
                    row.get(4)?,
                    row.get(5)?,
                    row.get(6)?,
                ))
            })
            .map_err(backend)?;
        rows.map(|row| hook_from(row.map_err(backend)?)).collect()
    }

    fn has_hooks(&mut self, table: &str) -> Result<bool, StoreError> {
        let found: Option<i64> = self
            .connection
            .prepare_cached("SELECT 1 FROM webhooks WHERE table_id = ?1 LIMIT 1")
            .map_err(backend)?
            .query_row([table], |row| row.get(0))
            .optional()
            .map_err(backend)?;
        Ok(found.is_some())
    }

    fn remove_hook(&mut self, table: &str, hook: &str) -> Result<bool, StoreError> {
        let transaction = group::Unit::write(&mut self.connection).map_err(backend)?;
        let found: Option<i64> = transaction
            .query_row(
                "SELECT 1 FROM webhooks WHERE id = ?1 AND table_id = ?2",
                params![hook, table],
                |row| row.get(0),
            )
            .optional()
            .map_err(backend)?;
        if found.is_none() {
            return Ok(false);
        }
        transaction
            .execute("DELETE FROM outbox WHERE webhook_id = ?1", [hook])
            .map_err(backend)?;
        transaction
            .execute("DELETE FROM webhooks WHERE id = ?1", [hook])
            .map_err(backend)?;
        transaction.commit().map_err(backend)?;
        Ok(true)
    }

    fn deliveries(&mut self, hook: &str, limit: u32) -> Result<Vec<OutboxEntry>, StoreError> {
        let mut statement = self
            .connection
            .prepare_cached(
                "SELECT id, webhook_id, step, kind, state, attempts, status, outcome, created_at,
                     next_at, done_at
                 FROM outbox WHERE webhook_id = ?1 ORDER BY id DESC LIMIT ?2",
            )
            .map_err(backend)?;
        let rows = statement
            .query_map(params![hook, i64::from(limit)], |row| {
                Ok(OutboxEntry {
                    id: row.get(0)?,
                    hook: row.get(1)?,
                    step: to_u64(row.get(2)?),
                    kind: row.get(3)?,
                    state: DeliveryState::from_name(&row.get::<_, String>(4)?),
                    attempts: u32::try_from(row.get::<_, i64>(5)?).unwrap_or(u32::MAX),
                    status: row
                        .get::<_, Option<i64>>(6)?
                        .and_then(|s| u16::try_from(s).ok()),
                    outcome: row.get(7)?,
                    created_at: to_u64(row.get(8)?),
                    next_at: to_u64(row.get(9)?),
                    done_at: row.get::<_, Option<i64>>(10)?.map(to_u64),
                })
            })
            .map_err(backend)?;
        rows.map(|row| row.map_err(backend)).collect()
    }

    fn due_reminders(&mut self, now: u64) -> Result<Vec<DueReminder>, StoreError> {
        let mut statement = self
            .connection
            .prepare_cached(
                "SELECT w.id, t.id, t.deadline FROM webhooks w JOIN tables t ON t.id = w.table_id
                 WHERE w.remind_before > 0 AND t.deadline IS NOT NULL AND t.deadline > ?1
                     AND t.deadline - w.remind_before <= ?1
                     AND (w.reminded IS NULL OR w.reminded <> t.deadline)
                 ORDER BY t.id, w.id",
            )
            .map_err(backend)?;
        let rows = statement
            .query_map([to_i64(now)], |row| {
                Ok(DueReminder {
                    hook: row.get(0)?,
                    table: row.get(1)?,
                    deadline: to_u64(row.get(2)?),
                })
            })
            .map_err(backend)?;
        rows.map(|row| row.map_err(backend)).collect()
    }

    fn add_reminder(
        &mut self,
        hook: &str,
        deadline: u64,
        step: u64,
        notice: &Notice,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        let transaction = group::Unit::write(&mut self.connection).map_err(backend)?;
        let marked = transaction
            .execute(
                "UPDATE webhooks SET reminded = ?1
                 WHERE id = ?2 AND (reminded IS NULL OR reminded <> ?1)",
                params![to_i64(deadline), hook],
            )
            .map_err(backend)?;
        if marked == 0 {
            return Ok(false);
        }
        transaction
            .execute(
                "INSERT INTO outbox (webhook_id, table_id, step, kind, notice, created_at, next_at)
                 SELECT id, table_id, ?1, ?2, ?3, ?4, ?4 FROM webhooks WHERE id = ?5",
                params![
                    to_i64(step),
                    notice.kind.name(),
                    notice.json,
                    to_i64(now_ms),
                    hook
                ],
            )
            .map_err(backend)?;
        transaction.commit().map_err(backend)?;
        Ok(true)
    }

    fn claim_deliveries(
        &mut self,
        owner: &str,
        now_ms: u64,
        lease_ms: u64,
        limit: u32,
    ) -> Result<Vec<Claimed>, StoreError> {
        let now = to_i64(now_ms);
        let transaction = group::Unit::write(&mut self.connection).map_err(backend)?;
        let claimed = {
            let mut statement = transaction
                .prepare_cached(
                    "SELECT o.id, o.notice, o.attempts, o.created_at, w.id, w.table_id, w.url,
                         w.format, w.secret, w.remind_before, w.created_at
                     FROM outbox o JOIN webhooks w ON w.id = o.webhook_id
                     WHERE o.state = 'pending'
                         AND o.id = (SELECT MIN(p.id) FROM outbox p
                                     WHERE p.webhook_id = o.webhook_id AND p.state = 'pending')
                         AND o.next_at <= ?1
                         AND (o.lease_until IS NULL OR o.lease_until <= ?1)
                     ORDER BY o.id LIMIT ?2",
                )
                .map_err(backend)?;
            let rows = statement
                .query_map(params![now, i64::from(limit)], |row| {
                    Ok((
                        row.get::<_, i64>(0)?,
                        row.get::<_, String>(1)?,
                        row.get::<_, i64>(2)?,
                        row.get::<_, i64>(3)?,
                        (
                            row.get(4)?,
                            row.get(5)?,
                            row.get(6)?,
                            row.get(7)?,
                            row.get(8)?,
                            row.get(9)?,
                            row.get(10)?,
                        ),
                    ))
                })
                .map_err(backend)?;
            rows.map(|row| {
                let (id, notice, attempts, created_at, hook) = row.map_err(backend)?;
                Ok(Claimed {
                    id,
                    hook: hook_from(hook)?,
                    notice,
                    attempts: u32::try_from(attempts).unwrap_or(u32::MAX),
                    created_at: to_u64(created_at),
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?
        };
        {
            let mut lease = transaction
                .prepare_cached(
                    "UPDATE outbox SET lease_owner = ?1, lease_until = ?2 WHERE id = ?3",
                )
                .map_err(backend)?;
            for claim in &claimed {
                lease
                    .execute(params![
                        owner,
                        to_i64(now_ms.saturating_add(lease_ms)),
                        claim.id
                    ])
                    .map_err(backend)?;
            }
        }
        transaction.commit().map_err(backend)?;
        Ok(claimed)
    }

    fn record_attempt(&mut self, id: i64, attempt: &Attempt) -> Result<(), StoreError> {
        let (state, next_at, done_at) = match attempt.next {
            NextStep::Delivered => (DeliveryState::Delivered, attempt.at, Some(attempt.at)),
            NextStep::Retry(at) => (DeliveryState::Pending, at, None),
            NextStep::Failed => (DeliveryState::Failed, attempt.at, Some(attempt.at)),
        };
        self.connection
            .prepare_cached(
                "UPDATE outbox SET state = ?1, attempts = attempts + 1, status = ?2, outcome = ?3,
                     next_at = ?4, done_at = ?5, lease_owner = NULL, lease_until = NULL
                 WHERE id = ?6",
            )
            .map_err(backend)?
            .execute(params![
                state.name(),
                attempt.status.map(i64::from),
                attempt.outcome,
                to_i64(next_at),
                done_at.map(to_i64),
                id
            ])
            .map_err(backend)?;
        if done_at.is_some() {
            // The outbox keeps the newest KEPT_DONE finished notices of each webhook.
            self.connection
                .prepare_cached(
                    "DELETE FROM outbox
                     WHERE webhook_id = (SELECT webhook_id FROM outbox WHERE id = ?1)
                         AND state <> 'pending'
                         AND id < (SELECT MIN(id) FROM (
                             SELECT id FROM outbox
                             WHERE webhook_id = (SELECT webhook_id FROM outbox WHERE id = ?1)
                                 AND state <> 'pending'
                             ORDER BY id DESC LIMIT ?2))",
                )
                .map_err(backend)?
                .execute(params![id, i64::from(KEPT_DONE)])
                .map_err(backend)?;
        }
        Ok(())
    }
}
