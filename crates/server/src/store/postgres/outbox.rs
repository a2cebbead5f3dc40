//! The webhooks and their outbox in PostgreSQL (schema version 4 of
//! [`super::POSTGRES_MIGRATIONS`]). Several instances may deliver from one outbox: a claim
//! skips the rows another holds (`FOR UPDATE SKIP LOCKED`) and leases the rest.

use postgres::Transaction;

use super::{PostgresStore, backend, to_i64, to_u64};
use crate::store::StoreError;
use crate::store::outbox::{
    Attempt, Claimed, DeliveryState, DueReminder, HookFormat, KEPT_DONE, NextStep, Notice,
    OutboxEntry, StoredHook, WebhookStore,
};

/// Writes `notices` to the outbox of every webhook of `table`, inside the act's transaction.
pub(super) fn insert_notices(
    transaction: &mut Transaction<'_>,
    table: &str,
    step: i64,
    notices: &[Notice],
    now_ms: u64,
) -> Result<(), StoreError> {
    for notice in notices {
        transaction
            .execute(
                "INSERT INTO outbox (webhook_id, table_id, step, kind, notice, created_at, next_at)
                 SELECT id, table_id, $1, $2, $3, $4, $4 FROM webhooks WHERE table_id = $5
                 ORDER BY created_at, id",
                &[
                    &step,
                    &notice.kind.name(),
                    &notice.json,
                    &to_i64(now_ms),
                    &table,
                ],
            )
            .map_err(backend)?;
    }
    Ok(())
}

fn hook_from(row: &postgres::Row, first: usize) -> Result<StoredHook, StoreError> {
    let table: String = row.get(first + 1);
    let format: String = row.get(first + 3);
    let Some(format) = HookFormat::from_name(&format) else {
        return Err(StoreError::Damaged {
            table,
            message: format!("a webhook has the unknown format '{format}'"),
        });
    };
    Ok(StoredHook {
        id: row.get(first),
        table,
        url: row.get(first + 2),
        format,
        secret: row.get(first + 4),
        remind_before: to_u64(row.get(first + 5)),
        created_at: to_u64(row.get(first + 6)),
    })
}

impl WebhookStore for PostgresStore {
    fn add_hook(&mut self, hook: &StoredHook) -> Result<(), StoreError> {
        self.ready()?;
        let inserted = self
            .client
            .execute(
                "INSERT INTO webhooks (id, table_id, url, format, secret, remind_before, created_at)
                 SELECT $1, id, $3, $4, $5, $6, $7 FROM tables WHERE id = $2",
                &[
                    &hook.id,
                    &hook.table,
                    &hook.url,
                    &hook.format.name(),
                    &hook.secret,
                    &to_i64(hook.remind_before),
                    &to_i64(hook.created_at),
                ],
            )
            .map_err(backend)?;
        if inserted == 0 {
            return Err(StoreError::NoTable(hook.table.clone()));
        }
        Ok(())
    }

    fn hooks(&mut self, table: &str) -> Result<Vec<StoredHook>, StoreError> {
        self.ready()?;
        self.client
            .query(
                "SELECT id, table_id, url, format, secret, remind_before, created_at
                 FROM webhooks WHERE table_id = $1 ORDER BY created_at, id",
                &[&table],
            )
            .map_err(backend)?
            .iter()
            .map(|row| hook_from(row, 0))
            .collect()
    }

    fn has_hooks(&mut self, table: &str) -> Result<bool, StoreError> {
        self.ready()?;
        Ok(self
            .client
            .query_opt(
                "SELECT 1 FROM webhooks WHERE table_id = $1 LIMIT 1",
                &[&table],
            )
            .map_err(backend)?
            .is_some())
    }

    fn remove_hook(&mut self, table: &str, hook: &str) -> Result<bool, StoreError> {
        self.ready()?;
        let mut transaction = self.client.transaction().map_err(backend)?;
        let found = transaction
            .query_opt(
                "SELECT 1 FROM webhooks WHERE id = $1 AND table_id = $2 FOR UPDATE",
                &[&hook, &table],
            )
            .map_err(backend)?;
        if found.is_none() {
            return Ok(false);
        }
        transaction
            .execute("DELETE FROM outbox WHERE webhook_id = $1", &[&hook])
            .map_err(backend)?;
        transaction
            .execute("DELETE FROM webhooks WHERE id = $1", &[&hook])
            .map_err(backend)?;
        transaction.commit().map_err(backend)?;
        Ok(true)
    }

    fn deliveries(&mut self, hook: &str, limit: u32) -> Result<Vec<OutboxEntry>, StoreError> {
        self.ready()?;
        Ok(self
            .client
            .query(
                "SELECT id, webhook_id, step, kind, state, attempts, status, outcome, created_at,
                     next_at, done_at
                 FROM outbox WHERE webhook_id = $1 ORDER BY id DESC LIMIT $2",
                &[&hook, &i64::from(limit)],
            )
            .map_err(backend)?
            .iter()
            .map(|row| OutboxEntry {
                id: row.get(0),
                hook: row.get(1),
                step: to_u64(row.get(2)),
                kind: row.get(3),
                state: DeliveryState::from_name(row.get(4)),
                attempts: u32::try_from(row.get::<_, i64>(5)).unwrap_or(u32::MAX),
                status: row
                    .get::<_, Option<i64>>(6)
                    .and_then(|s| u16::try_from(s).ok()),
                outcome: row.get(7),
                created_at: to_u64(row.get(8)),
                next_at: to_u64(row.get(9)),
                done_at: row.get::<_, Option<i64>>(10).map(to_u64),
            })
            .collect())
    }

