//! A table's rows in PostgreSQL, where they differ from SQLite's: loading it (its last save
//! and the entries of the actions after it, one statement with arrays, in one snapshot) and
//! committing an action (its row in `acts` with its record entry, the table's new version and
//! turn state, the save only now and then: one `WITH` statement, `postgres.rs`), each one
//! transaction. The statements both share are in `store/sql.rs`.

use super::{PostgresStore, backend, db};
use crate::store::db::{now, to_i64};
use crate::store::outbox::flow::insert_notices;
use crate::store::{NewAct, StoreError, StoredSeat, StoredTable, closes_at, hash_from, turn_json};

impl PostgresStore {
    /// [`crate::Store::load`]: the table, its seats, its save and the entries of the acts after
    /// it, in one statement (one round trip, and one snapshot: they agree even while another
    /// instance writes).
    pub(super) fn load_table(&mut self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let Some(row) = self
            .client
            .query_opt(&self.prepared.table, &[&id])
            .map_err(backend)?
        else {
            return Ok(None);
        };
        let names: Vec<String> = row.get(7);
        let tokens: Vec<Vec<u8>> = row.get(8);
        let seats = names
            .into_iter()
            .zip(&tokens)
            .map(|(name, token)| {
                Ok(StoredSeat {
                    name,
                    token: hash_from(id, token)?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        let saved: i64 = row.get(6);
        let entries = row
            .get::<_, Vec<Option<String>>>(9)
            .into_iter()
            .enumerate()
            .map(|(index, entry)| {
                entry.ok_or_else(|| StoreError::Damaged {
                    table: id.to_owned(),
                    message: format!("act {} has no record entry", saved + 1 + index as i64),
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        let damaged = |message: String| StoreError::Damaged {
            table: id.to_owned(),
            message,
        };
        let number = |value: i64, what: &str| {
            u64::try_from(value).map_err(|_| damaged(format!("{what} {value}")))
        };
        let (step, saved) = (number(row.get(1), "step")?, number(saved, "save step")?);
        if saved.checked_add(entries.len() as u64) != Some(step) {
            return Err(damaged(format!(
                "at step {step}, its save of step {saved} is followed by {} acts",
                entries.len()
            )));
        }
        let turn: String = row.get(4);
        Ok(Some(StoredTable {
            id: id.to_owned(),
            game: row.get(0),
            step,
            version: number(row.get(5), "version")?,
            save: row.get(2),
            saved,
            entries,
            gm_token: hash_from(id, row.get(3))?,
            seats,
            turn: serde_json::from_str(&turn).map_err(|e| damaged(e.to_string()))?,
        }))
    }

    /// [`crate::Store::commit_act`]: one statement (the table's update, the act's row, the save
    /// if any, the notification), in a transaction with the webhooks' notices when there are.
    pub(super) fn commit(&mut self, act: &NewAct<'_>) -> Result<(), StoreError> {
        let turn = turn_json(act.table, act.turn)?;
        let (from, version) = (to_i64(act.from_step), to_i64(act.version));
        let deadline = act.turn.deadline.map(to_i64);
        let closes = closes_at(act.turn);
        let at = now();
        let params: [&(dyn postgres::types::ToSql + Sync); 11] = [
            &turn,
            &deadline,
            &closes,
            &at,
            &act.table,
            &from,
            &version,
            &act.actor,
            &act.action,
            &act.entry,
            &act.save,
        ];
        // In a group, the notification waits for the group's end.
        let statement = if self.group.is_some() {
            &self.prepared.act_quiet
        } else {
            &self.prepared.act
        };
        if act.notices.is_empty() {
            // The statement answers one row (its notification) when the action went in.
            let inserted = self
                .client
                .query(statement, &params)
                .map_err(backend)?
                .len();
            if inserted == 0 {
                return Err(self.refusal(act.table, Some(act.from_step)));
            }
            self.notify_later(act.table);
            return Ok(());
        }
        let mut transaction = self.client.transaction().map_err(backend)?;
        let inserted = transaction
            .query(statement, &params)
            .map_err(backend)?
            .len();
        if inserted == 0 {
            drop(transaction);
            return Err(self.refusal(act.table, Some(act.from_step)));
        }
        insert_notices(
            &mut db::Postgres(&mut transaction),
            act.table,
            from + 1,
            act.notices,
            crate::store::outbox::now_ms(),
        )?;
        transaction.commit().map_err(backend)?;
        self.notify_later(act.table);
        Ok(())
    }
}
