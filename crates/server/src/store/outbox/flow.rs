//! The outbox's flow, written once for both stores over their [`Database`]: a webhook's adding
//! and removal, the due reminders, the claim of the notices due (each webhook's oldest
//! pending one, leased to the claimer), the record of a try's outcome and the pruning of
//! finished notices. The statements are [`crate::store::sql`]'s; where the databases differ
//! (PostgreSQL's row locks in [`sql::FIND_HOOK`] and [`sql::CLAIMABLE`]) the statement says so.

use super::{
    Attempt, Claimed, DeliveryState, DueReminder, HookFormat, KEPT_DONE, NextStep, Notice,
    OutboxEntry, StoredHook, WebhookStore,
};
use crate::store::StoreError;
use crate::store::db::{Database, Exec, Param, Row, rows, to_i64, to_u64};
use crate::store::sql;

/// Writes `notices` to the outbox of every webhook of `table`, inside the act's transaction.
pub(crate) fn insert_notices(
    exec: &mut dyn Exec,
    table: &str,
    step: i64,
    notices: &[Notice],
    now_ms: u64,
) -> Result<(), StoreError> {
    for notice in notices {
        exec.execute(
            &sql::INSERT_NOTICES,
            &[
                Param::Int(step),
                Param::Text(notice.kind.name()),
                Param::Text(&notice.json),
                Param::Int(to_i64(now_ms)),
                Param::Text(table),
            ],
        )?;
    }
    Ok(())
}

/// The webhook in columns `first..first + 7` of `row` (id, table, url, format, secret,
/// remind before, created at).
fn hook_from(row: &dyn Row, first: usize) -> Result<StoredHook, StoreError> {
    let table = row.text(first + 1)?;
    let format = row.text(first + 3)?;
    let Some(format) = HookFormat::from_name(&format) else {
        return Err(StoreError::Damaged {
            table,
            message: format!("a webhook has the unknown format '{format}'"),
        });
    };
    Ok(StoredHook {
        id: row.text(first)?,
        table,
        url: row.text(first + 2)?,
        format,
        secret: row.text(first + 4)?,
        remind_before: to_u64(row.int(first + 5)?),
        created_at: to_u64(row.int(first + 6)?),
    })
}

fn attempts(value: i64) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

impl<D: Database> WebhookStore for D {
    fn add_hook(&mut self, hook: &StoredHook) -> Result<(), StoreError> {
        let params = [
            Param::Text(&hook.id),
            Param::Text(&hook.table),
            Param::Text(&hook.url),
            Param::Text(hook.format.name()),
            Param::Text(&hook.secret),
            Param::Int(to_i64(hook.remind_before)),
            Param::Int(to_i64(hook.created_at)),
        ];
        let inserted = self.write(|exec| exec.execute(&sql::ADD_HOOK, &params))?;
        if inserted == 0 {
            return Err(StoreError::NoTable(hook.table.clone()));
        }
        Ok(())
    }

    fn hooks(&mut self, table: &str) -> Result<Vec<StoredHook>, StoreError> {
        self.read(|exec| {
            rows(exec, &sql::HOOKS, &[Param::Text(table)], |row| {
                hook_from(row, 0)
            })
        })
    }

    fn has_hooks(&mut self, table: &str) -> Result<bool, StoreError> {
        self.read(|exec| {
            let mut found = false;
            exec.each_row(&sql::HAS_HOOKS, &[Param::Text(table)], &mut |_| {
                found = true;
                Ok(())
            })?;
            Ok(found)
        })
    }

    fn remove_hook(&mut self, table: &str, hook: &str) -> Result<bool, StoreError> {
        self.write(|exec| {
            let found = rows(
                exec,
                &sql::FIND_HOOK,
                &[Param::Text(hook), Param::Text(table)],
                |_| Ok(()),
            )?;
            if found.is_empty() {
                return Ok(false);
            }
            exec.execute(&sql::DELETE_NOTICES, &[Param::Text(hook)])?;
            exec.execute(&sql::DELETE_HOOK, &[Param::Text(hook)])?;
            Ok(true)
        })
    }

