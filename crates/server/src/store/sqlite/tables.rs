//! A table's rows in SQLite, where they differ from PostgreSQL's: loading it (its last save
//! and the entries of the actions after it, three reads in one transaction: SQLite has no
//! arrays to answer them in one row) and committing an action (the table's update, the
//! action's row, the save only now and then, each a statement of its own in one transaction:
//! SQLite's `UPDATE ... RETURNING` cannot feed an `INSERT` as PostgreSQL's `WITH` can), and
//! storing a save on its own. The statements both share are in `store/sql.rs`.
//!
//! The save lives in a table of its own (`saves`), not in the table's row: SQLite writes a
//! changed row whole, so a save in the row would be written again (all its overflow pages) by
//! every action's update of the version.

use rusqlite::{Connection, OptionalExtension, params};

use super::{backend, db, group};
use crate::store::db::{self as shared, now, to_i64};
use crate::store::outbox::flow::insert_notices;
use crate::store::sql;
use crate::store::{NewAct, StoreError, StoredSeat, StoredTable, closes_at, hash_from, turn_json};

/// Stores `save` as table `id`'s save at `step`, unless its save is of that step or a later one.
pub(super) fn save(
    connection: &Connection,
    id: &str,
    step: u64,
    save: &str,
) -> Result<(), StoreError> {
    connection
        .prepare_cached(sql::SAVE.sqlite)
        .map_err(backend)?
        .execute(params![id, to_i64(step), save])
        .map_err(backend)?;
    Ok(())
}

/// The table's row and its save, as read in one transaction with its seats and later acts.
struct Row {
    game: String,
    step: i64,
    gm_token: Vec<u8>,
    turn: String,
    version: i64,
    saved: i64,
    save: String,
}

pub(super) fn load(
    connection: &mut Connection,
    id: &str,
) -> Result<Option<StoredTable>, StoreError> {
    // One read transaction: the save, the acts after it and the table's step agree.
    let transaction = group::Unit::read(connection).map_err(backend)?;
    let row = transaction
        .prepare_cached(
            "SELECT t.game, t.step, t.gm_token, t.turn, t.version, s.step, s.save
             FROM tables t JOIN saves s ON s.table_id = t.id WHERE t.id = ?1",
        )
        .map_err(backend)?
        .query_row([id], |row| {
            Ok(Row {
                game: row.get(0)?,
                step: row.get(1)?,
                gm_token: row.get(2)?,
                turn: row.get(3)?,
                version: row.get(4)?,
                saved: row.get(5)?,
                save: row.get(6)?,
            })
        })
        .optional()
        .map_err(backend)?;
    let Some(row) = row else {
        return Ok(None);
    };
    let seats = seats(&transaction, id)?;
    let entries = entries_after(&transaction, id, row.saved)?;
    transaction.commit().map_err(backend)?;
    let damaged = |message: String| StoreError::Damaged {
        table: id.to_owned(),
        message,
    };
    let number = |value: i64, what: &str| {
        u64::try_from(value).map_err(|_| damaged(format!("{what} {value}")))
    };
    let (step, saved) = (number(row.step, "step")?, number(row.saved, "save step")?);
    if saved.checked_add(entries.len() as u64) != Some(step) {
        return Err(damaged(format!(
            "at step {step}, its save of step {saved} is followed by {} acts",
            entries.len()
        )));
    }
    Ok(Some(StoredTable {
        id: id.to_owned(),
        game: row.game,
        step,
        version: number(row.version, "version")?,
        save: row.save,
        saved,
        entries,
        gm_token: hash_from(id, &row.gm_token)?,
        seats,
        turn: serde_json::from_str(&row.turn).map_err(|e| damaged(e.to_string()))?,
    }))
}

fn seats(transaction: &Connection, id: &str) -> Result<Vec<StoredSeat>, StoreError> {
    let mut statement = transaction
        .prepare_cached("SELECT name, token FROM seats WHERE table_id = ?1 ORDER BY seat")
        .map_err(backend)?;
    statement
        .query_map([id], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, Vec<u8>>(1)?))
        })
        .map_err(backend)?
        .map(|row| {
            let (name, token) = row.map_err(backend)?;
            Ok(StoredSeat {
                name,
                token: hash_from(id, &token)?,
            })
        })
        .collect()
}

/// The record entries of table `id`'s acts after step `saved`, in order; an act without one
/// (written before entries were kept, yet after the save) means the table is damaged.
fn entries_after(
    transaction: &Connection,
    id: &str,
    saved: i64,
) -> Result<Vec<String>, StoreError> {
    let mut statement = transaction
        .prepare_cached(
            "SELECT step, entry FROM acts WHERE table_id = ?1 AND step > ?2 ORDER BY step",
        )
        .map_err(backend)?;
    statement
        .query_map(params![id, saved], |row| {
            Ok((row.get::<_, i64>(0)?, row.get::<_, Option<String>>(1)?))
        })
        .map_err(backend)?
        .map(|row| {
            let (step, entry) = row.map_err(backend)?;
            entry.ok_or_else(|| StoreError::Damaged {
                table: id.to_owned(),
                message: format!("act {step} has no record entry"),
            })
        })
        .collect()
}

pub(super) fn commit_act(connection: &mut Connection, act: &NewAct<'_>) -> Result<(), StoreError> {
    let turn = turn_json(act.table, act.turn)?;
    let transaction = group::Unit::write(connection).map_err(backend)?;
    let from = to_i64(act.from_step);
    let changed = transaction
        .prepare_cached(sql::COMMIT_ACT.sqlite)
        .map_err(backend)?
        .execute(params![
            turn,
            act.turn.deadline.map(to_i64),
            closes_at(act.turn),
            now(),
            act.table,
            from,
            to_i64(act.version),
        ])
        .map_err(backend)?;
    if changed == 0 {
        let mut exec = db::Sqlite(&transaction);
        return Err(shared::refusal(&mut exec, act.table, Some(act.from_step)));
    }
    transaction
        .prepare_cached(
            "INSERT INTO acts (table_id, step, actor, action, at, entry)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )
        .map_err(backend)?
        .execute(params![
            act.table,
            from + 1,
            act.actor,
            act.action,
            now(),
            act.entry
        ])
        .map_err(backend)?;
    if let Some(text) = act.save {
        save(&transaction, act.table, act.from_step + 1, text)?;
    }
    if !act.notices.is_empty() {
        insert_notices(
            &mut db::Sqlite(&transaction),
            act.table,
            from + 1,
            act.notices,
            crate::store::outbox::now_ms(),
        )?;
    }
    transaction.commit().map_err(backend)
}
