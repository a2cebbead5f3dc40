//! The small per-database trait that lets a flow be written once over both stores: a
//! [`Database`] runs statements of [`super::sql`] alone or in one transaction, with values of
//! three kinds ([`Param`]) and rows read by column ([`Row`]). The webhooks' outbox is written
//! once over it (`outbox/flow.rs`), as are a table's creation, a seat's new token, the
//! explanation of a write refused, the deadline's lease and the lists ([`create`],
//! [`set_seat`], [`refusal`], [`due`], [`claim`], [`release`], [`count`], [`acts`]). An act's own writes do not go
//! through it: each backend runs them with its prepared statements (`sqlite/tables.rs`,
//! `postgres/tables.rs`).

use super::sql::{self, Sql};
use super::{StoreError, StoredSeat, StoredTable, closes_at, turn_json};

/// A value bound to a placeholder: every column the shared statements bind is a 64-bit
/// integer, text or bytes (both schemas' `int` is 64 bits, `store/schema.rs`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Param<'a> {
    /// A whole number.
    Int(i64),
    /// A whole number or NULL.
    MaybeInt(Option<i64>),
    /// Text.
    Text(&'a str),
    /// Bytes (a token's hash).
    Bytes(&'a [u8]),
}

/// A row of an answer, read by column (from 0).
pub(crate) trait Row {
    /// A whole number.
    fn int(&self, column: usize) -> Result<i64, StoreError>;
    /// A whole number or NULL.
    fn maybe_int(&self, column: usize) -> Result<Option<i64>, StoreError>;
    /// Text.
    fn text(&self, column: usize) -> Result<String, StoreError>;
    /// Text or NULL.
    fn maybe_text(&self, column: usize) -> Result<Option<String>, StoreError>;
}

/// Runs statements: a connection, or a transaction on one.
pub(crate) trait Exec {
    /// Runs `sql` with `params`; answers how many rows it changed.
    fn execute(&mut self, sql: &Sql, params: &[Param<'_>]) -> Result<u64, StoreError>;

    /// Runs `sql` with `params` and hands each row of its answer to `each`, in order.
    fn each_row(
        &mut self,
        sql: &Sql,
        params: &[Param<'_>],
        each: &mut dyn FnMut(&dyn Row) -> Result<(), StoreError>,
    ) -> Result<(), StoreError>;
}

/// The rows of `sql`'s answer, each read by `read`.
pub(crate) fn rows<T>(
    exec: &mut dyn Exec,
    sql: &Sql,
    params: &[Param<'_>],
    mut read: impl FnMut(&dyn Row) -> Result<T, StoreError>,
) -> Result<Vec<T>, StoreError> {
    let mut out = Vec::new();
    exec.each_row(sql, params, &mut |row| {
        out.push(read(row)?);
        Ok(())
    })?;
    Ok(out)
}

/// A database of one of the stores, as the flows written once see it.
pub(crate) trait Database {
    /// Runs `body` on the connection, each statement on its own (a read, or one write).
    ///
    /// # Errors
    /// The connection cannot be had, or `body`'s error.
    fn read<T>(
        &mut self,
        body: impl FnOnce(&mut dyn Exec) -> Result<T, StoreError>,
    ) -> Result<T, StoreError>;

    /// Runs `body` in one write transaction (within the store's group of writes, if one is
    /// open): committed if `body` succeeds, rolled back if it fails.
    ///
    /// # Errors
    /// The transaction cannot begin or commit, or `body`'s error.
    fn write<T>(
        &mut self,
        body: impl FnOnce(&mut dyn Exec) -> Result<T, StoreError>,
    ) -> Result<T, StoreError>;
}

/// A stored number as a count or a time: a negative one (never written) reads as 0.
pub(crate) fn to_u64(value: i64) -> u64 {
    u64::try_from(value).unwrap_or_default()
}

/// A count or time as stored: beyond `i64::MAX` (never in practice) it is `i64::MAX`.
pub(crate) fn to_i64(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// [`crate::Store::due`].
pub(crate) fn due(db: &mut impl Database, now: u64) -> Result<Vec<String>, StoreError> {
    db.read(|exec| {
        rows(exec, &sql::DUE, &[Param::Int(to_i64(now))], |row| {
            row.text(0)
        })
    })
}

/// [`crate::Store::claim`].
pub(crate) fn claim(
    db: &mut impl Database,
    id: &str,
    owner: &str,
    now: u64,
    seconds: u64,
) -> Result<bool, StoreError> {
    let params = [
        Param::Text(owner),
        Param::Int(to_i64(now.saturating_add(seconds))),
        Param::Text(id),
        Param::Int(to_i64(now)),
    ];
    db.read(|exec| Ok(exec.execute(&sql::CLAIM, &params)? == 1))
}

/// [`crate::Store::release`].
pub(crate) fn release(db: &mut impl Database, id: &str, owner: &str) -> Result<(), StoreError> {
    let params = [Param::Text(id), Param::Text(owner)];
    db.read(|exec| exec.execute(&sql::RELEASE, &params).map(drop))
}

/// [`crate::Store::count`].
pub(crate) fn count(db: &mut impl Database) -> Result<u64, StoreError> {
    let counts = db.read(|exec| rows(exec, &sql::COUNT, &[], |row| row.int(0)))?;
    Ok(to_u64(counts.first().copied().unwrap_or_default()))
}

/// [`crate::Store::acts`].
pub(crate) fn acts(
    db: &mut impl Database,
    id: &str,
) -> Result<Vec<(u64, String, String)>, StoreError> {
    db.read(|exec| {
        rows(exec, &sql::ACTS, &[Param::Text(id)], |row| {
            Ok((to_u64(row.int(0)?), row.text(1)?, row.text(2)?))
        })
    })
}

/// Unix seconds now.
pub(crate) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
        .unwrap_or_default()
}

/// Why a write from a table's version (or, for an act, its step `expected`) changed nothing:
/// the table is not there, or has moved on. Read in the write's own transaction where it has
/// one, so that the step read is the one that refused it.
pub(crate) fn refusal(exec: &mut dyn Exec, id: &str, expected: Option<u64>) -> StoreError {
    match rows(exec, &sql::STEP, &[Param::Text(id)], |row| row.int(0)) {
        Err(error) => error,
        Ok(steps) => match steps.first() {
            None => StoreError::NoTable(id.to_owned()),
            Some(&step) => {
                let found = to_u64(step);
                StoreError::Conflict {
                    expected: expected.unwrap_or(found),
                    found,
                }
            }
        },
    }
}

/// [`crate::Store::create`]: the table's row, its first save and its seats, in one
/// transaction.
pub(crate) fn create(db: &mut impl Database, table: &StoredTable) -> Result<(), StoreError> {
    let turn = turn_json(&table.id, &table.turn)?;
    let id = Param::Text(&table.id);
    db.write(|exec| {
        let inserted = exec.execute(
            &sql::CREATE_TABLE,
            &[
                id,
                Param::Text(&table.game),
                Param::Int(to_i64(table.step)),
                Param::Bytes(&table.gm_token.0),
                Param::Int(now()),
                Param::Text(&turn),
                Param::MaybeInt(table.turn.deadline.map(to_i64)),
                Param::Int(to_i64(table.version)),
                Param::MaybeInt(closes_at(&table.turn)),
            ],
        )?;
        if inserted == 0 {
            return Err(StoreError::Exists(table.id.clone()));
        }
        exec.execute(
            &sql::SAVE,
            &[id, Param::Int(to_i64(table.step)), Param::Text(&table.save)],
        )?;
        for (seat, stored) in table.seats.iter().enumerate() {
            exec.execute(
                &sql::CREATE_SEAT,
                &[
                    id,
                    Param::Int(to_i64(seat as u64)),
                    Param::Text(&stored.name),
                    Param::Bytes(&stored.token.0),
                ],
            )?;
        }
        Ok(())
    })
}

/// [`crate::Store::set_seat`]: the table's version checked and raised, and the seat's row
/// written or replaced, in one transaction.
pub(crate) fn set_seat(
    db: &mut impl Database,
    id: &str,
    version: u64,
    seat: u16,
    stored: &StoredSeat,
) -> Result<(), StoreError> {
    db.write(|exec| {
        let changed = exec.execute(
            &sql::RAISE_VERSION,
            &[
                Param::Int(now()),
                Param::Text(id),
                Param::Int(to_i64(version)),
            ],
        )?;
        if changed == 0 {
            return Err(refusal(exec, id, None));
        }
        exec.execute(
            &sql::SET_SEAT,
            &[
                Param::Text(id),
                Param::Int(i64::from(seat)),
                Param::Text(&stored.name),
                Param::Bytes(&stored.token.0),
            ],
        )?;
        Ok(())
    })
}