    fn deliveries(&mut self, hook: &str, limit: u32) -> Result<Vec<OutboxEntry>, StoreError> {
        let params = [Param::Text(hook), Param::Int(i64::from(limit))];
        self.read(|exec| {
            rows(exec, &sql::DELIVERIES, &params, |row| {
                Ok(OutboxEntry {
                    id: row.int(0)?,
                    hook: row.text(1)?,
                    step: to_u64(row.int(2)?),
                    kind: row.text(3)?,
                    state: DeliveryState::from_name(&row.text(4)?),
                    attempts: attempts(row.int(5)?),
                    status: row.maybe_int(6)?.and_then(|s| u16::try_from(s).ok()),
                    outcome: row.maybe_text(7)?,
                    created_at: to_u64(row.int(8)?),
                    next_at: to_u64(row.int(9)?),
                    done_at: row.maybe_int(10)?.map(to_u64),
                })
            })
        })
    }

    fn due_reminders(&mut self, now: u64) -> Result<Vec<DueReminder>, StoreError> {
        self.read(|exec| {
            rows(
                exec,
                &sql::DUE_REMINDERS,
                &[Param::Int(to_i64(now))],
                |row| {
                    Ok(DueReminder {
                        hook: row.text(0)?,
                        table: row.text(1)?,
                        deadline: to_u64(row.int(2)?),
                    })
                },
            )
        })
    }

    fn add_reminder(
        &mut self,
        hook: &str,
        deadline: u64,
        step: u64,
        notice: &Notice,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        self.write(|exec| {
            let marked = exec.execute(
                &sql::MARK_REMINDED,
                &[Param::Int(to_i64(deadline)), Param::Text(hook)],
            )?;
            if marked == 0 {
                return Ok(false);
            }
            exec.execute(
                &sql::INSERT_REMINDER,
                &[
                    Param::Int(to_i64(step)),
                    Param::Text(notice.kind.name()),
                    Param::Text(&notice.json),
                    Param::Int(to_i64(now_ms)),
                    Param::Text(hook),
                ],
            )?;
            Ok(true)
        })
    }

    fn claim_deliveries(
        &mut self,
        owner: &str,
        now_ms: u64,
        lease_ms: u64,
        limit: u32,
    ) -> Result<Vec<Claimed>, StoreError> {
        let until = to_i64(now_ms.saturating_add(lease_ms));
        // One transaction: the rows found are leased before anyone else can claim them
        // (SQLite: the transaction holds the database; PostgreSQL: the rows' locks).
        self.write(|exec| {
            let claimed = rows(
                exec,
                &sql::CLAIMABLE,
                &[Param::Int(to_i64(now_ms)), Param::Int(i64::from(limit))],
                |row| {
                    Ok(Claimed {
                        id: row.int(0)?,
                        notice: row.text(1)?,
                        attempts: attempts(row.int(2)?),
                        created_at: to_u64(row.int(3)?),
                        hook: hook_from(row, 4)?,
                    })
                },
            )?;
            for claim in &claimed {
                exec.execute(
                    &sql::LEASE,
                    &[Param::Text(owner), Param::Int(until), Param::Int(claim.id)],
                )?;
            }
            Ok(claimed)
        })
    }

    fn record_attempt(&mut self, id: i64, attempt: &Attempt) -> Result<(), StoreError> {
        let (state, next_at, done_at) = match attempt.next {
            NextStep::Delivered => (DeliveryState::Delivered, attempt.at, Some(attempt.at)),
            NextStep::Retry(at) => (DeliveryState::Pending, at, None),
            NextStep::Failed => (DeliveryState::Failed, attempt.at, Some(attempt.at)),
        };
        let params = [
            Param::Text(state.name()),
            Param::MaybeInt(attempt.status.map(i64::from)),
            Param::Text(&attempt.outcome),
            Param::Int(to_i64(next_at)),
            Param::MaybeInt(done_at.map(to_i64)),
            Param::Int(id),
        ];
        self.write(|exec| {
            exec.execute(&sql::RECORD_ATTEMPT, &params)?;
            if done_at.is_some() {
                // The outbox keeps the newest KEPT_DONE finished notices of each webhook.
                exec.execute(
                    &sql::PRUNE_DONE,
                    &[Param::Int(id), Param::Int(i64::from(KEPT_DONE))],
                )?;
            }
            Ok(())
        })
    }
}