    fn due_reminders(&mut self, now: u64) -> Result<Vec<DueReminder>, StoreError> {
        self.ready()?;
        Ok(self
            .client
            .query(
                "SELECT w.id, t.id, t.deadline FROM webhooks w JOIN tables t ON t.id = w.table_id
                 WHERE w.remind_before > 0 AND t.deadline IS NOT NULL AND t.deadline > $1
                     AND t.deadline - w.remind_before <= $1
                     AND (w.reminded IS NULL OR w.reminded <> t.deadline)
                 ORDER BY t.id, w.id",
                &[&to_i64(now)],
            )
            .map_err(backend)?
            .iter()
            .map(|row| DueReminder {
                hook: row.get(0),
                table: row.get(1),
                deadline: to_u64(row.get(2)),
            })
            .collect())
    }

    fn add_reminder(
        &mut self,
        hook: &str,
        deadline: u64,
        step: u64,
        notice: &Notice,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        self.ready()?;
        let mut transaction = self.client.transaction().map_err(backend)?;
        let marked = transaction
            .execute(
                "UPDATE webhooks SET reminded = $1
                 WHERE id = $2 AND (reminded IS NULL OR reminded <> $1)",
                &[&to_i64(deadline), &hook],
            )
            .map_err(backend)?;
        if marked == 0 {
            return Ok(false);
        }
        transaction
            .execute(
                "INSERT INTO outbox (webhook_id, table_id, step, kind, notice, created_at, next_at)
                 SELECT id, table_id, $1, $2, $3, $4, $4 FROM webhooks WHERE id = $5",
                &[
                    &to_i64(step),
                    &notice.kind.name(),
                    &notice.json,
                    &to_i64(now_ms),
                    &hook,
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
        self.ready()?;
        let now = to_i64(now_ms);
        let rows = self
            .client
            .query(
                "WITH claimed AS (
                    UPDATE outbox SET lease_owner = $1, lease_until = $2
                    WHERE id IN (
                        SELECT o.id FROM outbox o
                        WHERE o.state = 'pending'
                            AND o.id = (SELECT MIN(p.id) FROM outbox p
                                        WHERE p.webhook_id = o.webhook_id
                                            AND p.state = 'pending')
                            AND o.next_at <= $3
                            AND (o.lease_until IS NULL OR o.lease_until <= $3)
                        ORDER BY o.id LIMIT $4
                        FOR UPDATE SKIP LOCKED
                    )
                    RETURNING id, webhook_id, notice, attempts, created_at
                )
                SELECT w.id, w.table_id, w.url, w.format, w.secret, w.remind_before,
                    w.created_at, c.id, c.notice, c.attempts, c.created_at
                FROM claimed c JOIN webhooks w ON w.id = c.webhook_id
                ORDER BY c.id",
                &[
                    &owner,
                    &to_i64(now_ms.saturating_add(lease_ms)),
                    &now,
                    &i64::from(limit),
                ],
            )
            .map_err(backend)?;
        rows.iter()
            .map(|row| {
                Ok(Claimed {
                    hook: hook_from(row, 0)?,
                    id: row.get(7),
                    notice: row.get(8),
                    attempts: u32::try_from(row.get::<_, i64>(9)).unwrap_or(u32::MAX),
                    created_at: to_u64(row.get(10)),
                })
            })
            .collect()
    }

    fn record_attempt(&mut self, id: i64, attempt: &Attempt) -> Result<(), StoreError> {
        self.ready()?;
        let (state, next_at, done_at) = match attempt.next {
            NextStep::Delivered => (DeliveryState::Delivered, attempt.at, Some(attempt.at)),
            NextStep::Retry(at) => (DeliveryState::Pending, at, None),
            NextStep::Failed => (DeliveryState::Failed, attempt.at, Some(attempt.at)),
        };
        self.client
            .execute(
                "UPDATE outbox SET state = $1, attempts = attempts + 1, status = $2, outcome = $3,
                     next_at = $4, done_at = $5, lease_owner = NULL, lease_until = NULL
                 WHERE id = $6",
                &[
                    &state.name(),
                    &attempt.status.map(i64::from),
                    &attempt.outcome,
                    &to_i64(next_at),
                    &done_at.map(to_i64),
                    &id,
                ],
            )
            .map_err(backend)?;
        if done_at.is_some() {
            // The outbox keeps the newest KEPT_DONE finished notices of each webhook.
            self.client
                .execute(
                    "DELETE FROM outbox
                     WHERE webhook_id = (SELECT webhook_id FROM outbox WHERE id = $1)
                         AND state <> 'pending'
                         AND id < (SELECT MIN(id) FROM (
                             SELECT id FROM outbox
                             WHERE webhook_id = (SELECT webhook_id FROM outbox WHERE id = $1)
                                 AND state <> 'pending'
                             ORDER BY id DESC LIMIT $2) AS newest)",
                    &[&id, &i64::from(KEPT_DONE)],
                )
                .map_err(backend)?;
        }
        Ok(())
    }
}
